// Snappy's raw block format: a varint uncompressed length, then literals and copies.
#include <snappy.h>

#include "floe/format/compression/codec_internal.h"

namespace floe::compression::internal {
namespace {

// No snappy element expands more than 64 bytes out of a 3-byte copy tag, so a declared length
// above this bound is a lie; refusing it keeps a corrupt header from sizing the allocation.
size_t MaxSnappyOutput(size_t in) { return in / 3 * 64 + 64; }

class SnappyCodec final : public Codec {
 public:
  SnappyCodec() : Codec(CodecKind::kSnappy) {}

  Status Compress(std::string_view in, std::string* out, int) override {
    out->clear();
    snappy::Compress(in.data(), in.size(), out);
    return Ok();
  }

  Status Decompress(std::string_view in, std::string* out,
                    std::optional<size_t> expected_size) override {
    FLOE_ASSIGN_OR_RETURN(size_t limit, OutputLimit(*this, expected_size));
    size_t length = 0;
    if (!snappy::GetUncompressedLength(in.data(), in.size(), &length)) {
      return CodecCorrupt(name(), "bad length header");
    }
    FLOE_RETURN_IF_ERROR(CheckExpectedSize(name(), length, expected_size));
    if (length > limit) return OutputTooLarge(name(), limit, expected_size);
    if (length > MaxSnappyOutput(in.size())) {
      return CodecCorrupt(name(), "declared length {} is impossible for {} input bytes", length,
                          in.size());
    }
    out->resize(length);
    if (!snappy::RawUncompress(in.data(), in.size(), out->data())) {
      out->clear();
      return CodecCorrupt(name(), "invalid block");
    }
    return Ok();
  }
};

}  // namespace

std::unique_ptr<Codec> MakeSnappyCodec() { return std::make_unique<SnappyCodec>(); }

}  // namespace floe::compression::internal
