// Window functions (Spark SQL's): one WindowNode per window (PARTITION BY … ORDER BY …) appends
// one column per call over that window to every input row.
//
//   row_number, rank, dense_rank (int), percent_rank (double), ntile(n) (int)
//   lag / lead(x[, offset[, default]])   x of the row `offset` rows before / after in the
//                                        partition, else `default` (NULL when none)
//   first_value / last_value(x[, ignore_nulls])   x at the frame's first / last row
//   count, sum, avg, min, max over the frame
//
// A frame is ROWS or RANGE between two bounds; RANGE CURRENT ROW reaches the row's peers (equal
// ORDER BY values), RANGE n PRECEDING / FOLLOWING offsets the one numeric ORDER BY value (NULL
// values are each other's peers and reach only each other). Every frame is computed in O(n log n)
// or better per partition: growing and sliding frames keep running sums (a count of NaN and
// infinities beside the sum of finite doubles) and a monotonic queue for min / max, since both
// bounds only move forward; first / last_value with ignore_nulls use the next / previous non-NULL
// position.
//
// Execution: every input row held (as the sort node holds them), sorted stably by (partition
// keys ascending NULLS FIRST, order keys), then the window columns computed per partition and the
// rows passed on in that order, in chunks. Memory: the whole input, its sorted order, the
// evaluated keys and arguments, and the new columns.
#pragma once

#include <string>
#include <vector>

#include "floe/sql/exec/aggregate_node.h"
#include "floe/sql/exec/plan_node.h"
#include "floe/sql/exec/sort_node.h"

namespace floe::sql {

enum class WindowFunctionKind {
  kRowNumber,
  kRank,
  kDenseRank,
  kPercentRank,
  kNtile,
  kLag,
  kLead,
  kFirstValue,
  kLastValue,
  kAggregate,
};

enum class WindowBoundKind {
  kUnboundedPreceding,
  kPreceding,
  kCurrentRow,
  kFollowing,
  kUnboundedFollowing,
};

struct WindowBound {
  WindowBoundKind kind = WindowBoundKind::kCurrentRow;
  int64_t rows = 0;    // ROWS n PRECEDING / FOLLOWING
  double range = 0.0;  // RANGE n PRECEDING / FOLLOWING (on the order key as a double)
};

struct WindowFrameSpec {
  bool rows = true;  // ROWS; else RANGE
  WindowBound start{WindowBoundKind::kUnboundedPreceding};
  WindowBound end{WindowBoundKind::kUnboundedFollowing};
};

struct WindowCall {
  WindowFunctionKind kind = WindowFunctionKind::kRowNumber;
  AggregateKind aggregate = AggregateKind::kCountStar;  // kAggregate: which one
  // The value: lag/lead/first/last/min/max any type; sum/avg bigint or double; null for count(*)
  // and the ranking functions.
  PhysicalExprPtr arg;
  PhysicalExprPtr default_value;  // lag/lead, of arg's type; null: NULL
  int64_t offset = 1;             // lag/lead offset, ntile's bucket count
  bool ignore_nulls = false;      // first_value / last_value
  WindowFrameSpec frame;
  columnar::DataTypePtr type;  // the result's
  std::string name;
};

struct WindowDefinition {
  std::vector<PhysicalExprPtr> partition_by;
  std::vector<SortKey> order_by;
  // RANGE frames with an offset: the one order key as double (null when no call needs it).
  PhysicalExprPtr range_key;
};

PlanNodePtr MakeWindowNode(PlanNodePtr input, WindowDefinition window,
                           std::vector<WindowCall> calls, std::string description);

}  // namespace floe::sql
