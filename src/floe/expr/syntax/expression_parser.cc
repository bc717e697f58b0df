// Tokens, names, expressions and types (expression_parser.h).
#include "floe/expr/syntax/expression_parser.h"

#include <cctype>
#include <charconv>
#include <cstdint>
#include <optional>

#include "floe/expr/syntax/keywords.h"

namespace floe::expr::syntax {
namespace {

constexpr int kMaxParserNesting = 200;
// The deepest expression tree accepted. Binding, planning and evaluation walk expression trees
// recursively; this bounds their stack (tests/sql/long_expression_test.cc runs one this deep
// under ASan). Long AND / OR chains do not reach it (CombineChain).
constexpr int kMaxExpressionDepth = 256;
// AND / OR chains up to this long stay left-deep, as written (`((a AND b) AND c)`); longer ones
// become balanced trees, as deep as log2 of their length. AND and OR are associative in SQL's
// three-valued logic and the operands keep their order, so the value is the same.
constexpr size_t kLeftDeepChain = 32;

bool SqlWordEquals(std::string_view word, std::string_view keyword) {
  if (word.size() != keyword.size()) return false;
  for (size_t i = 0; i < word.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(word[i])) !=
        std::toupper(static_cast<unsigned char>(keyword[i]))) {
      return false;
    }
  }
  return true;
}

std::string SqlUpperWord(std::string_view word) {
  std::string out(word);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::optional<int64_t> SqlParseInt64(const std::string& text) {
  int64_t v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  return v;
}

int ParserHexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

ExprPtr CombineBalanced(BinaryOp op, std::vector<ExprPtr>& parts, size_t begin, size_t end) {
  if (end - begin == 1) return std::move(parts[begin]);
  size_t mid = begin + (end - begin) / 2;
  ExprPtr left = CombineBalanced(op, parts, begin, mid);
  ExprPtr right = CombineBalanced(op, parts, mid, end);
  SourcePosition pos = left->pos;
  return MakeExpr(pos, BinaryExpr{op, std::move(left), std::move(right)});
}

// The operands of `a OP b OP c ...` as one tree (see kLeftDeepChain).
ExprPtr CombineChain(BinaryOp op, std::vector<ExprPtr> parts) {
  if (parts.size() > kLeftDeepChain) return CombineBalanced(op, parts, 0, parts.size());
  ExprPtr left = std::move(parts[0]);
  for (size_t i = 1; i < parts.size(); ++i) {
    SourcePosition pos = left->pos;
    left = MakeExpr(pos, BinaryExpr{op, std::move(left), std::move(parts[i])});
  }
  return left;
}

}  // namespace

Status CheckExpressionDepth(const Expr& expr) {
  if (TreeDepth(expr, kMaxExpressionDepth) <= kMaxExpressionDepth) return Ok();
  return InvalidArgument(
      "{}: the expression is nested too deeply (more than {} levels of operators, calls and "
      "parentheses; AND and OR chains of any length are fine); split it up",
      FormatPosition(expr.pos), kMaxExpressionDepth);
}

Result<ExprPtr> ParseExpression(std::string_view text) {
  FLOE_ASSIGN_OR_RETURN(std::vector<Token> tokens, Tokenize(text));
  ExpressionParser parser(std::move(tokens));
  FLOE_ASSIGN_OR_RETURN(ExprPtr expr, parser.ParseExpr());
  FLOE_RETURN_IF_ERROR(parser.ExpectEndOfInput(false));
  return expr;
}

Result<TypeName> ParseType(std::string_view text) {
  FLOE_ASSIGN_OR_RETURN(std::vector<Token> tokens, Tokenize(text));
  ExpressionParser parser(std::move(tokens));
  FLOE_ASSIGN_OR_RETURN(TypeName type, parser.ParseType());
  FLOE_RETURN_IF_ERROR(parser.ExpectEndOfInput(false));
  return type;
}

// ---------------------------------------------------------------------------------------------
// Tokens

const Token& ExpressionParser::Peek(size_t ahead) const {
  size_t i = pos_ + ahead;
  return i < tokens_.size() ? tokens_[i] : tokens_.back();
}

const Token& ExpressionParser::Advance() {
  const Token& t = tokens_[pos_];
  if (pos_ + 1 < tokens_.size()) ++pos_;
  return t;
}

bool ExpressionParser::AtWord(std::string_view keyword, size_t ahead) const {
  const Token& t = Peek(ahead);
  return t.kind == TokenKind::kWord && SqlWordEquals(t.text, keyword);
}

bool ExpressionParser::AcceptWord(std::string_view keyword) {
  if (!AtWord(keyword)) return false;
  Advance();
  return true;
}

Status ExpressionParser::ExpectWord(std::string_view keyword, std::string_view context) {
  if (AcceptWord(keyword)) return Ok();
  std::string what = SqlUpperWord(keyword);
  if (!context.empty()) what += " " + std::string(context);
  return ErrorExpected(what);
}

bool ExpressionParser::AtSymbol(std::string_view symbol, size_t ahead) const {
  const Token& t = Peek(ahead);
  return t.kind == TokenKind::kSymbol && t.text == symbol;
}

