#include "floe/spec/ddl_lexer.h"

#include <cctype>
#include <charconv>

#include "floe/util/ascii.h"

namespace floe::spec {

namespace {

bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$';
}

}  // namespace

Result<std::vector<DdlToken>> LexDdl(std::string_view text, std::string_view what) {
  std::vector<DdlToken> out;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    DdlToken t;
    t.position = i + 1;
    if (c == '`' || c == '\'') {
      const size_t end = text.find(c, i + 1);
      if (end == std::string_view::npos) {
        return InvalidArgument("{}: column {}: unterminated {}", what, i + 1,
                               c == '`' ? "quoted name" : "string");
      }
      t.kind = c == '`' ? DdlToken::kWord : DdlToken::kString;
      t.quoted = c == '`';
      t.text = std::string(text.substr(i + 1, end - i - 1));
      i = end + 1;
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               (c == '-' && i + 1 < text.size() &&
                std::isdigit(static_cast<unsigned char>(text[i + 1])))) {
      size_t end = i + 1;
      while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
      t.kind = DdlToken::kNumber;
      t.text = std::string(text.substr(i, end - i));
      i = end;
    } else if (IsWordChar(c)) {
      size_t end = i;
      while (end < text.size() && IsWordChar(text[end])) ++end;
      t.kind = DdlToken::kWord;
      t.text = std::string(text.substr(i, end - i));
      i = end;
    } else if (std::string_view("(),<>:[]").find(c) != std::string_view::npos) {
      t.kind = DdlToken::kSymbol;
      t.text = std::string(1, c);
      ++i;
    } else {
      return InvalidArgument("{}: column {}: unexpected character '{}'", what, i + 1, c);
    }
    out.push_back(std::move(t));
  }
  DdlToken end;
  end.position = text.size() + 1;
  out.push_back(end);
  return out;
}

const DdlToken& DdlCursor::Peek(size_t ahead) const {
  return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
}

const DdlToken& DdlCursor::Next() {
  const DdlToken& t = Peek();
  if (pos_ + 1 < tokens_.size()) ++pos_;
  return t;
}

bool DdlCursor::Accept(char symbol) {
  if (Peek().kind == DdlToken::kSymbol && Peek().text[0] == symbol) {
    Next();
    return true;
  }
  return false;
}

bool DdlCursor::AcceptWord(std::string_view keyword) {
  const DdlToken& t = Peek();
  if (t.kind != DdlToken::kWord || t.quoted || !AsciiEqualsIgnoreCase(t.text, keyword)) {
    return false;
  }
  Next();
  return true;
}

Status DdlCursor::Expect(char symbol) {
  if (Accept(symbol)) return Ok();
  const DdlToken& t = Peek();
  return ErrorAt(t, fmt::format("expected '{}', found {}", symbol,
                                t.kind == DdlToken::kEnd ? "the end" : "\"" + t.text + "\""));
}

Result<std::string> DdlCursor::ExpectName(std::string_view role) {
  const DdlToken& t = Peek();
  if (t.kind != DdlToken::kWord) {
    return ErrorAt(t, fmt::format("expected {}, found {}", role,
                                  t.kind == DdlToken::kEnd ? "the end" : "\"" + t.text + "\""));
  }
  return Next().text;
}

Result<int32_t> DdlCursor::ExpectInt(std::string_view role) {
  const DdlToken& t = Peek();
  int32_t value = 0;
  if (t.kind != DdlToken::kNumber ||
      std::from_chars(t.text.data(), t.text.data() + t.text.size(), value).ec != std::errc()) {
    return ErrorAt(t, fmt::format("expected {} (a number), found {}", role,
                                  t.kind == DdlToken::kEnd ? "the end" : "\"" + t.text + "\""));
  }
  Next();
  return value;
}

Error DdlCursor::ErrorAt(const DdlToken& token, std::string_view message) const {
  return InvalidArgument("{}: column {}: {}", what_, token.position, message);
}

}  // namespace floe::spec
