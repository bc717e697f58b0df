// LZ4: the raw block format (Parquet LZ4_RAW) and Parquet's deprecated LZ4, which parquet-mr
// writes with Hadoop's block framing and older Arrow/Rust writers as a raw block or an LZ4 frame.
#include <lz4.h>
#include <lz4frame.h>

#include <climits>

#include "floe/format/compression/codec_internal.h"
#include "floe/util/bytes.h"

namespace floe::compression::internal {
namespace {

// An LZ4 sequence expands at most 255:1.
size_t MaxLz4Output(size_t in) { return in * 255 + 16; }

// Decodes one raw block into exactly `capacity` bytes at `dst`; the decoded size, or -1.
int DecodeBlock(std::string_view in, char* dst, size_t capacity) {
  if (in.size() > INT_MAX || capacity > INT_MAX) return -1;
  return LZ4_decompress_safe(in.data(), dst, static_cast<int>(in.size()),
                             static_cast<int>(capacity));
}

// A raw block of unknown output size: the block format has no length, so try growing buffers up
// to the format's expansion bound (or the limit).
Status DecodeRawBlock(std::string_view codec, std::string_view in, std::string* out, size_t limit,
                      std::optional<size_t> expected_size) {
  if (in.size() > INT_MAX)
    return NotSupported("{}: block of {} bytes is too large", codec, in.size());
  size_t bound = std::min(limit, MaxLz4Output(in.size()));
  if (expected_size) {
    if (*expected_size > bound) {
      return CodecCorrupt(codec, "declared size {} is impossible for {} input bytes",
                          *expected_size, in.size());
    }
    out->resize(*expected_size);
    int n = DecodeBlock(in, out->data(), out->size());
    if (n < 0) {
      out->clear();
      return CodecCorrupt(codec, "invalid block");
    }
    out->resize(static_cast<size_t>(n));
    return CheckExpectedSize(codec, out->size(), expected_size);
  }
  size_t capacity = std::min(bound, std::max<size_t>(in.size() * 4, 256));
  for (;;) {
    out->resize(capacity);
    int n = DecodeBlock(in, out->data(), capacity);
    if (n >= 0) {
      out->resize(static_cast<size_t>(n));
      return Ok();
    }
    if (capacity >= bound) {
      out->clear();
      return CodecCorrupt(codec, "invalid block");
    }
    capacity = std::min(bound, capacity * 4);
  }
}

class Lz4RawCodec final : public Codec {
 public:
  Lz4RawCodec() : Codec(CodecKind::kLz4Raw) {}

  Status Compress(std::string_view in, std::string* out, int) override {
    if (in.size() > static_cast<size_t>(LZ4_MAX_INPUT_SIZE)) {
      return NotSupported("lz4-raw: input of {} bytes is too large", in.size());
    }
    out->resize(static_cast<size_t>(LZ4_compressBound(static_cast<int>(in.size()))));
    int n = LZ4_compress_default(in.data(), out->data(), static_cast<int>(in.size()),
                                 static_cast<int>(out->size()));
    if (n <= 0 && !in.empty()) return Internal("lz4-raw: compression failed");
    out->resize(static_cast<size_t>(std::max(n, 0)));
    return Ok();
  }

  Status Decompress(std::string_view in, std::string* out,
                    std::optional<size_t> expected_size) override {
    FLOE_ASSIGN_OR_RETURN(size_t limit, OutputLimit(*this, expected_size));
    return DecodeRawBlock(name(), in, out, limit, expected_size);
  }
};

class Lz4HadoopCodec final : public Codec {
 public:
  Lz4HadoopCodec() : Codec(CodecKind::kLz4Hadoop) {}

  // One Hadoop block: big-endian uncompressed length, big-endian compressed length, raw block.
  Status Compress(std::string_view in, std::string* out, int level) override {
    std::string block;
    FLOE_RETURN_IF_ERROR(Lz4RawCodec().Compress(in, &block, level));
    if (in.size() > UINT32_MAX) return NotSupported("lz4-hadoop: input too large");
    out->clear();
    AppendBigEndian(*out, in.size(), 4);
    AppendBigEndian(*out, block.size(), 4);
    out->append(block);
    return Ok();
  }

