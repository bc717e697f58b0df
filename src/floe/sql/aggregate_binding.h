// Binding the arguments of an aggregate call (query_binder.cc gathers the calls): the value
// argument, cast where the aggregate needs it (sum, avg and the moments take numbers as double,
// strings too, as Spark's implicit casts do), and the constant arguments of percentile, median,
// percentile_approx and approx_count_distinct, checked as Spark checks them.
#pragma once

#include "floe/sql/exec/aggregate_node.h"
#include "floe/sql/expression_binder.h"
#include "floe/sql/syntax/ast.h"

namespace floe::sql {

// `out` has its kind, name and DISTINCT set; fills in its argument and constants.
Status BindAggregateArguments(const syntax::FunctionCall& call, const ExpressionBinder& binder,
                              AggregateCall& out);

}  // namespace floe::sql
