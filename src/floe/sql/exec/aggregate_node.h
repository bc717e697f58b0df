// Hash aggregation: GROUP BY keys → one row per distinct key (NULLs group together, NaN with
// NaN), with the aggregates of Spark:
//   count(*)            rows                                     bigint
//   count(x)            non-NULL values                          bigint
//   sum(x)              NULL when no non-NULL value; integers → bigint (wrapping), floats →
//                       double, decimal(p,s) → decimal(min(38, p+10), s) (NULL on overflow)
//   avg(x)              double; decimal(p,s) → decimal(min(38, p+4), min(38, s+4))
//   min(x), max(x)      any orderable type (Spark's order: NaN is the largest number)
// and the ones group_accumulator.h keeps per group: stddev/stddev_samp/std, stddev_pop,
// variance/var_samp, var_pop, collect_list/array_agg, collect_set, percentile, median,
// percentile_approx/approx_percentile, approx_count_distinct.
// DISTINCT on any of them counts each distinct non-NULL value once per group. Without GROUP BY
// there is exactly one group, also for no input rows (count 0, the others NULL).
// Output: the key columns, then one column per aggregate. Groups come out in the order they were
// first seen. Memory: the groups and their states (and the DISTINCT sets).
#pragma once

#include <string>
#include <vector>

#include "floe/sql/exec/plan_node.h"

namespace floe::sql {

enum class AggregateKind {
  kCountStar,
  kCount,
  kSum,
  kAvg,
  kMin,
  kMax,
  kStddevSamp,
  kStddevPop,
  kVarSamp,
  kVarPop,
  kCollectList,
  kCollectSet,
  kPercentile,        // exact, interpolated (percentile, median)
  kPercentileApprox,  // a value of the input (percentile_approx; computed exactly)
  kApproxCountDistinct,
};

struct AggregateCall {
  AggregateKind kind = AggregateKind::kCountStar;
  bool distinct = false;
  PhysicalExprPtr arg;  // null for count(*)
  std::string name;     // output column name
  // percentile, median, percentile_approx: the constant percentages (each in [0, 1]); a list
  // result when they were given as an array.
  std::vector<double> percentages;
  bool percentage_array = false;
  double relative_sd = 0.05;  // approx_count_distinct's second argument
};

// The result type of an aggregate over `arg` (nullptr for count(*)); InvalidArgument when the
// type does not fit (sum of strings).
Result<columnar::DataTypePtr> AggregateResultType(AggregateKind kind,
                                                  const columnar::DataTypePtr& arg);

// The same for a bound call (percentile of an array of percentages is a list).
Result<columnar::DataTypePtr> AggregateResultType(const AggregateCall& call);

// "count", "sum", "avg"/"mean", "min", "max", "stddev", … (lower case) → kind; count(*) is
// kCountStar.
Result<AggregateKind> AggregateKindFromName(std::string_view name, bool star);

PlanNodePtr MakeAggregateNode(PlanNodePtr input, std::vector<PhysicalExprPtr> keys,
                              std::vector<std::string> key_names,
                              std::vector<AggregateCall> aggregates);

}  // namespace floe::sql
