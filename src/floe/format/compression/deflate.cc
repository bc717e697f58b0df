// Raw deflate (RFC 1951), Avro's "deflate". When the output size is known, libdeflate inflates
// the whole block at once (much faster than zlib); otherwise zlib streams.
#include <libdeflate.h>

#include "floe/format/compression/codec_internal.h"

namespace floe::compression::internal {
namespace {

// Deflate cannot expand more than 1032:1 (a 258-byte match per 2 bits, at best).
size_t MaxDeflateOutput(size_t in) { return in * 1032 + 1024; }

class DeflateCodec final : public Codec {
 public:
  DeflateCodec() : Codec(CodecKind::kDeflate) {}
  ~DeflateCodec() override {
    if (decompressor_ != nullptr) libdeflate_free_decompressor(decompressor_);
  }

  Status Compress(std::string_view in, std::string* out, int level) override {
    FLOE_ASSIGN_OR_RETURN(int lvl, ResolveLevel(name(), level, 0, 12, 6));
    libdeflate_compressor* c = libdeflate_alloc_compressor(lvl);
    if (c == nullptr) return Internal("deflate: cannot allocate a compressor");
    out->resize(libdeflate_deflate_compress_bound(c, in.size()));
    size_t n = libdeflate_deflate_compress(c, in.data(), in.size(), out->data(), out->size());
    libdeflate_free_compressor(c);
    if (n == 0 && !in.empty()) return Internal("deflate: compression bound too small");
    out->resize(n);
    return Ok();
  }

  Status Decompress(std::string_view in, std::string* out,
                    std::optional<size_t> expected_size) override {
    FLOE_ASSIGN_OR_RETURN(size_t limit, OutputLimit(*this, expected_size));
    if (!expected_size) return ZlibInflate(name(), in, out, limit, expected_size, -15, false);
    if (*expected_size > MaxDeflateOutput(in.size())) {
      return CodecCorrupt(name(), "declared size {} is impossible for {} input bytes",
                          *expected_size, in.size());
    }
    if (decompressor_ == nullptr) decompressor_ = libdeflate_alloc_decompressor();
    if (decompressor_ == nullptr) return Internal("deflate: cannot allocate a decompressor");
    out->resize(*expected_size);
    size_t in_used = 0, out_used = 0;
    libdeflate_result rc = libdeflate_deflate_decompress_ex(
        decompressor_, in.data(), in.size(), out->data(), out->size(), &in_used, &out_used);
    if (rc == LIBDEFLATE_INSUFFICIENT_SPACE) {
      out->clear();
      return OutputTooLarge(name(), limit, expected_size);
    }
    if (rc != LIBDEFLATE_SUCCESS) {
      out->clear();
      return CodecCorrupt(name(), "invalid deflate stream");
    }
    out->resize(out_used);
    return CheckExpectedSize(name(), out_used, expected_size);
  }

 private:
  libdeflate_decompressor* decompressor_ = nullptr;
};

}  // namespace

std::unique_ptr<Codec> MakeDeflateCodec() { return std::make_unique<DeflateCodec>(); }

}  // namespace floe::compression::internal