bool ExpressionParser::AcceptSymbol(std::string_view symbol) {
  if (!AtSymbol(symbol)) return false;
  Advance();
  return true;
}

Status ExpressionParser::ExpectSymbol(std::string_view symbol, std::string_view context) {
  if (AcceptSymbol(symbol)) return Ok();
  std::string what = "\"" + std::string(symbol) + "\"";
  if (!context.empty()) what += " " + std::string(context);
  return ErrorExpected(what);
}

bool ExpressionParser::AtQueryStart(size_t ahead) const {
  size_t i = ahead;
  while (AtSymbol("(", i)) ++i;
  return AtWord("SELECT", i) || AtWord("WITH", i) || AtWord("VALUES", i);
}

bool ExpressionParser::AtStatementEnd() const {
  return Peek().kind == TokenKind::kEnd || AtSymbol(";");
}

Error ExpressionParser::ErrorExpected(std::string_view what) const {
  return InvalidArgument("{}: expected {}, found {}", FormatPosition(Peek().pos), what,
                         DescribeToken(Peek()));
}

Error ExpressionParser::ErrorAt(const Token& token, std::string_view message) const {
  return InvalidArgument("{}: {}", FormatPosition(token.pos), message);
}

Status ExpressionParser::ExpectEndOfInput(bool allow_semicolon) {
  if (allow_semicolon) AcceptSymbol(";");
  if (Peek().kind == TokenKind::kEnd) return Ok();
  return ErrorExpected(allow_semicolon ? "\";\" or the end of the statement" : "end of input");
}

bool ExpressionParser::AtIdentifier(size_t ahead) const {
  const Token& t = Peek(ahead);
  if (t.kind == TokenKind::kQuotedIdentifier) return true;
  return t.kind == TokenKind::kWord && !IsReservedWord(t.text);
}

Result<std::string> ExpressionParser::ParseIdentifier(std::string_view what) {
  if (!AtIdentifier()) {
    if (Peek().kind == TokenKind::kWord) {
      return ErrorAt(Peek(), fmt::format("expected {}, found the reserved word \"{}\" (quote it "
                                         "with backticks to use it as a name: `{}`)",
                                         what, Peek().text, Peek().text));
    }
    return ErrorExpected(what);
  }
  return Advance().text;
}

Result<QualifiedName> ExpressionParser::ParseQualifiedName(std::string_view what) {
  QualifiedName name;
  FLOE_ASSIGN_OR_RETURN(std::string first, ParseIdentifier(what));
  name.push_back(std::move(first));
  while (AtSymbol(".")) {
    const Token& next = Peek(1);
    if (next.kind != TokenKind::kWord && next.kind != TokenKind::kQuotedIdentifier) break;
    Advance();
    name.push_back(Advance().text);
  }
  return name;
}

Result<std::vector<std::string>> ExpressionParser::ParseIdentifierList(std::string_view what) {
  FLOE_RETURN_IF_ERROR(ExpectSymbol("(", "before the " + std::string(what) + " list"));
  std::vector<std::string> names;
  do {
    FLOE_ASSIGN_OR_RETURN(std::string name, ParseIdentifier(what));
    names.push_back(std::move(name));
  } while (AcceptSymbol(","));
  FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the " + std::string(what) + " list"));
  return names;
}

Status ExpressionParser::EnterNesting() {
  if (++depth_ > kMaxParserNesting) {
    --depth_;
    return ErrorAt(Peek(), fmt::format("nested more than {} levels deep", kMaxParserNesting));
  }
  return Ok();
}

// ---------------------------------------------------------------------------------------------
// Expressions

Result<ExprPtr> ExpressionParser::ParseExpr() {
  FLOE_RETURN_IF_ERROR(EnterNesting());
  ++expression_nesting_;
  auto result = ParseOr();
  --expression_nesting_;
  LeaveNesting();
  // An outermost expression (a statement's, a subquery's): its whole tree, once.
  if (result.ok() && expression_nesting_ == 0) {
    FLOE_RETURN_IF_ERROR(CheckExpressionDepth(**result));
  }
  return result;
}

Result<ExprPtr> ExpressionParser::ParseOr() {
  FLOE_ASSIGN_OR_RETURN(ExprPtr first, ParseAnd());
  if (!AtWord("OR")) return first;
  std::vector<ExprPtr> parts;
  parts.push_back(std::move(first));
  while (AtWord("OR")) {
    Advance();
    FLOE_ASSIGN_OR_RETURN(ExprPtr right, ParseAnd());
    parts.push_back(std::move(right));
  }
  return CombineChain(BinaryOp::kOr, std::move(parts));
}

Result<ExprPtr> ExpressionParser::ParseAnd() {
  FLOE_ASSIGN_OR_RETURN(ExprPtr first, ParseNot());
  if (!AtWord("AND")) return first;
  std::vector<ExprPtr> parts;
  parts.push_back(std::move(first));
  while (AtWord("AND")) {
    Advance();
    FLOE_ASSIGN_OR_RETURN(ExprPtr right, ParseNot());
    parts.push_back(std::move(right));
  }
  return CombineChain(BinaryOp::kAnd, std::move(parts));
}

