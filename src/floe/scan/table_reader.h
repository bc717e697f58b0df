// Reading the rows of a planned scan (table_scan.h): each task's data file is read into the
// scan's schema (data_file_reader.h), its deletes are applied (delete_filter.h), then the
// filter, and the columns asked for are returned.
//
// Several files are read at once (TableReadOptions::threads, on the process-wide pool), yet the
// batches reach on_batch on the calling thread in plan order, rows in file order (docs/cli.md), so
// `--limit N` is the first N rows of that order whatever the number of threads; once the limit
// is reached every file stops reading (util/ordered_streams.h does the ordering and stopping).
// The first error in plan order is returned, after the rows of the files before it — the same
// rows and error as reading one file after another; the files after it stop.
//
// The reader reads more columns than it returns when it must: the filter's columns (unless the
// plan says every row of the file matches) and the equality-delete keys; they are dropped before
// a batch is handed on. Memory is bounded per file in flight (at most `threads` files: the one
// being handed on and the next ones) by one row group's column chunks and kBatchesPerFile
// decoded batches waiting for on_batch; plus the delete files that the files in flight apply or
// a later file still needs (DeleteLoader evicts the others).
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
  // Data files read at once, on the process-wide pool (util/thread_pool.h: the pool's size caps
  // how many really run together). 0: every core (AvailableCores()); 1: one file after another,
  // on the calling thread.
  int threads = 0;
  // Planning while reading (the ReadTable that takes ScanOptions): tasks read per window; the
  // planner runs up to kWindowsAhead windows ahead.
  size_t plan_window = 256;
};

inline constexpr size_t kWindowsAhead = 4;

// Decoded batches a file being read ahead may hold before its worker waits for on_batch.
inline constexpr int kBatchesPerFile = 2;

// With several threads the counts include what files read ahead decoded before a limit or an
// error stopped them.
struct TableReadReport {
  int64_t files_read = 0;  // files opened (some perhaps not to the end: a limit stops them)
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
  // Instead of on_batch, for consumers that take batches in any order (partial aggregation):
  // called on the reading threads, several at once, with the index of the batch's file task in
  // the plan; one file's batches come in order, from one thread. No limit with it.
  std::function<Status(int64_t task, const columnar::RecordBatch&)> on_task_batch;
};

Result<TableReadReport> ReadTable(io::FileIO& io, const spec::TableMetadata& metadata,
                                  const ScanPlan& plan, const TableReadOptions& options,
                                  const TableReadCallbacks& callbacks);

// Plans and reads in one go, holding a few hundred tasks instead of the whole plan (for tables
// of millions of files): PlanScan runs on a thread of its own, one manifest at a time, and hands
// its tasks on through a queue of at most kWindowsAhead windows; they are read plan_window at a
// time, each window as ReadTable reads a plan, so the rows, their order, the limit, the errors and
// the report are those of PlanScan then ReadTable (a planning error comes after the rows of the
// tasks planned before it). `plan_report`, when given, receives the plan's report once every
// task was read; it stays empty when the limit stopped the read first (planning stops too).
Result<TableReadReport> ReadTable(io::FileIO& io, const spec::TableMetadata& metadata,
                                  const ScanOptions& scan, const TableReadOptions& options,
                                  const TableReadCallbacks& callbacks,
                                  std::optional<PlanReport>* plan_report = nullptr);

struct RowCount {
  int64_t count = 0;
  // True when no file had to be read: every planned file matches the filter as a whole
  // (partition values and metrics) and has no deletes.
  bool from_metadata = true;
};

// The rows the plan's filter keeps, after deletes. Files without deletes that match as a whole
// are counted from their record counts; every other file is read (only the columns the filter
// and the deletes need), `threads` files at once as in TableReadOptions (0: every core). Never
// data records minus delete records: a delete may point at rows that are already gone.
Result<RowCount> CountRows(io::FileIO& io, const spec::TableMetadata& metadata,
                           const ScanPlan& plan, int threads = 0);

// Plans and counts in one go: the planned tasks are handed to the count as they come (PlanScan
// with a TaskConsumer), and those counted from their record counts are not kept, so counting a
// table of millions of files holds only the files it must read. `floe count` counts this way.
Result<RowCount> CountRows(io::FileIO& io, const spec::TableMetadata& metadata,
                           const ScanOptions& options, int threads = 0);

}  // namespace floe::scan
