// Reading one Avro data file (spec: "Appendix A: Format-specific Requirements", Avro) into the
// scan's projected schema, with the contract of data_file_reader.h, which delegates here for
// files whose file_format is AVRO.
//
// The file's writer schema is walked once against the projected schema to make a tree of column
// readers: record fields are matched by their `field-id` (or, for files without ids, by the
// table's name mapping; without either, by the table's column names, as Java), list elements and
// map keys and values by position (an Iceberg list or map has exactly one of each). Fields the file
// lacks take, as field_resolution.h says for Parquet, the file's identity partition value, else
// their initial-default, else null (required without a default: Corrupt). Promotions int→long,
// float→double and decimal precision widening apply. Each record of a block is then decoded
// straight into columnar buffers; writer fields not projected are skipped.
//
// Avro files carry no statistics: nothing is pruned and rows are never filtered here (the caller
// applies the residual filter). Memory is bounded by one (decompressed) Avro block plus one
// batch; batches hold at most batch_size rows and may span blocks.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "floe/columnar/record_batch.h"
#include "floe/format/avro/container_reader.h"
#include "floe/io/file_io.h"
#include "floe/manifest/data_file.h"
#include "floe/scan/data_file_reader.h"
#include "floe/util/result.h"

namespace floe::scan {

class AvroRecordReader;

class AvroDataFileReader {
 public:
  // Opens `file` through `io` (which must outlive the reader). NotFound when the file does not
  // exist; Corrupt when its header or schema is bad, a required field is missing without a
  // default, or a field's Avro type cannot be read as the table's type.
  static Result<std::unique_ptr<AvroDataFileReader>> Open(io::FileIO& io,
                                                          const manifest::DataFile& file,
                                                          const DataFileReadOptions& options);
  ~AvroDataFileReader();

  // The projected schema's columnar form, plus `_pos` when positions are asked for.
  const columnar::SchemaPtr& schema() const { return schema_; }
  // The file's writer schema: its top-level record (delete readers check which ids it holds).
  const avro::Node& file_schema() const { return container_->schema()->root(); }

  // The next batch (at most batch_size rows, never empty); nullopt after the last record.
  Result<std::optional<columnar::RecordBatch>> Next();

  int64_t rows_read() const { return position_; }
  int64_t blocks_read() const { return blocks_; }

 private:
  AvroDataFileReader() = default;

  std::string path_;
  int64_t batch_size_ = 0;
  bool with_row_positions_ = false;
  std::unique_ptr<avro::ContainerReader> container_;
  std::unique_ptr<AvroRecordReader> records_;
  columnar::SchemaPtr schema_;
  avro::ContainerReader::Block block_;
  avro::Decoder decoder_;
  int64_t block_left_ = 0;  // records of the current block not yet decoded
  bool in_block_ = false;
  bool done_ = false;
  int64_t position_ = 0;  // the file position of the next record
  int64_t blocks_ = 0;
};

// An error of reading `path` through AvroDataFileReader as a delete file: "data file <path>"
// becomes `where` ("position delete file <path>"), which the message then always names.
Error AsDeleteFileError(Error e, const std::string& path, const std::string& where);

}  // namespace floe::scan
