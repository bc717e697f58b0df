// Byte coding shared by the formats: little/big endian integers, varints, zigzag.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

namespace floe {

template <typename T>
inline T LoadLittleEndian(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));  // x86_64 and aarch64 are little endian
  return v;
}

template <typename T>
inline void AppendLittleEndian(std::string& out, T v) {
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));
  out.append(buf, sizeof(T));
}

inline uint64_t LoadBigEndian(const uint8_t* p, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; ++i) v = (v << 8) | p[i];
  return v;
}

// A big-endian two's complement integer of 1 to 16 bytes (decimals in Parquet, Avro and Iceberg
// single values), sign-extended to 128 bits. The caller checks 1 <= n <= 16.
inline __int128 LoadBigEndianInt128(const uint8_t* p, size_t n) {
  auto v = static_cast<unsigned __int128>((p[0] & 0x80) ? -1 : 0);
  for (size_t i = 0; i < n; ++i) v = (v << 8) | p[i];
  return static_cast<__int128>(v);
}

// A big-endian two's complement integer of any length n >= 1 as 128 bits, or false when it does
// not fit: writers may pad a decimal past 16 bytes (Impala stores decimal(38) in 17), which fits
// when every byte before the last 16 repeats the sign of the rest.
inline bool LoadWideBigEndianInt128(const uint8_t* p, size_t n, __int128* out) {
  if (n == 0) return false;
  if (n <= 16) {
    *out = LoadBigEndianInt128(p, n);
    return true;
  }
  const size_t extra = n - 16;
  const uint8_t sign = (p[extra] & 0x80) ? 0xFF : 0x00;
  for (size_t i = 0; i < extra; ++i) {
    if (p[i] != sign) return false;
  }
  *out = LoadBigEndianInt128(p + extra, 16);
  return true;
}

inline void AppendBigEndian(std::string& out, uint64_t v, size_t n) {
  for (size_t i = n; i-- > 0;) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

inline uint64_t ZigZagEncode(int64_t v) {
  return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
}
inline int64_t ZigZagDecode(uint64_t v) {
  return static_cast<int64_t>(v >> 1) ^ -static_cast<int64_t>(v & 1);
}

inline void AppendVarint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

// Decodes an unsigned LEB128 varint from [*p, end). Returns false on truncation or
// overlong input (more than 10 bytes); *p advances past the varint on success.
inline bool ReadVarint(const uint8_t** p, const uint8_t* end, uint64_t* out) {
  if (*p < end && **p < 0x80) {  // one byte: most counts, ids and lengths
    *out = **p;
    ++*p;
    return true;
  }
  uint64_t result = 0;
  int shift = 0;
  const uint8_t* q = *p;
  while (q < end && shift < 64) {
    uint8_t b = *q++;
    result |= static_cast<uint64_t>(b & 0x7F) << shift;
    if ((b & 0x80) == 0) {
      *p = q;
      *out = result;
      return true;
    }
    shift += 7;
  }
  return false;
}

}  // namespace floe
