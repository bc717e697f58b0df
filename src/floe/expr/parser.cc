#include "floe/expr/parser.h"

#include <optional>
#include <string>
#include <vector>

#include "floe/util/ascii.h"
#include "floe/util/time.h"

namespace floe::expr {
namespace {

enum class Tok { kEnd, kIdent, kQuotedIdent, kNumber, kString, kLParen, kRParen, kComma, kDot,
                 kMinus, kCmp };

struct Token {
  Tok kind = Tok::kEnd;
  std::string text;      // identifier, number, operator; string and quoted name: the content
  std::string_view raw;  // as written, for messages
  size_t column = 0;     // 1-based
};

bool IsIdentStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

template <typename... Args>
Error SyntaxError(size_t column, fmt::format_string<Args...> f, Args&&... args) {
  return InvalidArgument("filter: column {}: {}", column,
                         fmt::format(f, std::forward<Args>(args)...));
}

Result<std::vector<Token>> Lex(std::string_view s) {
  std::vector<Token> out;
  size_t i = 0;
  while (true) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
    Token t;
    t.column = i + 1;
    size_t start = i;
    if (i == s.size()) {
      out.push_back(std::move(t));
      return out;
    }
    char c = s[i];
    if (IsIdentStart(c)) {
      while (i < s.size() && (IsIdentStart(s[i]) || IsDigit(s[i]))) ++i;
      t.kind = Tok::kIdent;
      t.text = std::string(s.substr(start, i - start));
    } else if (IsDigit(c)) {
      while (i < s.size() && IsDigit(s[i])) ++i;
      if (i + 1 < s.size() && s[i] == '.' && IsDigit(s[i + 1])) {
        ++i;
        while (i < s.size() && IsDigit(s[i])) ++i;
      } else if (i < s.size() && s[i] == '.') {
        return SyntaxError(i + 1, "expected digits after the decimal point");
      }
      if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        size_t j = i + 1;
        if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
        if (j == s.size() || !IsDigit(s[j])) {
          return SyntaxError(j + 1, "expected the digits of the exponent");
        }
        while (j < s.size() && IsDigit(s[j])) ++j;
        i = j;
      }
      if (i < s.size() && IsIdentStart(s[i])) {
        return SyntaxError(i + 1, "unexpected \"{}\" after the number", s[i]);
      }
      t.kind = Tok::kNumber;
      t.text = std::string(s.substr(start, i - start));
    } else if (c == '\'' || c == '`') {
      // 'it''s' and `odd``name`: a doubled quote stands for itself.
      ++i;
      while (true) {
        if (i == s.size()) {
          return SyntaxError(start + 1, "{} starting here is not closed",
                             c == '\'' ? "string" : "quoted name");
        }
        if (s[i] == c) {
          if (i + 1 < s.size() && s[i + 1] == c) {
            t.text += c;
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        t.text += s[i++];
      }
      t.kind = c == '\'' ? Tok::kString : Tok::kQuotedIdent;
      if (t.kind == Tok::kQuotedIdent && t.text.empty()) {
        return SyntaxError(start + 1, "empty quoted name");
      }
    } else if (c == '(' || c == ')' || c == ',' || c == '.' || c == '-') {
      ++i;
      t.kind = c == '(' ? Tok::kLParen
               : c == ')' ? Tok::kRParen
               : c == ',' ? Tok::kComma
               : c == '.' ? Tok::kDot
                          : Tok::kMinus;
      t.text = std::string(1, c);
    } else if (c == '=' || c == '<' || c == '>' || c == '!') {
      ++i;
      if (i < s.size() && (s[i] == '=' || (c == '<' && s[i] == '>'))) ++i;
      t.text = std::string(s.substr(start, i - start));
      if (t.text == "!") return SyntaxError(start + 1, "expected \"!=\", found \"!\"");
      t.kind = Tok::kCmp;
    } else {
      return SyntaxError(start + 1, "unexpected character \"{}\"", c);
    }
    t.raw = s.substr(start, i - start);
    out.push_back(std::move(t));
  }
}

Operation CmpOperation(std::string_view op) {
  if (op == "<") return Operation::kLt;
  if (op == "<=") return Operation::kLtEq;
  if (op == ">") return Operation::kGt;
  if (op == ">=") return Operation::kGtEq;
  if (op == "!=" || op == "<>") return Operation::kNotEq;
  return Operation::kEq;  // = and ==
}

class Parser {
 public:
  explicit Parser(std::vector<Token> tokens) : toks_(std::move(tokens)) {}

  Result<Expression> ParseAll() {
    FLOE_ASSIGN_OR_RETURN(Expression e, ParseOr());
    if (peek().kind != Tok::kEnd) {
      return Expected("AND, OR or the end of the filter");
    }
    return e;
  }

