#include "floe/commit/table_requirement.h"

#include <type_traits>

#include "floe/spec/snapshot_ref.h"

namespace floe::commit {

namespace {

template <typename T>
constexpr std::string_view Name() {
  if constexpr (std::is_same_v<T, AssertCreate>)
    return "assert-create";
  else if constexpr (std::is_same_v<T, AssertTableUuid>)
    return "assert-table-uuid";
  else if constexpr (std::is_same_v<T, AssertRefSnapshotId>)
    return "assert-ref-snapshot-id";
  else if constexpr (std::is_same_v<T, AssertLastAssignedFieldId>)
    return "assert-last-assigned-field-id";
  else if constexpr (std::is_same_v<T, AssertCurrentSchemaId>)
    return "assert-current-schema-id";
  else if constexpr (std::is_same_v<T, AssertLastAssignedPartitionId>)
    return "assert-last-assigned-partition-id";
  else if constexpr (std::is_same_v<T, AssertDefaultSpecId>)
    return "assert-default-spec-id";
  else {
    static_assert(std::is_same_v<T, AssertDefaultSortOrderId>);
    return "assert-default-sort-order-id";
  }
}

Status Check(const AssertCreate&, const spec::TableMetadata& /*current*/) {
  return CommitConflict("table already exists");
}

Status Check(const AssertTableUuid& r, const spec::TableMetadata& m) {
  if (m.table_uuid == r.uuid) return Ok();
  return CommitConflict("table uuid does not match: expected {}, found {}", r.uuid, m.table_uuid);
}

Status Check(const AssertRefSnapshotId& r, const spec::TableMetadata& m) {
  auto it = m.refs.find(r.ref);
  if (it == m.refs.end()) {
    if (!r.snapshot_id) return Ok();
    return CommitConflict("branch or tag {} was removed: expected snapshot {}", r.ref,
                          *r.snapshot_id);
  }
  std::string_view kind = spec::SnapshotRefTypeName(it->second.type);
  if (!r.snapshot_id) {
    return CommitConflict("{} {} was created concurrently (snapshot {})", kind, r.ref,
                          it->second.snapshot_id);
  }
  if (it->second.snapshot_id == *r.snapshot_id) return Ok();
  return CommitConflict("{} {} has changed: expected snapshot {}, found {}", kind, r.ref,
                        *r.snapshot_id, it->second.snapshot_id);
}

Status Check(const AssertLastAssignedFieldId& r, const spec::TableMetadata& m) {
  if (m.last_column_id == r.last_assigned_field_id) return Ok();
  return CommitConflict("last assigned field id has changed: expected {}, found {}",
                        r.last_assigned_field_id, m.last_column_id);
}

Status Check(const AssertCurrentSchemaId& r, const spec::TableMetadata& m) {
  if (m.current_schema_id == r.current_schema_id) return Ok();
  return CommitConflict("current schema id has changed: expected {}, found {}", r.current_schema_id,
                        m.current_schema_id);
}

Status Check(const AssertLastAssignedPartitionId& r, const spec::TableMetadata& m) {
  if (m.last_partition_id == r.last_assigned_partition_id) return Ok();
  return CommitConflict("last assigned partition id has changed: expected {}, found {}",
                        r.last_assigned_partition_id, m.last_partition_id);
}

Status Check(const AssertDefaultSpecId& r, const spec::TableMetadata& m) {
  if (m.default_spec_id == r.default_spec_id) return Ok();
  return CommitConflict("default partition spec id has changed: expected {}, found {}",
                        r.default_spec_id, m.default_spec_id);
}

Status Check(const AssertDefaultSortOrderId& r, const spec::TableMetadata& m) {
  if (m.default_sort_order_id == r.default_sort_order_id) return Ok();
  return CommitConflict("default sort order id has changed: expected {}, found {}",
                        r.default_sort_order_id, m.default_sort_order_id);
}

}  // namespace

std::string_view RequirementName(const TableRequirement& requirement) {
  return std::visit([](const auto& r) { return Name<std::decay_t<decltype(r)>>(); }, requirement);
}

Status CheckRequirement(const TableRequirement& requirement, const spec::TableMetadata* current) {
  if (current == nullptr) {
    // Only assert-create holds for a table that does not exist.
    if (std::holds_alternative<AssertCreate>(requirement)) return Ok();
    return CommitConflict("{}: table does not exist", RequirementName(requirement));
  }
  return std::visit([&](const auto& r) { return Check(r, *current); }, requirement);
}

Status CheckRequirements(const std::vector<TableRequirement>& requirements,
                         const spec::TableMetadata* current) {
  for (const TableRequirement& r : requirements) FLOE_RETURN_IF_ERROR(CheckRequirement(r, current));
  return Ok();
}

}  // namespace floe::commit
