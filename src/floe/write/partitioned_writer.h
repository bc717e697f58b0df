// The fan-out writer of an append (issue 6, "Partitioned writes"): each row's partition tuple is
// computed with the spec's transforms (row_partitioner.h), rows go to one rolling writer per
// partition (rolling_data_writer.h) under `<data location>/<partition path>/`, and ONE memory
// budget covers the row groups buffered by all open files: when it is exceeded, the files holding
// the most bytes are closed (their rows are then on disk) until the total is back under it, so
// memory stays bounded whatever the number of partitions. An unpartitioned table is the case of
// one partition with an empty path.
//
// Abort (also on destruction without Close) deletes every file written so far, so a failed
// append leaves nothing behind for orphan removal.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "floe/io/file_io.h"
#include "floe/manifest/data_file.h"
#include "floe/write/rolling_data_writer.h"
#include "floe/write/row_partitioner.h"
#include "floe/write/write_context.h"

namespace floe::write {

struct PartitionedWriterOptions {
  // Bytes of buffered row groups across all open files.
  int64_t memory_budget = int64_t{256} * 1024 * 1024;
};

class PartitionedWriter {
 public:
  static Result<std::unique_ptr<PartitionedWriter>> Make(io::FileIO& io,
                                                         std::shared_ptr<WriteContext> context,
                                                         PartitionedWriterOptions options = {});
  ~PartitionedWriter();

  // A batch in the table's columnar schema (BatchConformer's output). On error the writer is
  // unusable: call Abort.
  Status Write(const columnar::RecordBatch& batch);
  // Bytes buffered by all open files (what the budget bounds).
  int64_t BufferedSize() const;
  int open_files() const;

  // Closes every file; the data files, ready for AppendFiles.
  Result<std::vector<manifest::DataFile>> Close();
  // Deletes every file written so far.
  void Abort();

 private:
  struct Partition;
  PartitionedWriter(io::FileIO& io, std::shared_ptr<WriteContext> context,
                    PartitionedWriterOptions options, RowPartitioner partitioner);
  Result<Partition*> PartitionFor(const std::vector<spec::Literal>& tuple);
  Status EnforceBudget();

  io::FileIO& io_;
  std::shared_ptr<WriteContext> context_;
  PartitionedWriterOptions options_;
  RowPartitioner partitioner_;
  std::unordered_map<std::string, std::unique_ptr<Partition>> partitions_;
  std::vector<Partition*> order_;  // first-seen order, so output order is deterministic
  bool done_ = false;
};

}  // namespace floe::write
