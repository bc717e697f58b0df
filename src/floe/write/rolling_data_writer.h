// The data files of one partition: rows go to the open file until it reaches
// write.target-file-size-bytes, then a new file starts (Java's RollingFileWriter). Sizes are
// checked every kRowsPerSizeCheck rows, so a large batch still rolls near the target.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "floe/io/file_io.h"
#include "floe/manifest/data_file.h"
#include "floe/write/data_file_writer.h"
#include "floe/write/write_context.h"

namespace floe::write {

class RollingDataWriter {
 public:
  static constexpr int64_t kRowsPerSizeCheck = 1000;

  RollingDataWriter(io::FileIO& io, std::shared_ptr<WriteContext> context,
                    std::vector<spec::Literal> partition, std::string partition_path);
  ~RollingDataWriter();

  // Batches in the table's columnar schema.
  Status Write(const columnar::RecordBatch& batch);
  // Closes the open file (if any) so its buffered row group leaves memory; the next Write starts
  // a new file.
  Status CloseCurrent();
  // Bytes buffered in memory by the open file.
  int64_t BufferedSize() const { return current_ ? current_->BufferedSize() : 0; }

  // Closes the open file; the files written, in order.
  Result<std::vector<manifest::DataFile>> Close();
  // Removes every file written, closed ones included.
  void Abort();

  const std::vector<manifest::DataFile>& completed() const { return completed_; }

 private:
  io::FileIO& io_;
  std::shared_ptr<WriteContext> context_;
  std::vector<spec::Literal> partition_;
  std::string partition_path_;
  std::unique_ptr<DataFileWriter> current_;
  std::vector<manifest::DataFile> completed_;
};

}  // namespace floe::write
