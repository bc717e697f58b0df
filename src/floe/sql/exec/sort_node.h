// ORDER BY: every input row held, then a stable sort on the keys (each ascending or descending,
// NULLs first or last), then the rows in that order. Ties keep their input order. Memory: the
// whole input.
#pragma once

#include <vector>

#include "floe/sql/exec/plan_node.h"

namespace floe::sql {

struct SortKey {
  PhysicalExprPtr expr;
  bool descending = false;
  bool nulls_first = true;
};

PlanNodePtr MakeSortNode(PlanNodePtr input, std::vector<SortKey> keys, std::string description);

}  // namespace floe::sql
