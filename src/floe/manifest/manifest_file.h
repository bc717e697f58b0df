// A manifest-list entry (spec: "Manifest Lists", the `manifest_file` struct): where a manifest
// is, what it holds, and summaries that let scans skip it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace floe::manifest {

// manifest_file.content (field 517).
enum class ManifestContent : int32_t { kData = 0, kDeletes = 1 };
std::string_view ManifestContentName(ManifestContent content);  // "data", "deletes"

// A sequence number not known until commit: the manifest-list writer replaces it with the
// snapshot's sequence number (Java's UNASSIGNED_SEQ).
inline constexpr int64_t kUnassignedSequenceNumber = -1;

// field_summary (field 508): one per partition field.
struct PartitionFieldSummary {
  bool contains_null = false;
  std::optional<bool> contains_nan;
  std::optional<std::string> lower_bound;  // single-value binary of the partition type
  std::optional<std::string> upper_bound;
  bool operator==(const PartitionFieldSummary&) const = default;
};

struct ManifestFile {
  std::string manifest_path;
  int64_t manifest_length = 0;
  int32_t partition_spec_id = 0;
  ManifestContent content = ManifestContent::kData;  // v1: data
  int64_t sequence_number = 0;                       // v1: 0
  int64_t min_sequence_number = 0;                   // v1: 0
  std::optional<int64_t> added_snapshot_id;          // required from v2 on
  std::optional<int32_t> added_files_count;          // optional in v1 only
  std::optional<int32_t> existing_files_count;
  std::optional<int32_t> deleted_files_count;
  std::optional<int64_t> added_rows_count;
  std::optional<int64_t> existing_rows_count;
  std::optional<int64_t> deleted_rows_count;
  std::optional<std::vector<PartitionFieldSummary>> partitions;
  std::optional<std::string> key_metadata;
  std::optional<int64_t> first_row_id;  // v3, data manifests

  bool operator==(const ManifestFile&) const = default;
};

}  // namespace floe::manifest
