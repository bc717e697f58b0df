// The bounds evaluator: "might any row of this chunk match?" from per-column statistics, for
// pruning Parquet row groups and pages and (later) Iceberg data files by their metrics.
// It answers false only when no row can match: a wrong true costs a read, a wrong false loses
// rows (docs/cli.md: pruning never changes a result).
//
// Statistics come from a callback so Parquet statistics and Iceberg manifests can both supply
// them. Min and max bound the column's non-null, non-NaN values (inclusive; truncated string
// bounds are fine as long as they still bound the values) in the physical form of
// bound_expression.h. Anything unknown is left empty; a column with no statistics at all is
// std::nullopt. NOT is pushed down first (rewrite_not.h), so nothing is ever inverted.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

#include "floe/expr/bound_expression.h"
#include "floe/spec/literal.h"

namespace floe::expr {

struct ColumnBounds {
  std::optional<spec::Literal> min;
  std::optional<spec::Literal> max;
  std::optional<int64_t> null_count;
  std::optional<int64_t> nan_count;  // float columns
};

using BoundsProvider = std::function<std::optional<ColumnBounds>(const BoundReference&)>;

// False only when no row of the chunk (row_count rows) can satisfy `expr`.
bool MightMatch(const BoundExpression& expr, int64_t row_count, const BoundsProvider& bounds);

// The bytes of a string, binary or UUID value; nullopt for other kinds.
std::optional<std::string_view> LiteralBytes(const spec::Literal& v);

// The order of two values of a column's physical form: <0, 0, >0, or nullopt when they cannot
// be compared (different kinds, NaN). Strings and binary compare as unsigned bytes, -0.0 = 0.0,
// uint64 (held in a Long) unsigned.
std::optional<int> CompareValues(const columnar::DataType& type, const spec::Literal& a,
                                 const spec::Literal& b);

}  // namespace floe::expr
