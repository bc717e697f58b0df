// The tokens of the small column-list languages users type on the command line: a schema
// ("id long not null, ts timestamptz"), a partition spec ("days(ts), bucket(16, id)") and a sort
// order ("ts desc nulls last"). Identifiers may be quoted with backticks, as in SQL.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "floe/util/result.h"

namespace floe::spec {

struct DdlToken {
  enum Kind { kWord, kNumber, kString, kSymbol, kEnd } kind = kEnd;
  std::string text;     // words as written (quoted ones unquoted), symbols as one character
  size_t position = 0;  // 1-based column in the input, for error messages
  bool quoted = false;  // a `backticked` word: never a keyword
};

// Splits `text` into tokens ending with one kEnd. Errors (unterminated quotes, stray
// characters) are invalid arguments naming `what` and the column.
Result<std::vector<DdlToken>> LexDdl(std::string_view text, std::string_view what);

// A cursor over the tokens with the checks every parser needs.
class DdlCursor {
 public:
  DdlCursor(std::vector<DdlToken> tokens, std::string_view what, std::string_view text)
      : tokens_(std::move(tokens)), what_(what), text_(text) {}
  const DdlToken& Peek(size_t ahead = 0) const;
  const DdlToken& Next();
  bool AtEnd() const { return Peek().kind == DdlToken::kEnd; }
  // True (and consumes it) when the next token is this symbol, or this keyword (any case).
  bool Accept(char symbol);
  bool AcceptWord(std::string_view keyword);
  Status Expect(char symbol);
  Result<std::string> ExpectName(std::string_view role);  // a word: a column name
  Result<int32_t> ExpectInt(std::string_view role);
  // "<what>: column N: <message>" (kInvalidArgument).
  Error ErrorAt(const DdlToken& token, std::string_view message) const;

 private:
  std::vector<DdlToken> tokens_;
  size_t pos_ = 0;
  std::string what_;
  std::string_view text_;
};

}  // namespace floe::spec
