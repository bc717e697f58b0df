// Avro's binary encoding of primitive values (spec "Binary Encoding"): zigzag varints, IEEE
// little-endian floats, length-prefixed bytes. The Decoder reads from memory it does not own and
// never reads past its end; every error is kCorrupt and names the offset.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "floe/util/bytes.h"
#include "floe/util/result.h"

namespace floe::avro {

class Decoder {
 public:
  Decoder() = default;
  // base_offset: the position of data[0] in whatever the caller reports errors against.
  explicit Decoder(std::string_view data, int64_t base_offset = 0)
      : begin_(reinterpret_cast<const uint8_t*>(data.data())),
        p_(begin_),
        end_(begin_ + data.size()),
        base_(base_offset) {}

  int64_t offset() const { return base_ + (p_ - begin_); }
  size_t remaining() const { return static_cast<size_t>(end_ - p_); }
  bool AtEnd() const { return p_ == end_; }

  Result<int64_t> ReadLong() {
    uint64_t v;
    if (!ReadVarint(&p_, end_, &v)) return Error("bad or truncated varint");
    return ZigZagDecode(v);
  }
  Result<int32_t> ReadInt() {
    FLOE_ASSIGN_OR_RETURN(int64_t v, ReadLong());
    if (v < INT32_MIN || v > INT32_MAX) return Error("int out of range");
    return static_cast<int32_t>(v);
  }
  Result<bool> ReadBool() {
    if (p_ == end_) return Error("truncated boolean");
    uint8_t b = *p_++;
    if (b > 1) return Error("bad boolean byte");
    return b == 1;
  }
  Result<float> ReadFloat() {
    if (remaining() < 4) return Error("truncated float");
    float f;
    std::memcpy(&f, p_, 4);
    p_ += 4;
    return f;
  }
  Result<double> ReadDouble() {
    if (remaining() < 8) return Error("truncated double");
    double d;
    std::memcpy(&d, p_, 8);
    p_ += 8;
    return d;
  }
  // The same reads without a Result, for hot loops: false on bad or truncated input (then
  // report d.Error(...) once for the whole item). Nothing is consumed by a failed read.
  bool TryReadLong(int64_t* out) {
    uint64_t v;
    if (!ReadVarint(&p_, end_, &v)) return false;
    *out = ZigZagDecode(v);
    return true;
  }
  bool TryReadInt(int32_t* out) {
    const uint8_t* start = p_;
    int64_t v;
    if (!TryReadLong(&v) || v < INT32_MIN || v > INT32_MAX) {
      p_ = start;
      return false;
    }
    *out = static_cast<int32_t>(v);
    return true;
  }
  // TryReadLong and TryReadInt without the value, for data a reader does not keep: a varint of
  // at most 10 bytes; an int's must be in range (any of at most 4 bytes is).
  bool TrySkipLong() {
    const uint8_t* q = p_;
    for (int i = 0; i < 10 && q < end_; ++i) {
      if (*q++ < 0x80) {
        p_ = q;
        return true;
      }
    }
    return false;
  }
  bool TrySkipInt() {
    const uint8_t* q = p_;
    for (int i = 0; i < 4 && q < end_; ++i) {
      if (*q++ < 0x80) {
        p_ = q;
        return true;
      }
    }
    int32_t unused;
    return TryReadInt(&unused);
  }
  // Reads past `count` varints of at most 4 bytes each (ints and longs below 2^27 in magnitude:
  // the keys and counts of Iceberg's metric maps, nearly always), eight bytes at a time: a byte
  // below 0x80 ends a varint. False, having consumed nothing, when the data ends first or a
  // varint is longer; the caller then reads them one by one (TrySkipInt, TrySkipLong).
  bool TrySkipShortVarints(uint64_t count) {
    constexpr uint64_t kHighBits = 0x8080808080808080ULL;
    const uint8_t* q = p_;
    uint64_t prev = 0;  // the previous word's continuation bits (none before the first varint)
    while (count > 0) {
      if (end_ - q < 8) return false;
      uint64_t more = LoadLittleEndian<uint64_t>(q) & kHighBits;        // continuation bytes
      uint64_t stops = more ^ kHighBits;                                // varints' last bytes
      uint64_t in_word = ((stops >> 7) * 0x0101010101010101ULL) >> 56;  // sum of the 0/1 bytes
      uint64_t mask = ~uint64_t{0};  // the bytes up to the count-th stop
      if (in_word >= count) {
        for (uint64_t i = 1; i < count; ++i) stops &= stops - 1;
        uint64_t last = stops & (~stops + 1);  // its high bit
        mask = (last << 1) - 1;
      }
      // A continuation byte after three others (here or at the previous word's end): too long.
      uint64_t too_long = more & ((more << 8) | (prev >> 56)) & ((more << 16) | (prev >> 48)) &
                          ((more << 24) | (prev >> 40));
      if ((too_long & mask) != 0) return false;
      if (in_word >= count) {
        p_ = q + (64 - __builtin_clzll(mask)) / 8;
        return true;
      }
      count -= in_word;
      prev = more;
      q += 8;
    }
    return true;
  }
  // Reads past up to `count` items of a map of bytes keyed by ints (the bounds of Iceberg's
  // metric maps) while each item's key and length take one byte each (keys below 64, values
  // shorter than 64 bytes: nearly always); returns how many it read past. The caller reads the
  // rest one by one (TrySkipInt, TryReadBytes).
  uint64_t SkipShortKeyedBytes(uint64_t count) {
    uint64_t i = 0;
    for (; i < count && end_ - p_ >= 2; ++i) {
      uint8_t key = p_[0], length = p_[1];
      if (((key | length) & 0x80) != 0 || (length & 1) != 0) break;  // longer, or negative length
      size_t n = length >> 1;
      if (static_cast<size_t>(end_ - p_ - 2) < n) break;
      p_ += 2 + n;
    }
    return i;
  }
  bool TryReadBytes(std::string_view* out) {
    const uint8_t* start = p_;
    int64_t n;
    if (!TryReadLong(&n) || n < 0 || static_cast<uint64_t>(n) > remaining()) {
      p_ = start;
      return false;
    }
    *out = std::string_view(reinterpret_cast<const char*>(p_), static_cast<size_t>(n));
    p_ += n;
    return true;
  }

