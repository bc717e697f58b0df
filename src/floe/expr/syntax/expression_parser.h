// The parser of the one expression language (docs/design.md): text → the expressions and types of
// ast.h. It is floe SQL's expression grammar (SQL's statement parser, sql/syntax/sql_parser.h,
// extends this class) and the WHERE-clause grammar behind every `--filter` (expr/parser.h).
//
// Expression precedence, lowest first (Spark's):
//   OR < AND < NOT < predicates (IS, [NOT] IN / LIKE / BETWEEN) < comparisons (= == != <> < <= >
//   >= <=>) < | < ^ < & < + - || < * / % DIV < unary - + ~ < postfix [i] .field < primary
//
// It reads the tokens of one statement (or expression); the statement ends at ';' or at the end
// of the input. Every error is InvalidArgument with the position of the offending token:
//   line 2, column 8: expected ")" after the column list, found "FROM"
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "floe/expr/syntax/ast.h"
#include "floe/expr/syntax/lexer.h"
#include "floe/util/result.h"

namespace floe::expr::syntax {

// One expression (the whole text): "region = 'seoul' AND ts >= TIMESTAMP '2026-03-05 00:00'".
Result<ExprPtr> ParseExpression(std::string_view text);

// Fails (InvalidArgument, at the expression's position) when `expr` is deeper than the later,
// recursive stages accept. ParseExpr checks every expression it reads; a caller that builds one
// from other parse functions checks it itself.
Status CheckExpressionDepth(const Expr& expr);

// One type: "DECIMAL(10, 2)", "STRUCT<a: INT, b: ARRAY<STRING>>", "timestamptz".
Result<TypeName> ParseType(std::string_view text);

class ExpressionParser {
 public:
  explicit ExpressionParser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

  Result<ExprPtr> ParseExpr();
  Result<TypeName> ParseType();

  // Fails unless every token was read (up to a ';' when `allow_semicolon`).
  Status ExpectEndOfInput(bool allow_semicolon);

 protected:
  // --- tokens
  const Token& Peek(size_t ahead = 0) const;
  const Token& Advance();
  bool AtWord(std::string_view keyword, size_t ahead = 0) const;  // unquoted, case-insensitive
  bool AcceptWord(std::string_view keyword);
  Status ExpectWord(std::string_view keyword, std::string_view context);
  bool AtSymbol(std::string_view symbol, size_t ahead = 0) const;
  bool AcceptSymbol(std::string_view symbol);
  Status ExpectSymbol(std::string_view symbol, std::string_view context);
  bool AtStatementEnd() const;  // ';' or end of input
  // SELECT, WITH, VALUES, or '(' before one: a query (SQL's) where an expression may not be.
  bool AtQueryStart(size_t ahead = 0) const;
  // "line L, column C: expected <what>, found <token>"
  Error ErrorExpected(std::string_view what) const;
  Error ErrorAt(const Token& token, std::string_view message) const;
  // An unquoted non-reserved word or a `quoted` identifier.
  bool AtIdentifier(size_t ahead = 0) const;
  // Read an identifier; `what` names it in the error ("a column name").
  Result<std::string> ParseIdentifier(std::string_view what);
  // a.b.c (parts after a '.' may be any word, reserved or not)
  Result<QualifiedName> ParseQualifiedName(std::string_view what);
  // (a, b, c)
  Result<std::vector<std::string>> ParseIdentifierList(std::string_view what);
  // Nesting guard against stack exhaustion on hostile input.
  Status EnterNesting();
  void LeaveNesting() { --depth_; }

  // --- expressions
  Result<ExprPtr> ParseOr();
  Result<ExprPtr> ParseAnd();
  Result<ExprPtr> ParseNot();
  Result<ExprPtr> ParsePredicate();
  Result<ExprPtr> ParseComparison();
  Result<ExprPtr> ParseBitOr();
  Result<ExprPtr> ParseBitXor();
  Result<ExprPtr> ParseBitAnd();
  Result<ExprPtr> ParseAdditive();
  Result<ExprPtr> ParseMultiplicative();
  Result<ExprPtr> ParseUnary();
  Result<ExprPtr> ParsePostfix(ExprPtr base);
  Result<ExprPtr> ParsePrimary();
  Result<ExprPtr> ParseNameOrCall();
  Result<ExprPtr> ParseCase();
  Result<ExprPtr> ParseCast();
  Result<ExprPtr> ParseNumber(bool negative);
  Result<std::vector<ExprPtr>> ParseExprList();                   // a, b, c (no parentheses)
  Result<std::string> ParseStringLiteral(std::string_view what);  // adjacent strings concatenate
  Result<TypeName> ParseStructType(SourcePosition pos);
  // OVER (…) after a call, when windows are allowed (window_parser.cc).
  Result<std::unique_ptr<WindowSpec>> ParseWindowSpec();
  Result<FrameBound> ParseFrameBound();

  // SQL's parser reads window function calls (f(…) OVER (…)); `--filter` refuses them.
  bool allow_windows_ = false;
  Result<int> ParseTypeLength(std::string_view type_name);

 private:
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  int depth_ = 0;
  int expression_nesting_ = 0;  // ParseExpr calls under way
};

}  // namespace floe::expr::syntax