Result<ExprPtr> ExpressionParser::ParseNot() {
  if (AtWord("NOT") || AtSymbol("!")) {
    SourcePosition pos = Advance().pos;
    FLOE_RETURN_IF_ERROR(EnterNesting());
    auto operand = ParseNot();
    LeaveNesting();
    if (!operand.ok()) return std::move(operand).error();
    return MakeExpr(pos, UnaryExpr{UnaryOp::kNot, std::move(*operand)});
  }
  return ParsePredicate();
}

Result<ExprPtr> ExpressionParser::ParsePredicate() {
  FLOE_ASSIGN_OR_RETURN(ExprPtr left, ParseComparison());
  while (true) {
    SourcePosition pos = left->pos;
    if (AcceptWord("IS")) {
      IsExpr is;
      is.negated = AcceptWord("NOT");
      if (AcceptWord("NULL") || AcceptWord("UNKNOWN")) {
        is.test = IsTest::kNull;
      } else if (AcceptWord("TRUE")) {
        is.test = IsTest::kTrue;
      } else if (AcceptWord("FALSE")) {
        is.test = IsTest::kFalse;
      } else if (AcceptWord("NAN")) {
        is.test = IsTest::kNan;
      } else if (AcceptWord("DISTINCT")) {
        FLOE_RETURN_IF_ERROR(ExpectWord("FROM", "after IS [NOT] DISTINCT"));
        is.test = IsTest::kDistinctFrom;
        FLOE_ASSIGN_OR_RETURN(is.other, ParseComparison());
      } else {
        return ErrorExpected("NULL, TRUE, FALSE, NAN or DISTINCT FROM after IS");
      }
      is.operand = std::move(left);
      left = MakeExpr(pos, std::move(is));
      continue;
    }
    // [NOT] IN / BETWEEN / LIKE / ILIKE / RLIKE / REGEXP
    size_t look = AtWord("NOT") ? 1 : 0;
    bool in = AtWord("IN", look), between = AtWord("BETWEEN", look), like = AtWord("LIKE", look),
         ilike = AtWord("ILIKE", look), rlike = AtWord("RLIKE", look) || AtWord("REGEXP", look);
    if (!(in || between || like || ilike || rlike)) {
      if (look == 1) {
        Advance();
        return ErrorExpected("IN, BETWEEN or LIKE after NOT");
      }
      return left;
    }
    bool negated = look == 1;
    if (negated) Advance();
    Advance();
    if (in) {
      if (AtSymbol("(") && AtQueryStart(1)) {
        return ErrorAt(Peek(1), "IN (subquery) is not supported; use a join");
      }
      FLOE_RETURN_IF_ERROR(ExpectSymbol("(", "after IN"));
      FLOE_ASSIGN_OR_RETURN(std::vector<ExprPtr> list, ParseExprList());
      FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the IN list"));
      left = MakeExpr(pos, InExpr{negated, std::move(left), std::move(list)});
    } else if (between) {
      FLOE_ASSIGN_OR_RETURN(ExprPtr low, ParseComparison());
      FLOE_RETURN_IF_ERROR(ExpectWord("AND", "in BETWEEN ... AND ..."));
      FLOE_ASSIGN_OR_RETURN(ExprPtr high, ParseComparison());
      left = MakeExpr(pos, BetweenExpr{negated, std::move(left), std::move(low), std::move(high)});
    } else {
      LikeExpr l;
      l.kind = like ? LikeKind::kLike : ilike ? LikeKind::kILike : LikeKind::kRLike;
      l.negated = negated;
      l.operand = std::move(left);
      if (AtWord("ANY") || AtWord("ALL") || AtWord("SOME")) {
        return ErrorAt(Peek(), "LIKE ANY / ALL is not supported");
      }
      FLOE_ASSIGN_OR_RETURN(l.pattern, ParseComparison());
      if (AcceptWord("ESCAPE")) {
        if (l.kind == LikeKind::kRLike) return ErrorAt(Peek(), "RLIKE takes no ESCAPE");
        const Token& esc = Peek();
        FLOE_ASSIGN_OR_RETURN(std::string e, ParseStringLiteral("the escape character"));
        if (e.size() != 1) return ErrorAt(esc, "the ESCAPE string must be one character");
        l.escape = std::move(e);
      }
      left = MakeExpr(pos, std::move(l));
    }
  }
}

