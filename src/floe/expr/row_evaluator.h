// The row evaluator: a bound expression over a record batch gives the rows it keeps.
//
// SQL three-valued logic: a comparison with a null (the row's value or a NULL literal) is
// unknown; NOT unknown is unknown; AND/OR follow Kleene; a row is kept only when the filter is
// true. Floats compare as IEEE 754: NaN is unequal to everything (so `f != 1` holds for NaN,
// `f < 1`, `f = 1` and `f >= 1` do not), and -0.0 = 0.0. IS [NOT] NAN and IS [NOT] NULL are never
// unknown (a null is not NaN). Strings and binary order as unsigned bytes.
//
// Each predicate runs one loop over the column's typed values (no call per value); nested
// struct fields are reached through their parents, whose nulls make the field null.
#pragma once

#include <cstdint>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/expr/bound_expression.h"
#include "floe/util/result.h"

namespace floe::expr {

// The rows a filter keeps: one bit per row, LSB first (the columnar bitmap layout).
struct Selection {
  int64_t num_rows = 0;
  int64_t count = 0;  // rows kept
  std::vector<uint8_t> bitmap;

  bool selected(int64_t i) const { return (bitmap[static_cast<size_t>(i >> 3)] >> (i & 7)) & 1; }
  // The kept rows' indices, ascending.
  std::vector<int64_t> Indices() const;
};

// InvalidArgument when the batch does not have the columns the expression was bound to (a
// reference whose path or type differs).
Result<Selection> EvaluateRows(const BoundExpression& expr, const columnar::RecordBatch& batch);

}  // namespace floe::expr
