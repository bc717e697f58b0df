// A snapshot: the state of a table at some time (spec: "Snapshots"). Its data files are reached
// through a manifest list (v1 may list manifests inline instead).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace floe::spec {

// The summary's `operation` values (spec: "Snapshots").
inline constexpr std::string_view kOperationAppend = "append";
inline constexpr std::string_view kOperationReplace = "replace";
inline constexpr std::string_view kOperationOverwrite = "overwrite";
inline constexpr std::string_view kOperationDelete = "delete";

// A snapshot's summary: string keys to string values, sorted by key, each key once. A sorted
// vector rather than a std::map: tables carry thousands of snapshots with a dozen summary
// entries each, and one allocation per summary (instead of one per entry) keeps metadata
// parsing fast.
using SnapshotSummary = std::vector<std::pair<std::string, std::string>>;

struct Snapshot {
  int64_t snapshot_id = 0;
  std::optional<int64_t> parent_snapshot_id;
  // 0 for v1 snapshots (they carry none).
  int64_t sequence_number = 0;
  int64_t timestamp_ms = 0;
  // Location of the manifest list; empty when a v1 snapshot lists `manifests` inline.
  std::string manifest_list;
  // v1 only: manifest file locations, when there is no manifest list.
  std::vector<std::string> manifests;
  // Includes "operation"; empty when the file has no summary (v1 allows that).
  SnapshotSummary summary;
  std::optional<int32_t> schema_id;
  // v3 row lineage.
  std::optional<int64_t> first_row_id;
  std::optional<int64_t> added_rows;
  // v3: id of the encryption key that encrypts the manifest list's key metadata.
  std::optional<std::string> key_id;

  // The summary's "operation", or "" when there is none.
  std::string_view operation() const;
  // A summary value, or nullopt.
  std::optional<std::string_view> SummaryValue(std::string_view key) const;

  bool operator==(const Snapshot&) const = default;
};

// One entry of the table's snapshot-log: when the current snapshot changed, and to which.
struct SnapshotLogEntry {
  int64_t timestamp_ms = 0;
  int64_t snapshot_id = 0;
  bool operator==(const SnapshotLogEntry&) const = default;
};

// One entry of the table's metadata-log: a previous metadata file and when it was written.
struct MetadataLogEntry {
  int64_t timestamp_ms = 0;
  std::string metadata_file;
  bool operator==(const MetadataLogEntry&) const = default;
};

}  // namespace floe::spec
