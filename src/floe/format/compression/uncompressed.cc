#include "floe/format/compression/codec_internal.h"

namespace floe::compression::internal {
namespace {

class UncompressedCodec final : public Codec {
 public:
  UncompressedCodec() : Codec(CodecKind::kUncompressed) {}
  Status Compress(std::string_view in, std::string* out, int) override {
    out->assign(in);
    return Ok();
  }
  Status Decompress(std::string_view in, std::string* out,
                    std::optional<size_t> expected_size) override {
    FLOE_ASSIGN_OR_RETURN(size_t limit, OutputLimit(*this, expected_size));
    FLOE_RETURN_IF_ERROR(CheckExpectedSize(name(), in.size(), expected_size));
    if (in.size() > limit) return OutputTooLarge(name(), limit, expected_size);
    out->assign(in);
    return Ok();
  }
};

}  // namespace

std::unique_ptr<Codec> MakeUncompressedCodec() { return std::make_unique<UncompressedCodec>(); }

}  // namespace floe::compression::internal
