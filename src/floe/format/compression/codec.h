// Compression codecs shared by the file formats (Parquet pages, Avro blocks, metadata files).
// One interface, one implementation per codec (docs/style.md 8). Decompression never trusts a size
// it is told: output grows only as real output is produced, up to a limit, so a bomb or a corrupt
// header is a kCorrupt error naming the codec, never a huge allocation.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "floe/util/result.h"

namespace floe::compression {

enum class CodecKind {
  kUncompressed,
  kSnappy,     // raw snappy block format (Parquet, Avro; Avro adds its CRC-32 itself)
  kGzip,       // RFC 1952, concatenated members allowed
  kDeflate,    // raw RFC 1951 (Avro's "deflate")
  kZstd,       // zstd frames, concatenated frames allowed
  kLz4Raw,     // LZ4 block format (Parquet LZ4_RAW)
  kLz4Hadoop,  // Parquet's deprecated LZ4: Hadoop framing, falling back to LZ4 frame or raw block
  kBrotli,
  kBzip2,
  kXz,
};

// "snappy", "gzip", "lz4-hadoop", ... (for messages).
std::string_view CodecKindName(CodecKind kind);

// Upper bound on the output of one Decompress call when the caller gives no limit of its own.
inline constexpr size_t kDefaultMaxDecompressedSize = size_t{1} << 30;

class Codec {
 public:
  virtual ~Codec() = default;

  CodecKind kind() const { return kind_; }
  std::string_view name() const { return CodecKindName(kind_); }

  // Replaces *out with the compressed form of `in`. level < 0: the codec's default level.
  // Codecs floe only reads return kNotSupported.
  virtual Status Compress(std::string_view in, std::string* out, int level = -1) = 0;

  // Replaces *out with the decompressed form of `in`. expected_size: the size the container
  // declares (Parquet page header); the output must then be exactly that long. Without it the
  // output may not exceed max_output_size().
  virtual Status Decompress(std::string_view in, std::string* out,
                            std::optional<size_t> expected_size = std::nullopt) = 0;

  size_t max_output_size() const { return max_output_size_; }
  void set_max_output_size(size_t n) { max_output_size_ = n; }

 protected:
  explicit Codec(CodecKind kind) : kind_(kind) {}

 private:
  CodecKind kind_;
  size_t max_output_size_ = kDefaultMaxDecompressedSize;
};

Result<std::unique_ptr<Codec>> MakeCodec(CodecKind kind);

}  // namespace floe::compression
