// Reading the rows of a planned scan (table_scan.h): each task's data file is read into the
// scan's schema (data_file_reader.h), its deletes are applied (delete_filter.h), then the
// filter, and the columns asked for are returned. Files are read in plan order, rows in file
// order (CLI.md), so `--limit N` is the first N rows of that order; reading stops as soon as the
// limit is reached.
//
// The reader reads more columns than it returns when it must: the filter's columns (unless the
// plan says every row of the file matches) and the equality-delete keys; they are dropped before
// a batch is handed on. Memory is bounded by one row group's column chunks and one batch per
// file, plus the delete files that apply (position sets and equality-key sets).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/io/file_io.h"
#include "floe/scan/table_scan.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::scan {

struct TableReadOptions {
  std::vector<std::string> columns;  // dotted names; empty: every column
  bool case_sensitive = false;
  std::optional<int64_t> limit;
  int64_t batch_size = 64 * 1024;
};

struct TableReadReport {
  int64_t files_read = 0;
  int64_t row_groups = 0;
  int64_t row_groups_skipped = 0;  // by statistics, bloom filters or the page index
  int64_t rows_read = 0;           // rows decoded, before deletes and the filter
  int64_t rows_deleted = 0;        // by position deletes, deletion vectors and equality deletes
  int64_t rows_returned = 0;
};

struct TableReadCallbacks {
  // Called once with the output schema before any batch (also when no row matches).
  std::function<Status(const columnar::SchemaPtr&)> on_schema;
  std::function<Status(const columnar::RecordBatch&)> on_batch;
};

Result<TableReadReport> ReadTable(io::FileIO& io, const spec::TableMetadata& metadata,
                                  const ScanPlan& plan, const TableReadOptions& options,
                                  const TableReadCallbacks& callbacks);

struct RowCount {
  int64_t count = 0;
  // True when no file had to be read: every planned file matches the filter as a whole
  // (partition values and metrics) and has no deletes.
  bool from_metadata = true;
};

// The rows the plan's filter keeps, after deletes. Files without deletes that match as a whole
// are counted from their record counts; every other file is read (only the columns the filter
// and the deletes need). Never data records minus delete records: a delete may point at rows
// that are already gone.
Result<RowCount> CountRows(io::FileIO& io, const spec::TableMetadata& metadata, const ScanPlan& plan);

}  // namespace floe::scan
