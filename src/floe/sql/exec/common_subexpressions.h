// Common subexpressions: calls that several expressions of one operator compute alike are
// computed once per batch. In TPC-H Q1, `l_extendedprice * (1 - l_discount)` is both the
// argument of one sum and part of another's.
//
// The shared calls become extra columns: Extend computes them, in order, and appends them to a
// batch's columns; the rewritten expressions read them as columns of that extended batch.
#pragma once

#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/sql/exec/physical_expr.h"
#include "floe/util/result.h"

namespace floe::sql {

class CommonSubexpressions {
 public:
  // `exprs` over batches of `input_columns` columns; they are rewritten in place. Calls with
  // the same fingerprint (physical_expr.h) occurring more than once are shared.
  static CommonSubexpressions Extract(std::vector<PhysicalExprPtr*> exprs, int input_columns);

  bool empty() const { return shared_.empty(); }
  // `batch` with the shared calls' arrays appended (the batch itself when none is shared).
  Result<columnar::RecordBatch> Extend(const columnar::RecordBatch& batch) const;

 private:
  int input_columns_ = 0;
  std::vector<PhysicalExprPtr> shared_;  // over the input's columns and the shared ones before it
};

}  // namespace floe::sql
