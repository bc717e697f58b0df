// Arithmetic on decimal128 unscaled values, shared by casts, decimal operators and aggregates:
// powers of ten, the digit-count check, division rounded half up (away from zero, as Java's
// BigDecimal HALF_UP) and overflow-checked scaling.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>

#include "floe/columnar/array.h"

namespace floe::sql {

// 10^0 .. 10^38, computed at compile time.
struct DecimalPowers {
  __int128 value[39] = {};
  constexpr DecimalPowers() {
    value[0] = 1;
    for (int i = 1; i < 39; ++i) value[i] = value[i - 1] * 10;
  }
};
inline constexpr DecimalPowers kDecimalPowers;

inline __int128 Pow10(int n) { return kDecimalPowers.value[n]; }

// |v| has at most `precision` digits.
inline bool DecimalFits(__int128 v, int precision) {
  __int128 limit = Pow10(precision);
  return v < limit && v > -limit;
}

// v / d rounded half up (away from zero at .5); d != 0.
inline __int128 DivRoundHalfUp(__int128 v, __int128 d) {
  __int128 q = v / d, r = v % d;
  if (r < 0) r = -r;
  __int128 ad = d < 0 ? -d : d;
  if (2 * r >= ad) q += ((v < 0) != (d < 0)) ? -1 : 1;
  return q;
}

// v fits in 64 bits (products of two such values cannot overflow 128 bits).
inline bool FitsInt64(__int128 v) { return v == static_cast<int64_t>(v); }

// v * 10^n, or nullopt when that overflows 128 bits.
inline std::optional<__int128> ScaleUp(__int128 v, int n) {
  if (n == 0) return v;
  if (n <= 18 && FitsInt64(v))
    return static_cast<__int128>(static_cast<int64_t>(v)) * static_cast<int64_t>(Pow10(n));
  if (n > 38) return std::nullopt;
  __int128 out;
  if (__builtin_mul_overflow(v, Pow10(n), &out)) return std::nullopt;
  return out;
}

// The unscaled value of element i of a decimal128 array (16 bytes, little-endian).
inline __int128 LoadDecimal128(const columnar::ArrayData& a, int64_t i) {
  __int128 v;
  std::memcpy(&v, a.GetFixed(i).data(), 16);
  return v;
}

}  // namespace floe::sql
