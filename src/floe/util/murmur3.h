// MurmurHash3, x86 32-bit variant (Austin Appleby's algorithm), as Iceberg's bucket transform
// requires (spec: "Appendix B: 32-bit Hash Requirements").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace floe {

// Takes uint8_t (not void) so that a string literal picks the string_view form.
uint32_t Murmur3X86_32(const uint8_t* data, size_t length, uint32_t seed = 0);

inline uint32_t Murmur3X86_32(std::string_view bytes, uint32_t seed = 0) {
  return Murmur3X86_32(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), seed);
}

}  // namespace floe
