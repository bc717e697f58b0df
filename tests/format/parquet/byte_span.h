// The bytes of a std::string as the std::span<const uint8_t> the Parquet decoders read; the
// encoding tests build their input pages as strings.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace floe::parquet {

inline std::span<const uint8_t> Span(const std::string& s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

}  // namespace floe::parquet
