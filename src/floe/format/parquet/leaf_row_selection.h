// Row selection of a decoded leaf batch (late materialization): a filter reads its columns whole,
// decides which rows of the batch it keeps, and those leaf batches are then cut down to the kept
// rows — their level entries and their dense values — so the level assembly builds arrays of the
// kept rows only, exactly as if just those rows had been read (ColumnChunkReader::ReadRowRuns).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "floe/columnar/array.h"
#include "floe/format/parquet/column_chunk_reader.h"
#include "floe/format/parquet/row_ranges.h"
#include "floe/util/result.h"

namespace floe::parquet {

// The rows of `in` inside `runs` (sorted, disjoint, inside [0, in.num_rows)), in order.
// InvalidArgument on bad runs; Corrupt when the levels and values of `in` disagree.
Result<LeafBatch> SelectLeafRows(const LeafBatch& in, std::span<const RowRange> runs);

// The elements of a flat array (no children, offset 0 or not) inside `runs`, copied into a new
// array of the same type: the dense values of a leaf.
Result<columnar::ArrayPtr> TakeValueRuns(const columnar::ArrayData& values,
                                         std::span<const RowRange> runs);

}  // namespace floe::parquet
