// Row ranges: the rows of one row group a reader is asked for, as sorted, disjoint [first, last)
// intervals. The page index (page_index.h) gives them: each page's OffsetIndex entry says where
// its rows start, so the rows of the pages whose ColumnIndex admits a match form a RowRanges,
// and the ranges of several columns combine by intersection (AND) and union (OR). A reader then
// needs only the pages that overlap the ranges (parquet.thrift, "PageIndex").
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/format/parquet/page_index.h"
#include "floe/util/result.h"

namespace floe::parquet {

struct RowRange {
  int64_t first = 0;  // inclusive
  int64_t last = 0;   // exclusive
  bool operator==(const RowRange&) const = default;
};

// The rows `runs` cover; InvalidArgument (naming them as `what` runs) unless they are non-empty,
// sorted, disjoint and inside [0, limit).
Result<int64_t> CoveredRows(std::span<const RowRange> runs, int64_t limit, std::string_view what);

class RowRanges {
 public:
  RowRanges() = default;  // no rows
  // Rows [0, rows).
  static RowRanges All(int64_t rows);
  // Any intervals (empty ones dropped), sorted and merged.
  static RowRanges Of(std::vector<RowRange> ranges);

  static RowRanges Union(const RowRanges& a, const RowRanges& b);
  static RowRanges Intersection(const RowRanges& a, const RowRanges& b);

  const std::vector<RowRange>& ranges() const { return ranges_; }
  bool empty() const { return ranges_.empty(); }
  int64_t row_count() const;
  // The parts of [first, last) inside these ranges.
  RowRanges Within(int64_t first, int64_t last) const;

  bool operator==(const RowRanges&) const = default;

 private:
  std::vector<RowRange> ranges_;
};

// The rows each page of a column chunk of `row_count` rows holds, by its OffsetIndex: page i
// holds [first_row_index[i], first_row_index[i + 1]), the last one up to row_count. Corrupt when
// the first page does not start at row 0 or the row indexes decrease or pass row_count.
Result<std::vector<RowRange>> PageRows(const OffsetIndex& index, int64_t row_count);

// The rows of `batch`, whose first row is row `first_row` of its row group, that lie inside
// `ranges`: zero-copy slices, one per overlapping range, in order. For a reader that decoded whole
// pages (or whole row groups) to hand on only the selected rows.
std::vector<columnar::RecordBatch> SliceToRanges(const columnar::RecordBatch& batch,
                                                 int64_t first_row, const RowRanges& ranges);

}  // namespace floe::parquet
