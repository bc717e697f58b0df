// The Iceberg REST commit model (docs/design.md, "Commits speak REST"): a commit is a list of
// TableRequirements (what the base must still look like) and TableUpdates (the changes). Every
// update in update/ produces them; SQL and file-system catalogs check and apply them locally
// (ApplyUpdates in metadata_builder.h), the REST client sends them as they are.
// Names and fields follow open-api/rest-catalog-open-api.yaml; the JSON forms are in
// table_update_json.h.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "floe/spec/partition_spec.h"
#include "floe/spec/schema.h"
#include "floe/spec/snapshot.h"
#include "floe/spec/snapshot_ref.h"
#include "floe/spec/sort_order.h"
#include "floe/spec/statistics.h"

namespace floe::commit {

// "Last added" ids: the REST API lets add-schema/add-spec/add-sort-order be followed by a
// set-current/default update with id -1, meaning the one just added.
inline constexpr int32_t kLastAdded = -1;

struct AssignUuid {
  std::string uuid;
  bool operator==(const AssignUuid&) const = default;
};
struct UpgradeFormatVersion {
  int format_version = 2;
  bool operator==(const UpgradeFormatVersion&) const = default;
};
// last-column-id follows from the schema (REST: deprecated, and Java ignores it on reading).
struct AddSchema {
  spec::Schema schema;
  bool operator==(const AddSchema&) const = default;
};
struct SetCurrentSchema {
  int32_t schema_id = kLastAdded;
  bool operator==(const SetCurrentSchema&) const = default;
};
struct AddPartitionSpec {
  spec::PartitionSpec spec;
  bool operator==(const AddPartitionSpec&) const = default;
};
struct SetDefaultSpec {
  int32_t spec_id = kLastAdded;
  bool operator==(const SetDefaultSpec&) const = default;
};
struct AddSortOrder {
  spec::SortOrder sort_order;
  bool operator==(const AddSortOrder&) const = default;
};
struct SetDefaultSortOrder {
  int32_t sort_order_id = kLastAdded;
  bool operator==(const SetDefaultSortOrder&) const = default;
};
struct AddSnapshot {
  spec::Snapshot snapshot;
  bool operator==(const AddSnapshot&) const = default;
};
struct SetSnapshotRef {
  std::string ref_name;
  spec::SnapshotRef ref;
  bool operator==(const SetSnapshotRef&) const = default;
};
struct RemoveSnapshots {
  std::vector<int64_t> snapshot_ids;
  bool operator==(const RemoveSnapshots&) const = default;
};
struct RemoveSnapshotRef {
  std::string ref_name;
  bool operator==(const RemoveSnapshotRef&) const = default;
};
struct SetLocation {
  std::string location;
  bool operator==(const SetLocation&) const = default;
};
struct SetProperties {
  std::map<std::string, std::string> updates;
  bool operator==(const SetProperties&) const = default;
};
struct RemoveProperties {
  std::vector<std::string> removals;
  bool operator==(const RemoveProperties&) const = default;
};
struct SetStatistics {
  spec::StatisticsFile statistics;
  bool operator==(const SetStatistics&) const = default;
};
struct RemoveStatistics {
  int64_t snapshot_id = 0;
  bool operator==(const RemoveStatistics&) const = default;
};

using TableUpdate =
    std::variant<AssignUuid, UpgradeFormatVersion, AddSchema, SetCurrentSchema, AddPartitionSpec,
                 SetDefaultSpec, AddSortOrder, SetDefaultSortOrder, AddSnapshot, SetSnapshotRef,
                 RemoveSnapshots, RemoveSnapshotRef, SetLocation, SetProperties, RemoveProperties,
                 SetStatistics, RemoveStatistics>;

// The REST "action" name of an update: "add-snapshot", "set-snapshot-ref", ...
std::string_view ActionName(const TableUpdate& update);

}  // namespace floe::commit