 private:
  const Token& peek(size_t ahead = 0) const {
    size_t i = pos_ + ahead;
    return i < toks_.size() ? toks_[i] : toks_.back();
  }
  const Token& next() {
    const Token& t = toks_[pos_];
    if (pos_ + 1 < toks_.size()) ++pos_;
    return t;
  }
  bool IsKeyword(const Token& t, std::string_view word) const {
    return t.kind == Tok::kIdent && AsciiEqualsIgnoreCase(t.text, word);
  }
  bool EatKeyword(std::string_view word) {
    if (!IsKeyword(peek(), word)) return false;
    next();
    return true;
  }
  static std::string Found(const Token& t) {
    if (t.kind == Tok::kEnd) return "end of input";
    return fmt::format("\"{}\"", t.raw);
  }
  Error Expected(std::string_view what) const {
    return SyntaxError(peek().column, "expected {}, found {}", what, Found(peek()));
  }
  Status Expect(Tok kind, std::string_view what) {
    if (peek().kind != kind) return Expected(what);
    next();
    return Ok();
  }

  Result<Expression> ParseOr() {
    FLOE_ASSIGN_OR_RETURN(Expression left, ParseAnd());
    while (EatKeyword("or")) {
      FLOE_ASSIGN_OR_RETURN(Expression right, ParseAnd());
      left = Expression::Or(std::move(left), std::move(right));
    }
    return left;
  }

  Result<Expression> ParseAnd() {
    FLOE_ASSIGN_OR_RETURN(Expression left, ParseNot());
    while (EatKeyword("and")) {
      FLOE_ASSIGN_OR_RETURN(Expression right, ParseNot());
      left = Expression::And(std::move(left), std::move(right));
    }
    return left;
  }

  Result<Expression> ParseNot() {
    if (EatKeyword("not")) {
      FLOE_ASSIGN_OR_RETURN(Expression e, ParseNot());
      return Expression::Not(std::move(e));
    }
    return ParsePrimary();
  }

  bool AtValue() const {
    const Token& t = peek();
    if (t.kind == Tok::kNumber || t.kind == Tok::kString || t.kind == Tok::kMinus) return true;
    if (t.kind != Tok::kIdent) return false;
    if (IsKeyword(t, "null") || IsKeyword(t, "true") || IsKeyword(t, "false")) return true;
    return IsTypedLiteralStart();
  }
  bool IsTypedLiteralStart() const {
    const Token& t = peek();
    return (IsKeyword(t, "date") || IsKeyword(t, "time") || IsKeyword(t, "timestamp") ||
            IsKeyword(t, "timestamp_ntz") || IsKeyword(t, "timestamptz") || IsKeyword(t, "x")) &&
           peek(1).kind == Tok::kString;
  }

  Result<Expression> ParsePrimary() {
    const Token& t = peek();
    if (t.kind == Tok::kLParen) {
      next();
      FLOE_ASSIGN_OR_RETURN(Expression e, ParseOr());
      FLOE_RETURN_IF_ERROR(Expect(Tok::kRParen, "\")\""));
      return e;
    }
    if ((IsKeyword(t, "true") || IsKeyword(t, "false")) && peek(1).kind != Tok::kCmp) {
      bool v = IsKeyword(next(), "true");
      return v ? Expression::True() : Expression::False();
    }
    if (t.kind == Tok::kIdent && peek(1).kind == Tok::kLParen) {
      if (IsKeyword(t, "starts_with") || IsKeyword(t, "not_starts_with") ||
          IsKeyword(t, "isnan")) {
        return ParseFunction();
      }
      return SyntaxError(t.column, "unknown function \"{}\" (known: starts_with, "
                         "not_starts_with, isnan)", t.text);
    }
    if (AtValue()) {
      // value cmp column: flipped so the column comes first.
      FLOE_ASSIGN_OR_RETURN(UnboundLiteral v, ParseValue("a column or a value"));
      if (peek().kind != Tok::kCmp) {
        return Expected("a comparison operator after the value");
      }
      std::string op_text = next().text;
      if (AtValue()) {
        return SyntaxError(peek().column, "comparing two values is not supported; compare a "
                           "column with a value");
      }
      FLOE_ASSIGN_OR_RETURN(ColumnRef c, ParseColumn(fmt::format("a column after \"{}\"",
                                                                 op_text)));
      return Expression::Predicate(Flip(CmpOperation(op_text)), std::move(c), {std::move(v)});
    }
    FLOE_ASSIGN_OR_RETURN(ColumnRef column, ParseColumn("a column, a value, NOT or \"(\""));
    return ParseColumnPredicate(std::move(column));
  }

