// What a commit requires of the metadata it is applied to (REST "TableRequirement"). A catalog
// checks every requirement against the table's current metadata, atomically with the swap; a
// failed requirement is a retryable commit conflict (Error kind kCommitConflict).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::commit {

struct AssertCreate {  // the table must not exist yet
  bool operator==(const AssertCreate&) const = default;
};
struct AssertTableUuid {
  std::string uuid;
  bool operator==(const AssertTableUuid&) const = default;
};
// The ref must point at snapshot_id; nullopt: the ref must not exist.
struct AssertRefSnapshotId {
  std::string ref;
  std::optional<int64_t> snapshot_id;
  bool operator==(const AssertRefSnapshotId&) const = default;
};
struct AssertLastAssignedFieldId {
  int32_t last_assigned_field_id = 0;
  bool operator==(const AssertLastAssignedFieldId&) const = default;
};
struct AssertCurrentSchemaId {
  int32_t current_schema_id = 0;
  bool operator==(const AssertCurrentSchemaId&) const = default;
};
struct AssertLastAssignedPartitionId {
  int32_t last_assigned_partition_id = 0;
  bool operator==(const AssertLastAssignedPartitionId&) const = default;
};
struct AssertDefaultSpecId {
  int32_t default_spec_id = 0;
  bool operator==(const AssertDefaultSpecId&) const = default;
};
struct AssertDefaultSortOrderId {
  int32_t default_sort_order_id = 0;
  bool operator==(const AssertDefaultSortOrderId&) const = default;
};

using TableRequirement =
    std::variant<AssertCreate, AssertTableUuid, AssertRefSnapshotId, AssertLastAssignedFieldId,
                 AssertCurrentSchemaId, AssertLastAssignedPartitionId, AssertDefaultSpecId,
                 AssertDefaultSortOrderId>;

// The REST "type" name: "assert-create", "assert-ref-snapshot-id", ...
std::string_view RequirementName(const TableRequirement& requirement);

// OK when `current` (nullptr: the table does not exist) meets the requirement; otherwise a
// kCommitConflict error saying what changed, e.g.
// `branch main has changed: expected snapshot 123, found 456`.
Status CheckRequirement(const TableRequirement& requirement, const spec::TableMetadata* current);
Status CheckRequirements(const std::vector<TableRequirement>& requirements,
                         const spec::TableMetadata* current);

}  // namespace floe::commit
