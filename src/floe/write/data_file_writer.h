// One Parquet data file of a table (issue 5 and 6): the rows of one partition written with the
// table's field ids and `iceberg.schema` footer, closed into a manifest::DataFile with the
// partition tuple, record count, size, metrics by the table's metrics modes and split offsets
// (the row groups' starting offsets).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "floe/format/parquet/file_writer.h"
#include "floe/io/file_io.h"
#include "floe/manifest/data_file.h"
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
  // Bytes written plus those buffered for the open row group.
  int64_t EstimatedSize() const { return writer_->EstimatedSize(); }
  // Bytes held in memory for the open row group (its buffers' capacity).
  int64_t BufferedSize() const { return writer_->MemoryBytes(); }
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
  io::OutputFile* file_ = nullptr;  // owned by writer_
  std::unique_ptr<parquet::ParquetWriter> writer_;
  int64_t rows_ = 0;
  bool done_ = false;
};

}  // namespace floe::write