  Result<Expression> ParseColumnPredicate(ColumnRef column) {
    const Token& t = peek();
    if (t.kind == Tok::kCmp) {
      std::string op_text = next().text;
      if (!AtValue() && (peek().kind == Tok::kIdent || peek().kind == Tok::kQuotedIdent)) {
        return SyntaxError(peek().column, "comparing two columns is not supported; compare a "
                           "column with a value");
      }
      FLOE_ASSIGN_OR_RETURN(UnboundLiteral v,
                            ParseValue(fmt::format("a value after \"{}\"", op_text)));
      return Expression::Predicate(CmpOperation(op_text), std::move(column), {std::move(v)});
    }
    if (EatKeyword("is")) {
      bool negated = EatKeyword("not");
      if (EatKeyword("null")) {
        return Expression::Predicate(negated ? Operation::kNotNull : Operation::kIsNull,
                                     std::move(column));
      }
      if (EatKeyword("nan")) {
        return Expression::Predicate(negated ? Operation::kNotNan : Operation::kIsNan,
                                     std::move(column));
      }
      return Expected(negated ? "NULL or NAN after IS NOT" : "NULL, NOT NULL or NAN after IS");
    }
    bool negated = false;
    if (IsKeyword(t, "not")) {
      const Token& n = peek(1);
      if (IsKeyword(n, "in") || IsKeyword(n, "between") || IsKeyword(n, "like")) {
        next();
        negated = true;
      }
    }
    if (EatKeyword("in")) return ParseIn(std::move(column), negated);
    if (EatKeyword("between")) return ParseBetween(std::move(column), negated);
    if (IsKeyword(peek(), "like")) return ParseLike(std::move(column), negated);
    // A bare column is a boolean test.
    return Expression::Predicate(Operation::kEq, std::move(column), {UnboundLiteral::Bool(true)});
  }

  Result<Expression> ParseIn(ColumnRef column, bool negated) {
    FLOE_RETURN_IF_ERROR(Expect(Tok::kLParen, "\"(\" after IN"));
    std::vector<UnboundLiteral> values;
    while (true) {
      FLOE_ASSIGN_OR_RETURN(UnboundLiteral v, ParseValue("a value in the IN list"));
      values.push_back(std::move(v));
      if (peek().kind == Tok::kComma) {
        next();
        continue;
      }
      FLOE_RETURN_IF_ERROR(Expect(Tok::kRParen, "\",\" or \")\" in the IN list"));
      break;
    }
    return Expression::Predicate(negated ? Operation::kNotIn : Operation::kIn, std::move(column),
                                 std::move(values));
  }

  Result<Expression> ParseBetween(ColumnRef column, bool negated) {
    FLOE_ASSIGN_OR_RETURN(UnboundLiteral lo, ParseValue("a value after BETWEEN"));
    if (!EatKeyword("and")) return Expected("AND between the BETWEEN bounds");
    FLOE_ASSIGN_OR_RETURN(UnboundLiteral hi, ParseValue("a value after BETWEEN ... AND"));
    Expression e = Expression::And(Expression::Predicate(Operation::kGtEq, column, {lo}),
                                   Expression::Predicate(Operation::kLtEq, column, {hi}));
    return negated ? Expression::Not(std::move(e)) : e;
  }

  Result<Expression> ParseLike(ColumnRef column, bool negated) {
    next();  // LIKE
    const Token& t = peek();
    if (t.kind != Tok::kString) return Expected("a pattern string after LIKE");
    next();
    const std::string& p = t.text;
    size_t percent = p.find('%');
    if (p.find('_') == std::string::npos && percent == std::string::npos) {
      return Expression::Predicate(negated ? Operation::kNotEq : Operation::kEq,
                                   std::move(column), {UnboundLiteral::String(p)});
    }
    if (p.find('_') == std::string::npos && percent == p.size() - 1) {
      return Expression::Predicate(negated ? Operation::kNotStartsWith : Operation::kStartsWith,
                                   std::move(column),
                                   {UnboundLiteral::String(p.substr(0, percent))});
    }
    return NotSupported("filter: column {}: LIKE pattern {} is not supported: only a prefix "
                        "followed by one % (as starts_with) or a pattern without wildcards",
                        t.column, t.raw);
  }

