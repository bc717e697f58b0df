#include "floe/expr/syntax/lexer.h"

#include <array>
#include <cctype>
#include <cstdint>

namespace floe::expr::syntax {
namespace {

bool IsLexerWordChar(char c) {
  auto u = static_cast<unsigned char>(c);
  return std::isalnum(u) || c == '_' || u >= 0x80;
}

bool IsLexerDigit(char c) { return c >= '0' && c <= '9'; }

// Appends the UTF-8 encoding of a code point (from \uXXXX).
void AppendUtf8(uint32_t cp, std::string& out) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

int LexerHexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

class SqlLexer {
 public:
  SqlLexer(std::string_view text, SourcePosition start)
      : text_(text), line_(start.line), first_line_extra_(start.column - 1) {}

  Result<std::vector<Token>> Run() {
    std::vector<Token> tokens;
    while (true) {
      FLOE_RETURN_IF_ERROR(SkipSpaceAndComments());
      Token token;
      token.pos = Position();
      token.begin = i_;
      if (i_ >= text_.size()) {
        token.kind = TokenKind::kEnd;
        token.end = i_;
        tokens.push_back(std::move(token));
        return tokens;
      }
      FLOE_RETURN_IF_ERROR(Next(token));
      token.end = i_;
      tokens.push_back(std::move(token));
    }
  }

 private:
  SourcePosition Position() const {
    int column = static_cast<int>(i_ - line_start_) + 1;
    if (line_start_ == 0) column += first_line_extra_;
    return SourcePosition{line_, column};
  }

  char Peek(size_t ahead = 0) const { return i_ + ahead < text_.size() ? text_[i_ + ahead] : '\0'; }

  void Advance() {
    if (text_[i_] == '\n') {
      ++line_;
      line_start_ = i_ + 1;
    }
    ++i_;
  }

  Error ErrorAt(SourcePosition pos, std::string_view what) const {
    return InvalidArgument("{}: {}", FormatPosition(pos), what);
  }

  Status SkipSpaceAndComments() {
    while (i_ < text_.size()) {
      char c = text_[i_];
      if (std::isspace(static_cast<unsigned char>(c))) {
        Advance();
      } else if (c == '-' && Peek(1) == '-') {
        while (i_ < text_.size() && text_[i_] != '\n') Advance();
      } else if (c == '/' && Peek(1) == '*') {
        SourcePosition start = Position();
        int depth = 0;
        do {
          if (i_ >= text_.size()) return ErrorAt(start, "unterminated /* comment");
          if (text_[i_] == '/' && Peek(1) == '*') {
            ++depth;
            Advance();
            Advance();
          } else if (text_[i_] == '*' && Peek(1) == '/') {
            --depth;
            Advance();
            Advance();
          } else {
            Advance();
          }
        } while (depth > 0);
      } else {
        return Ok();
      }
    }
    return Ok();
  }

  Status Next(Token& token) {
    char c = text_[i_];
    if (c == '\'' || c == '"') return String(token);
    if (c == '`') return QuotedIdentifier(token);
    if (IsLexerDigit(c)) return NumberOrWord(token);
    if (c == '.' && IsLexerDigit(Peek(1)) && !AfterName()) return NumberOrWord(token);
    if (IsLexerWordChar(c)) {
      token.kind = TokenKind::kWord;
      while (i_ < text_.size() && IsLexerWordChar(text_[i_])) Advance();
      token.text = std::string(text_.substr(token.begin, i_ - token.begin));
      return Ok();
    }
    return Symbol(token);
  }

  // `a.5` is a name part, not the number .5: a '.' right after a name or a closing bracket.
  bool AfterName() const {
    if (i_ == 0) return false;
    char prev = text_[i_ - 1];
    return IsLexerWordChar(prev) || prev == '`' || prev == ')' || prev == ']';
  }

  Status String(Token& token) {
    SourcePosition start = Position();
    char quote = text_[i_];
    Advance();
    token.kind = TokenKind::kString;
    std::string& out = token.text;
    while (true) {
      if (i_ >= text_.size()) return ErrorAt(start, "unterminated string");
      char c = text_[i_];
      if (c == quote) {
        if (Peek(1) == quote) {  // 'it''s'
          out += quote;
          Advance();
          Advance();
          continue;
        }
        Advance();
        return Ok();
      }
      if (c != '\\') {
        out += c;
        Advance();
        continue;
      }
      SourcePosition escape_pos = Position();
      Advance();
      if (i_ >= text_.size()) return ErrorAt(start, "unterminated string");
      char e = text_[i_];
      if (e == 'u') {
        uint32_t cp = 0;
        for (int k = 1; k <= 4; ++k) {
          int h = LexerHexValue(Peek(k));
          if (h < 0) return ErrorAt(escape_pos, "\\u must be followed by four hex digits");
          cp = cp * 16 + static_cast<uint32_t>(h);
        }
        AppendUtf8(cp, out);
        for (int k = 0; k < 5; ++k) Advance();
        continue;
      }
      if (e >= '0' && e <= '3' && Peek(1) >= '0' && Peek(1) <= '7' && Peek(2) >= '0' &&
          Peek(2) <= '7') {
        out += static_cast<char>((e - '0') * 64 + (Peek(1) - '0') * 8 + (Peek(2) - '0'));
        for (int k = 0; k < 3; ++k) Advance();
        continue;
      }
      switch (e) {
        case '0':
          out += '\0';
          break;
        case 'b':
          out += '\b';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'Z':
          out += '\x1A';
          break;
        case '%':
          out += "\\%";
          break;
        case '_':
          out += "\\_";
          break;
        default:
          out += e;
          break;  // \' \" \\ and any other \c
      }
      Advance();
    }
  }

