// Streaming inflate through zlib, for gzip and for raw deflate of unknown output size.
#include <zlib.h>

#include <climits>

#include "floe/format/compression/codec_internal.h"

namespace floe::compression::internal {

Status ZlibInflate(std::string_view codec, std::string_view in, std::string* out, size_t limit,
                   std::optional<size_t> expected_size, int window_bits, bool multi_member) {
  z_stream s{};
  if (inflateInit2(&s, window_bits) != Z_OK) return Internal("{}: inflateInit2 failed", codec);
  struct Closer {
    z_stream* s;
    ~Closer() { inflateEnd(s); }
  } closer{&s};

  GrowingOutput g(out, limit, expected_size ? *expected_size + 1 : in.size() * 4);
  const Bytef* next = reinterpret_cast<const Bytef*>(in.data());
  size_t remaining = in.size();
  for (;;) {
    size_t avail = g.Avail();
    if (avail == 0) return OutputTooLarge(codec, limit, expected_size);
    size_t feed = std::min<size_t>(remaining, UINT_MAX);
    s.next_in = const_cast<Bytef*>(next);
    s.avail_in = static_cast<uInt>(feed);
    s.next_out = reinterpret_cast<Bytef*>(g.Next());
    s.avail_out = static_cast<uInt>(std::min<size_t>(avail, UINT_MAX));
    uInt out_before = s.avail_out;
    int rc = inflate(&s, Z_NO_FLUSH);
    size_t consumed = feed - s.avail_in;
    next += consumed;
    remaining -= consumed;
    g.Advance(out_before - s.avail_out);
    if (rc == Z_STREAM_END) {
      // Raw deflate: bytes after the final block are ignored, as Java's Inflater does (fastavro
      // leaves the zlib trailer there).
      if (remaining == 0 || !multi_member) break;
      if (multi_member && remaining >= 2 && next[0] == 0x1f && next[1] == 0x8b) {
        inflateReset(&s);
        continue;
      }
      // Some writers pad the last member with zero bytes; anything else is garbage.
      bool zeros = true;
      for (size_t i = 0; i < remaining; ++i) zeros = zeros && next[i] == 0;
      if (zeros) break;
      return CodecCorrupt(codec, "{} bytes of trailing data after the stream", remaining);
    }
    if (rc == Z_BUF_ERROR && remaining == 0) {
      return CodecCorrupt(codec, "truncated stream after {} output bytes", g.used());
    }
    if (rc != Z_OK && rc != Z_BUF_ERROR) {
      return CodecCorrupt(codec, "{}", s.msg != nullptr ? s.msg : zError(rc));
    }
  }
  if (g.Exceeded()) return OutputTooLarge(codec, limit, expected_size);
  g.Finish();
  return CheckExpectedSize(codec, out->size(), expected_size);
}

}  // namespace floe::compression::internal