  // Bytes and strings: a long length then the bytes; the view points into the input.
  Result<std::string_view> ReadBytes() {
    FLOE_ASSIGN_OR_RETURN(int64_t n, ReadLong());
    if (n < 0) return Error("negative length");
    return ReadFixed(n);
  }
  Result<std::string_view> ReadFixed(int64_t n) {
    if (n < 0 || static_cast<uint64_t>(n) > remaining()) return Error("length exceeds the data");
    std::string_view s(reinterpret_cast<const char*>(p_), static_cast<size_t>(n));
    p_ += n;
    return s;
  }
  Status Skip(int64_t n) { return ReadFixed(n).ok() ? Ok() : Status(Error("truncated data")); }

  // Nesting guard for recursive schemas: Enter() fails past kMaxDepth levels.
  static constexpr int kMaxDepth = 100;
  Status Enter() {
    if (++depth_ > kMaxDepth) return Error("values nest too deeply");
    return Ok();
  }
  void Leave() { --depth_; }

  // A kCorrupt error at the current offset.
  floe::Error Error(std::string_view what) const {
    return Corrupt("{} at offset {}", what, offset());
  }

 private:
  const uint8_t* begin_ = nullptr;
  const uint8_t* p_ = nullptr;
  const uint8_t* end_ = nullptr;
  int64_t base_ = 0;
  int depth_ = 0;
};

// Appends Avro binary values to a string.
class Encoder {
 public:
  explicit Encoder(std::string* out) : out_(out) {}
  void WriteLong(int64_t v) { AppendVarint(*out_, ZigZagEncode(v)); }
  void WriteInt(int32_t v) { WriteLong(v); }
  void WriteBool(bool v) { out_->push_back(v ? 1 : 0); }
  void WriteFloat(float v) { AppendLittleEndian(*out_, v); }
  void WriteDouble(double v) { AppendLittleEndian(*out_, v); }
  void WriteBytes(std::string_view v) {
    WriteLong(static_cast<int64_t>(v.size()));
    out_->append(v);
  }
  void WriteFixed(std::string_view v) { out_->append(v); }
  std::string* out() { return out_; }

 private:
  std::string* out_;
};

}  // namespace floe::avro