  Result<Expression> ParseFunction() {
    const Token& name = next();
    bool is_nan = IsKeyword(name, "isnan");
    bool negated = IsKeyword(name, "not_starts_with");
    next();  // (
    FLOE_ASSIGN_OR_RETURN(ColumnRef column,
                          ParseColumn(fmt::format("a column as the argument of {}", name.text)));
    if (is_nan) {
      FLOE_RETURN_IF_ERROR(Expect(Tok::kRParen, "\")\" after the column"));
      return Expression::Predicate(Operation::kIsNan, std::move(column));
    }
    FLOE_RETURN_IF_ERROR(Expect(Tok::kComma, "\",\" after the column"));
    if (peek().kind != Tok::kString) return Expected("a prefix string");
    std::string prefix = next().text;
    FLOE_RETURN_IF_ERROR(Expect(Tok::kRParen, "\")\" after the prefix"));
    return Expression::Predicate(negated ? Operation::kNotStartsWith : Operation::kStartsWith,
                                 std::move(column), {UnboundLiteral::String(std::move(prefix))});
  }

  Result<ColumnRef> ParseColumn(std::string_view what) {
    ColumnRef c;
    while (true) {
      const Token& t = peek();
      if (t.kind == Tok::kQuotedIdent || (t.kind == Tok::kIdent && !IsReserved(t))) {
        c.path.push_back(next().text);
      } else {
        return Expected(c.path.empty() ? what : "a field name after \".\"");
      }
      if (peek().kind != Tok::kDot) return c;
      next();
    }
  }

  bool IsReserved(const Token& t) const {
    for (std::string_view w : {"and", "or", "not", "in", "is", "null", "true", "false",
                               "between", "like"}) {
      if (IsKeyword(t, w)) return true;
    }
    return false;
  }

  Result<UnboundLiteral> ParseValue(std::string_view what) {
    const Token& t = peek();
    if (t.kind == Tok::kMinus) {
      next();
      if (peek().kind != Tok::kNumber) return Expected("a number after \"-\"");
      return UnboundLiteral::Number("-" + next().text);
    }
    if (t.kind == Tok::kNumber) return UnboundLiteral::Number(next().text);
    if (t.kind == Tok::kString) return UnboundLiteral::String(next().text);
    if (IsKeyword(t, "null")) {
      next();
      return UnboundLiteral::Null();
    }
    if (IsKeyword(t, "true") || IsKeyword(t, "false")) {
      return UnboundLiteral::Bool(IsKeyword(next(), "true"));
    }
    if (IsTypedLiteralStart()) return ParseTypedLiteral();
    return Expected(what);
  }

  Result<UnboundLiteral> ParseTypedLiteral() {
    const Token& kw = next();
    const Token& s = next();
    UnboundLiteral v{LiteralKind::kString, s.text};
    if (IsKeyword(kw, "x")) {
      v.kind = LiteralKind::kBinary;
      v.text.clear();
      auto nibble = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
      };
      for (size_t i = 0; i + 1 < s.text.size() + 1; i += 2) {
        int hi = nibble(s.text[i]);
        int lo = i + 1 < s.text.size() ? nibble(s.text[i + 1]) : -1;
        if (hi < 0 || lo < 0) {
          return SyntaxError(s.column, "invalid binary literal X{} (expected an even number of hex digits)", s.raw);
        }
        v.text += static_cast<char>(hi * 16 + lo);
      }
      return v;
    }
    if (IsKeyword(kw, "date")) {
      v.kind = LiteralKind::kDate;
      if (!ParseDate(s.text)) {
        return SyntaxError(s.column, "invalid date {} (expected YYYY-MM-DD)", s.raw);
      }
    } else if (IsKeyword(kw, "time")) {
      v.kind = LiteralKind::kTime;
      if (!ParseTimeNanos(s.text)) {
        return SyntaxError(s.column, "invalid time {} (expected HH:MM:SS[.ffffff])", s.raw);
      }
    } else {
      bool ntz = IsKeyword(kw, "timestamp_ntz");
      v.kind = ntz ? LiteralKind::kTimestampNtz : LiteralKind::kTimestamp;
      auto ts = ParseTimestamp(s.text);
      if (!ts) {
        return SyntaxError(s.column, "invalid timestamp {} (expected "
                           "YYYY-MM-DD HH:MM:SS[.ffffff][+HH:MM])", s.raw);
      }
      if (ntz && ts->has_offset) {
        return SyntaxError(s.column, "TIMESTAMP_NTZ {} must not carry a zone offset", s.raw);
      }
      if (IsKeyword(kw, "timestamptz") && !ts->has_offset) v.text += "+00:00";
    }
    return v;
  }

  std::vector<Token> toks_;
  size_t pos_ = 0;
};

}  // namespace

Result<Expression> ParseFilter(std::string_view text) {
  FLOE_ASSIGN_OR_RETURN(std::vector<Token> tokens, Lex(text));
  return Parser(std::move(tokens)).ParseAll();
}

}  // namespace floe::expr
