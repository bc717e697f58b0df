// The strict counterpart of the bounds evaluator (expr/bounds_evaluator.h): "does EVERY row of
// this chunk satisfy the filter?" from the same per-column statistics (Java's
// StrictMetricsEvaluator). It answers true only when it is certain, so a caller may count a
// file's rows as matching without reading it (`floe count --filter` from metadata alone); when
// unsure it answers false, which only costs a read.
//
// A predicate holds for every row when the statistics leave no room for a row to fail it: no
// nulls (a comparison with null is unknown, not true), no NaN for comparisons on floats, and
// the whole [min, max] range inside the predicate's range (`ts >= a AND ts < b` over a day(ts)
// partition inside [a, b); `region = 'eu'` over identity(region) = 'eu', where min = max).
// Truncated string bounds only widen the range, so they stay safe. NOT is pushed down first.
#pragma once

#include <cstdint>

#include "floe/expr/bound_expression.h"
#include "floe/expr/bounds_evaluator.h"

namespace floe::scan {

// True only when every one of `row_count` rows certainly satisfies `expr` (true for 0 rows).
bool AllRowsMatch(const expr::BoundExpression& expr, int64_t row_count,
                  const expr::BoundsProvider& bounds);

}  // namespace floe::scan
