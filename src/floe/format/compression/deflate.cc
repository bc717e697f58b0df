// Raw deflate (RFC 1951), Avro's "deflate". libdeflate inflates whole blocks at once (much
// faster than zlib's streaming); zlib reports the errors of streams it cannot inflate.
#include <libdeflate.h>

#include <algorithm>
#include <memory>

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
    if (!expected_size) return InflateUnknownSize(in, out, limit);
    if (*expected_size > MaxDeflateOutput(in.size())) {
      return CodecCorrupt(name(), "declared size {} is impossible for {} input bytes",
                          *expected_size, in.size());
    }
    FLOE_RETURN_IF_ERROR(EnsureDecompressor());
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
  Status EnsureDecompressor() {
    if (decompressor_ == nullptr) decompressor_ = libdeflate_alloc_decompressor();
    if (decompressor_ == nullptr) return Internal("deflate: cannot allocate a decompressor");
    return Ok();
  }

  // Output of unknown size (Avro blocks): libdeflate inflates into the codec's scratch buffer,
  // then the output is copied into `out`. The scratch buffer is not zero-filled and keeps its
  // size from call to call (the blocks of one file are alike), so only the first block may need
  // more than one attempt; it starts at four times the input or 128 KB (Avro writers cut blocks
  // at about 64 KB) and doubles until the output fits within `limit`. A stream libdeflate does
  // not inflate within `limit` goes to zlib's streaming inflate, whose errors are the codec's.
  Status InflateUnknownSize(std::string_view in, std::string* out, size_t limit) {
    FLOE_RETURN_IF_ERROR(EnsureDecompressor());
    size_t size = std::min(limit, std::max({in.size() * 4, scratch_size_, kFirstScratchSize}));
    for (;;) {
      if (size > scratch_size_ || !scratch_) {
        scratch_.reset();  // the old buffer's bytes are not needed: no copy, no peak of two
        scratch_.reset(new char[size]);
        scratch_size_ = size;
      }
      size_t in_used = 0, out_used = 0;
      libdeflate_result rc = libdeflate_deflate_decompress_ex(
          decompressor_, in.data(), in.size(), scratch_.get(), size, &in_used, &out_used);
      if (rc == LIBDEFLATE_SUCCESS) {
        out->assign(scratch_.get(), out_used);
        return Ok();
      }
      if (rc != LIBDEFLATE_INSUFFICIENT_SPACE || size == limit) break;
      size = size > limit / 2 ? limit : size * 2;
    }
    return ZlibInflate(name(), in, out, limit, std::nullopt, -15, false);
  }

  static constexpr size_t kFirstScratchSize = size_t{128} << 10;
  libdeflate_decompressor* decompressor_ = nullptr;
  std::unique_ptr<char[]> scratch_;  // InflateUnknownSize's output, scratch_size_ bytes
  size_t scratch_size_ = 0;
};

}  // namespace

std::unique_ptr<Codec> MakeDeflateCodec() { return std::make_unique<DeflateCodec>(); }

}  // namespace floe::compression::internal