Result<ExprPtr> ExpressionParser::ParseComparison() {
  FLOE_ASSIGN_OR_RETURN(ExprPtr left, ParseBitOr());
  while (true) {
    const Token& t = Peek();
    if (t.kind != TokenKind::kSymbol) return left;
    BinaryOp op;
    if (t.text == "=" || t.text == "==") {
      op = BinaryOp::kEq;
    } else if (t.text == "!=" || t.text == "<>") {
      op = BinaryOp::kNotEq;
    } else if (t.text == "<") {
      op = BinaryOp::kLt;
    } else if (t.text == "<=") {
      op = BinaryOp::kLtEq;
    } else if (t.text == ">") {
      op = BinaryOp::kGt;
    } else if (t.text == ">=") {
      op = BinaryOp::kGtEq;
    } else if (t.text == "<=>") {
      op = BinaryOp::kNullSafeEq;
    } else {
      return left;
    }
    Advance();
    FLOE_ASSIGN_OR_RETURN(ExprPtr right, ParseBitOr());
    SourcePosition pos = left->pos;
    left = MakeExpr(pos, BinaryExpr{op, std::move(left), std::move(right)});
  }
}

Result<ExprPtr> ExpressionParser::ParseBitOr() {
  FLOE_ASSIGN_OR_RETURN(ExprPtr left, ParseBitXor());
  while (AcceptSymbol("|")) {
    FLOE_ASSIGN_OR_RETURN(ExprPtr right, ParseBitXor());
    SourcePosition pos = left->pos;
    left = MakeExpr(pos, BinaryExpr{BinaryOp::kBitOr, std::move(left), std::move(right)});
  }
  return left;
}

Result<ExprPtr> ExpressionParser::ParseBitXor() {
  FLOE_ASSIGN_OR_RETURN(ExprPtr left, ParseBitAnd());
  while (AcceptSymbol("^")) {
    FLOE_ASSIGN_OR_RETURN(ExprPtr right, ParseBitAnd());
    SourcePosition pos = left->pos;
    left = MakeExpr(pos, BinaryExpr{BinaryOp::kBitXor, std::move(left), std::move(right)});
  }
  return left;
}

Result<ExprPtr> ExpressionParser::ParseBitAnd() {
  FLOE_ASSIGN_OR_RETURN(ExprPtr left, ParseAdditive());
  while (AcceptSymbol("&")) {
    FLOE_ASSIGN_OR_RETURN(ExprPtr right, ParseAdditive());
    SourcePosition pos = left->pos;
    left = MakeExpr(pos, BinaryExpr{BinaryOp::kBitAnd, std::move(left), std::move(right)});
  }
  return left;
}

Result<ExprPtr> ExpressionParser::ParseAdditive() {
  FLOE_ASSIGN_OR_RETURN(ExprPtr left, ParseMultiplicative());
  while (true) {
    BinaryOp op;
    if (AtSymbol("+")) {
      op = BinaryOp::kAdd;
    } else if (AtSymbol("-")) {
      op = BinaryOp::kSubtract;
    } else if (AtSymbol("||")) {
      op = BinaryOp::kConcat;
    } else {
      return left;
    }
    Advance();
    FLOE_ASSIGN_OR_RETURN(ExprPtr right, ParseMultiplicative());
    SourcePosition pos = left->pos;
    left = MakeExpr(pos, BinaryExpr{op, std::move(left), std::move(right)});
  }
}

Result<ExprPtr> ExpressionParser::ParseMultiplicative() {
  FLOE_ASSIGN_OR_RETURN(ExprPtr left, ParseUnary());
  while (true) {
    BinaryOp op;
    if (AtSymbol("*")) {
      op = BinaryOp::kMultiply;
    } else if (AtSymbol("/")) {
      op = BinaryOp::kDivide;
    } else if (AtSymbol("%")) {
      op = BinaryOp::kModulo;
    } else if (AtWord("DIV")) {
      op = BinaryOp::kIntDivide;
    } else {
      return left;
    }
    Advance();
    FLOE_ASSIGN_OR_RETURN(ExprPtr right, ParseUnary());
    SourcePosition pos = left->pos;
    left = MakeExpr(pos, BinaryExpr{op, std::move(left), std::move(right)});
  }
}

Result<ExprPtr> ExpressionParser::ParseUnary() {
  UnaryOp op;
  if (AtSymbol("-")) {
    op = UnaryOp::kNegate;
  } else if (AtSymbol("+")) {
    op = UnaryOp::kPlus;
  } else if (AtSymbol("~")) {
    op = UnaryOp::kBitNot;
  } else {
    FLOE_ASSIGN_OR_RETURN(ExprPtr primary, ParsePrimary());
    return ParsePostfix(std::move(primary));
  }
  SourcePosition pos = Advance().pos;
  if (op == UnaryOp::kNegate && Peek().kind == TokenKind::kNumber) {
    // `-5` is the literal -5 (Spark's `number` rule), so -9223372036854775808L fits.
    FLOE_ASSIGN_OR_RETURN(ExprPtr number, ParseNumber(true));
    number->pos = pos;
    return ParsePostfix(std::move(number));
  }
  FLOE_RETURN_IF_ERROR(EnterNesting());
  auto operand = ParseUnary();
  LeaveNesting();
  if (!operand.ok()) return std::move(operand).error();
  return MakeExpr(pos, UnaryExpr{op, std::move(*operand)});
}

