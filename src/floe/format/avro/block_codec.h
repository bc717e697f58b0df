// The codecs of Avro object container files, by their Avro names (spec "Required Codecs",
// "Optional Codecs"): null, deflate (raw RFC 1951), snappy (with a big-endian CRC-32 of the
// uncompressed data after each block), zstandard, bzip2, xz.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "floe/format/compression/codec.h"
#include "floe/util/result.h"

namespace floe::avro {

// The first four bytes of every object container file.
inline constexpr char kAvroMagic[] = {'O', 'b', 'j', 1};

class BlockCodec {
 public:
  // kNotSupported for an unknown name; "zstd" (not an Avro name) is kCorrupt.
  static Result<std::unique_ptr<BlockCodec>> ForName(std::string_view avro_name);

  const std::string& name() const { return name_; }
  bool is_null() const { return codec_ == nullptr; }
  bool can_write() const;

  Status Compress(std::string_view in, std::string* out, int level);
  // `in` is one block's data; the output may not exceed max_size bytes.
  Status Decompress(std::string_view in, std::string* out, size_t max_size);

 private:
  std::string name_;
  std::unique_ptr<compression::Codec> codec_;
};

}  // namespace floe::avro
