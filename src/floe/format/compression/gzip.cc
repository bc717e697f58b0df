// gzip (RFC 1952). Decoding streams through zlib and accepts concatenated members, as written
// by some Parquet writers; encoding uses libdeflate.
#include <libdeflate.h>

#include "floe/format/compression/codec_internal.h"

namespace floe::compression::internal {
namespace {

class GzipCodec final : public Codec {
 public:
  GzipCodec() : Codec(CodecKind::kGzip) {}

  Status Compress(std::string_view in, std::string* out, int level) override {
    FLOE_ASSIGN_OR_RETURN(int lvl, ResolveLevel(name(), level, 0, 12, 6));
    libdeflate_compressor* c = libdeflate_alloc_compressor(lvl);
    if (c == nullptr) return Internal("gzip: cannot allocate a compressor");
    out->resize(libdeflate_gzip_compress_bound(c, in.size()));
    size_t n = libdeflate_gzip_compress(c, in.data(), in.size(), out->data(), out->size());
    libdeflate_free_compressor(c);
    if (n == 0) return Internal("gzip: compression bound too small");
    out->resize(n);
    return Ok();
  }

  Status Decompress(std::string_view in, std::string* out,
                    std::optional<size_t> expected_size) override {
    FLOE_ASSIGN_OR_RETURN(size_t limit, OutputLimit(*this, expected_size));
    return ZlibInflate(name(), in, out, limit, expected_size, 16 + 15, /*multi_member=*/true);
  }
};

}  // namespace

std::unique_ptr<Codec> MakeGzipCodec() { return std::make_unique<GzipCodec>(); }

}  // namespace floe::compression::internal
