// Table metadata (spec: "Table Metadata"): everything a metadata.json file holds for format
// versions 1, 2 and 3. A plain value; its JSON form is in table_metadata_json.h.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "floe/spec/partition_spec.h"
#include "floe/spec/schema.h"
#include "floe/spec/snapshot.h"
#include "floe/spec/snapshot_ref.h"
#include "floe/spec/sort_order.h"
#include "floe/spec/statistics.h"

namespace floe::spec {

inline constexpr int kMinFormatVersion = 1;
inline constexpr int kMaxFormatVersion = 3;

// v3 (spec: "Encryption Keys").
struct EncryptedKey {
  std::string key_id;
  std::string encrypted_key_metadata;  // base64, as in the file
  std::optional<std::string> encrypted_by_id;
  std::map<std::string, std::string> properties;
  bool operator==(const EncryptedKey&) const = default;
};

struct TableMetadata {
  int format_version = 2;
  std::string table_uuid;  // empty only for v1 files that have none
  std::string location;
  int64_t last_sequence_number = 0;  // always 0 in v1
  int64_t last_updated_ms = 0;
  int32_t last_column_id = 0;
  std::vector<Schema> schemas;
  int32_t current_schema_id = 0;
  std::vector<PartitionSpec> partition_specs;
  int32_t default_spec_id = 0;
  int32_t last_partition_id = 0;
  std::map<std::string, std::string> properties;
  std::optional<int64_t> current_snapshot_id;  // nullopt: no current snapshot (-1 in JSON)
  std::vector<Snapshot> snapshots;
  std::vector<SnapshotLogEntry> snapshot_log;
  std::vector<MetadataLogEntry> metadata_log;
  std::vector<SortOrder> sort_orders;
  int32_t default_sort_order_id = 0;
  std::map<std::string, SnapshotRef> refs;
  std::vector<StatisticsFile> statistics;
  std::vector<PartitionStatisticsFile> partition_statistics;
  int64_t next_row_id = 0;                    // v3
  std::vector<EncryptedKey> encryption_keys;  // v3

  bool operator==(const TableMetadata&) const = default;

  const Schema* CurrentSchema() const { return SchemaById(current_schema_id); }
  const Schema* SchemaById(int32_t id) const;
  const PartitionSpec* DefaultSpec() const { return SpecById(default_spec_id); }
  const PartitionSpec* SpecById(int32_t id) const;
  const SortOrder* DefaultSortOrder() const { return SortOrderById(default_sort_order_id); }
  const SortOrder* SortOrderById(int32_t id) const;
  // nullptr when there is no current snapshot.
  const Snapshot* CurrentSnapshot() const;
  const Snapshot* SnapshotById(int64_t id) const;
  const std::string* Property(std::string_view key) const;

  // The spec's cross-field rules: the current schema, default spec and default sort order
  // exist; the current snapshot and every ref name an existing snapshot; main agrees with
  // current-snapshot-id. Errors name the field and the value.
  Status Validate() const;
};

}  // namespace floe::spec
