// PLAIN (Encodings.md "Plain", PLAIN = 0): values back to back, little endian. BOOLEAN is
// bit-packed LSB first; INT96 is 12 bytes; BYTE_ARRAY is a 4-byte little-endian length and the
// bytes; FIXED_LEN_BYTE_ARRAY is just the bytes. Decoders take the page bytes from the current
// position, check that n values fit, and return the bytes they consumed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "floe/columnar/array_builder.h"
#include "floe/util/result.h"

namespace floe::parquet {

// INT96 as stored: nanoseconds within the day (8 bytes), then the Julian day (4 bytes).
struct Int96 {
  uint32_t words[3];
};
// Nanoseconds since the Unix epoch (wrapping on overflow, like the writers that produced them).
int64_t Int96ToUnixNanos(const Int96& v);
Int96 UnixNanosToInt96(int64_t nanos);
// Microseconds since the Unix epoch as Spark computes them: wrapping 64-bit arithmetic on the
// signed Julian day and nanoseconds of the day. Spark writes years beyond 294247 through the same
// wrap, so this reads back what it wrote (parquet-testing's int96_from_spark).
int64_t Int96ToUnixMicros(const Int96& v);
// The nanoseconds of the day, signed as Spark writes them.
int64_t Int96NanosOfDay(const Int96& v);

// INT32, INT64, FLOAT, DOUBLE (T = int32_t, int64_t, float, double), and INT96 (T = Int96).
template <typename T>
Result<size_t> DecodePlain(std::span<const uint8_t> data, int64_t n, T* out);

// FIXED_LEN_BYTE_ARRAY of `width` bytes (width >= 0) into n * width bytes at out.
Result<size_t> DecodePlainFixedLenByteArray(std::span<const uint8_t> data, int64_t n, int width,
                                            uint8_t* out);
// BYTE_ARRAY appended to a string/binary builder.
Result<size_t> DecodePlainByteArray(std::span<const uint8_t> data, int64_t n,
                                    columnar::BinaryBuilder* out);
// BYTE_ARRAY as views into `data` (dictionary pages, statistics).
Result<size_t> DecodePlainByteArray(std::span<const uint8_t> data, int64_t n,
                                    std::string_view* out);

// BOOLEAN: bit-packed, so a page's values are read across calls from a bit position.
class PlainBooleanDecoder {
 public:
  void Init(std::span<const uint8_t> data) {
    data_ = data;
    bit_ = 0;
  }
  // n values, one byte each (0 or 1). Corrupt if fewer remain.
  Status Decode(int64_t n, uint8_t* out);
  // n values appended to a boolean builder (a bit copy).
  Status Decode(int64_t n, columnar::BooleanBuilder* out);
  int64_t values_left() const { return static_cast<int64_t>(data_.size()) * 8 - bit_; }
  size_t bytes_consumed() const { return static_cast<size_t>((bit_ + 7) / 8); }

 private:
  Status Check(int64_t n) const;

  std::span<const uint8_t> data_;
  int64_t bit_ = 0;
};

// Encoders append to out.
template <typename T>
void EncodePlain(const T* values, int64_t n, std::string* out);
// Booleans given one byte per value (non-zero = true).
void EncodePlainBoolean(const uint8_t* values, int64_t n, std::string* out);
void EncodePlainByteArray(const std::string_view* values, int64_t n, std::string* out);
void EncodePlainFixedLenByteArray(const uint8_t* values, int64_t n, int width, std::string* out);

}  // namespace floe::parquet
