#include "floe/scan/manifest_file_size.h"

namespace floe::scan {

std::optional<int64_t> RealSizeIfDifferent(io::FileIO& io, std::string_view location,
                                           int64_t manifest_size) {
  auto input = io.OpenInput(location);
  if (!input.ok()) return std::nullopt;
  auto size = (*input)->Size();
  if (!size.ok() || *size == manifest_size) return std::nullopt;
  return *size;
}

}  // namespace floe::scan
