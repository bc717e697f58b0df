#include <brotli/decode.h>
#include <brotli/encode.h>

#include "floe/format/compression/codec_internal.h"

namespace floe::compression::internal {
namespace {

class BrotliCodec final : public Codec {
 public:
  BrotliCodec() : Codec(CodecKind::kBrotli) {}

  Status Compress(std::string_view in, std::string* out, int level) override {
    FLOE_ASSIGN_OR_RETURN(int quality, ResolveLevel(name(), level, 0, 11, 8));
    size_t size = BrotliEncoderMaxCompressedSize(in.size());
    if (size == 0) return NotSupported("brotli: input of {} bytes is too large", in.size());
    out->resize(size);
    if (!BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, in.size(),
                               U8(in), &size, reinterpret_cast<uint8_t*>(out->data()))) {
      return Internal("brotli: compression failed");
    }
    out->resize(size);
    return Ok();
  }

  Status Decompress(std::string_view in, std::string* out,
                    std::optional<size_t> expected_size) override {
    FLOE_ASSIGN_OR_RETURN(size_t limit, OutputLimit(*this, expected_size));
    BrotliDecoderState* st = BrotliDecoderCreateInstance(nullptr, nullptr, nullptr);
    if (st == nullptr) return Internal("brotli: cannot allocate a decoder");
    struct Closer {
      BrotliDecoderState* s;
      ~Closer() { BrotliDecoderDestroyInstance(s); }
    } closer{st};
    GrowingOutput g(out, limit, expected_size ? *expected_size + 1 : in.size() * 4);
    const uint8_t* next_in = U8(in);
    size_t avail_in = in.size();
    for (;;) {
      size_t avail = g.Avail();
      if (avail == 0) return OutputTooLarge(name(), limit, expected_size);
      size_t avail_out = avail;
      uint8_t* next_out = reinterpret_cast<uint8_t*>(g.Next());
      BrotliDecoderResult rc =
          BrotliDecoderDecompressStream(st, &avail_in, &next_in, &avail_out, &next_out, nullptr);
      g.Advance(avail - avail_out);
      if (rc == BROTLI_DECODER_RESULT_SUCCESS) {
        if (avail_in != 0) return CodecCorrupt(name(), "{} bytes after the stream", avail_in);
        break;
      }
      if (rc == BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT) {
        return CodecCorrupt(name(), "truncated stream after {} output bytes", g.used());
      }
      if (rc == BROTLI_DECODER_RESULT_ERROR) {
        return CodecCorrupt(name(), "{}", BrotliDecoderErrorString(BrotliDecoderGetErrorCode(st)));
      }
    }
    if (g.Exceeded()) return OutputTooLarge(name(), limit, expected_size);
    g.Finish();
    return CheckExpectedSize(name(), out->size(), expected_size);
  }
};

}  // namespace

std::unique_ptr<Codec> MakeBrotliCodec() { return std::make_unique<BrotliCodec>(); }

}  // namespace floe::compression::internal