Result<ExprPtr> ExpressionParser::ParsePostfix(ExprPtr base) {
  while (true) {
    if (AtSymbol("[")) {
      Advance();
      FLOE_ASSIGN_OR_RETURN(ExprPtr index, ParseExpr());
      FLOE_RETURN_IF_ERROR(ExpectSymbol("]", "after the subscript"));
      SourcePosition pos = base->pos;
      base = MakeExpr(pos, SubscriptExpr{std::move(base), std::move(index)});
    } else if (AtSymbol(".")) {
      const Token& field = Peek(1);
      if (field.kind != TokenKind::kWord && field.kind != TokenKind::kQuotedIdentifier) {
        Advance();
        return ErrorExpected("a field name after \".\"");
      }
      Advance();
      std::string name = Advance().text;
      SourcePosition pos = base->pos;
      base = MakeExpr(pos, FieldAccess{std::move(base), std::move(name)});
    } else {
      return base;
    }
  }
}

Result<ExprPtr> ExpressionParser::ParseNumber(bool negative) {
  const Token& t = Advance();
  std::string text = t.text;
  std::string upper = SqlUpperWord(text);
  Literal lit;
  auto strip = [&](size_t n) { text.resize(text.size() - n); };
  bool has_point = text.find('.') != std::string::npos;
  bool has_exponent = upper.find('E') != std::string::npos;
  if (upper.size() > 2 && upper.compare(upper.size() - 2, 2, "BD") == 0) {
    lit.kind = LiteralKind::kDecimal;
    strip(2);
  } else if (upper.back() == 'D') {
    lit.kind = LiteralKind::kDouble;
    strip(1);
  } else if (upper.back() == 'F') {
    lit.kind = LiteralKind::kFloat;
    strip(1);
  } else if (upper.back() == 'L') {
    lit.kind = LiteralKind::kBigInt;
    strip(1);
  } else if (upper.back() == 'S') {
    lit.kind = LiteralKind::kSmallInt;
    strip(1);
  } else if (upper.back() == 'Y') {
    lit.kind = LiteralKind::kTinyInt;
    strip(1);
  } else if (has_exponent) {
    lit.kind = LiteralKind::kDouble;
  } else if (has_point) {
    lit.kind = LiteralKind::kDecimal;
  } else {
    lit.kind = LiteralKind::kInteger;
  }
  lit.text = negative ? "-" + text : text;
  if (lit.kind == LiteralKind::kInteger || lit.kind == LiteralKind::kBigInt ||
      lit.kind == LiteralKind::kSmallInt || lit.kind == LiteralKind::kTinyInt) {
    lit.int_value = SqlParseInt64(lit.text);
    if (!lit.int_value && lit.kind != LiteralKind::kInteger) {
      return ErrorAt(t, fmt::format("the number {} is out of range for its type", t.text));
    }
  }
  return MakeExpr(t.pos, std::move(lit));
}

Result<std::string> ExpressionParser::ParseStringLiteral(std::string_view what) {
  if (Peek().kind != TokenKind::kString) return ErrorExpected(what);
  std::string out = Advance().text;
  while (Peek().kind == TokenKind::kString) out += Advance().text;  // 'a' 'b' is 'ab'
  return out;
}

Result<std::vector<ExprPtr>> ExpressionParser::ParseExprList() {
  std::vector<ExprPtr> list;
  do {
    FLOE_ASSIGN_OR_RETURN(ExprPtr e, ParseExpr());
    list.push_back(std::move(e));
  } while (AcceptSymbol(","));
  return list;
}

