// Bit unpacking in Parquet's LSB-first order (the RLE/bit-packed hybrid and DELTA_BINARY_PACKED
// share it): groups of 8 values of `bit_width` bits occupy exactly `bit_width` bytes. The width is
// dispatched once per call; the 8 values of a group are extracted by code specialized per width.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace floe::parquet {

// Unpacks `num_groups` groups of 8 values (reading num_groups * bit_width bytes) into out.
// Out: uint8_t, int16_t, int32_t or uint32_t (bit_width 0..32), or uint64_t (bit_width 0..64).
// The caller has checked the width and that the input holds the bytes.
template <typename Out>
void UnpackGroups(const uint8_t* in, int64_t num_groups, int bit_width, Out* out);

// Unpacks one value at bit position `bit` (bit_width 0..64) reading only the bytes it covers.
inline uint64_t UnpackOne(const uint8_t* in, int64_t bit, int bit_width) {
  if (bit_width == 0) return 0;
  const uint8_t* p = in + (bit >> 3);
  const int shift = static_cast<int>(bit & 7);
  const int nbytes = (shift + bit_width + 7) >> 3;
  unsigned __int128 w = 0;
  for (int i = 0; i < nbytes; ++i) w |= static_cast<unsigned __int128>(p[i]) << (8 * i);
  w >>= shift;
  const uint64_t mask = bit_width == 64 ? ~uint64_t{0} : ((uint64_t{1} << bit_width) - 1);
  return static_cast<uint64_t>(w) & mask;
}

// Appends 8 values (the low `bit_width` bits of each) as `bit_width` bytes.
void PackGroup(const uint64_t* values, int bit_width, std::string* out);

// Bits needed to store v (0 for 0).
inline int BitWidthOf(uint64_t v) { return v == 0 ? 0 : 64 - __builtin_clzll(v); }

}  // namespace floe::parquet
