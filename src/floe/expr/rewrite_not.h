// RewriteNot: NOT pushed down to the predicates, so that evaluators which reason about "might
// any row match" (bounds_evaluator.h) never have to invert an answer. The result keeps the
// row evaluator's three-valued meaning exactly: not(a < 5) is a >= 5, except on float columns
// where NaN satisfies neither, so there it is a >= 5 OR a IS NAN. De Morgan turns NOT (x AND y)
// into NOT x OR NOT y; NOT NOT x is x.
#pragma once

#include "floe/expr/bound_expression.h"

namespace floe::expr {

BoundExpression RewriteNot(const BoundExpression& expr);

}  // namespace floe::expr
