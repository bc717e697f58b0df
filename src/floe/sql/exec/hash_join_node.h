// Hash join: the right input is read whole into a hash table on its key columns, then each left
// batch probes it. Inner join: every pair of rows with equal keys (NULL keys never match) that
// also passes the residual condition (the ON condition's other parts). Left join: those pairs,
// plus each left row without any, with NULLs for the right columns. No keys: a cross join
// (with the residual as its filter). Output: the left columns, then the right ones. Memory: the
// right input.
#pragma once

#include <vector>

#include "floe/sql/exec/plan_node.h"

namespace floe::sql {

enum class HashJoinType { kInner, kLeft };

// left_keys[i] (over the left schema) equals right_keys[i] (over the right schema); both sides
// already cast to a common type. `residual` is over the joined schema (left then right), or null.
PlanNodePtr MakeHashJoinNode(PlanNodePtr left, PlanNodePtr right, HashJoinType type,
                             std::vector<PhysicalExprPtr> left_keys,
                             std::vector<PhysicalExprPtr> right_keys, PhysicalExprPtr residual,
                             columnar::SchemaPtr joined_schema);

}  // namespace floe::sql
