#include "floe/format/parquet/encoding/bit_packing.h"

#include <cassert>
#include <cstring>
#include <utility>

namespace floe::parquet {
namespace {

// Little-endian load of N bytes (N a compile-time constant, so the loop unrolls into shifts).
template <int N>
inline uint64_t LoadBytes(const uint8_t* p) {
  if constexpr (N == 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    return w;
  } else if constexpr (N == 4) {
    uint32_t w;
    std::memcpy(&w, p, 4);
    return w;
  } else {
    uint64_t w = 0;
    for (int j = 0; j < N; ++j) w |= static_cast<uint64_t>(p[j]) << (8 * j);
    return w;
  }
}

// Value I of a group of width BW: its bit offset, and hence the bytes it spans, are compile-time
// constants, so each value is one small load, a shift and a mask. Loads never pass the group's
// BW bytes: a full 8-byte load is used where the group has them, narrower ones at its end.
template <typename Out, int BW, int I>
inline void UnpackValue(const uint8_t* in, Out* out) {
  constexpr int kBit = I * BW;
  constexpr int kByte = kBit / 8;
  constexpr int kShift = kBit % 8;
  constexpr int kBytes = (kShift + BW + 7) / 8;
  constexpr uint64_t kMask = BW == 64 ? ~uint64_t{0} : ((uint64_t{1} << BW) - 1);
  if constexpr (kBytes <= 8) {
    uint64_t w;
    if constexpr (kByte + 8 <= BW) {
      w = LoadBytes<8>(in + kByte);
    } else if constexpr (kBytes <= 4 && kByte + 4 <= BW) {
      w = LoadBytes<4>(in + kByte);
    } else {
      w = LoadBytes<kBytes>(in + kByte);
    }
    out[I] = static_cast<Out>((w >> kShift) & kMask);
  } else {
    const uint64_t w = LoadBytes<8>(in + kByte);
    const uint64_t hi = in[kByte + 8];
    out[I] = static_cast<Out>(((w >> kShift) | (hi << (64 - kShift))) & kMask);
  }
}

template <typename Out, int BW, int... I>
inline void UnpackGroup(const uint8_t* in, Out* out, std::integer_sequence<int, I...>) {
  (UnpackValue<Out, BW, I>(in, out), ...);
}

template <typename Out, int BW>
void UnpackGroupsFixed(const uint8_t* in, int64_t num_groups, Out* out) {
  if constexpr (BW == 0) {
    std::memset(out, 0, static_cast<size_t>(num_groups) * 8 * sizeof(Out));
  } else {
    for (int64_t g = 0; g < num_groups; ++g) {
      UnpackGroup<Out, BW>(in, out, std::make_integer_sequence<int, 8>());
      in += BW;
      out += 8;
    }
  }
}

template <typename Out, int... W>
void Dispatch(const uint8_t* in, int64_t num_groups, int bit_width, Out* out,
              std::integer_sequence<int, W...>) {
  using Fn = void (*)(const uint8_t*, int64_t, Out*);
  static constexpr Fn kTable[] = {&UnpackGroupsFixed<Out, W>...};
  kTable[bit_width](in, num_groups, out);
}

}  // namespace

template <typename Out>
void UnpackGroups(const uint8_t* in, int64_t num_groups, int bit_width, Out* out) {
  constexpr int kMaxWidth = sizeof(Out) == 8 ? 64 : 32;
  assert(bit_width >= 0 && bit_width <= kMaxWidth);
  Dispatch<Out>(in, num_groups, bit_width, out, std::make_integer_sequence<int, kMaxWidth + 1>());
}

template void UnpackGroups<uint8_t>(const uint8_t*, int64_t, int, uint8_t*);
template void UnpackGroups<int16_t>(const uint8_t*, int64_t, int, int16_t*);
template void UnpackGroups<int32_t>(const uint8_t*, int64_t, int, int32_t*);
template void UnpackGroups<uint32_t>(const uint8_t*, int64_t, int, uint32_t*);
template void UnpackGroups<uint64_t>(const uint8_t*, int64_t, int, uint64_t*);

void PackGroup(const uint64_t* values, int bit_width, std::string* out) {
  if (bit_width == 0) return;
  const uint64_t mask = bit_width == 64 ? ~uint64_t{0} : ((uint64_t{1} << bit_width) - 1);
  unsigned __int128 acc = 0;
  int bits = 0;
  char buf[64];
  size_t n = 0;
  for (int i = 0; i < 8; ++i) {
    acc |= static_cast<unsigned __int128>(values[i] & mask) << bits;
    bits += bit_width;
    while (bits >= 8) {
      buf[n++] = static_cast<char>(static_cast<uint8_t>(acc));
      acc >>= 8;
      bits -= 8;
    }
  }
  out->append(buf, n);  // 8 * bit_width bits: exactly bit_width bytes
}

}  // namespace floe::parquet
