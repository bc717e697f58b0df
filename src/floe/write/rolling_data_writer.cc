#include "floe/write/rolling_data_writer.h"

namespace floe::write {

RollingDataWriter::RollingDataWriter(io::FileIO& io, std::shared_ptr<WriteContext> context,
                                     std::vector<spec::Literal> partition,
                                     std::string partition_path)
    : io_(io),
      context_(std::move(context)),
      partition_(std::move(partition)),
      partition_path_(std::move(partition_path)) {}

RollingDataWriter::~RollingDataWriter() = default;

Status RollingDataWriter::Write(const columnar::RecordBatch& batch) {
  int64_t start = 0;
  while (start < batch.num_rows()) {
    if (current_ == nullptr) {
      FLOE_ASSIGN_OR_RETURN(
          current_, DataFileWriter::Make(
                        io_, context_, context_->NewDataFileLocation(partition_path_), partition_));
    }
    int64_t n = std::min(kRowsPerSizeCheck, batch.num_rows() - start);
    FLOE_RETURN_IF_ERROR(
        current_->Write(start == 0 && n == batch.num_rows() ? batch : batch.Slice(start, n)));
    start += n;
    if (current_->EstimatedSize() >= context_->target_file_size()) {
      FLOE_RETURN_IF_ERROR(CloseCurrent());
    }
  }
  return Ok();
}

Status RollingDataWriter::CloseCurrent() {
  if (current_ == nullptr) return Ok();
  std::unique_ptr<DataFileWriter> w = std::move(current_);
  FLOE_ASSIGN_OR_RETURN(manifest::DataFile f, w->Close());
  completed_.push_back(std::move(f));
  return Ok();
}

Result<std::vector<manifest::DataFile>> RollingDataWriter::Close() {
  FLOE_RETURN_IF_ERROR(CloseCurrent());
  return std::move(completed_);
}

void RollingDataWriter::Abort() {
  if (current_) {
    current_->Abort();
    current_.reset();
  }
  for (const manifest::DataFile& f : completed_) (void)io_.Delete(f.file_path);
  completed_.clear();
}

}  // namespace floe::write