Result<ExprPtr> ExpressionParser::ParsePrimary() {
  const Token& t = Peek();
  SourcePosition pos = t.pos;
  switch (t.kind) {
    case TokenKind::kNumber:
      return ParseNumber(false);
    case TokenKind::kString: {
      FLOE_ASSIGN_OR_RETURN(std::string s, ParseStringLiteral("a string"));
      return MakeExpr(pos, Literal{LiteralKind::kString, std::move(s)});
    }
    case TokenKind::kQuotedIdentifier:
      return ParseNameOrCall();
    case TokenKind::kSymbol:
      if (t.text == "(") {
        if (AtQueryStart(1)) {
          return ErrorAt(Peek(1), "subqueries in expressions are not supported");
        }
        Advance();
        FLOE_ASSIGN_OR_RETURN(ExprPtr inner, ParseExpr());
        if (AtSymbol(",")) return ErrorAt(Peek(), "row values (a, b) are not supported");
        FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "to close the parenthesis"));
        return inner;
      }
      if (t.text == "*") {
        Advance();
        return MakeExpr(pos, Star{});
      }
      if (t.text == "[") {
        // [a, b, …]: the list literal DuckDB writes (read_parquet(['a.parquet', 'b.parquet'])),
        // as array(a, b, …).
        Advance();
        FunctionCall call;
        call.name = {"array"};
        if (!AtSymbol("]")) {
          FLOE_ASSIGN_OR_RETURN(call.args, ParseExprList());
        }
        FLOE_RETURN_IF_ERROR(ExpectSymbol("]", "to close the list"));
        return MakeExpr(pos, std::move(call));
      }
      return ErrorExpected("an expression");
    case TokenKind::kEnd:
      return ErrorExpected("an expression");
    case TokenKind::kWord:
      break;
  }
  // Words.
  if (AtWord("NULL")) {
    Advance();
    return MakeExpr(pos, Literal{LiteralKind::kNull});
  }
  if (AtWord("TRUE") || AtWord("FALSE")) {
    Literal lit{LiteralKind::kBoolean};
    lit.bool_value = AtWord("TRUE");
    lit.text = lit.bool_value ? "true" : "false";
    Advance();
    return MakeExpr(pos, std::move(lit));
  }
  if (AtWord("CASE")) return ParseCase();
  if ((AtWord("CAST") || AtWord("TRY_CAST")) && AtSymbol("(", 1)) return ParseCast();
  // Typed literals: DATE '…', TIME '…', TIMESTAMP '…', TIMESTAMP_LTZ '…', TIMESTAMPTZ '…',
  // TIMESTAMP_NTZ '…', X'…'.
  if (Peek(1).kind == TokenKind::kString) {
    std::optional<LiteralKind> kind;
    if (AtWord("DATE")) kind = LiteralKind::kDate;
    if (AtWord("TIME")) kind = LiteralKind::kTime;
    if (AtWord("TIMESTAMP") || AtWord("TIMESTAMP_LTZ")) kind = LiteralKind::kTimestamp;
    if (AtWord("TIMESTAMPTZ")) kind = LiteralKind::kTimestampTz;
    if (AtWord("TIMESTAMP_NTZ")) kind = LiteralKind::kTimestampNtz;
    if (AtWord("X") && Peek(1).begin == t.end) kind = LiteralKind::kBinary;
    if (kind) {
      Advance();
      const Token& str = Peek();
      FLOE_ASSIGN_OR_RETURN(std::string s, ParseStringLiteral("a string"));
      if (*kind == LiteralKind::kBinary) {
        if (s.size() % 2 != 0) {
          return ErrorAt(str, "X'…' needs an even number of hex digits");
        }
        std::string bytes;
        for (size_t i = 0; i < s.size(); i += 2) {
          int hi = ParserHexDigit(s[i]);
          int lo = ParserHexDigit(s[i + 1]);
          if (hi < 0 || lo < 0) {
            return ErrorAt(str, fmt::format("X'{}' holds a character that is not a hex digit", s));
          }
          bytes += static_cast<char>(hi * 16 + lo);
        }
        s = std::move(bytes);
      }
      return MakeExpr(pos, Literal{*kind, std::move(s)});
    }
  }
  // left(s, n) / right(s, n) are functions though LEFT and RIGHT are join words; rlike(s, re)
  // and regexp(s, re) though RLIKE and REGEXP are operators.
  if ((AtWord("LEFT") || AtWord("RIGHT") || AtWord("IF") || AtWord("RLIKE") || AtWord("REGEXP")) &&
      AtSymbol("(", 1)) {
    return ParseNameOrCall();
  }
  if (IsReservedWord(t.text)) return ErrorExpected("an expression");
  return ParseNameOrCall();
}

// a, a.b.c, t.*, f(x), count(*), count(DISTINCT x), current_date
Result<ExprPtr> ExpressionParser::ParseNameOrCall() {
  SourcePosition pos = Peek().pos;
  QualifiedName name;
  name.push_back(Advance().text);
  while (AtSymbol(".")) {
    const Token& next = Peek(1);
    if (next.kind == TokenKind::kSymbol && next.text == "*") {
      Advance();
      Advance();
      return MakeExpr(pos, Star{std::move(name)});
    }
    if (next.kind != TokenKind::kWord && next.kind != TokenKind::kQuotedIdentifier) {
      Advance();
      return ErrorExpected("a name or \"*\" after \".\"");
    }
    Advance();
    name.push_back(Advance().text);
  }
  if (!AtSymbol("(")) {
    static constexpr std::string_view kNiladic[] = {"current_date", "current_timestamp",
                                                    "current_timezone", "current_user"};
    if (name.size() == 1 && tokens_[pos_ - 1].kind == TokenKind::kWord) {
      for (std::string_view f : kNiladic) {
        if (SqlWordEquals(name[0], f)) {
          FunctionCall call;
          call.name = std::move(name);
          call.no_parentheses = true;
          return MakeExpr(pos, std::move(call));
        }
      }
    }
    return MakeExpr(pos, ColumnRef{std::move(name)});
  }
  Advance();  // (
  FunctionCall call;
  call.name = std::move(name);
  if (AtSymbol("*") && AtSymbol(")", 1)) {
    Advance();
    call.star = true;
  } else if (!AtSymbol(")")) {
    if (AcceptWord("DISTINCT")) {
      call.distinct = true;
    } else {
      AcceptWord("ALL");
    }
    FLOE_ASSIGN_OR_RETURN(call.args, ParseExprList());
  }
  FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the arguments of " + ToSql(call.name)));
  if (AtWord("OVER")) {
    if (!allow_windows_) return ErrorAt(Peek(), "window functions (OVER) are not supported here");
    Advance();
    FLOE_ASSIGN_OR_RETURN(call.over, ParseWindowSpec());
  }
  if (AtWord("FILTER") && AtSymbol("(", 1)) {
    return ErrorAt(Peek(), "aggregate FILTER (WHERE …) is not supported");
  }
  return MakeExpr(pos, std::move(call));
}

