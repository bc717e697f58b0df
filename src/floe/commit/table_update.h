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
};
struct UpgradeFormatVersion {
  int format_version = 2;
};
struct AddSchema {
  spec::Schema schema;
};  // last-column-id follows from the schema
struct SetCurrentSchema {
  int32_t schema_id = kLastAdded;
};
struct AddPartitionSpec {
  spec::PartitionSpec spec;
};
struct SetDefaultSpec {
  int32_t spec_id = kLastAdded;
};
struct AddSortOrder {
  spec::SortOrder sort_order;
};
struct SetDefaultSortOrder {
  int32_t sort_order_id = kLastAdded;
};
struct AddSnapshot {
  spec::Snapshot snapshot;
};
struct SetSnapshotRef {
  std::string ref_name;
  spec::SnapshotRef ref;
};
struct RemoveSnapshots {
  std::vector<int64_t> snapshot_ids;
};
struct RemoveSnapshotRef {
  std::string ref_name;
};
struct SetLocation {
  std::string location;
};
struct SetProperties {
  std::map<std::string, std::string> updates;
};
struct RemoveProperties {
  std::vector<std::string> removals;
};
struct SetStatistics {
  spec::StatisticsFile statistics;
};
struct RemoveStatistics {
  int64_t snapshot_id = 0;
};

using TableUpdate =
    std::variant<AssignUuid, UpgradeFormatVersion, AddSchema, SetCurrentSchema, AddPartitionSpec,
                 SetDefaultSpec, AddSortOrder, SetDefaultSortOrder, AddSnapshot, SetSnapshotRef,
                 RemoveSnapshots, RemoveSnapshotRef, SetLocation, SetProperties, RemoveProperties,
                 SetStatistics, RemoveStatistics>;

// The REST "action" name of an update: "add-snapshot", "set-snapshot-ref", ...
std::string_view ActionName(const TableUpdate& update);

}  // namespace floe::commit
