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

// The row order of that stable sort: `key_values[k]` holds key k's values for `num_rows` rows
// (keys[k].expr is not used here). The window node sorts with it too.
std::vector<int64_t> SortedOrder(const std::vector<columnar::ArrayPtr>& key_values,
                                 const std::vector<SortKey>& keys, int64_t num_rows);

// Whether rows x and y have equal values in every one of `key_values` (NULL equals NULL).
bool SameKeys(const std::vector<columnar::ArrayPtr>& key_values, int64_t x, int64_t y);

PlanNodePtr MakeSortNode(PlanNodePtr input, std::vector<SortKey> keys, std::string description);

}  // namespace floe::sql
