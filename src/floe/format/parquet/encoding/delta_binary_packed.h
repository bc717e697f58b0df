// DELTA_BINARY_PACKED (Encodings.md "Delta Encoding", = 5) for INT32 and INT64:
//   header: <block size> <miniblocks per block> <total value count> <zigzag first value>
//   block:  <zigzag min delta> <one bit-width byte per miniblock> <bit-packed miniblocks>
// All arithmetic wraps in the unsigned domain, so every int32/int64 sequence round-trips.
// Also the building block of DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "floe/util/result.h"

namespace floe::parquet {

// T is int32_t or int64_t.
template <typename T>
class DeltaBinaryPackedDecoder {
 public:
  using U = std::make_unsigned_t<T>;

  // Reads the header. Corrupt on a malformed one (block size not a positive multiple of 8 up to
  // 2^20, miniblock count not dividing it into multiples of 8 values, count above 2^31 - 1).
  Status Init(std::span<const uint8_t> data);

  int64_t total_values() const { return total_; }
  int64_t values_left() const { return left_; }
  // Exactly n values (n <= values_left()), or Corrupt.
  Status Decode(T* out, int64_t n);
  // Decodes and drops the remaining values, so bytes_consumed() is where the encoding ends.
  Status SkipToEnd();
  // Bytes read so far (whole miniblocks).
  size_t bytes_consumed() const { return static_cast<size_t>(pos_ - begin_); }

 private:
  Status ReadBlockHeader();
  Status StartMiniblock();

  const uint8_t* begin_ = nullptr;
  const uint8_t* pos_ = nullptr;
  const uint8_t* end_ = nullptr;
  int64_t block_size_ = 0;
  int64_t miniblocks_ = 0;
  int64_t values_per_miniblock_ = 0;
  int64_t total_ = 0;
  int64_t left_ = 0;
  bool first_pending_ = false;
  U last_ = 0;
  U min_delta_ = 0;
  std::vector<uint8_t> bit_widths_;
  int64_t miniblock_index_ = 0;  // == miniblocks_ when a new block header is due
  int bit_width_ = 0;
  const uint8_t* miniblock_ = nullptr;
  int64_t miniblock_pos_ = 0;   // values of the miniblock unpacked so far
  int64_t miniblock_left_ = 0;  // values of the miniblock not yet unpacked
  U group_[8] = {};
  int group_pos_ = 8;  // next unread delta in group_ (8: empty)
};

template <typename T>
class DeltaBinaryPackedEncoder {
 public:
  using U = std::make_unsigned_t<T>;

  // block_size a positive multiple of 128, miniblocks dividing it into multiples of 32 values.
  explicit DeltaBinaryPackedEncoder(int block_size = 128, int miniblocks = 4)
      : block_size_(block_size), miniblocks_(miniblocks) {}

  void Put(T v) { values_.push_back(v); }
  void Put(const T* values, int64_t n) { values_.insert(values_.end(), values, values + n); }
  int64_t num_values() const { return static_cast<int64_t>(values_.size()); }
  // Appends the header and blocks to out and clears the encoder.
  void Flush(std::string* out);

 private:
  int block_size_;
  int miniblocks_;
  std::vector<T> values_;
};

extern template class DeltaBinaryPackedDecoder<int32_t>;
extern template class DeltaBinaryPackedDecoder<int64_t>;
extern template class DeltaBinaryPackedEncoder<int32_t>;
extern template class DeltaBinaryPackedEncoder<int64_t>;

}  // namespace floe::parquet
