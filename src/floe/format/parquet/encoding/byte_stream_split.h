// BYTE_STREAM_SPLIT (Encodings.md, = 9) for FLOAT, DOUBLE, INT32, INT64 and
// FIXED_LEN_BYTE_ARRAY: byte k of every value lies in stream k; the K streams of N bytes each fill
// the page's value bytes exactly, so N is the data size / K.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "floe/util/result.h"

namespace floe::parquet {

class ByteStreamSplitDecoder {
 public:
  // width: 4 (FLOAT, INT32), 8 (DOUBLE, INT64) or the FIXED_LEN_BYTE_ARRAY length (>= 1).
  // Corrupt if the data is not a whole number of values.
  Status Init(std::span<const uint8_t> data, int width);

  int64_t total_values() const { return num_values_; }
  int64_t values_left() const { return num_values_ - next_; }
  // The next n values, n * width bytes at out (n <= values_left(), or Corrupt).
  Status Decode(int64_t n, uint8_t* out);
  template <typename T>
  Status Decode(int64_t n, T* out) {
    if (static_cast<int>(sizeof(T)) != width_) {
      return InvalidArgument("BYTE_STREAM_SPLIT of width {} decoded as {}-byte values", width_,
                             sizeof(T));
    }
    return Decode(n, reinterpret_cast<uint8_t*>(out));
  }

 private:
  const uint8_t* data_ = nullptr;
  int width_ = 0;
  int64_t num_values_ = 0;
  int64_t next_ = 0;
};

// Appends the encoding of n values of `width` bytes (n * width bytes at values).
void EncodeByteStreamSplit(const uint8_t* values, int64_t n, int width, std::string* out);

}  // namespace floe::parquet
