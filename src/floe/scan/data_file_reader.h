// Reading one data file of a table into the scan's projected schema (issue #7, "Tables you can
// read"): the file's columns are matched by field id — the file's own ids, or those of the
// table's name mapping (name_mapping.h) for files written without ids — and resolved against
// the projected schema (field_resolution.h: renames, dropped and added columns, defaults,
// identity partition values, promotions). A Parquet file without ids read without a mapping
// (Hive-migrated tables) gets Java's fallback ids: its top-level columns are the ids 1..n by
// position (table/parquet_name_mapping.h ApplyFallbackIds), said in a note (--verbose).
//
// The optional filter prunes: row groups whose statistics or bloom filters exclude a match are
// skipped, and rows of pages the page index excludes are dropped (table/parquet_pruning.h).
// The rows that remain are NOT filtered — the caller applies the residual filter (and deletes) —
// unless `filter_rows` asks for it and the reader can do it exactly (filters_rows()): then the
// Parquet reader evaluates the filter on its columns first and decodes the other columns only
// for the rows that pass (late materialization, format/parquet/batch_reader.h).
// Memory is bounded by one row group's selected column chunks plus one batch.
//
// With `with_row_positions`, each batch ends with an int64 column `_pos`: the row's position in
// the file (counting every row of every row group, skipped ones included), which is what
// position deletes and deletion vectors refer to.
//
// Avro data files (file_format AVRO) are read by avro_data_file_reader.h with the same contract;
// they have no statistics, so nothing in them is pruned and filters_rows() is false.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/expr/expression.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/format/parquet/row_ranges.h"
#include "floe/io/file_io.h"
#include "floe/manifest/data_file.h"
#include "floe/scan/field_resolution.h"
#include "floe/spec/name_mapping.h"
#include "floe/spec/partition_spec.h"
#include "floe/spec/schema.h"
#include "floe/util/result.h"

namespace floe::scan {

class AvroDataFileReader;

// The row-position column (spec: "Reserved Field IDs": _pos, 2147483645).
inline constexpr std::string_view kRowPositionColumn = "_pos";
inline constexpr int32_t kRowPositionFieldId = 2147483645;

struct DataFileReadOptions {
  // The fields to output, in order, with the ids of the scan's table schema.
  spec::Schema projected_schema;
  // The spec the file was written with (its spec_id); identity partition values fill fields the
  // file lacks. May be null (no partition values used).
  const spec::PartitionSpec* spec = nullptr;
  // The table's schema.name-mapping.default, used when the file has no field ids.
  std::optional<spec::NameMapping> name_mapping;
  // A filter over the projected schema's names (unbound: it is bound to this file's columns),
  // for pruning only. Unset: no pruning. Open fails (InvalidArgument) when it does not bind to
  // the projected schema; its predicates on columns the file lacks prune nothing.
  std::optional<expr::Expression> filter;
  // Also drop the rows the filter rejects, where that is exact: every column the filter names is
  // a top-level column of the file whose type is the projected type (no promotion, default or
  // partition value stands in), and no row positions are asked for. filters_rows() tells.
  bool filter_rows = false;
  bool case_sensitive = false;
  bool with_row_positions = false;
  int64_t batch_size = 64 * 1024;
  // Decode a batch's columns on the thread pool. Off when files are already read in parallel,
  // one per thread: the columns would only queue behind the other files.
  bool parallel_columns = true;
  // Column-chunk buffers handed on between the files of one scan (parquet::PageBufferPool).
  // Unset: each file allocates its own.
  std::shared_ptr<parquet::PageBufferPool> buffer_pool;
};

struct DataFileReadReport {
  int64_t rows_read = 0;  // rows of the row groups read, less those the page index excluded
  int row_groups = 0;
  int row_groups_skipped = 0;  // by statistics, bloom filters or the page index
  int64_t rows_skipped_by_page_index = 0;
};

class DataFileReader {
 public:
  // Opens `file` (its file_path, read through `io`, which must outlive the reader). NotSupported
  // for data files that are neither Parquet nor Avro (ORC); NotFound when the file does not
  // exist; Corrupt when a required field is missing without a default or a column's type cannot
  // be read as the table's.
  static Result<std::unique_ptr<DataFileReader>> Open(io::FileIO& io,
                                                      const manifest::DataFile& file,
                                                      DataFileReadOptions options);
  ~DataFileReader();

  // The projected schema's columnar form (fields carry PARQUET:field_id), plus `_pos`.
  const columnar::SchemaPtr& schema() const { return schema_; }

  // The next batch (at most batch_size rows, never empty); nullopt after the last.
  Result<std::optional<columnar::RecordBatch>> Next();

  // Whether the batches hold only rows the filter matches (DataFileReadOptions::filter_rows).
  bool filters_rows() const { return filters_rows_; }

  const DataFileReadReport& report() const { return report_; }

 private:
  DataFileReader() = default;
  Status InstallReader();
  // The rows [first, first + rows) of the current row group as read (`batch` has no columns
  // when nothing is read from the file), resolved, with positions, cut to the page ranges.
  Status Emit(const columnar::RecordBatch& batch);

  DataFileReadOptions options_;
  std::string path_;
  std::unique_ptr<AvroDataFileReader> avro_;  // set for Avro files: it does the reading
  std::unique_ptr<parquet::FileReader> file_;
  std::optional<parquet::Schema> mapped_schema_;  // the file schema with mapped ids
  std::optional<FieldResolution> resolution_;
  std::unique_ptr<parquet::BatchReader> reader_;  // null when no column is read
  columnar::SchemaPtr schema_;
  std::vector<int64_t> first_rows_;  // file position of each row group's first row
  // The row group being read, the position (within it) of the next batch's first row, and the
  // rows the page index admits there (nullopt: all).
  int row_group_ = -1;
  int64_t row_in_group_ = 0;
  std::optional<parquet::RowRanges> ranges_;
  // Without columns to read: the next row group to count rows of.
  int next_counted_group_ = 0;
  std::deque<columnar::RecordBatch> pending_;
  bool filters_rows_ = false;
  DataFileReadReport report_;
};

}  // namespace floe::scan
