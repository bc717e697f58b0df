#include "floe/format/compression/codec.h"

#include "floe/format/compression/codec_internal.h"

namespace floe::compression {

std::string_view CodecKindName(CodecKind kind) {
  switch (kind) {
    case CodecKind::kUncompressed:
      return "uncompressed";
    case CodecKind::kSnappy:
      return "snappy";
    case CodecKind::kGzip:
      return "gzip";
    case CodecKind::kDeflate:
      return "deflate";
    case CodecKind::kZstd:
      return "zstd";
    case CodecKind::kLz4Raw:
      return "lz4-raw";
    case CodecKind::kLz4Hadoop:
      return "lz4-hadoop";
    case CodecKind::kBrotli:
      return "brotli";
    case CodecKind::kBzip2:
      return "bzip2";
    case CodecKind::kXz:
      return "xz";
  }
  return "unknown";
}

Result<std::unique_ptr<Codec>> MakeCodec(CodecKind kind) {
  using namespace internal;
  switch (kind) {
    case CodecKind::kUncompressed:
      return MakeUncompressedCodec();
    case CodecKind::kSnappy:
      return MakeSnappyCodec();
    case CodecKind::kGzip:
      return MakeGzipCodec();
    case CodecKind::kDeflate:
      return MakeDeflateCodec();
    case CodecKind::kZstd:
      return MakeZstdCodec();
    case CodecKind::kLz4Raw:
      return MakeLz4RawCodec();
    case CodecKind::kLz4Hadoop:
      return MakeLz4HadoopCodec();
    case CodecKind::kBrotli:
      return MakeBrotliCodec();
    case CodecKind::kBzip2:
      return MakeBzip2Codec();
    case CodecKind::kXz:
      return MakeXzCodec();
  }
  return InvalidArgument("unknown codec kind {}", static_cast<int>(kind));
}

namespace internal {

Result<size_t> OutputLimit(const Codec& codec, std::optional<size_t> expected_size) {
  if (!expected_size) return codec.max_output_size();
  if (*expected_size > codec.max_output_size()) {
    return CodecCorrupt(codec.name(), "declared uncompressed size {} exceeds the limit of {} bytes",
                        *expected_size, codec.max_output_size());
  }
  return *expected_size;
}

Error OutputTooLarge(std::string_view codec, size_t limit, std::optional<size_t> expected_size) {
  if (expected_size) {
    return CodecCorrupt(codec, "output is longer than the declared {} bytes", *expected_size);
  }
  return CodecCorrupt(codec, "output exceeds the limit of {} bytes", limit);
}

Status CheckExpectedSize(std::string_view codec, size_t got, std::optional<size_t> expected_size) {
  if (expected_size && got != *expected_size) {
    return CodecCorrupt(codec, "output has {} bytes, declared {}", got, *expected_size);
  }
  return Ok();
}

Result<int> ResolveLevel(std::string_view codec, int level, int min, int max, int default_level) {
  if (level < 0) return default_level;
  if (level < min || level > max) {
    return InvalidArgument("{}: compression level {} is outside {}..{}", codec, level, min, max);
  }
  return level;
}

}  // namespace internal
}  // namespace floe::compression
