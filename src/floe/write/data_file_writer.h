// One data file of a table (issue 5 and 6) in the context's format: the rows of one partition
// written with the table's field ids, closed into a manifest::DataFile with the partition tuple,
// record count, size and metrics by the table's metrics modes.
//   Parquet: the `iceberg.schema` footer; all metrics and split offsets (the row groups'
//   starting offsets).
//   Avro (write.format.default avro): the Iceberg Avro schema (avro_data_schema.h); value, null
//   and NaN counts of the primitive fields outside lists and maps. No bounds and no column
//   sizes: floe keeps no per-column statistics for Avro, and a missing bound only costs pruning,
//   where a wrong one would drop rows.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "floe/format/avro/container_writer.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/file_io.h"
#include "floe/manifest/data_file.h"
#include "floe/write/avro_record_encoder.h"
#include "floe/write/write_context.h"

namespace floe::write {

class DataFileWriter {
 public:
  // Creates `location` (never overwriting a file).
  static Result<std::unique_ptr<DataFileWriter>> Make(io::FileIO& io,
                                                      std::shared_ptr<WriteContext> context,
                                                      const std::string& location,
                                                      std::vector<spec::Literal> partition);
  ~DataFileWriter();

  // Batches in the table's columnar schema (BatchConformer's output).
  Status Write(const columnar::RecordBatch& batch);
  // Bytes written plus those buffered for the open row group (Avro: block).
  int64_t EstimatedSize() const;
  // Bytes held in memory for the open row group (its buffers' capacity; Avro: the open block).
  int64_t BufferedSize() const;
  int64_t rows() const { return rows_; }
  const std::string& location() const { return location_; }

  Result<manifest::DataFile> Close();
  // Removes the partial file.
  void Abort();

 private:
  DataFileWriter() = default;
  std::shared_ptr<WriteContext> context_;
  std::string location_;
  std::vector<spec::Literal> partition_;
  io::OutputFile* file_ = nullptr;                  // owned by writer_
  std::unique_ptr<parquet::ParquetWriter> writer_;  // Parquet
  std::unique_ptr<avro::ContainerWriter> avro_;     // Avro
  std::unique_ptr<AvroRecordEncoder> avro_records_;
  int64_t rows_ = 0;
  bool done_ = false;
};

}  // namespace floe::write
