// Aggregates whose state per group is more than a count and a sum (aggregate_node.cc keeps those
// itself): each keeps its state for every group of one aggregation in a GroupAccumulator.
//   stddev_samp(x), stddev(x), std(x)   sample standard deviation    double (NULL below 2 values)
//   stddev_pop(x)                       population standard deviation double
//   var_samp(x), variance(x)            sample variance              double (NULL below 2 values)
//   var_pop(x)                          population variance          double
//     (moment_accumulator.cc: Welford's update per value and Chan's merge of partial states, so
//     large offsets do not cancel; x is cast to double)
//   collect_list(x), array_agg(x)       the non-NULL values in input order      array<x>
//   collect_set(x)                      the distinct non-NULL values, in the order first seen
//     (collect_accumulator.cc; no value gives an empty array, as in Spark)
//   percentile(x, p), median(x)         exact, Spark's linear interpolation between the two
//                                       values around position (n - 1) * p   double
//   percentile_approx(x, p[, accuracy]) the smallest value with at least p * n values at or
//                                       below it: Spark's answer computed exactly (the accuracy
//                                       is checked, not needed)                  x's type
//     (percentile_accumulator.cc; p may be an array of percentages: an array result)
//   approx_count_distinct(x[, rsd])     HyperLogLog (hyper_log_log.h), 2^p registers with
//                                       p = ceil(2 log2(1.106 / rsd)), rsd 0.05 by default  bigint
#pragma once

#include <memory>
#include <vector>

#include "floe/columnar/array.h"
#include "floe/sql/exec/aggregate_node.h"
#include "floe/util/result.h"

namespace floe::sql {

class GroupAccumulator {
 public:
  virtual ~GroupAccumulator() = default;
  // Makes room for groups [0, num_groups) (never shrinks).
  virtual void Resize(size_t num_groups) = 0;
  // Adds the value at `row` (not NULL) to `group`.
  virtual Status AddRow(const columnar::ArrayData& values, int64_t row, uint32_t group) = 0;
  // Adds the non-NULL values of rows [0, n) to their groups g[i].
  virtual Status Add(const columnar::ArrayData& values, int64_t n, const uint32_t* g);
  // Adds `from`'s group k to this one's group mapping[k]; `from` is not used afterwards.
  virtual Status Merge(GroupAccumulator& from, const std::vector<uint32_t>& mapping) = 0;
  // One value of type `out` per group.
  virtual Result<columnar::ArrayPtr> Finish(int64_t num_groups,
                                            const columnar::DataTypePtr& out) = 0;
};

// Whether `kind` is kept by a GroupAccumulator.
bool IsAccumulatorKind(AggregateKind kind);

// The result type of such an aggregate (InvalidArgument when the argument type does not fit).
Result<columnar::DataTypePtr> AccumulatorResultType(const AggregateCall& call);

Result<std::unique_ptr<GroupAccumulator>> MakeGroupAccumulator(const AggregateCall& call);

// The families' makers.
std::unique_ptr<GroupAccumulator> MakeMomentAccumulator(AggregateKind kind);
std::unique_ptr<GroupAccumulator> MakeCollectAccumulator(const columnar::DataTypePtr& element,
                                                         bool distinct_values);
std::unique_ptr<GroupAccumulator> MakePercentileAccumulator(const AggregateCall& call);
Result<std::unique_ptr<GroupAccumulator>> MakeApproxCountDistinctAccumulator(double relative_sd);

}  // namespace floe::sql
