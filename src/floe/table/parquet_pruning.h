// Skipping Parquet row groups that cannot hold a row matching a filter: the filter (bound to the
// reader's columns) is checked against each row group's column statistics (expr/
// bounds_evaluator.h) and, for = and IN on columns with bloom filters, against those. The Parquet
// reader only asks "keep this row group?" (format/parquet/batch_reader.h); this file answers.
//
// Statistics are used only where they are trustworthy (parquet.thrift, ColumnOrder):
// min_value/max_value when the file declares the type's order; the deprecated min/max only for
// types whose order is signed (integers, floats, dates, timestamps), never for strings, binary,
// unsigned integers or decimals in bytes (old parquet-mr compared those as signed bytes); no
// bounds at all for INT96 and float16. NaN bounds are dropped.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "floe/expr/bound_expression.h"
#include "floe/expr/bounds_evaluator.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/format/parquet/row_ranges.h"
#include "floe/util/result.h"

namespace floe::table {

// The bounds of one column chunk in the bound-expression value form, or nullopt.
std::optional<expr::ColumnBounds> ParquetColumnBounds(const parquet::FileReader& file,
                                                      int row_group, int column,
                                                      const columnar::DataType& type);

// The PLAIN bytes a bloom filter hashes for `value` of a leaf of `type`; nullopt when the type
// has no bloom-filter form floe computes (booleans, INT96, float16).
std::optional<std::string> ParquetPlainBytes(const parquet::SchemaNode& leaf,
                                             const columnar::DataType& type,
                                             const spec::Literal& value);

struct PruningCounters {
  int by_statistics = 0;
  int by_bloom_filter = 0;
  int by_page_index = 0;  // row groups where no page admits a match
};

// A row-group filter for BatchReaderOptions: `filter` is bound to the schema of a reader made
// with `projection` over `file` (its read tree finds each reference's column). Counts what it
// skips in *counters when given.
std::function<Result<bool>(int)> MakeRowGroupFilter(const parquet::FileReader& file,
                                                    std::vector<parquet::ReadNode> read_tree,
                                                    expr::BoundExpression filter,
                                                    PruningCounters* counters = nullptr);

// The rows of row group `row_group` that might match `filter` (bound as for MakeRowGroupFilter)
// by the page index: for each predicate, the rows of the pages whose ColumnIndex (min/max under
// the same trust rules as the statistics, null pages, null and NaN counts) admits a match, by
// the OffsetIndex's row numbers; AND intersects, OR unites. A column without a page index admits
// every row. Empty when no page can match.
Result<parquet::RowRanges> PageIndexRowRanges(const parquet::FileReader& file,
                                              const std::vector<parquet::ReadNode>& read_tree,
                                              const expr::BoundExpression& filter, int row_group);

// PageIndexRowRanges as a callback by row group (the filter's NOT pushed down once).
std::function<Result<parquet::RowRanges>(int)> MakeRowRangesFilter(
    const parquet::FileReader& file, std::vector<parquet::ReadNode> read_tree,
    expr::BoundExpression filter);

}  // namespace floe::table
