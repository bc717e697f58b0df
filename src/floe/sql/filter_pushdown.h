// Filter pushdown: a WHERE conjunct over one Iceberg table as a filter expression (expr/: the
// language `floe scan --filter` takes), so the table scan prunes manifests and files by
// partition values and metrics and its reader keeps only matching rows. Only conjuncts whose
// meaning is the same in both are pushed: comparisons of a column with a literal of a compatible
// type, IS [NOT] NULL, IN and BETWEEN with literals, LIKE with a literal pattern, and AND / OR /
// NOT of those. Floating-point columns stay out (SQL's NaN = NaN is not the filter's IEEE
// comparison), and so do timestamp strings without offset unless the session zone is UTC. A uuid
// (a string to queries, as a column or a struct field) is pushed only in = / != / IN with
// canonical lowercase UUID text, where text and bytes agree.
// Everything else stays a Filter node above the scan.
#pragma once

#include <optional>
#include <string>

#include "floe/expr/expression.h"
#include "floe/spec/schema.h"
#include "floe/sql/expression_binder.h"

namespace floe::sql {

// A pushed conjunct: the filter the scan binds, and the conjunct as EXPLAIN shows it (in SQL,
// with the table's column names: `(day BETWEEN DATE '2026-03-02' AND DATE '2026-03-03')`).
struct PushedFilter {
  expr::Expression filter;
  std::string text;
};

// `binder` resolves the table's columns (its scope is the scan's full schema). nullopt when the
// conjunct cannot be pushed (then it must be evaluated above the scan).
std::optional<PushedFilter> PushableFilter(const syntax::Expr& conjunct,
                                           const ExpressionBinder& binder, const Scope& scope,
                                           const spec::Schema& table_schema, bool session_is_utc);

// a AND b AND c → [a, b, c] (pointers into the tree).
void SplitConjuncts(const syntax::Expr& expr, std::vector<const syntax::Expr*>* out);

}  // namespace floe::sql
