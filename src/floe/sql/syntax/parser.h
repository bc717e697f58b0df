// The parser of floe SQL (Spark SQL's dialect, issue 8): text → the syntax tree of ast.h.
//
// A script is statements separated by ';' (a ';' inside a string, a quoted identifier or a
// comment does not separate). Positions in the tree and in errors count from the start of the
// text given, so a statement of a script reports where it is in the script. Errors are
// InvalidArgument naming the line and column, what was expected and what was found:
//   line 2, column 8: expected ")" after the column list, found "FROM"
//
// The grammar is described in expr/syntax/expression_parser.h (expressions, precedence: the one
// expression language), query_parser.cc (queries, FROM) and ast.h (each statement's form).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "floe/expr/syntax/expression_parser.h"
#include "floe/sql/syntax/ast.h"
#include "floe/util/result.h"

namespace floe::sql::syntax {

// Every statement of a script, in order. Empty statements (";;") are skipped. Fails on the
// first error; use SplitScript + ParseStatement to run the statements before a bad one.
Result<std::vector<Statement>> ParseScript(std::string_view script);

// One statement of a script: its text (no ';') and where it starts.
struct ScriptStatement {
  std::string text;
  SourcePosition pos;
  size_t offset = 0;  // byte offset in the script
};

// The statements of a script without parsing them (only the lexer's errors: an unterminated
// string or comment).
Result<std::vector<ScriptStatement>> SplitScript(std::string_view script);

// For an interactive shell reading lines until a statement is complete: whether `text` ends with
// a ';' outside strings, quoted names and comments (`SELECT ';'` does not; `SELECT 1; -- x`
// does). An unterminated string or comment is not complete.
bool EndsWithStatementTerminator(std::string_view text);

// Exactly one statement (a trailing ';' is allowed). `start` is where `text` begins in its
// script, for positions (SplitScript's pos).
Result<Statement> ParseStatement(std::string_view text, SourcePosition start = {});

// One expression or one type: the expression language's (expr/syntax/expression_parser.h).
using expr::syntax::ParseExpression;
using expr::syntax::ParseType;

}  // namespace floe::sql::syntax
