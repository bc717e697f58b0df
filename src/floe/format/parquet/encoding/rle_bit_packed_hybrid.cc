#include "floe/format/parquet/encoding/rle_bit_packed_hybrid.h"

#include <algorithm>
#include <cstring>

#include "floe/format/parquet/encoding/bit_packing.h"
#include "floe/util/bytes.h"

namespace floe::parquet {

Status RleBitPackedDecoder::Init(std::span<const uint8_t> data, int bit_width) {
  if (bit_width < 0 || bit_width > 32) {
    return Corrupt("RLE/bit-packed data with bit width {}; expected 0 to 32", bit_width);
  }
  begin_ = data.data();
  pos_ = begin_;
  end_ = begin_ + data.size();
  bit_width_ = bit_width;
  value_bytes_ = (bit_width + 7) / 8;
  rle_left_ = 0;
  rle_value_ = 0;
  packed_ = nullptr;
  packed_index_ = 0;
  packed_left_ = 0;
  return Ok();
}

Result<bool> RleBitPackedDecoder::NextRun() {
  if (pos_ >= end_) return false;
  uint64_t header = 0;
  if (!ReadVarint(&pos_, end_, &header)) {
    return Corrupt("RLE/bit-packed run header truncated or overlong at byte {}", pos_ - begin_);
  }
  const uint64_t count = header >> 1;
  if (header & 1) {
    // Bit-packed: `count` groups of 8 values, count * bit_width bytes.
    if (count > (uint64_t{INT32_MAX} >> 3) + 1) {
      return Corrupt("bit-packed run of {} groups exceeds the 2^31 value limit", count);
    }
    const uint64_t bytes = count * static_cast<uint64_t>(bit_width_);
    const uint64_t available = static_cast<uint64_t>(end_ - pos_);
    int64_t values = static_cast<int64_t>(count * 8);
    if (bytes > available) {
      // A truncated last run: only the values whose bits are all present can be read.
      values = static_cast<int64_t>(available * 8 / static_cast<uint64_t>(bit_width_));
    }
    packed_ = pos_;
    packed_index_ = 0;
    packed_left_ = values;
    pos_ += std::min(bytes, available);
    return true;
  }
  if (count > static_cast<uint64_t>(INT32_MAX)) {
    return Corrupt("RLE run of {} values exceeds the 2^31 - 1 limit", count);
  }
  if (end_ - pos_ < value_bytes_) {
    return Corrupt("RLE run value truncated at byte {}", pos_ - begin_);
  }
  uint32_t v = 0;
  for (int i = 0; i < value_bytes_; ++i) v |= static_cast<uint32_t>(pos_[i]) << (8 * i);
  pos_ += value_bytes_;
  if (bit_width_ < 32 && (v >> bit_width_) != 0) {
    return Corrupt("RLE run value {} does not fit in {} bits", v, bit_width_);
  }
  rle_value_ = v;
  rle_left_ = static_cast<int64_t>(count);
  return true;
}

template <typename T>
Result<int64_t> RleBitPackedDecoder::GetBatch(T* out, int64_t n) {
  int64_t done = 0;
  while (done < n) {
    if (rle_left_ > 0) {
      const int64_t k = std::min(rle_left_, n - done);
      std::fill(out + done, out + done + k, static_cast<T>(rle_value_));
      rle_left_ -= k;
      done += k;
      continue;
    }
    if (packed_left_ > 0) {
      int64_t k = std::min(packed_left_, n - done);
      // Single values up to a group boundary, whole groups, then single values again.
      while (k > 0 && (packed_index_ & 7) != 0) {
        out[done++] = static_cast<T>(UnpackOne(packed_, packed_index_ * bit_width_, bit_width_));
        ++packed_index_;
        --packed_left_;
        --k;
      }
      const int64_t groups = k >> 3;
      if (groups > 0) {
        UnpackGroups<T>(packed_ + (packed_index_ >> 3) * bit_width_, groups, bit_width_,
                        out + done);
        done += groups * 8;
        packed_index_ += groups * 8;
        packed_left_ -= groups * 8;
        k -= groups * 8;
      }
      while (k > 0) {
        out[done++] = static_cast<T>(UnpackOne(packed_, packed_index_ * bit_width_, bit_width_));
        ++packed_index_;
        --packed_left_;
        --k;
      }
      continue;
    }
    FLOE_ASSIGN_OR_RETURN(bool more, NextRun());
    if (!more) break;
  }
  return done;
}

template <typename T>
Status RleBitPackedDecoder::Decode(T* out, int64_t n) {
  FLOE_ASSIGN_OR_RETURN(int64_t got, GetBatch(out, n));
  if (got < n) {
    return Corrupt("RLE/bit-packed data ends after {} of {} values", got, n);
  }
  return Ok();
}

Result<int64_t> RleBitPackedDecoder::Skip(int64_t n) {
  int64_t done = 0;
  while (done < n) {
    if (rle_left_ > 0) {
      const int64_t k = std::min(rle_left_, n - done);
      rle_left_ -= k;
      done += k;
    } else if (packed_left_ > 0) {
      const int64_t k = std::min(packed_left_, n - done);
      packed_left_ -= k;
      packed_index_ += k;
      done += k;
    } else {
      FLOE_ASSIGN_OR_RETURN(bool more, NextRun());
      if (!more) break;
    }
  }
  return done;
}

template Result<int64_t> RleBitPackedDecoder::GetBatch<uint8_t>(uint8_t*, int64_t);
template Result<int64_t> RleBitPackedDecoder::GetBatch<int16_t>(int16_t*, int64_t);
template Result<int64_t> RleBitPackedDecoder::GetBatch<int32_t>(int32_t*, int64_t);
template Result<int64_t> RleBitPackedDecoder::GetBatch<uint32_t>(uint32_t*, int64_t);
template Status RleBitPackedDecoder::Decode<uint8_t>(uint8_t*, int64_t);
template Status RleBitPackedDecoder::Decode<int16_t>(int16_t*, int64_t);
template Status RleBitPackedDecoder::Decode<int32_t>(int32_t*, int64_t);
template Status RleBitPackedDecoder::Decode<uint32_t>(uint32_t*, int64_t);

// --- encoder ---

void RleBitPackedEncoder::WriteRle(uint64_t value, int64_t count, std::string* out) const {
  AppendVarint(*out, static_cast<uint64_t>(count) << 1);
  for (int i = 0; i < (bit_width_ + 7) / 8; ++i) {
    out->push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
  }
}

void RleBitPackedEncoder::WriteBitPacked(const uint64_t* values, int64_t count,
                                         std::string* out) const {
  const int64_t groups = (count + 7) / 8;
  AppendVarint(*out, (static_cast<uint64_t>(groups) << 1) | 1);
  int64_t i = 0;
  for (; i + 8 <= count; i += 8) PackGroup(values + i, bit_width_, out);
  if (i < count) {
    uint64_t last[8] = {};
    std::copy(values + i, values + count, last);
    PackGroup(last, bit_width_, out);
  }
}

void RleBitPackedEncoder::Flush(std::string* out) {
  const uint64_t* v = values_.data();
  const int64_t n = static_cast<int64_t>(values_.size());
  constexpr int64_t kMaxRun = INT32_MAX;
  constexpr int64_t kMaxLiteral = int64_t{1} << 20;  // values per bit-packed run (a multiple of 8)
  int64_t literal_start = 0;  // values [literal_start, i) wait to be bit-packed
  int64_t i = 0;
  while (i < n) {
    int64_t j = i + 1;
    while (j < n && v[j] == v[i] && j - i < kMaxRun) ++j;
    int64_t run = j - i;
    if (run >= 8) {
      // Complete the pending literals to a multiple of 8 from the run when it stays >= 8 long.
      const int64_t pending = i - literal_start;
      const int64_t fill = (8 - pending % 8) % 8;
      if (pending > 0 && run - fill >= 8) {
        WriteBitPacked(v + literal_start, pending + fill, out);
        i += fill;
        run -= fill;
        literal_start = i;
      } else if (pending > 0) {
        i = j;  // too short to split: all of it goes to the literals
        continue;
      }
      WriteRle(v[i], run, out);
      i += run;
      literal_start = i;
      continue;
    }
    i = j;
    if (i - literal_start >= kMaxLiteral) {
      const int64_t len = (i - literal_start) / 8 * 8;
      WriteBitPacked(v + literal_start, len, out);
      literal_start += len;
    }
  }
  if (literal_start < n) WriteBitPacked(v + literal_start, n - literal_start, out);
  values_.clear();
}

void RleBitPackedEncoder::FlushLengthPrefixed(std::string* out) {
  const size_t at = out->size();
  out->append(4, '\0');
  Flush(out);
  const uint32_t len = static_cast<uint32_t>(out->size() - at - 4);
  std::memcpy(out->data() + at, &len, 4);
}

Result<std::span<const uint8_t>> SplitLengthPrefixed(std::span<const uint8_t> data,
                                                     size_t* consumed) {
  if (data.size() < 4) return Corrupt("length-prefixed RLE data shorter than its 4-byte length");
  const uint32_t len = LoadLittleEndian<uint32_t>(data.data());
  if (len > data.size() - 4) {
    return Corrupt("RLE data length {} passes the end of the page ({} bytes left)", len,
                   data.size() - 4);
  }
  *consumed = 4 + static_cast<size_t>(len);
  return data.subspan(4, len);
}

}  // namespace floe::parquet
