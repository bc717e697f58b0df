// Scanning one Parquet file with a filter and a column list — what `floe parquet cat` runs:
// the filter (an expr/ expression: `--filter` text parsed once) is bound to the file's columns, row
// groups that cannot match are skipped (parquet_pruning.h), so are rows whose pages the page index
// excludes, the remaining rows are filtered exactly, and the requested columns are returned, in
// file order, up to a limit. Columns the filter needs but the caller did not ask for are read and
// then dropped. The filter's columns are decoded first and the others only for the rows it keeps
// (late materialization, parquet/batch_reader.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/expr/expression.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/io/file_io.h"
#include "floe/util/result.h"

namespace floe::table {

struct ParquetScanOptions {
  std::vector<std::string> columns;        // dotted paths; empty: every column
  std::optional<expr::Expression> filter;  // unbound; unset: every row
  bool case_sensitive = false;             // for the filter's column names
  std::optional<int64_t> limit;
  int64_t batch_size = 64 * 1024;
  // INT96 timestamps in this unit; unset: each INT96 column in nanoseconds when all its values
  // fit them (years 1677-2262), else in microseconds (Hive and Impala write years beyond), found
  // by reading the INT96 columns once first.
  std::optional<columnar::TimeUnit> int96_unit;
  // Prune by statistics and bloom filters (row groups) and by the page index (rows).
  bool prune = true;
  // Decode the columns the filter does not read only for the rows it keeps. false: every column
  // of every row is decoded and then filtered (the reference path; same rows, same values).
  bool late_materialization = true;
  // Only decide which row groups (and rows, by the page index) would be read, and return the
  // report without reading any data (EXPLAIN): rows_read and rows_returned stay 0.
  bool plan_only = false;
  // Row groups read at once (on the global thread pool); 0: ThreadCount().
  int threads = 0;
  // The file already opened (its footer read), e.g. by the SQL binder that learnt its schema;
  // null: opened here.
  std::shared_ptr<const parquet::FileReader> opened;
};

struct ParquetScanReport {
  int row_groups = 0;
  int row_groups_skipped_by_statistics = 0;
  int row_groups_skipped_by_bloom_filter = 0;
  int row_groups_skipped_by_page_index = 0;  // no page of the row group admits a match
  // Rows of the row groups read that the page index excludes: they are dropped before the
  // filter runs (and, once the reader can skip pages, never decoded).
  int64_t rows_skipped_by_page_index = 0;
  int64_t rows_read = 0;      // rows decoded
  int64_t rows_returned = 0;  // rows handed to the callback
};

struct ParquetScanCallbacks {
  // Called once with the output schema before any batch (also when no row matches).
  std::function<Status(const columnar::SchemaPtr&)> on_schema;
  std::function<Status(const columnar::RecordBatch&)> on_batch;
};

Result<ParquetScanReport> ScanParquetFile(io::FileIO& io, std::string_view path,
                                          const ParquetScanOptions& options,
                                          const ParquetScanCallbacks& callbacks);

// "a, b.c,`x,y`" → {"a", "b.c", "`x,y`"}: commas outside backticks split, spaces trimmed.
std::vector<std::string> SplitColumnList(std::string_view text);

}  // namespace floe::table
