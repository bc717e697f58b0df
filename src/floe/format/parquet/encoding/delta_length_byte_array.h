// DELTA_LENGTH_BYTE_ARRAY (Encodings.md, = 6): the lengths of all values as DELTA_BINARY_PACKED,
// then all their bytes back to back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "floe/columnar/array_builder.h"
#include "floe/util/result.h"

namespace floe::parquet {

class DeltaLengthByteArrayDecoder {
 public:
  // Reads every length up front (the bytes follow them). max_values bounds the count the header
  // may claim (the page's value count): Corrupt beyond it, for negative lengths, or when the
  // lengths add up to more bytes than the data holds.
  Status Init(std::span<const uint8_t> data, int64_t max_values);

  int64_t total_values() const { return static_cast<int64_t>(lengths_.size()); }
  int64_t values_left() const { return total_values() - static_cast<int64_t>(next_); }
  // The next n values (n <= values_left(), or Corrupt).
  Status Decode(int64_t n, columnar::BinaryBuilder* out);
  // The next n values as views into the data.
  Status Decode(int64_t n, std::string_view* out);
  // Bytes of the data used so far: the lengths and the bytes of the values decoded.
  size_t bytes_consumed() const { return static_cast<size_t>(pos_ - begin_); }
  // Where the bytes of all values end (lengths + every value's bytes).
  size_t end_offset() const { return static_cast<size_t>(bytes_end_ - begin_); }

 private:
  Status Check(int64_t n) const;

  std::vector<int32_t> lengths_;
  size_t next_ = 0;
  const uint8_t* begin_ = nullptr;
  const uint8_t* pos_ = nullptr;
  const uint8_t* bytes_end_ = nullptr;
};

// Appends the encoding of n values to out.
void EncodeDeltaLengthByteArray(const std::string_view* values, int64_t n, std::string* out);

}  // namespace floe::parquet
