// Walking syntax trees (syntax/ast.h): every expression node of an expression, and every
// expression of a query (its FROM, WHERE, select list, GROUP BY, HAVING, ORDER BY, LIMIT, WITH
// queries and subqueries; JOIN … USING columns as column references). The binder uses it to
// learn which columns a query names (so a table scan reads only those) and where aggregate
// calls are.
#pragma once

#include <functional>

#include "floe/sql/syntax/ast.h"

namespace floe::sql {

// Calls `visit` on `expr` and each of its sub-expressions, parents first.
void VisitExpressions(const syntax::Expr& expr,
                      const std::function<void(const syntax::Expr&)>& visit);

// Calls `visit` on every expression node anywhere in `query`, subqueries included.
void VisitQueryExpressions(const syntax::Query& query,
                           const std::function<void(const syntax::Expr&)>& visit);

}  // namespace floe::sql
