// Reading manifest lists (spec: "Manifest Lists"): the header (snapshot-id, parent-snapshot-id,
// sequence-number, format-version, v3 first-row-id) and the manifest_file entries, decoded by
// field id straight into ManifestFile. v1 lists carry no content or sequence numbers: content
// is data and the sequence numbers are 0. From v2 on the fields the spec requires must be there.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "floe/io/file_io.h"
#include "floe/manifest/manifest_file.h"
#include "floe/util/result.h"

namespace floe::manifest {

struct ManifestListMetadata {
  int format_version = 1;  // "format-version"; absent: 1 (or 2 when the entries carry content)
  std::optional<int64_t> snapshot_id;
  std::optional<int64_t> parent_snapshot_id;  // absent or "null": none
  std::optional<int64_t> sequence_number;
  std::optional<int64_t> first_row_id;  // v3
};

struct ManifestList {
  ManifestListMetadata metadata;
  std::vector<ManifestFile> manifests;
};

// Reads a whole manifest list.
Result<ManifestList> ReadManifestList(std::shared_ptr<io::InputFile> file);
Result<ManifestList> ReadManifestList(io::FileIO& io, std::string_view location);

}  // namespace floe::manifest
