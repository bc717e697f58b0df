#include "floe/format/avro/container_writer.h"

#include "floe/util/uuid.h"

namespace floe::avro {

Result<std::unique_ptr<ContainerWriter>> ContainerWriter::Open(std::unique_ptr<io::OutputFile> file,
                                                               std::shared_ptr<const Schema> schema,
                                                               ContainerWriterOptions options) {
  auto w = std::unique_ptr<ContainerWriter>(new ContainerWriter());
  w->file_ = std::move(file);
  w->schema_ = std::move(schema);
  w->options_ = std::move(options);
  auto codec = BlockCodec::ForName(w->options_.codec);
  if (!codec.ok() || !(*codec)->can_write()) {
    return InvalidArgument(
        "cannot write Avro codec \"{}\" (use null, deflate, snappy or zstandard)",
        w->options_.codec);
  }
  w->codec_ = std::move(codec).value();
  if (w->options_.sync_marker) {
    if (w->options_.sync_marker->size() != 16)
      return InvalidArgument("sync marker must be 16 bytes");
    w->sync_ = *w->options_.sync_marker;
  } else {
    Uuid u = NewUuid();
    w->sync_.assign(reinterpret_cast<const char*>(u.bytes.data()), 16);
  }
  std::string header(kAvroMagic, 4);
  Encoder e(&header);
  std::vector<std::pair<std::string, std::string>> meta = {{"avro.schema", w->schema_->ToJson()},
                                                           {"avro.codec", w->options_.codec}};
  for (const auto& kv : w->options_.metadata) {
    if (kv.first == "avro.schema" || kv.first == "avro.codec") {
      return InvalidArgument("metadata key {} is reserved", kv.first);
    }
    meta.push_back(kv);
  }
  e.WriteLong(static_cast<int64_t>(meta.size()));
  for (const auto& [k, v] : meta) {
    e.WriteBytes(k);
    e.WriteBytes(v);
  }
  e.WriteLong(0);
  header += w->sync_;
  FLOE_RETURN_IF_ERROR(w->file_->Write(header));
  return w;
}

ContainerWriter::~ContainerWriter() {
  if (!closed_ && file_) file_->Abort();
}

Status ContainerWriter::FinishRecord() {
  ++block_records_;
  ++records_;
  if (block_.size() >= options_.block_size) return Flush();
  return Ok();
}

Status ContainerWriter::Write(const Datum& record) {
  size_t mark = block_.size();
  Status st = EncodeDatum(schema_->root(), record, encoder_);
  if (!st.ok()) {
    block_.resize(mark);
    return st;
  }
  return FinishRecord();
}

Status ContainerWriter::Flush() {
  if (block_records_ == 0) return Ok();
  FLOE_RETURN_IF_ERROR(codec_->Compress(block_, &compressed_, options_.level));
  frame_.clear();
  Encoder e(&frame_);
  e.WriteLong(block_records_);
  e.WriteLong(static_cast<int64_t>(compressed_.size()));
  FLOE_RETURN_IF_ERROR(file_->Write(frame_));
  FLOE_RETURN_IF_ERROR(file_->Write(compressed_));
  FLOE_RETURN_IF_ERROR(file_->Write(sync_));
  block_.clear();
  block_records_ = 0;
  return Ok();
}

Status ContainerWriter::Close() {
  if (closed_) return Ok();
  FLOE_RETURN_IF_ERROR(Flush());
  closed_ = true;
  return file_->Close();
}

int64_t ContainerWriter::EstimatedLength() const {
  return file_->BytesWritten() + static_cast<int64_t>(block_.size());
}

}  // namespace floe::avro
