// The file_size_in_bytes of a manifest entry that disagrees with the file (tables copied or
// rewritten by tools): a reader opens a data or delete file with the manifest's size (no stat
// needed), and when that read fails as corrupt — the footer read ran past the real end, or
// found no footer where the size says it ends — it asks the file for its real size and, when
// that differs, opens it once more with it and warns (util/diagnostics.h), naming the file and
// both sizes. Other errors, and a corrupt file whose size is right, stay errors.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

#include "floe/io/file_io.h"
#include "floe/util/diagnostics.h"
#include "floe/util/result.h"

namespace floe::scan {

// The size the file really has, when it can be had and differs from `manifest_size`.
std::optional<int64_t> RealSizeIfDifferent(io::FileIO& io, std::string_view location,
                                           int64_t manifest_size);

// `open(size)` opens the file at `location` with the given size (nullopt: ask the file).
// `what` names the kind of file in the warning ("data file", "position delete file").
template <typename Open>
auto OpenWithManifestSize(io::FileIO& io, std::string_view what, std::string_view location,
                          int64_t manifest_size, Open open) -> decltype(open(std::nullopt)) {
  if (manifest_size <= 0) return open(std::nullopt);
  auto opened = open(std::optional<int64_t>(manifest_size));
  if (opened.ok() || opened.error().kind != ErrorKind::kCorrupt) return opened;
  std::optional<int64_t> real = RealSizeIfDifferent(io, location, manifest_size);
  if (!real) return opened;
  Warn(
      "{} {}: the manifest says it has {} bytes (file_size_in_bytes), the file has {}; read with "
      "the file's size",
      what, location, manifest_size, *real);
  return open(real);
}

}  // namespace floe::scan
