// xz (Avro's "xz"): concatenated .xz streams, decoder memory capped.
#include <lzma.h>

#include "floe/format/compression/codec_internal.h"

namespace floe::compression::internal {
namespace {

constexpr uint64_t kDecoderMemoryLimit = uint64_t{256} << 20;

class XzCodec final : public Codec {
 public:
  XzCodec() : Codec(CodecKind::kXz) {}

  Status Compress(std::string_view in, std::string* out, int level) override {
    FLOE_ASSIGN_OR_RETURN(int preset, ResolveLevel(name(), level, 0, 9, 6));
    out->resize(lzma_stream_buffer_bound(in.size()));
    size_t pos = 0;
    lzma_ret rc = lzma_easy_buffer_encode(
        static_cast<uint32_t>(preset), LZMA_CHECK_CRC64, nullptr, U8(in), in.size(),
        reinterpret_cast<uint8_t*>(out->data()), &pos, out->size());
    if (rc != LZMA_OK) return Internal("xz: compression failed ({})", static_cast<int>(rc));
    out->resize(pos);
    return Ok();
  }

  Status Decompress(std::string_view in, std::string* out,
                    std::optional<size_t> expected_size) override {
    FLOE_ASSIGN_OR_RETURN(size_t limit, OutputLimit(*this, expected_size));
    lzma_stream s = LZMA_STREAM_INIT;
    if (lzma_stream_decoder(&s, kDecoderMemoryLimit, LZMA_CONCATENATED) != LZMA_OK) {
      return Internal("xz: decoder init failed");
    }
    struct Closer {
      lzma_stream* s;
      ~Closer() { lzma_end(s); }
    } closer{&s};
    GrowingOutput g(out, limit, expected_size ? *expected_size + 1 : in.size() * 4);
    s.next_in = U8(in);
    s.avail_in = in.size();
    for (;;) {
      size_t avail = g.Avail();
      if (avail == 0) return OutputTooLarge(name(), limit, expected_size);
      s.next_out = reinterpret_cast<uint8_t*>(g.Next());
      s.avail_out = avail;
      lzma_ret rc = lzma_code(&s, LZMA_FINISH);
      g.Advance(avail - s.avail_out);
      if (rc == LZMA_STREAM_END) break;
      if (rc == LZMA_OK) continue;
      switch (rc) {
        case LZMA_BUF_ERROR:
          return CodecCorrupt(name(), "truncated stream after {} output bytes", g.used());
        case LZMA_MEMLIMIT_ERROR:
          return CodecCorrupt(name(), "stream needs too much memory");
        case LZMA_FORMAT_ERROR:
          return CodecCorrupt(name(), "not an xz stream");
        case LZMA_OPTIONS_ERROR:
          return CodecCorrupt(name(), "unsupported options");
        case LZMA_DATA_ERROR:
          return CodecCorrupt(name(), "invalid data");
        default:
          return CodecCorrupt(name(), "error code {}", static_cast<int>(rc));
      }
    }
    if (g.Exceeded()) return OutputTooLarge(name(), limit, expected_size);
    g.Finish();
    return CheckExpectedSize(name(), out->size(), expected_size);
  }
};

}  // namespace

std::unique_ptr<Codec> MakeXzCodec() { return std::make_unique<XzCodec>(); }

}  // namespace floe::compression::internal