  Status Decompress(std::string_view in, std::string* out,
                    std::optional<size_t> expected_size) override {
    FLOE_ASSIGN_OR_RETURN(size_t limit, OutputLimit(*this, expected_size));
    if (TryHadoop(in, out, limit) && CheckExpectedSize(name(), out->size(), expected_size).ok()) {
      return Ok();
    }
    static constexpr char kFrameMagic[] = {0x04, 0x22, 0x4d, 0x18};
    if (in.size() >= 4 && in.substr(0, 4) == std::string_view(kFrameMagic, 4)) {
      return DecodeFrames(in, out, limit, expected_size);
    }
    return DecodeRawBlock(name(), in, out, limit, expected_size);
  }

 private:
  // Hadoop's BlockCompressorStream: blocks of [BE32 raw length] then chunks of
  // [BE32 compressed length][raw LZ4 block] until the block's raw length is reached.
  bool TryHadoop(std::string_view in, std::string* out, size_t limit) {
    out->clear();
    size_t pos = 0;
    while (pos < in.size()) {
      if (in.size() - pos < 8) return false;
      size_t block_left = LoadBigEndian(U8(in) + pos, 4);
      pos += 4;
      if (block_left > limit - out->size()) return false;
      do {
        if (in.size() - pos < 4) return false;
        size_t csize = LoadBigEndian(U8(in) + pos, 4);
        pos += 4;
        if (csize > in.size() - pos || block_left > MaxLz4Output(csize)) return false;
        size_t at = out->size();
        out->resize(at + block_left);
        int n = DecodeBlock(in.substr(pos, csize), out->data() + at, block_left);
        if (n < 0) return false;
        out->resize(at + static_cast<size_t>(n));
        block_left -= static_cast<size_t>(n);
        pos += csize;
        if (n == 0 && block_left > 0) return false;
      } while (block_left > 0);
    }
    return true;
  }

  Status DecodeFrames(std::string_view in, std::string* out, size_t limit,
                      std::optional<size_t> expected_size) {
    LZ4F_dctx* dctx = nullptr;
    if (LZ4F_isError(LZ4F_createDecompressionContext(&dctx, LZ4F_VERSION))) {
      return Internal("lz4-hadoop: cannot allocate a frame decoder");
    }
    struct Closer {
      LZ4F_dctx* d;
      ~Closer() { LZ4F_freeDecompressionContext(d); }
    } closer{dctx};
    GrowingOutput g(out, limit, expected_size ? *expected_size + 1 : in.size() * 4);
    size_t pos = 0, hint = 1;
    while (pos < in.size()) {
      size_t avail = g.Avail();
      if (avail == 0) return OutputTooLarge(name(), limit, expected_size);
      size_t src_size = in.size() - pos, dst_size = avail;
      hint = LZ4F_decompress(dctx, g.Next(), &dst_size, in.data() + pos, &src_size, nullptr);
      if (LZ4F_isError(hint)) return CodecCorrupt(name(), "{}", LZ4F_getErrorName(hint));
      pos += src_size;
      g.Advance(dst_size);
      if (src_size == 0 && dst_size == 0) break;
    }
    // Drain what the decoder still holds once all input is consumed.
    while (hint != 0) {
      size_t avail = g.Avail();
      if (avail == 0) return OutputTooLarge(name(), limit, expected_size);
      size_t src_size = 0, dst_size = avail;
      hint = LZ4F_decompress(dctx, g.Next(), &dst_size, nullptr, &src_size, nullptr);
      if (LZ4F_isError(hint)) return CodecCorrupt(name(), "{}", LZ4F_getErrorName(hint));
      g.Advance(dst_size);
      if (dst_size == 0 && hint != 0) return CodecCorrupt(name(), "truncated frame");
    }
    if (g.Exceeded()) return OutputTooLarge(name(), limit, expected_size);
    g.Finish();
    return CheckExpectedSize(name(), out->size(), expected_size);
  }
};

}  // namespace

std::unique_ptr<Codec> MakeLz4RawCodec() { return std::make_unique<Lz4RawCodec>(); }
std::unique_ptr<Codec> MakeLz4HadoopCodec() { return std::make_unique<Lz4HadoopCodec>(); }

}  // namespace floe::compression::internal
