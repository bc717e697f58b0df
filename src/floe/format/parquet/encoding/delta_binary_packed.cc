#include "floe/format/parquet/encoding/delta_binary_packed.h"

#include <algorithm>
#include <limits>

#include "floe/format/parquet/encoding/bit_packing.h"
#include "floe/util/bytes.h"

namespace floe::parquet {
namespace {

constexpr uint64_t kMaxBlockSize = uint64_t{1} << 20;

}  // namespace

template <typename T>
Status DeltaBinaryPackedDecoder<T>::Init(std::span<const uint8_t> data) {
  begin_ = data.data();
  pos_ = begin_;
  end_ = begin_ + data.size();
  uint64_t block_size = 0, miniblocks = 0, total = 0, first = 0;
  if (!ReadVarint(&pos_, end_, &block_size) || !ReadVarint(&pos_, end_, &miniblocks) ||
      !ReadVarint(&pos_, end_, &total) || !ReadVarint(&pos_, end_, &first)) {
    return Corrupt("DELTA_BINARY_PACKED header truncated");
  }
  if (block_size == 0 || block_size % 8 != 0 || block_size > kMaxBlockSize) {
    return Corrupt("DELTA_BINARY_PACKED block size {} is not a positive multiple of 128",
                   block_size);
  }
  if (miniblocks == 0 || miniblocks > block_size || block_size % miniblocks != 0 ||
      (block_size / miniblocks) % 8 != 0) {
    return Corrupt(
        "DELTA_BINARY_PACKED: {} miniblocks do not divide a block of {} values into "
        "multiples of 32",
        miniblocks, block_size);
  }
  if (total > static_cast<uint64_t>(INT32_MAX)) {
    return Corrupt("DELTA_BINARY_PACKED value count {} exceeds 2^31 - 1", total);
  }
  block_size_ = static_cast<int64_t>(block_size);
  miniblocks_ = static_cast<int64_t>(miniblocks);
  values_per_miniblock_ = block_size_ / miniblocks_;
  total_ = static_cast<int64_t>(total);
  left_ = total_;
  first_pending_ = total_ > 0;
  last_ = static_cast<U>(ZigZagDecode(first));
  min_delta_ = 0;
  bit_widths_.assign(static_cast<size_t>(miniblocks_), 0);
  miniblock_index_ = miniblocks_;
  bit_width_ = 0;
  miniblock_ = nullptr;
  miniblock_pos_ = 0;
  miniblock_left_ = 0;
  group_pos_ = 8;
  return Ok();
}

template <typename T>
Status DeltaBinaryPackedDecoder<T>::ReadBlockHeader() {
  uint64_t zz = 0;
  if (!ReadVarint(&pos_, end_, &zz)) {
    return Corrupt("DELTA_BINARY_PACKED block header truncated at byte {}", pos_ - begin_);
  }
  min_delta_ = static_cast<U>(ZigZagDecode(zz));
  if (end_ - pos_ < miniblocks_) {
    return Corrupt("DELTA_BINARY_PACKED miniblock bit widths truncated at byte {}", pos_ - begin_);
  }
  std::copy(pos_, pos_ + miniblocks_, bit_widths_.begin());
  pos_ += miniblocks_;
  miniblock_index_ = 0;
  return Ok();
}

template <typename T>
Status DeltaBinaryPackedDecoder<T>::StartMiniblock() {
  if (miniblock_index_ >= miniblocks_) {
    FLOE_RETURN_IF_ERROR(ReadBlockHeader());
  } else {
    ++miniblock_index_;
    if (miniblock_index_ >= miniblocks_) FLOE_RETURN_IF_ERROR(ReadBlockHeader());
  }
  const int w = bit_widths_[static_cast<size_t>(miniblock_index_)];
  if (w > static_cast<int>(sizeof(T) * 8)) {
    return Corrupt("DELTA_BINARY_PACKED miniblock bit width {} exceeds {}", w, sizeof(T) * 8);
  }
  // The last miniblock should be padded to full size; accept it cut after the last needed group.
  const int64_t full_bytes = values_per_miniblock_ / 8 * w;
  const int64_t needed_groups = (std::min(values_per_miniblock_, left_) + 7) / 8;
  const int64_t available = end_ - pos_;
  if (needed_groups * w > available) {
    return Corrupt("DELTA_BINARY_PACKED miniblock truncated at byte {}", pos_ - begin_);
  }
  bit_width_ = w;
  miniblock_ = pos_;
  miniblock_pos_ = 0;
  miniblock_left_ = std::min(values_per_miniblock_, needed_groups * 8);
  pos_ += std::min(full_bytes, available);
  return Ok();
}

template <typename T>
Status DeltaBinaryPackedDecoder<T>::Decode(T* out, int64_t n) {
  if (n < 0 || n > left_) {
    return Corrupt("DELTA_BINARY_PACKED: {} values requested, {} left", n, left_);
  }
  int64_t i = 0;
  if (n > 0 && first_pending_) {
    out[i++] = static_cast<T>(last_);
    first_pending_ = false;
  }
  U last = last_;
  U min_delta = min_delta_;
  while (i < n) {
    if (group_pos_ == 8) {
      if (miniblock_left_ == 0) {
        FLOE_RETURN_IF_ERROR(StartMiniblock());
        min_delta = min_delta_;  // a new block brings a new min delta
      }
      UnpackGroups<U>(miniblock_ + miniblock_pos_ / 8 * bit_width_, 1, bit_width_, group_);
      miniblock_pos_ += 8;
      miniblock_left_ -= 8;
      group_pos_ = 0;
    }
    const int64_t k = std::min<int64_t>(8 - group_pos_, n - i);
    for (int64_t j = 0; j < k; ++j) {
      last += min_delta + group_[group_pos_ + j];
      out[i + j] = static_cast<T>(last);
    }
    group_pos_ += static_cast<int>(k);
    i += k;
  }
  last_ = last;
  left_ -= n;
  return Ok();
}

template <typename T>
Status DeltaBinaryPackedDecoder<T>::SkipToEnd() {
  T buf[256];
  while (left_ > 0) {
    const int64_t k = std::min<int64_t>(left_, 256);
    FLOE_RETURN_IF_ERROR(Decode(buf, k));
  }
  return Ok();
}

template <typename T>
void DeltaBinaryPackedEncoder<T>::Flush(std::string* out) {
  const int64_t n = static_cast<int64_t>(values_.size());
  AppendVarint(*out, static_cast<uint64_t>(block_size_));
  AppendVarint(*out, static_cast<uint64_t>(miniblocks_));
  AppendVarint(*out, static_cast<uint64_t>(n));
  AppendVarint(*out, ZigZagEncode(n > 0 ? static_cast<int64_t>(values_[0]) : 0));
  const int64_t per_mini = block_size_ / miniblocks_;
  std::vector<U> deltas(static_cast<size_t>(block_size_));
  for (int64_t start = 1; start < n; start += block_size_) {
    const int64_t count = std::min<int64_t>(block_size_, n - start);
    T min_delta = std::numeric_limits<T>::max();
    for (int64_t j = 0; j < count; ++j) {
      const U d = static_cast<U>(static_cast<U>(values_[start + j]) -
                                 static_cast<U>(values_[start + j - 1]));
      deltas[j] = d;
      min_delta = std::min(min_delta, static_cast<T>(d));
    }
    for (int64_t j = 0; j < count; ++j)
      deltas[j] = static_cast<U>(deltas[j] - static_cast<U>(min_delta));
    for (int64_t j = count; j < block_size_; ++j) deltas[j] = 0;
    AppendVarint(*out, ZigZagEncode(static_cast<int64_t>(min_delta)));
    const int64_t used = (count + per_mini - 1) / per_mini;
    std::vector<int> widths(static_cast<size_t>(miniblocks_), 0);
    for (int64_t m = 0; m < used; ++m) {
      U max = 0;
      for (int64_t j = m * per_mini; j < (m + 1) * per_mini; ++j) max |= deltas[j];
      widths[m] = BitWidthOf(max);
    }
    for (int w : widths) out->push_back(static_cast<char>(w));
    for (int64_t m = 0; m < used; ++m) {
      uint64_t group[8];
      for (int64_t g = m * per_mini; g < (m + 1) * per_mini; g += 8) {
        for (int k = 0; k < 8; ++k) group[k] = deltas[g + k];
        PackGroup(group, widths[m], out);
      }
    }
  }
  values_.clear();
}

template class DeltaBinaryPackedDecoder<int32_t>;
template class DeltaBinaryPackedDecoder<int64_t>;
template class DeltaBinaryPackedEncoder<int32_t>;
template class DeltaBinaryPackedEncoder<int64_t>;

}  // namespace floe::parquet
