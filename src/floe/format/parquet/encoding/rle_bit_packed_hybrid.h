// The RLE / bit-packing hybrid (Encodings.md "Run Length Encoding / Bit-Packing Hybrid", RLE = 3):
// definition and repetition levels, dictionary indices (after their bit-width byte) and RLE
// booleans (bit width 1). Runs are `varint(count << 1) value` (RLE, the value in
// ceil(bit_width / 8) little-endian bytes) or `varint(groups << 1 | 1)` followed by groups of 8
// bit-packed values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "floe/util/result.h"

namespace floe::parquet {

class RleBitPackedDecoder {
 public:
  RleBitPackedDecoder() = default;

  // `data` holds the runs (no 4-byte length prefix; see SplitLengthPrefixed). bit_width 0..32.
  Status Init(std::span<const uint8_t> data, int bit_width);

  // Decodes up to n values into out and returns how many were decoded: fewer than n only when
  // the runs end. Corrupt on a malformed run. T is uint8_t, int16_t, int32_t or uint32_t; values
  // wider than T are truncated (levels and indices are checked by the caller against their max).
  template <typename T>
  Result<int64_t> GetBatch(T* out, int64_t n);
  // Exactly n values, or Corrupt.
  template <typename T>
  Status Decode(T* out, int64_t n);

  // Skips up to n values; returns how many were skipped.
  Result<int64_t> Skip(int64_t n);

  int bit_width() const { return bit_width_; }
  // Bytes of `data` taken by the runs read so far (a partly consumed run counts whole).
  size_t bytes_consumed() const { return static_cast<size_t>(pos_ - begin_); }

 private:
  // Reads the next run header; false when the data is exhausted.
  Result<bool> NextRun();

  const uint8_t* begin_ = nullptr;
  const uint8_t* pos_ = nullptr;
  const uint8_t* end_ = nullptr;
  int bit_width_ = 0;
  int value_bytes_ = 0;
  int64_t rle_left_ = 0;
  uint32_t rle_value_ = 0;
  const uint8_t* packed_ = nullptr;  // first byte of the current bit-packed run
  int64_t packed_index_ = 0;         // values of that run already read
  int64_t packed_left_ = 0;          // values of that run still available
};

// Collects values, then writes them as runs: repeats of 8 or more become RLE runs, the rest
// bit-packed runs (the last one padded with zeros to a multiple of 8 values).
class RleBitPackedEncoder {
 public:
  // bit_width 0..32; values must fit in it.
  explicit RleBitPackedEncoder(int bit_width) : bit_width_(bit_width) {}

  void Put(uint64_t value) { values_.push_back(value); }
  template <typename T>
  void PutValues(const T* values, int64_t n) {
    values_.insert(values_.end(), values, values + n);
  }
  int64_t num_values() const { return static_cast<int64_t>(values_.size()); }

  // Appends the runs to out (no length prefix) and clears the encoder.
  void Flush(std::string* out);
  // As Flush, preceded by the 4-byte little-endian length (data page v1 levels, RLE booleans).
  void FlushLengthPrefixed(std::string* out);

 private:
  void WriteRle(uint64_t value, int64_t count, std::string* out) const;
  void WriteBitPacked(const uint64_t* values, int64_t count, std::string* out) const;

  int bit_width_;
  std::vector<uint64_t> values_;
};

// Splits `data` that starts with a 4-byte little-endian length into that many bytes of runs;
// *consumed gets 4 + length. Corrupt if the length passes the end of data.
Result<std::span<const uint8_t>> SplitLengthPrefixed(std::span<const uint8_t> data,
                                                     size_t* consumed);

}  // namespace floe::parquet
