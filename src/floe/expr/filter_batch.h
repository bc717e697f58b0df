// Compaction: the rows a Selection keeps, copied into new arrays (docs/design-notes.md: filters
// produce compacted batches, never selection vectors). Every column type is copied, nested
// structs, lists and maps included; a selection that keeps every row returns the batch itself.
#pragma once

#include <cstdint>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/expr/row_evaluator.h"
#include "floe/util/result.h"

namespace floe::expr {

Result<columnar::RecordBatch> FilterBatch(const columnar::RecordBatch& batch,
                                          const Selection& selection);

// The elements at `indices` (in that order) of an array, copied into a new array.
Result<columnar::ArrayPtr> TakeRows(const columnar::ArrayData& array,
                                    const std::vector<int64_t>& indices);

}  // namespace floe::expr