Result<ExprPtr> ExpressionParser::ParseCase() {
  SourcePosition pos = Advance().pos;  // CASE
  CaseExpr c;
  if (!AtWord("WHEN")) {
    FLOE_ASSIGN_OR_RETURN(c.operand, ParseExpr());
  }
  if (!AtWord("WHEN")) return ErrorExpected("WHEN in CASE");
  while (AcceptWord("WHEN")) {
    WhenClause w;
    FLOE_ASSIGN_OR_RETURN(w.when, ParseExpr());
    FLOE_RETURN_IF_ERROR(ExpectWord("THEN", "after the WHEN condition"));
    FLOE_ASSIGN_OR_RETURN(w.then, ParseExpr());
    c.whens.push_back(std::move(w));
  }
  if (AcceptWord("ELSE")) {
    FLOE_ASSIGN_OR_RETURN(c.else_result, ParseExpr());
  }
  FLOE_RETURN_IF_ERROR(ExpectWord("END", "to close CASE"));
  return MakeExpr(pos, std::move(c));
}

Result<ExprPtr> ExpressionParser::ParseCast() {
  const Token& word = Advance();  // CAST / TRY_CAST
  CastExpr c;
  c.try_cast = SqlWordEquals(word.text, "TRY_CAST");
  SourcePosition pos = word.pos;
  Advance();  // (
  FLOE_ASSIGN_OR_RETURN(c.operand, ParseExpr());
  FLOE_RETURN_IF_ERROR(ExpectWord("AS", "in CAST(… AS type)"));
  FLOE_ASSIGN_OR_RETURN(c.type, ParseType());
  FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "to close CAST"));
  return MakeExpr(pos, std::move(c));
}

// ---------------------------------------------------------------------------------------------
// Types

Result<int> ExpressionParser::ParseTypeLength(std::string_view type_name) {
  FLOE_RETURN_IF_ERROR(ExpectSymbol("(", "after " + std::string(type_name)));
  const Token& t = Peek();
  std::optional<int64_t> v;
  if (t.kind == TokenKind::kNumber) v = SqlParseInt64(t.text);
  if (!v || *v < 0 || *v > 1'000'000'000) {
    return ErrorExpected(fmt::format("a length in {}(…)", type_name));
  }
  Advance();
  FLOE_RETURN_IF_ERROR(ExpectSymbol(")", fmt::format("after the length of {}", type_name)));
  return static_cast<int>(*v);
}

