// Appending rows from data files (Parquet, CSV, NDJSON) to a table in ONE atomic commit — the
// write path of docs/design.md: input batches → checked against the table schema (every input is
// checked before a byte is written) → the partitioned fan-out writer → data files → MergeAppend
// (FastAppend when commit.manifest-merge.enabled=false) with retries. CSV and NDJSON values are
// read as the table's column types, not inferred. Inputs without rows commit nothing: the result
// then has snapshot_id 0.
//
// A failure before or during the commit removes every data file written; a commit whose outcome
// is unknown keeps them (they may be referenced by the table now) and says so.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/commit/table_operations.h"
#include "floe/format/csv/text_values.h"
#include "floe/io/file_io.h"
#include "floe/util/result.h"

namespace floe::update {

enum class InputFormat { kParquet, kCsv, kNdjson };

// By extension: .parquet, .csv, .json / .ndjson / .jsonl (any case); others are invalid
// arguments naming the file.
Result<InputFormat> InputFormatOf(std::string_view path);

struct AppendFilesOptions {
  std::string branch = "main";
  std::optional<std::string> app_id;  // summary app-id; generated when absent
  // Bytes of buffered row groups across all open data files (PartitionedWriter's budget).
  int64_t memory_budget = int64_t{256} * 1024 * 1024;
  // Called after each batch read: (bytes of the inputs read so far, bytes of all inputs). Within
  // a file the bytes are its size times the share of its rows read, so one large file moves the
  // bar batch by batch.
  std::function<void(int64_t done, int64_t total)> progress;
  // CSV and NDJSON strings: U+FFFD for invalid UTF-8 and NUL bytes instead of an error
  // (TextBatchReaderOptions).
  bool replace_invalid_utf8 = false;
  // CSV and NDJSON values are read as the table's column types (text_values.h): the null text and
  // the binary encoding. Columns the table lacks are refused; table columns the file lacks are
  // null (an error for a required one).
  textformat::TextReadOptions text_values;
  // CSV rows with fewer fields than the header: their missing trailing fields are null instead of
  // an error naming the line.
  bool allow_missing_columns = false;
};

struct AppendFilesResult {
  int64_t snapshot_id = 0;
  int64_t added_records = 0;
  int64_t added_data_files = 0;
  int attempts = 0;
  commit::TableBase table;  // the table after the commit
};

// `inputs` are read through `input_io`; data files are written through ops.io().
Result<AppendFilesResult> AppendFiles(commit::TableOperations& ops, io::FileIO& input_io,
                                      const std::vector<std::string>& inputs,
                                      const AppendFilesOptions& options = {});

// Appends the rows `produce` pushes (SQL INSERT and CREATE TABLE AS SELECT) in one commit:
// `produce` is called once with a write function and sends batches of `schema`, whose columns
// are matched to the table's by name and checked against its schema before a byte is written
// (the same checks as AppendFiles). An error from `produce` or a write removes the data files
// written; nothing is committed then.
using BatchWriter = std::function<Status(const columnar::RecordBatch&)>;
using BatchProducer = std::function<Status(const BatchWriter& write)>;
Result<AppendFilesResult> AppendBatches(commit::TableOperations& ops,
                                        const columnar::Schema& schema,
                                        const BatchProducer& produce,
                                        const AppendFilesOptions& options = {});

}  // namespace floe::update
