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
