#include "floe/manifest/data_file.h"

#include "floe/manifest/manifest_entry.h"
#include "floe/manifest/manifest_file.h"

namespace floe::manifest {

std::string_view FileContentName(FileContent content) {
  switch (content) {
    case FileContent::kData: return "data";
    case FileContent::kPositionDeletes: return "position_deletes";
    case FileContent::kEqualityDeletes: return "equality_deletes";
  }
  return "unknown";
}

std::string_view EntryStatusName(EntryStatus status) {
  switch (status) {
    case EntryStatus::kExisting: return "EXISTING";
    case EntryStatus::kAdded: return "ADDED";
    case EntryStatus::kDeleted: return "DELETED";
  }
  return "UNKNOWN";
}

std::string_view ManifestContentName(ManifestContent content) {
  return content == ManifestContent::kData ? "data" : "deletes";
}

const int64_t* FindCount(const CountMap& map, int32_t field_id) {
  for (const auto& [k, v] : map) {
    if (k == field_id) return &v;
  }
  return nullptr;
}

const std::string* FindBound(const BoundMap& map, int32_t field_id) {
  for (const auto& [k, v] : map) {
    if (k == field_id) return &v;
  }
  return nullptr;
}

}  // namespace floe::manifest
