// The recursive-descent parser behind parser.h: the expression language's parser
// (expr/syntax/expression_parser.h: tokens, expressions, types) extended with queries
// (query_parser.cc) and statements (statement_parser.cc). Internal: callers use parser.h.
//
// It reads the tokens of one statement; the statement ends at ';' or at the end of the input.
// Every error is InvalidArgument with the position of the offending token:
//   line 2, column 8: expected ")" after the column list, found "FROM"
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "floe/expr/syntax/expression_parser.h"
#include "floe/sql/syntax/ast.h"
#include "floe/util/result.h"

namespace floe::sql::syntax {

using expr::syntax::Token;
using expr::syntax::TokenKind;

class SqlParser : public expr::syntax::ExpressionParser {
 public:
  // `text` is the source the tokens were read from (for statement texts and SET's raw value).
  SqlParser(std::string_view text, std::vector<Token> tokens)
      : ExpressionParser(std::move(tokens)), text_(text) {
    allow_windows_ = true;
  }

  // statement_parser.cc
  Result<Statement> ParseStatement();
  // query_parser.cc
  Result<QueryPtr> ParseQuery();

 private:
  // --- queries (query_parser.cc)
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
  Result<Statement> ParseCall();
  Result<ColumnDefinition> ParseColumnDefinition();
  Result<AddColumn> ParseAddColumn();
  Result<std::optional<ColumnPosition>> ParseColumnPosition();
  Result<std::vector<Property>> ParseProperties();
  Result<std::string> ParsePropertyKey();
  Result<std::vector<PartitionField>> ParsePartitionedBy();
  bool AtNamespaceWord() const;  // NAMESPACE, SCHEMA, DATABASE

  std::string_view text_;
};

}  // namespace floe::sql::syntax
