// bzip2 (Avro's "bzip2"); concatenated streams (pbzip2) decode as one.
#include <bzlib.h>

#include <climits>

#include "floe/format/compression/codec_internal.h"

namespace floe::compression::internal {
namespace {

class Bzip2Codec final : public Codec {
 public:
  Bzip2Codec() : Codec(CodecKind::kBzip2) {}

  Status Compress(std::string_view in, std::string* out, int level) override {
    FLOE_ASSIGN_OR_RETURN(int block, ResolveLevel(name(), level, 1, 9, 9));
    if (in.size() > UINT_MAX / 2) return NotSupported("bzip2: input too large");
    // bzip2's documented bound: 1% larger plus 600 bytes.
    unsigned int size = static_cast<unsigned int>(in.size() + in.size() / 100 + 600);
    out->resize(size);
    int rc = BZ2_bzBuffToBuffCompress(out->data(), &size, const_cast<char*>(in.data()),
                                      static_cast<unsigned int>(in.size()), block, 0, 0);
    if (rc != BZ_OK) return Internal("bzip2: compression failed ({})", rc);
    out->resize(size);
    return Ok();
  }

  Status Decompress(std::string_view in, std::string* out,
                    std::optional<size_t> expected_size) override {
    FLOE_ASSIGN_OR_RETURN(size_t limit, OutputLimit(*this, expected_size));
    bz_stream s{};
    if (BZ2_bzDecompressInit(&s, 0, 0) != BZ_OK) return Internal("bzip2: init failed");
    struct Closer {
      bz_stream* s;
      ~Closer() { BZ2_bzDecompressEnd(s); }
    } closer{&s};
    GrowingOutput g(out, limit, expected_size ? *expected_size + 1 : in.size() * 6);
    const char* next = in.data();
    size_t remaining = in.size();
    for (;;) {
      size_t avail = g.Avail();
      if (avail == 0) return OutputTooLarge(name(), limit, expected_size);
      size_t feed = std::min<size_t>(remaining, UINT_MAX);
      unsigned int out_size = static_cast<unsigned int>(std::min<size_t>(avail, UINT_MAX));
      s.next_in = const_cast<char*>(next);
      s.avail_in = static_cast<unsigned int>(feed);
      s.next_out = g.Next();
      s.avail_out = out_size;
      int rc = BZ2_bzDecompress(&s);
      size_t consumed = feed - s.avail_in, produced = out_size - s.avail_out;
      next += consumed;
      remaining -= consumed;
      g.Advance(produced);
      if (rc == BZ_STREAM_END) {
        if (remaining == 0) break;
        BZ2_bzDecompressEnd(&s);
        s = bz_stream{};
        if (BZ2_bzDecompressInit(&s, 0, 0) != BZ_OK) return Internal("bzip2: init failed");
        continue;
      }
      if (rc != BZ_OK) return CodecCorrupt(name(), "error code {}", rc);
      if (remaining == 0 && produced == 0 && consumed == 0) {
        return CodecCorrupt(name(), "truncated stream after {} output bytes", g.used());
      }
    }
    if (g.Exceeded()) return OutputTooLarge(name(), limit, expected_size);
    g.Finish();
    return CheckExpectedSize(name(), out->size(), expected_size);
  }
};

}  // namespace

std::unique_ptr<Codec> MakeBzip2Codec() { return std::make_unique<Bzip2Codec>(); }

}  // namespace floe::compression::internal
