// Writing a Parquet file (https://parquet.apache.org/docs/file-format/):
//   "PAR1" <row groups: column chunks, each chunk's bloom filter after its row group>
//   <column indexes> <offset indexes> <FileMetaData> <4-byte LE footer length> "PAR1"
// Record batches are shredded into column writers (column_writer.h) as they come, top-level fields
// in parallel; a row group is written once its buffered bytes pass row_group_bytes or it holds
// row_group_rows rows, so memory stays bounded by one row group. The footer names floe in
// created_by, carries the caller's key-value metadata (Iceberg's `iceberg.schema`), the field ids
// of the columnar fields and TYPE_ORDER for every column. A failed or abandoned write removes the
// partial file.
//
// Close returns, per leaf column, what a table format needs for its file metrics: value, null and
// NaN counts, bytes, exact min/max (PLAIN bytes in the column's order), and the row groups'
// starting offsets (split offsets). The format layer knows nothing of Iceberg; `table/` maps them.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/format/parquet/column_writer.h"
#include "floe/format/parquet/file_metadata.h"
#include "floe/format/parquet/write_schema.h"
#include "floe/io/file_io.h"
#include "floe/util/result.h"
#include "floe/util/thread_pool.h"

namespace floe::parquet {

struct ParquetWriterOptions {
  ColumnWriterOptions columns;                  // every column's pages, codec and dictionary
  int64_t row_group_bytes = 128 * 1024 * 1024;  // Iceberg's write.parquet.row-group-size-bytes
  int64_t row_group_rows = INT64_MAX;
  // Columns (dotted paths of leaves) that get a bloom filter, with their false-positive rate.
  std::map<std::string, double> bloom_filter_fpp;
  std::vector<KeyValue> key_value_metadata;
  // Top-level fields shredded and encoded at once (each field's columns on one thread; the file
  // is the same whatever the number): 0 = the global pool's size (`--threads`), 1 = the caller's
  // thread only.
  int threads = 0;
};

struct ColumnMetrics {
  std::vector<std::string> path;
  std::optional<int32_t> field_id;
  Type physical_type = Type::kInt32;
  ValueOrder order = ValueOrder::kSigned;
  int64_t value_count = 0;  // level entries: values and nulls
  int64_t null_count = 0;
  std::optional<int64_t> nan_count;     // float, double and float16 columns
  int64_t column_size = 0;              // compressed bytes of its chunks
  std::optional<std::string> min, max;  // PLAIN bytes (byte arrays without length); exact
};

struct FileMetrics {
  int64_t row_count = 0;
  int64_t file_size = 0;
  std::vector<int64_t> split_offsets;  // where each row group starts
  std::vector<ColumnMetrics> columns;  // one per leaf, in column order
};

// "floe version <version>", the footer's created_by.
std::string FloeCreatedBy();

class ParquetWriter {
 public:
  static Result<std::unique_ptr<ParquetWriter>> Make(std::unique_ptr<io::OutputFile> file,
                                                     columnar::SchemaPtr schema,
                                                     ParquetWriterOptions options = {});
  ~ParquetWriter();

  // Batches must have the writer's schema (names, types, nullability).
  Status Write(const columnar::RecordBatch& batch);
  // Bytes written to the file plus those buffered for the open row group (for rolling files).
  int64_t EstimatedSize() const;
  // Memory held for the open row group: its column writers' buffers (for memory budgets).
  int64_t MemoryBytes() const;
  // Writes the last row group and the footer, and closes the file.
  Result<FileMetrics> Close();
  // Gives up and removes the partial file (also done when a Write or Close fails).
  void Abort();

  const WriteSchema& write_schema() const { return schema_; }

 private:
  ParquetWriter() = default;
  Status WriteSlice(const columnar::RecordBatch& batch);
  ParallelOptions Parallelism() const;
  Status StartRowGroup();
  Status FlushRowGroup();
  Status WriteBytes(std::string_view bytes);
  Status Fail(Status status);

  std::unique_ptr<io::OutputFile> file_;
  columnar::SchemaPtr columnar_schema_;
  ParquetWriterOptions options_;
  WriteSchema schema_;
  std::vector<ColumnWriterOptions> column_options_;
  std::vector<std::unique_ptr<ColumnWriter>> writers_;
  std::vector<ShreddedColumn> shredded_;
  std::vector<size_t>
      field_columns_;  // field f's columns: [field_columns_[f], field_columns_[f + 1])
  int64_t position_ = 0;
  int64_t group_rows_ = 0;
  FileMetaData metadata_;
  std::vector<std::vector<std::optional<ColumnIndex>>> column_indexes_;  // [row group][column]
  std::vector<std::vector<OffsetIndex>> offset_indexes_;
  FileMetrics metrics_;
  bool done_ = false;
};

}  // namespace floe::parquet
