// What partition values say about the source columns of the rows they partition (spec:
// "Partition Transforms", "Scan Planning"): the inverse of a transform as bounds of the source
// column, so that a filter on `order_ts` prunes `day(order_ts)` partitions (hidden
// partitioning) through the same bounds evaluator that column metrics feed (expr/
// bounds_evaluator.h). Values are in the bound-expression form of the source column (expr/
// bound_expression.h): timestamps as Long in the column's unit, dates as Date days, etc.
//
//   identity        value v          → min = max = v
//   year/month/day  value v          → the first and last source value that maps to v
//   hour            value v          → the first and last micro/nanosecond of that hour
//   truncate[W]     int/long v       → [v, v + W - 1]; decimal: unscaled [v, v + W - 1]
//   truncate[W]     string/binary p  → min = p; max = p when p is shorter than W (the value was
//                                      not cut), else p with its last byte raised (no max when
//                                      every byte is 0xFF)
//   bucket[N]                        → no range (see BucketsMightMatch)
//   void, unknown                    → nothing
// Any non-null partition value (void aside) means no source value is null; a null one means
// every source value is null.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "floe/expr/bound_expression.h"
#include "floe/expr/bounds_evaluator.h"
#include "floe/manifest/manifest_file.h"
#include "floe/spec/literal.h"
#include "floe/spec/partition_spec.h"
#include "floe/spec/schema.h"
#include "floe/spec/transform.h"
#include "floe/spec/type.h"

namespace floe::scan {

// A partition field that says something about a source column of the schema: one source,
// present in the schema and primitive, a transform that applies to it (not void or unknown).
struct PartitionSource {
  size_t index = 0;  // in the spec's fields, the partition tuple and the manifest's summaries
  int32_t source_id = 0;
  spec::TypePtr source_type;
  spec::Transform transform;
};
std::vector<PartitionSource> PartitionSources(const spec::PartitionSpec& spec,
                                              const spec::Schema& schema);

// The source values a non-null transformed value stands for; either end may be unknown.
struct SourceRange {
  std::optional<spec::Literal> min;
  std::optional<spec::Literal> max;
};
SourceRange InverseRange(const spec::Transform& transform, const spec::Type& source,
                         const spec::Literal& transformed);

// What the partition value of one file (`record_count` rows) says about the source column;
// nullopt when it says nothing (void, unknown transforms).
std::optional<expr::ColumnBounds> PartitionValueBounds(const spec::Transform& transform,
                                                       const spec::Type& source,
                                                       const spec::Literal& value,
                                                       int64_t record_count);

// What a manifest's partition field summary says about the source column of its files
// (`row_count` rows, an upper bound is fine): [InverseRange(lower).min, InverseRange(upper).max]
// for order-preserving transforms, no nulls when contains_null is false, all nulls when there
// is a null and no lower bound (and, for floats, contains_nan is false: as Java's
// ManifestEvaluator). Summary bounds that do not decode are ignored.
std::optional<expr::ColumnBounds> PartitionSummaryBounds(
    const spec::Transform& transform, const spec::Type& source,
    const manifest::PartitionFieldSummary& summary, int64_t row_count);

// Both facts at once: the larger min, the smaller max, the known counts.
expr::ColumnBounds IntersectBounds(const columnar::DataType& type, const expr::ColumnBounds& a,
                                   const expr::ColumnBounds& b);

// One bucket[N] partition field of the column a predicate names, and whether the rows at hand
// might have bucket b (a file: b is its partition value; a manifest: b is inside its summary).
struct BucketField {
  const spec::Type* source = nullptr;
  int32_t num_buckets = 0;
  std::function<bool(int32_t bucket)> might_hold;
};
using BucketFieldProvider =
    std::function<std::vector<BucketField>(const expr::BoundReference& ref)>;

// `expr` with every `=` and IN predicate whose values all hash to buckets the rows cannot
// have replaced by FALSE (AND/OR folded), so the bounds evaluator sees what bucketing proves
// inside any AND/OR. `expr` must have its NOT pushed down (expr/rewrite_not.h). Unchanged
// subtrees are shared, not copied.
expr::BoundExpression PruneBucketPredicates(const expr::BoundExpression& expr,
                                            const BucketFieldProvider& buckets);

// A value of the bound-expression form as a spec::Literal of `type` (uuid bytes as a Uuid,
// ints widened for long columns), for transforms; nullopt when it does not fit.
std::optional<spec::Literal> ToSpecLiteral(const spec::Type& type, const spec::Literal& value);

}  // namespace floe::scan
