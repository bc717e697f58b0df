// The recursive-descent parser behind parser.h, shared by its three parts:
// expression_parser.cc (expressions and types), query_parser.cc (queries and FROM) and
// statement_parser.cc (statements). Internal: callers use parser.h.
//
// It reads the tokens of one statement (or expression); the statement ends at ';' or at the end
// of the input. Every error is InvalidArgument with the position of the offending token:
//   line 2, column 8: expected ")" after the column list, found "FROM"
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "floe/sql/syntax/ast.h"
#include "floe/sql/syntax/lexer.h"
#include "floe/util/result.h"

namespace floe::sql::syntax {

class SqlParser {
 public:
  // `text` is the source the tokens were read from (for statement texts and SET's raw value).
  SqlParser(std::string_view text, std::vector<Token> tokens)
      : text_(text), tokens_(std::move(tokens)) {}

  // statement_parser.cc
  Result<Statement> ParseStatement();
  // expression_parser.cc
  Result<ExprPtr> ParseExpr();
  Result<TypeName> ParseType();
  // query_parser.cc
  Result<QueryPtr> ParseQuery();

  // Fails unless every token was read (up to a ';' when `allow_semicolon`).
  Status ExpectEndOfInput(bool allow_semicolon);

 private:
  // --- tokens (expression_parser.cc)
  const Token& Peek(size_t ahead = 0) const;
  const Token& Advance();
  bool AtWord(std::string_view keyword, size_t ahead = 0) const;  // unquoted, case-insensitive
  bool AcceptWord(std::string_view keyword);
  Status ExpectWord(std::string_view keyword, std::string_view context);
  bool AtSymbol(std::string_view symbol, size_t ahead = 0) const;
  bool AcceptSymbol(std::string_view symbol);
  Status ExpectSymbol(std::string_view symbol, std::string_view context);
  bool AtStatementEnd() const;  // ';' or end of input
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

  // --- expressions (expression_parser.cc)
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
  Result<std::vector<ExprPtr>> ParseExprList();  // a, b, c (no parentheses)
  Result<std::string> ParseStringLiteral(std::string_view what);  // adjacent strings concatenate
  Result<TypeName> ParseStructType(SourcePosition pos);
  Result<int> ParseTypeLength(std::string_view type_name);

  // --- queries (query_parser.cc)
  bool AtQueryStart(size_t ahead = 0) const;  // SELECT, WITH, VALUES, or '(' before one
  Result<QueryBodyPtr> ParseUnionLevel();
  Result<QueryBodyPtr> ParseIntersectLevel();
  Result<QueryBodyPtr> ParseQueryPrimary();
  Result<QueryBodyPtr> ParseSelect();
  Result<QueryBodyPtr> ParseValues();
  Result<SelectItem> ParseSelectItem();
  Result<FromItemPtr> ParseFromList();
  Result<FromItemPtr> ParseJoinedItem();
  Result<FromItemPtr> ParseFromPrimary();
  Result<std::optional<TimeTravel>> ParseTimeTravel();
  Status ParseTableAlias(FromItem& item);
  Result<std::vector<OrderItem>> ParseOrderBy();

  // --- statements (statement_parser.cc)
  Result<Statement> ParseCreate();
  Result<Statement> ParseCreateTable(bool or_replace, bool replace);
  Result<Statement> ParseDrop();
  Result<Statement> ParseShow();
  Result<Statement> ParseDescribe();
  Result<Statement> ParseAlterTable();
  Result<Statement> ParseInsert();
  Result<Statement> ParseSet();
  Result<ColumnDefinition> ParseColumnDefinition();
  Result<AddColumn> ParseAddColumn();
  Result<std::optional<ColumnPosition>> ParseColumnPosition();
  Result<std::vector<Property>> ParseProperties();
  Result<std::string> ParsePropertyKey();
  Result<std::vector<PartitionField>> ParsePartitionedBy();
  bool AtNamespaceWord() const;  // NAMESPACE, SCHEMA, DATABASE

  std::string_view text_;
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace floe::sql::syntax
