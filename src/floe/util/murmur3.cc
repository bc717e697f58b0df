#include "floe/util/murmur3.h"

namespace floe {

namespace {

constexpr uint32_t kC1 = 0xcc9e2d51;
constexpr uint32_t kC2 = 0x1b873593;

inline uint32_t RotateLeft(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

inline uint32_t MixK(uint32_t k) {
  k *= kC1;
  k = RotateLeft(k, 15);
  return k * kC2;
}

inline uint32_t FinalMix(uint32_t h) {
  h ^= h >> 16;
  h *= 0x85ebca6b;
  h ^= h >> 13;
  h *= 0xc2b2ae35;
  h ^= h >> 16;
  return h;
}

}  // namespace

uint32_t Murmur3X86_32(const uint8_t* bytes, size_t length, uint32_t seed) {
  uint32_t h = seed;
  const size_t blocks = length / 4;
  for (size_t i = 0; i < blocks; ++i) {
    const uint8_t* p = bytes + 4 * i;
    // Blocks are read as little-endian 32-bit words whatever the host order.
    uint32_t k = static_cast<uint32_t>(p[0]) | (static_cast<uint32_t>(p[1]) << 8) |
                 (static_cast<uint32_t>(p[2]) << 16) | (static_cast<uint32_t>(p[3]) << 24);
    h ^= MixK(k);
    h = RotateLeft(h, 13);
    h = h * 5 + 0xe6546b64;
  }
  const uint8_t* tail = bytes + 4 * blocks;
  uint32_t k = 0;
  switch (length & 3) {
    case 3:
      k ^= static_cast<uint32_t>(tail[2]) << 16;
      [[fallthrough]];
    case 2:
      k ^= static_cast<uint32_t>(tail[1]) << 8;
      [[fallthrough]];
    case 1:
      k ^= tail[0];
      h ^= MixK(k);
  }
  h ^= static_cast<uint32_t>(length);
  return FinalMix(h);
}

}  // namespace floe
