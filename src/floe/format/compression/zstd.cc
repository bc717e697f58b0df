// Zstandard. Decoding streams frame after frame (concatenated frames are one stream); the frame
// header's content size is never used to size the output.
#include <zstd.h>

#include "floe/format/compression/codec_internal.h"

namespace floe::compression::internal {
namespace {

class ZstdCodec final : public Codec {
 public:
  ZstdCodec() : Codec(CodecKind::kZstd) {}
  ~ZstdCodec() override {
    if (dctx_ != nullptr) ZSTD_freeDCtx(dctx_);
  }

  Status Compress(std::string_view in, std::string* out, int level) override {
    FLOE_ASSIGN_OR_RETURN(int lvl, ResolveLevel(name(), level, 1, ZSTD_maxCLevel(), 3));
    out->resize(ZSTD_compressBound(in.size()));
    size_t n = ZSTD_compress(out->data(), out->size(), in.data(), in.size(), lvl);
    if (ZSTD_isError(n)) return Internal("zstd: {}", ZSTD_getErrorName(n));
    out->resize(n);
    return Ok();
  }

  Status Decompress(std::string_view in, std::string* out,
                    std::optional<size_t> expected_size) override {
    FLOE_ASSIGN_OR_RETURN(size_t limit, OutputLimit(*this, expected_size));
    if (dctx_ == nullptr) dctx_ = ZSTD_createDCtx();
    if (dctx_ == nullptr) return Internal("zstd: cannot allocate a decompression context");
    ZSTD_DCtx_reset(dctx_, ZSTD_reset_session_only);
    GrowingOutput g(out, limit, expected_size ? *expected_size + 1 : in.size() * 4);
    ZSTD_inBuffer input{in.data(), in.size(), 0};
    size_t rc = 0;
    while (input.pos < input.size || rc != 0) {
      size_t avail = g.Avail();
      if (avail == 0) return OutputTooLarge(name(), limit, expected_size);
      ZSTD_outBuffer output{g.Next(), avail, 0};
      size_t in_before = input.pos;
      rc = ZSTD_decompressStream(dctx_, &output, &input);
      if (ZSTD_isError(rc)) return CodecCorrupt(name(), "{}", ZSTD_getErrorName(rc));
      g.Advance(output.pos);
      // Input exhausted, frame unfinished, and the decoder cannot make progress: truncated.
      if (rc != 0 && input.pos == input.size && output.pos < avail && input.pos == in_before) {
        return CodecCorrupt(name(), "truncated frame after {} output bytes", g.used());
      }
    }
    if (g.Exceeded()) return OutputTooLarge(name(), limit, expected_size);
    g.Finish();
    return CheckExpectedSize(name(), out->size(), expected_size);
  }

 private:
  ZSTD_DCtx* dctx_ = nullptr;
};

}  // namespace

std::unique_ptr<Codec> MakeZstdCodec() { return std::make_unique<ZstdCodec>(); }

}  // namespace floe::compression::internal