  Status QuotedIdentifier(Token& token) {
    SourcePosition start = Position();
    Advance();
    token.kind = TokenKind::kQuotedIdentifier;
    while (true) {
      if (i_ >= text_.size()) return ErrorAt(start, "unterminated `quoted identifier`");
      char c = text_[i_];
      Advance();
      if (c == '`') {
        if (Peek() != '`') break;
        Advance();
      }
      token.text += c;
    }
    if (token.text.empty()) return ErrorAt(start, "empty `` identifier");
    return Ok();
  }

  // digits [. digits] [e [+-] digits] [suffix]; a run of word characters that is not such a
  // number is a word (`1st`, `2024_total`).
  Status NumberOrWord(Token& token) {
    SourcePosition start = Position();
    size_t j = i_;
    auto digits = [&] {
      size_t from = j;
      while (j < text_.size() && IsLexerDigit(text_[j])) ++j;
      return j - from;
    };
    size_t int_digits = digits();
    bool fraction = false;
    size_t frac_digits = 0;
    if (j < text_.size() && text_[j] == '.') {
      // `1.e5`? Spark reads "1." as a decimal; a '.' before a letter that is not an exponent
      // belongs to a name (`t.1.x` does not occur; keep it simple).
      fraction = true;
      ++j;
      frac_digits = digits();
    }
    bool exponent = false;
    if (j < text_.size() && (text_[j] == 'e' || text_[j] == 'E') &&
        (int_digits + frac_digits) > 0) {
      size_t k = j + 1;
      if (k < text_.size() && (text_[k] == '+' || text_[k] == '-')) ++k;
      if (k < text_.size() && IsLexerDigit(text_[k])) {
        exponent = true;
        j = k;
        digits();
      }
    }
    // Suffix.
    size_t suffix_end = j;
    if (j < text_.size()) {
      char s = static_cast<char>(std::toupper(static_cast<unsigned char>(text_[j])));
      char s2 = j + 1 < text_.size()
                    ? static_cast<char>(std::toupper(static_cast<unsigned char>(text_[j + 1])))
                    : '\0';
      if (s == 'B' && s2 == 'D') {
        suffix_end = j + 2;
      } else if (s == 'D' || s == 'F') {
        suffix_end = j + 1;
      } else if ((s == 'L' || s == 'S' || s == 'Y') && !fraction && !exponent) {
        suffix_end = j + 1;
      }
    }
    bool word_follows = suffix_end < text_.size() && IsLexerWordChar(text_[suffix_end]);
    if (word_follows && suffix_end > j) {  // `1day`: not a suffix after all
      suffix_end = j;
      word_follows = IsLexerWordChar(text_[j]);
    }
    if (word_follows) {
      if (fraction || exponent) {
        return ErrorAt(
            start, "invalid number \"" + std::string(text_.substr(i_, suffix_end + 1 - i_)) + "\"");
      }
      token.kind = TokenKind::kWord;
      while (i_ < text_.size() && IsLexerWordChar(text_[i_])) Advance();
      token.text = std::string(text_.substr(token.begin, i_ - token.begin));
      return Ok();
    }
    token.kind = TokenKind::kNumber;
    while (i_ < suffix_end) Advance();
    token.text = std::string(text_.substr(token.begin, i_ - token.begin));
    return Ok();
  }

  Status Symbol(Token& token) {
    static constexpr std::array<std::string_view, 11> kTwoOrThree = {
        "<=>", "||", "==", "!=", "<>", "<=", ">=", "::", "->", "=>", "&&"};
    token.kind = TokenKind::kSymbol;
    for (std::string_view s : kTwoOrThree) {
      if (text_.substr(i_, s.size()) == s) {
        for (size_t k = 0; k < s.size(); ++k) Advance();
        token.text = std::string(s);
        return Ok();
      }
    }
    char c = text_[i_];
    static constexpr std::string_view kSingle = "()[],.;:+-*/%|&^~=<>!{}?";
    if (kSingle.find(c) == std::string_view::npos) {
      return ErrorAt(Position(), c >= 0x20 && c < 0x7f
                                     ? "unexpected character \"" + std::string(1, c) + "\""
                                     : "unexpected control character");
    }
    Advance();
    token.text = std::string(1, c);
    return Ok();
  }

  std::string_view text_;
  size_t i_ = 0;
  int line_ = 1;
  int first_line_extra_ = 0;  // columns before `text` on its first line
  size_t line_start_ = 0;
};

}  // namespace

Result<std::vector<Token>> Tokenize(std::string_view text, SourcePosition start) {
  return SqlLexer(text, start).Run();
}

std::string DescribeToken(const Token& token) {
  switch (token.kind) {
    case TokenKind::kEnd:
      return "end of input";
    case TokenKind::kWord:
    case TokenKind::kSymbol:
      return "\"" + token.text + "\"";
    case TokenKind::kQuotedIdentifier:
      return "`" + token.text + "`";
    case TokenKind::kString: {
      std::string shown = token.text.size() > 30 ? token.text.substr(0, 30) + "..." : token.text;
      return "the string '" + shown + "'";
    }
    case TokenKind::kNumber:
      return "the number " + token.text;
  }
  return "?";
}

}  // namespace floe::expr::syntax
