#include "floe/commit/table_requirement_json.h"

namespace floe::commit {

namespace table_requirement_json {

void WriteMembers(const AssertCreate&, JsonWriter&) {}
void WriteMembers(const AssertTableUuid& r, JsonWriter& out) { out.Member("uuid", r.uuid); }
void WriteMembers(const AssertRefSnapshotId& r, JsonWriter& out) {
  out.Member("ref", r.ref);
  out.Key("snapshot-id");
  if (r.snapshot_id) {
    out.Int(*r.snapshot_id);
  } else {
    out.Null();
  }
}
void WriteMembers(const AssertLastAssignedFieldId& r, JsonWriter& out) {
  out.Member("last-assigned-field-id", r.last_assigned_field_id);
}
void WriteMembers(const AssertCurrentSchemaId& r, JsonWriter& out) {
  out.Member("current-schema-id", r.current_schema_id);
}
void WriteMembers(const AssertLastAssignedPartitionId& r, JsonWriter& out) {
  out.Member("last-assigned-partition-id", r.last_assigned_partition_id);
}
void WriteMembers(const AssertDefaultSpecId& r, JsonWriter& out) {
  out.Member("default-spec-id", r.default_spec_id);
}
void WriteMembers(const AssertDefaultSortOrderId& r, JsonWriter& out) {
  out.Member("default-sort-order-id", r.default_sort_order_id);
}

Result<TableRequirement> ParseMembers(std::string_view type, const JsonValue& json) {
  if (type == "assert-create") return TableRequirement(AssertCreate{});
  if (type == "assert-table-uuid") {
    FLOE_ASSIGN_OR_RETURN(std::string_view uuid, json.GetString("uuid"));
    return TableRequirement(AssertTableUuid{std::string(uuid)});
  }
  if (type == "assert-ref-snapshot-id") {
    FLOE_ASSIGN_OR_RETURN(std::string_view ref, json.GetString("ref"));
    FLOE_ASSIGN_OR_RETURN(JsonValue id, json.Get("snapshot-id"));
    std::optional<int64_t> snapshot_id;
    if (!id.IsNull()) {
      FLOE_ASSIGN_OR_RETURN(snapshot_id, id.AsInt());
    }
    return TableRequirement(AssertRefSnapshotId{std::string(ref), snapshot_id});
  }
  if (type == "assert-last-assigned-field-id") {
    FLOE_ASSIGN_OR_RETURN(int32_t id, json.GetInt32("last-assigned-field-id"));
    return TableRequirement(AssertLastAssignedFieldId{id});
  }
  if (type == "assert-current-schema-id") {
    FLOE_ASSIGN_OR_RETURN(int32_t id, json.GetInt32("current-schema-id"));
    return TableRequirement(AssertCurrentSchemaId{id});
  }
  if (type == "assert-last-assigned-partition-id") {
    FLOE_ASSIGN_OR_RETURN(int32_t id, json.GetInt32("last-assigned-partition-id"));
    return TableRequirement(AssertLastAssignedPartitionId{id});
  }
  if (type == "assert-default-spec-id") {
    FLOE_ASSIGN_OR_RETURN(int32_t id, json.GetInt32("default-spec-id"));
    return TableRequirement(AssertDefaultSpecId{id});
  }
  if (type == "assert-default-sort-order-id") {
    FLOE_ASSIGN_OR_RETURN(int32_t id, json.GetInt32("default-sort-order-id"));
    return TableRequirement(AssertDefaultSortOrderId{id});
  }
  return json.Invalid(fmt::format("unknown requirement type \"{}\"", type));
}

}  // namespace table_requirement_json

void WriteTableRequirement(const TableRequirement& requirement, JsonWriter& out) {
  out.BeginObject();
  out.Member("type", RequirementName(requirement));
  std::visit([&](const auto& r) { table_requirement_json::WriteMembers(r, out); }, requirement);
  out.EndObject();
}

std::string WriteTableRequirement(const TableRequirement& requirement) {
  JsonWriter out;
  WriteTableRequirement(requirement, out);
  return out.Take();
}

Result<TableRequirement> ParseTableRequirement(const JsonValue& json) {
  FLOE_ASSIGN_OR_RETURN(std::string_view type, json.GetString("type"));
  return table_requirement_json::ParseMembers(type, json)
      .WithContext(fmt::format("requirement {}", type));
}

Result<TableRequirement> ParseTableRequirement(std::string_view json) {
  FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(json));
  return ParseTableRequirement(doc->root());
}

void WriteTableRequirements(const std::vector<TableRequirement>& requirements, JsonWriter& out) {
  out.BeginArray();
  for (const TableRequirement& requirement : requirements) WriteTableRequirement(requirement, out);
  out.EndArray();
}

Result<std::vector<TableRequirement>> ParseTableRequirements(const JsonValue& array) {
  FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> items, array.AsArray());
  std::vector<TableRequirement> out;
  out.reserve(items.size());
  for (const JsonValue& item : items) {
    FLOE_ASSIGN_OR_RETURN(TableRequirement requirement, ParseTableRequirement(item));
    out.push_back(std::move(requirement));
  }
  return out;
}

}  // namespace floe::commit
