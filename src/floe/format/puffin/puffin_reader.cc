#include "floe/format/puffin/puffin_reader.h"

#include <utility>

#include "floe/format/compression/codec.h"
#include "floe/format/puffin/file_metadata_json.h"
#include "floe/util/bytes.h"

namespace floe::puffin {
namespace {

// FooterPayloadSize (4) + Flags (4) + Magic (4).
constexpr int64_t kFooterTailSize = 12;
constexpr int64_t kMagicSize = 4;
constexpr uint8_t kFooterCompressedBit = 0x01;

bool IsMagic(const uint8_t* p) {
  return std::string_view(reinterpret_cast<const char*>(p), 4) == kMagic;
}

}  // namespace

Result<std::string> DecompressPuffin(const std::optional<std::string>& codec, std::string data) {
  if (!codec) return data;
  compression::CodecKind kind;
  if (*codec == "zstd") {
    kind = compression::CodecKind::kZstd;
  } else if (*codec == "lz4") {
    // One LZ4 frame; floe's lz4 decoder reads frames when it sees the frame magic.
    static constexpr char kFrameMagic[] = {0x04, 0x22, 0x4d, 0x18};
    if (data.size() < 4 ||
        std::string_view(data).substr(0, 4) != std::string_view(kFrameMagic, 4)) {
      return Corrupt("lz4 data does not start with the LZ4 frame magic");
    }
    kind = compression::CodecKind::kLz4Hadoop;
  } else {
    return NotSupported("compression codec \"{}\" (Puffin allows lz4 and zstd)", *codec);
  }
  FLOE_ASSIGN_OR_RETURN(auto decoder, compression::MakeCodec(kind));
  std::string out;
  FLOE_RETURN_IF_ERROR(decoder->Decompress(data, &out));
  return out;
}

Result<std::unique_ptr<PuffinReader>> PuffinReader::Open(io::FileIO& io, std::string_view location,
                                                         std::optional<int64_t> known_length) {
  FLOE_ASSIGN_OR_RETURN(auto file, io.OpenInput(location, known_length));
  return Open(std::move(file));
}

Result<std::unique_ptr<PuffinReader>> PuffinReader::Open(std::unique_ptr<io::InputFile> file) {
  std::string where = "Puffin file " + file->location();
  auto run = [&]() -> Result<std::unique_ptr<PuffinReader>> {
    FLOE_ASSIGN_OR_RETURN(int64_t size, file->Size());
    if (size < kMagicSize + kMagicSize + kFooterTailSize) {
      return Corrupt("{} bytes is too short for a Puffin file (at least {})", size,
                     kMagicSize + kMagicSize + kFooterTailSize);
    }
    uint8_t head[4];
    FLOE_RETURN_IF_ERROR(file->ReadAt(0, 4, head));
    if (!IsMagic(head)) return Corrupt("no PFA1 magic at the start of the file");
    uint8_t tail[kFooterTailSize];
    FLOE_RETURN_IF_ERROR(file->ReadAt(size - kFooterTailSize, kFooterTailSize, tail));
    if (!IsMagic(tail + 8)) return Corrupt("no PFA1 magic at the end of the file");
    int64_t payload_size = LoadLittleEndian<int32_t>(tail);
    const uint8_t* flags = tail + 4;
    if (payload_size < 0) return Corrupt("negative footer payload size {}", payload_size);
    int64_t footer_start = size - kFooterTailSize - payload_size - kMagicSize;
    if (footer_start < kMagicSize) {
      return Corrupt("footer payload size {} runs past the start of the {}-byte file", payload_size,
                     size);
    }
    if ((flags[0] & ~kFooterCompressedBit) != 0 || flags[1] != 0 || flags[2] != 0 ||
        flags[3] != 0) {
      return NotSupported("unknown footer flags {:02x}{:02x}{:02x}{:02x}", flags[0], flags[1],
                          flags[2], flags[3]);
    }
    std::string footer(static_cast<size_t>(payload_size + kMagicSize), '\0');
    FLOE_RETURN_IF_ERROR(file->ReadAt(footer_start, static_cast<int64_t>(footer.size()),
                                      reinterpret_cast<uint8_t*>(footer.data())));
    if (!IsMagic(reinterpret_cast<const uint8_t*>(footer.data()))) {
      return Corrupt("no PFA1 magic at the start of the footer (offset {})", footer_start);
    }
    std::string payload = footer.substr(kMagicSize);
    if (flags[0] & kFooterCompressedBit) {
      auto decompressed = DecompressPuffin(std::string("lz4"), std::move(payload));
      if (!decompressed.ok()) return std::move(decompressed).error().WithContext("footer payload");
      payload = std::move(*decompressed);
    }
    auto metadata = ParseFileMetadata(payload);
    if (!metadata.ok()) return std::move(metadata).error().WithContext("footer payload");
    for (size_t i = 0; i < metadata->blobs.size(); ++i) {
      const BlobMetadata& blob = metadata->blobs[i];
      if (blob.offset < kMagicSize || blob.length > footer_start - blob.offset) {
        return Corrupt(
            "blob {} ({}) at offset {} with length {} lies outside the blob area "
            "[4, {})",
            i, blob.type, blob.offset, blob.length, footer_start);
      }
    }
    auto reader = std::unique_ptr<PuffinReader>(new PuffinReader());
    reader->file_ = std::move(file);
    reader->file_size_ = size;
    reader->footer_start_ = footer_start;
    reader->metadata_ = std::move(*metadata);
    return reader;
  };
  return run().WithContext(where);
}

Result<std::string> PuffinReader::ReadBlob(const BlobMetadata& blob) const {
  std::string where =
      fmt::format("Puffin file {}: blob {} at offset {}", location(), blob.type, blob.offset);
  if (blob.offset < kMagicSize || blob.length < 0 || blob.length > footer_start_ - blob.offset) {
    return Corrupt("{}: length {} lies outside the blob area [4, {})", where, blob.length,
                   footer_start_);
  }
  std::string data(static_cast<size_t>(blob.length), '\0');
  FLOE_RETURN_IF_ERROR(
      std::move(file_->ReadAt(blob.offset, blob.length, reinterpret_cast<uint8_t*>(data.data())))
          .WithContext(where));
  return DecompressPuffin(blob.compression_codec, std::move(data)).WithContext(where);
}

}  // namespace floe::puffin
