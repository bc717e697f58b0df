// A manifest entry (spec: "Manifests", the `manifest_entry` struct): a data or delete file with
// its status and the snapshot and sequence numbers that added it.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "floe/manifest/data_file.h"

namespace floe::manifest {

enum class EntryStatus : int32_t { kExisting = 0, kAdded = 1, kDeleted = 2 };
std::string_view EntryStatusName(EntryStatus status);  // "EXISTING", "ADDED", "DELETED"

struct ManifestEntry {
  EntryStatus status = EntryStatus::kAdded;
  // Null only for ADDED entries of v2+ manifests whose manifest-list entry was not given (or
  // when writing: inherited at commit). Readers fill them in by inheritance.
  std::optional<int64_t> snapshot_id;
  std::optional<int64_t> sequence_number;       // data sequence number; 0 for v1
  std::optional<int64_t> file_sequence_number;  // 0 for v1
  DataFile data_file;

  bool is_live() const { return status != EntryStatus::kDeleted; }
  bool operator==(const ManifestEntry&) const = default;
};

}  // namespace floe::manifest
