// A filter as the Parquet reader's row filter (format/parquet/batch_reader.h, late
// materialization): the reader reads the filter's columns first, this file's functions say which
// rows pass, and the reader decodes the other columns only for those rows. Used by
// `floe parquet cat --filter` (parquet_scan.h) and by table scans (scan/data_file_reader.h).
//
// The filter is bound to the filter's own columns (the top-level fields of the read tree it
// names), so it must mean the same on the columns as read as on the caller's rows: the caller
// checks that (same names, same types) before asking for a row filter.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/expr/binder.h"
#include "floe/expr/expression.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/read_tree.h"
#include "floe/format/parquet/row_ranges.h"
#include "floe/util/result.h"

namespace floe::table {

// The rows of row group `rg` the page index admits, or nullopt for all of them. Called from the
// threads that read row groups, so it must only read shared state.
using AdmittedRows = std::function<const std::optional<parquet::RowRanges>*(int rg)>;

// The row filter for `filter` over a read tree whose fields are named as the filter names them
// (`columns`: the read tree's fields, in order). Rows outside what `admitted` admits are never
// kept. InvalidArgument when the filter does not bind to `columns`.
Result<parquet::RowFilter> MakeParquetRowFilter(const expr::Expression& filter,
                                                const columnar::Schema& columns,
                                                const expr::BindOptions& bind,
                                                AdmittedRows admitted);

// Appends the runs of rows set in `bitmap` (bit i of byte i / 8, least significant first) inside
// [begin, end), 64 rows at a time: sparse selections cost little per row passed.
void AppendSelectedRuns(const std::vector<uint8_t>& bitmap, int64_t begin, int64_t end,
                        std::vector<parquet::RowRange>* out);

}  // namespace floe::table
