#include "floe/format/puffin/puffin_writer.h"

#include <string>
#include <utility>

#include "floe/format/compression/codec.h"
#include "floe/format/puffin/file_metadata_json.h"
#include "floe/util/bytes.h"

namespace floe::puffin {

Result<std::unique_ptr<PuffinWriter>> PuffinWriter::Make(std::unique_ptr<io::OutputFile> file,
                                                         Properties properties) {
  auto writer = std::unique_ptr<PuffinWriter>(new PuffinWriter());
  writer->file_ = std::move(file);
  writer->metadata_.properties = std::move(properties);
  Status st = writer->file_->Write(kMagic);
  if (!st.ok()) {
    writer->Abort();
    return std::move(st).error();
  }
  writer->position_ = static_cast<int64_t>(kMagic.size());
  return writer;
}

PuffinWriter::~PuffinWriter() {
  if (!closed_) Abort();
}

void PuffinWriter::Abort() {
  if (closed_) return;
  closed_ = true;
  file_->Abort();
}

Result<BlobMetadata> PuffinWriter::Add(BlobMetadata blob, std::string_view data) {
  if (closed_) return InvalidArgument("Puffin file {}: Add after Close or Abort", location());
  std::string compressed;
  if (blob.compression_codec) {
    if (*blob.compression_codec != "zstd") {
      return NotSupported("Puffin file {}: writing blobs with codec \"{}\" (only zstd)", location(),
                          *blob.compression_codec);
    }
    FLOE_ASSIGN_OR_RETURN(auto codec, compression::MakeCodec(compression::CodecKind::kZstd));
    FLOE_RETURN_IF_ERROR(codec->Compress(data, &compressed));
    data = compressed;
  }
  Status st = file_->Write(data);
  if (!st.ok()) {
    Abort();
    return std::move(st).error();
  }
  blob.offset = position_;
  blob.length = static_cast<int64_t>(data.size());
  position_ += blob.length;
  metadata_.blobs.push_back(blob);
  return blob;
}

Result<int64_t> PuffinWriter::Close() {
  if (closed_) return InvalidArgument("Puffin file {}: Close after Close or Abort", location());
  std::string payload = FileMetadataToJson(metadata_);
  std::string footer(kMagic);
  footer += payload;
  AppendLittleEndian<int32_t>(footer, static_cast<int32_t>(payload.size()));
  AppendLittleEndian<int32_t>(footer, 0);  // flags: payload not compressed
  footer += kMagic;
  Status st = file_->Write(footer);
  if (st.ok()) st = file_->Close();
  if (!st.ok()) {
    Abort();
    return std::move(st).error();
  }
  closed_ = true;
  return position_ + static_cast<int64_t>(footer.size());
}

}  // namespace floe::puffin
