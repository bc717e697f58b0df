// DELTA_BYTE_ARRAY (Encodings.md "Delta Strings", = 7), for BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY:
// the prefix length each value shares with the previous one (DELTA_BINARY_PACKED), then the
// suffixes as DELTA_LENGTH_BYTE_ARRAY.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "floe/columnar/array_builder.h"
#include "floe/format/parquet/encoding/delta_length_byte_array.h"
#include "floe/util/result.h"

namespace floe::parquet {

class DeltaByteArrayDecoder {
 public:
  // max_values bounds the counts the headers may claim (the page's value count).
  Status Init(std::span<const uint8_t> data, int64_t max_values);

  int64_t values_left() const {
    return static_cast<int64_t>(prefixes_.size()) - static_cast<int64_t>(next_);
  }
  // The next n values appended to a string/binary builder.
  Status Decode(int64_t n, columnar::BinaryBuilder* out);
  // FIXED_LEN_BYTE_ARRAY: the next n values, each exactly `width` bytes (Corrupt otherwise).
  Status DecodeFixed(int64_t n, int width, uint8_t* out);
  // Where the encoding ends in the data.
  size_t end_offset() const { return suffix_start_ + suffixes_.end_offset(); }

 private:
  // The next value, built in last_.
  Status Next();

  std::vector<int32_t> prefixes_;
  size_t next_ = 0;
  size_t suffix_start_ = 0;
  DeltaLengthByteArrayDecoder suffixes_;
  std::string last_;
};

// Appends the encoding of n values to out.
void EncodeDeltaByteArray(const std::string_view* values, int64_t n, std::string* out);

}  // namespace floe::parquet
