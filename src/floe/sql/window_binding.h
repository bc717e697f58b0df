// Binding window function calls (f(…) OVER (…), exec/window_node.h) of one SELECT: the calls in
// its select list and ORDER BY become WindowNodes over the rows the select list reads (the FROM's,
// or the aggregate's when the query groups, so `rank() OVER (ORDER BY sum(x) DESC)` works), one
// node per distinct PARTITION BY / ORDER BY, each appending its calls' columns. Spark's rules:
// ranking functions and lag/lead need an ORDER BY and take no frame; the default frame is RANGE
// BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW with ORDER BY, the whole partition without.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "floe/sql/exec/plan_node.h"
#include "floe/sql/expression_binder.h"
#include "floe/sql/syntax/ast.h"

namespace floe::sql {

// Whether `expr` holds a window function call (not looking into subqueries).
bool ContainsWindow(const syntax::Expr& expr);

struct PlannedWindows {
  PlanNodePtr node;                          // the input with the window columns after its own
  std::vector<std::string> texts;            // each call's text (syntax::ToSql), column order
  std::vector<columnar::DataTypePtr> types;  // … and its type
};

// The window calls anywhere in `roots`, over `node`'s rows as `binder` binds them.
Result<PlannedWindows> PlanWindows(PlanNodePtr node, const std::vector<const syntax::Expr*>& roots,
                                   const ExpressionBinder& binder, const EvalContextPtr& context);

// The windows of one SELECT planned over `node` (PlanWindows), and the binder for its select list
// and ORDER BY: over `base_scope` (the scope `binder` binds over) with the window columns after
// it, finding each window call's column by its text. `replace` (may be null) is tried on
// everything else: an aggregated query's group keys and aggregate calls.
struct WindowedRows {
  PlanNodePtr node;
  Scope scope;
  std::vector<std::string> texts;
  std::optional<ExpressionBinder> binder;
};

Result<std::unique_ptr<WindowedRows>> BindWindows(
    PlanNodePtr node, const std::vector<const syntax::Expr*>& roots, const ExpressionBinder& binder,
    const Scope& base_scope, ExpressionBinder::Replacer replace, const EvalContextPtr& context);

}  // namespace floe::sql