Result<TypeName> ExpressionParser::ParseType() {
  const Token& t = Peek();
  TypeName type;
  type.pos = t.pos;
  if (t.kind != TokenKind::kWord) return ErrorExpected("a type");
  std::string word = SqlUpperWord(t.text);
  Advance();
  if (word == "BOOLEAN") {
    type.kind = TypeKind::kBoolean;
  } else if (word == "TINYINT" || word == "BYTE") {
    type.kind = TypeKind::kTinyInt;
  } else if (word == "SMALLINT" || word == "SHORT") {
    type.kind = TypeKind::kSmallInt;
  } else if (word == "INT" || word == "INTEGER") {
    type.kind = TypeKind::kInt;
  } else if (word == "BIGINT" || word == "LONG") {
    type.kind = TypeKind::kBigInt;
  } else if (word == "FLOAT" || word == "REAL") {
    type.kind = TypeKind::kFloat;
  } else if (word == "DOUBLE") {
    type.kind = TypeKind::kDouble;
  } else if (word == "DECIMAL" || word == "DEC" || word == "NUMERIC") {
    type.kind = TypeKind::kDecimal;
    if (AcceptSymbol("(")) {
      const Token& p = Peek();
      std::optional<int64_t> precision;
      if (p.kind == TokenKind::kNumber) precision = SqlParseInt64(p.text);
      if (!precision || *precision < 0 || *precision > 1000) {
        return ErrorExpected("the precision of DECIMAL(p, s)");
      }
      Advance();
      type.precision = static_cast<int>(*precision);
      if (AcceptSymbol(",")) {
        const Token& s = Peek();
        std::optional<int64_t> scale;
        if (s.kind == TokenKind::kNumber) scale = SqlParseInt64(s.text);
        if (!scale || *scale < 0 || *scale > 1000) {
          return ErrorExpected("the scale of DECIMAL(p, s)");
        }
        Advance();
        type.scale = static_cast<int>(*scale);
      }
      FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the precision and scale of DECIMAL"));
    }
  } else if (word == "STRING") {
    type.kind = TypeKind::kString;
  } else if (word == "VARCHAR") {
    type.kind = TypeKind::kVarchar;
    FLOE_ASSIGN_OR_RETURN(type.length, ParseTypeLength("VARCHAR"));
  } else if (word == "CHAR" || word == "CHARACTER") {
    type.kind = TypeKind::kChar;
    FLOE_ASSIGN_OR_RETURN(type.length, ParseTypeLength("CHAR"));
  } else if (word == "BINARY") {
    type.kind = TypeKind::kBinary;
  } else if (word == "DATE") {
    type.kind = TypeKind::kDate;
  } else if (word == "TIMESTAMP" || word == "TIMESTAMP_LTZ" || word == "TIMESTAMPTZ") {
    type.kind = TypeKind::kTimestamp;
  } else if (word == "TIMESTAMP_NTZ") {
    type.kind = TypeKind::kTimestampNtz;
  } else if (word == "TIMESTAMP_NS" || word == "TIMESTAMP_NTZ_NS") {
    type.kind = TypeKind::kTimestampNs;
  } else if (word == "TIMESTAMPTZ_NS" || word == "TIMESTAMP_LTZ_NS") {
    type.kind = TypeKind::kTimestampTzNs;
  } else if (word == "GEOMETRY" || word == "GEOGRAPHY") {
    // GEOMETRY('srid:4326'), GEOGRAPHY('OGC:CRS84', 'karney'): the arguments are strings, as
    // a CRS holds ':'.
    type.kind = word == "GEOMETRY" ? TypeKind::kGeometry : TypeKind::kGeography;
    if (AcceptSymbol("(")) {
      FLOE_ASSIGN_OR_RETURN(type.crs, ParseStringLiteral("the CRS of " + word + "('crs')"));
      if (type.kind == TypeKind::kGeography && AcceptSymbol(",")) {
        FLOE_ASSIGN_OR_RETURN(
            type.algorithm,
            ParseStringLiteral("the edge algorithm of GEOGRAPHY('crs', 'algorithm')"));
      }
      FLOE_RETURN_IF_ERROR(ExpectSymbol(")", "after the arguments of " + word));
    }
  } else if (word == "TIME") {
    type.kind = TypeKind::kTime;
  } else if (word == "UUID") {
    type.kind = TypeKind::kUuid;
  } else if (word == "VARIANT") {
    type.kind = TypeKind::kVariant;
  } else if (word == "FIXED") {
    type.kind = TypeKind::kFixed;
    FLOE_ASSIGN_OR_RETURN(type.length, ParseTypeLength("FIXED"));
  } else if (word == "STRUCT") {
    return ParseStructType(type.pos);
  } else if (word == "ARRAY" || word == "MAP") {
    type.kind = word == "ARRAY" ? TypeKind::kArray : TypeKind::kMap;
    FLOE_RETURN_IF_ERROR(ExpectSymbol("<", "after " + word));
    FLOE_RETURN_IF_ERROR(EnterNesting());
    auto first = ParseType();
    LeaveNesting();
    if (!first.ok()) return std::move(first).error();
    type.arguments.push_back(std::move(*first));
    if (type.kind == TypeKind::kMap) {
      FLOE_RETURN_IF_ERROR(ExpectSymbol(",", "between the key and value types of MAP"));
      FLOE_RETURN_IF_ERROR(EnterNesting());
      auto second = ParseType();
      LeaveNesting();
      if (!second.ok()) return std::move(second).error();
      type.arguments.push_back(std::move(*second));
    }
    FLOE_RETURN_IF_ERROR(ExpectSymbol(">", "to close " + word + "<…>"));
  } else {
    return ErrorAt(t, fmt::format("unknown type \"{}\"", t.text));
  }
  return type;
}

// STRUCT<name[:] type [NOT NULL] [COMMENT '…'], …>
Result<TypeName> ExpressionParser::ParseStructType(SourcePosition pos) {
  TypeName type;
  type.kind = TypeKind::kStruct;
  type.pos = pos;
  if (AcceptSymbol("<>")) return type;  // STRUCT<>
  FLOE_RETURN_IF_ERROR(ExpectSymbol("<", "after STRUCT"));
  if (AcceptSymbol(">")) return type;
  do {
    StructFieldType field;
    field.pos = Peek().pos;
    if (Peek().kind != TokenKind::kWord && Peek().kind != TokenKind::kQuotedIdentifier) {
      return ErrorExpected("a field name in STRUCT<…>");
    }
    field.name = Advance().text;
    AcceptSymbol(":");
    FLOE_RETURN_IF_ERROR(EnterNesting());
    auto field_type = ParseType();
    LeaveNesting();
    if (!field_type.ok()) return std::move(field_type).error();
    field.type = std::move(*field_type);
    if (AcceptWord("NOT")) {
      FLOE_RETURN_IF_ERROR(ExpectWord("NULL", "after NOT"));
      field.not_null = true;
    }
    if (AcceptWord("COMMENT")) {
      FLOE_ASSIGN_OR_RETURN(std::string c, ParseStringLiteral("the comment string"));
      field.comment = std::move(c);
    }
    type.fields.push_back(std::move(field));
  } while (AcceptSymbol(","));
  FLOE_RETURN_IF_ERROR(ExpectSymbol(">", "to close STRUCT<…>"));
  return type;
}

}  // namespace floe::expr::syntax
