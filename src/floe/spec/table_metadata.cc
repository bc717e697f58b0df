#include "floe/spec/table_metadata.h"

#include <algorithm>
#include <unordered_set>
#include <vector>

namespace floe::spec {

const Schema* TableMetadata::SchemaById(int32_t id) const {
  for (const Schema& s : schemas) {
    if (s.schema_id == id) return &s;
  }
  return nullptr;
}

const PartitionSpec* TableMetadata::SpecById(int32_t id) const {
  for (const PartitionSpec& s : partition_specs) {
    if (s.spec_id == id) return &s;
  }
  return nullptr;
}

const SortOrder* TableMetadata::SortOrderById(int32_t id) const {
  for (const SortOrder& s : sort_orders) {
    if (s.order_id == id) return &s;
  }
  return nullptr;
}

const Snapshot* TableMetadata::CurrentSnapshot() const {
  return current_snapshot_id ? SnapshotById(*current_snapshot_id) : nullptr;
}

const Snapshot* TableMetadata::SnapshotById(int64_t id) const {
  for (const Snapshot& s : snapshots) {
    if (s.snapshot_id == id) return &s;
  }
  return nullptr;
}

const std::string* TableMetadata::Property(std::string_view key) const {
  auto it = properties.find(std::string(key));
  return it == properties.end() ? nullptr : &it->second;
}

Status TableMetadata::Validate() const {
  if (format_version < kMinFormatVersion || format_version > kMaxFormatVersion) {
    return NotSupported("format-version {} is not supported (floe reads versions {} to {})",
                        format_version, kMinFormatVersion, kMaxFormatVersion);
  }
  if (SchemaById(current_schema_id) == nullptr) {
    return Corrupt("current-schema-id: schema {} not found among schemas", current_schema_id);
  }
  const PartitionSpec* default_spec = SpecById(default_spec_id);
  if (default_spec == nullptr) {
    return Corrupt("default-spec-id: partition spec {} not found among partition-specs",
                   default_spec_id);
  }
  // The default spec partitions new rows of the current schema, so its sources must be there.
  // Older specs may name columns dropped since: they only describe files already written.
  const Schema& current = *SchemaById(current_schema_id);
  for (const PartitionField& field : default_spec->fields) {
    std::vector<int32_t> sources = field.source_ids;
    if (sources.empty()) sources.push_back(field.source_id);
    for (int32_t id : sources) {
      if (current.FindFieldById(id) == nullptr) {
        return Corrupt(
            "default partition spec {}: field {} has source-id {}, which is not a field of the "
            "current schema (schema {})",
            default_spec_id, field.name, id, current_schema_id);
      }
    }
  }
  // An empty sort-orders list is the unsorted order (v1 files may have none at all).
  if (!sort_orders.empty() && SortOrderById(default_sort_order_id) == nullptr) {
    return Corrupt("default-sort-order-id: sort order {} not found among sort-orders",
                   default_sort_order_id);
  }
  // The snapshot ids sorted (tables carry thousands of snapshots); a hash set only to name the
  // first repeated one.
  std::vector<int64_t> ids;
  ids.reserve(snapshots.size());
  for (const Snapshot& s : snapshots) ids.push_back(s.snapshot_id);
  std::sort(ids.begin(), ids.end());
  if (std::adjacent_find(ids.begin(), ids.end()) != ids.end()) {
    std::unordered_set<int64_t> seen;
    for (size_t i = 0; i < snapshots.size(); ++i) {
      if (!seen.insert(snapshots[i].snapshot_id).second) {
        return Corrupt("snapshots[{}]: duplicate snapshot-id {}", i, snapshots[i].snapshot_id);
      }
    }
  }
  auto known = [&](int64_t id) { return std::binary_search(ids.begin(), ids.end(), id); };
  if (current_snapshot_id && !known(*current_snapshot_id)) {
    return Corrupt("current-snapshot-id: snapshot {} not found among snapshots",
                   *current_snapshot_id);
  }
  for (const auto& [name, ref] : refs) {
    if (!known(ref.snapshot_id)) {
      return Corrupt("refs.{}: snapshot {} not found among snapshots", name, ref.snapshot_id);
    }
  }
  auto main = refs.find(std::string(kMainBranch));
  if (main != refs.end()) {
    if (!main->second.is_branch()) return Corrupt("refs.main: must be a branch, not a tag");
    if (current_snapshot_id != main->second.snapshot_id) {
      return Corrupt("current-snapshot-id {} does not match refs.main snapshot-id {}",
                     current_snapshot_id ? fmt::format("{}", *current_snapshot_id) : "-1",
                     main->second.snapshot_id);
    }
  }
  return Ok();
}

}  // namespace floe::spec
