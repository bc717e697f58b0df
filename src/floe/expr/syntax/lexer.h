// The lexer of the expression language and of floe SQL: text → tokens, Spark SQL's lexical rules.
//
//   words       letters, digits, '_' (and any byte >= 0x80, so UTF-8 names work); a word may
//               start with a digit when it is not a number (`1st_col`). Keywords are words,
//               compared case-insensitively by the parser (keywords.h says which are reserved).
//   `quoted`    back-quoted identifier, `` `` `` for a back quote; never a keyword.
//   'string'    single or double quotes; backslash escapes as Spark (\' \" \\ \n \t \r \b \0 \Z
//               \uXXXX, three octal digits, \% and \_ keep their backslash for LIKE, any other
//               \c is c) and a doubled quote ('it''s') for the quote itself.
//   numbers     123, 1.5, .5, 1., 1e10, 1.5E-3 and the suffixes L (bigint), S (smallint),
//               Y (tinyint), F (float), D (double), BD (decimal), case-insensitive.
//   symbols     ( ) [ ] , . ; : + - * / % || | & ^ ~ = == != <> < <= > >= <=>
//   comments    -- to the end of the line; /* ... */ (may nest)
//
// Errors are InvalidArgument naming the line and column: `line 3, column 9: unterminated string`.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "floe/expr/syntax/ast.h"
#include "floe/util/result.h"

namespace floe::expr::syntax {

enum class TokenKind {
  kEnd,               // end of input (always the last token)
  kWord,              // identifier or keyword, as written
  kQuotedIdentifier,  // `name`: text without the quotes
  kString,            // 'text': text with quotes removed and escapes decoded
  kNumber,            // text as written, suffix included (e.g. "1.5BD")
  kSymbol,            // text is the symbol ("(", "<=", "||")
};

struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string text;
  SourcePosition pos;
  size_t begin = 0;  // byte offsets of the token in the input: [begin, end)
  size_t end = 0;
};

// All tokens of `text`, ending with one kEnd token. `start` is where `text` begins in its script
// (positions in tokens and errors count from there).
Result<std::vector<Token>> Tokenize(std::string_view text, SourcePosition start = {});

// How a token is named in an error message: "FROM", "(", 'abc', `a b`, a number 12, end of input.
std::string DescribeToken(const Token& token);

}  // namespace floe::expr::syntax
