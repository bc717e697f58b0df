// Filter pushdown: a WHERE conjunct over one Iceberg table, printed as a filter (expr/parser.h:
// the text `floe scan --filter` takes, read by SQL's own expression grammar and lowered to the
// filter's subset), so the table scan prunes manifests and files by partition values and metrics
// and its reader keeps only matching rows. Only conjuncts whose meaning is the same in both are
// pushed: comparisons of a column with a literal of a compatible type, IS [NOT] NULL, IN and
// BETWEEN with literals, LIKE with a literal pattern, and AND / OR / NOT of those. Floating-point
// columns stay out (SQL's NaN = NaN is not the filter's IEEE comparison), and so do timestamp
// strings without offset unless the session zone is UTC. A uuid (a string to queries, as a column
// or a struct field) is pushed only in = / != / IN with canonical lowercase UUID text, where text
// and bytes agree.
// Everything else stays a Filter node above the scan.
#pragma once

#include <optional>
#include <string>

#include "floe/spec/schema.h"
#include "floe/sql/expression_binder.h"

namespace floe::sql {

// `binder` resolves the table's columns (its scope is the scan's full schema). nullopt when the
// conjunct cannot be pushed (then it must be evaluated above the scan).
std::optional<std::string> PushableFilterText(const syntax::Expr& conjunct,
                                              const ExpressionBinder& binder, const Scope& scope,
                                              const spec::Schema& table_schema,
                                              bool session_is_utc);

// a AND b AND c → [a, b, c] (pointers into the tree).
void SplitConjuncts(const syntax::Expr& expr, std::vector<const syntax::Expr*>* out);

}  // namespace floe::sql
