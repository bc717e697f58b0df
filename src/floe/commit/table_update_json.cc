#include "floe/commit/table_update_json.h"

#include <array>
#include <type_traits>

#include "floe/spec/partition_spec_json.h"
#include "floe/spec/schema_json.h"
#include "floe/spec/snapshot_json.h"
#include "floe/spec/snapshot_ref_json.h"
#include "floe/spec/sort_order_json.h"
#include "floe/spec/statistics_json.h"

namespace floe::commit {

namespace table_update_json {

// A REST snapshot has one form whatever the table's format version (Java's SnapshotParser);
// floe's snapshot JSON is written by version, and v3's writes and reads every field there is.
constexpr int kSnapshotFormatVersion = 3;

// The actions of the yaml's BaseUpdate that floe's TableUpdate does not have, with the reason.
struct Unsupported {
  std::string_view action;
  std::string_view reason;
};
constexpr std::array<Unsupported, 8> kUnsupported = {{
    {"remove-partition-specs", "floe does not remove partition specs yet"},
    {"remove-schemas", "floe does not remove schemas yet"},
    {"add-encryption-key", "floe does not support table encryption"},
    {"remove-encryption-key", "floe does not support table encryption"},
    {"set-partition-statistics", "floe does not register partition statistics yet"},
    {"remove-partition-statistics", "floe does not register partition statistics yet"},
    {"add-view-version", "it is a view update and floe has no views"},
    {"set-current-view-version", "it is a view update and floe has no views"},
}};

void WriteMembers(const AssignUuid& u, JsonWriter& out) { out.Member("uuid", u.uuid); }
void WriteMembers(const UpgradeFormatVersion& u, JsonWriter& out) {
  out.Member("format-version", u.format_version);
}
void WriteMembers(const AddSchema& u, JsonWriter& out) {
  out.Key("schema");
  spec::WriteSchema(u.schema, out);
  out.Member("last-column-id", u.schema.HighestFieldId());
}
void WriteMembers(const SetCurrentSchema& u, JsonWriter& out) {
  out.Member("schema-id", u.schema_id);
}
void WriteMembers(const AddPartitionSpec& u, JsonWriter& out) {
  out.Key("spec");
  spec::WritePartitionSpec(u.spec, out);
}
void WriteMembers(const SetDefaultSpec& u, JsonWriter& out) { out.Member("spec-id", u.spec_id); }
void WriteMembers(const AddSortOrder& u, JsonWriter& out) {
  out.Key("sort-order");
  spec::WriteSortOrder(u.sort_order, out);
}
void WriteMembers(const SetDefaultSortOrder& u, JsonWriter& out) {
  out.Member("sort-order-id", u.sort_order_id);
}
void WriteMembers(const AddSnapshot& u, JsonWriter& out) {
  out.Key("snapshot");
  spec::WriteSnapshot(u.snapshot, kSnapshotFormatVersion, out);
}
void WriteMembers(const SetSnapshotRef& u, JsonWriter& out) {
  out.Member("ref-name", u.ref_name);
  spec::WriteSnapshotRefMembers(u.ref, out);  // SetSnapshotRefUpdate is allOf SnapshotReference
}
void WriteMembers(const RemoveSnapshots& u, JsonWriter& out) {
  out.Key("snapshot-ids");
  out.BeginArray();
  for (int64_t id : u.snapshot_ids) out.Int(id);
  out.EndArray();
}
void WriteMembers(const RemoveSnapshotRef& u, JsonWriter& out) {
  out.Member("ref-name", u.ref_name);
}
void WriteMembers(const SetLocation& u, JsonWriter& out) { out.Member("location", u.location); }
void WriteMembers(const SetProperties& u, JsonWriter& out) {
  out.Key("updates");
  out.BeginObject();
  for (const auto& [key, value] : u.updates) out.Member(key, value);
  out.EndObject();
}
void WriteMembers(const RemoveProperties& u, JsonWriter& out) {
  out.Key("removals");
  out.BeginArray();
  for (const std::string& key : u.removals) out.String(key);
  out.EndArray();
}
void WriteMembers(const SetStatistics& u, JsonWriter& out) {
  out.Member("snapshot-id", u.statistics.snapshot_id);
  out.Key("statistics");
  spec::WriteStatisticsFile(u.statistics, out);
}
void WriteMembers(const RemoveStatistics& u, JsonWriter& out) {
  out.Member("snapshot-id", u.snapshot_id);
}

Result<std::vector<std::string>> StringArray(const JsonValue& json, std::string_view key) {
  FLOE_ASSIGN_OR_RETURN(JsonValue array, json.Get(key));
  FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> items, array.AsArray());
  std::vector<std::string> out;
  out.reserve(items.size());
  for (const JsonValue& item : items) {
    FLOE_ASSIGN_OR_RETURN(std::string_view s, item.AsString());
    out.emplace_back(s);
  }
  return out;
}

Result<std::vector<int64_t>> IntArray(const JsonValue& json, std::string_view key) {
  FLOE_ASSIGN_OR_RETURN(JsonValue array, json.Get(key));
  FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> items, array.AsArray());
  std::vector<int64_t> out;
  out.reserve(items.size());
  for (const JsonValue& item : items) {
    FLOE_ASSIGN_OR_RETURN(int64_t i, item.AsInt());
    out.push_back(i);
  }
  return out;
}

// A JSON object of strings (additionalProperties: string); a repeated key keeps its first value.
Result<std::map<std::string, std::string>> StringMap(const JsonValue& json, std::string_view key) {
  FLOE_ASSIGN_OR_RETURN(JsonValue object, json.Get(key));
  FLOE_ASSIGN_OR_RETURN(auto members, object.AsObject());
  std::map<std::string, std::string> out;
  for (const auto& [name, value] : members) {
    FLOE_ASSIGN_OR_RETURN(std::string_view s, value.AsString());
    out.emplace(name, s);
  }
  return out;
}

Result<TableUpdate> ParseMembers(std::string_view action, const JsonValue& json) {
  if (action == "assign-uuid") {
    FLOE_ASSIGN_OR_RETURN(std::string_view uuid, json.GetString("uuid"));
    return TableUpdate(AssignUuid{std::string(uuid)});
  }
  if (action == "upgrade-format-version") {
    FLOE_ASSIGN_OR_RETURN(int32_t version, json.GetInt32("format-version"));
    return TableUpdate(UpgradeFormatVersion{version});
  }
  if (action == "add-schema") {
    FLOE_ASSIGN_OR_RETURN(JsonValue schema, json.Get("schema"));
    FLOE_ASSIGN_OR_RETURN(spec::Schema parsed, spec::ParseSchema(schema));
    // Deprecated and recomputed when applied; read only so that a mistyped one is refused.
    FLOE_RETURN_IF_ERROR(json.FindInt32("last-column-id"));
    return TableUpdate(AddSchema{std::move(parsed)});
  }
  if (action == "set-current-schema") {
    FLOE_ASSIGN_OR_RETURN(int32_t id, json.GetInt32("schema-id"));
    return TableUpdate(SetCurrentSchema{id});
  }
  if (action == "add-spec") {
    FLOE_ASSIGN_OR_RETURN(JsonValue spec, json.Get("spec"));
    FLOE_ASSIGN_OR_RETURN(spec::PartitionSpec parsed, spec::ParsePartitionSpec(spec));
    return TableUpdate(AddPartitionSpec{std::move(parsed)});
  }
  if (action == "set-default-spec") {
    FLOE_ASSIGN_OR_RETURN(int32_t id, json.GetInt32("spec-id"));
    return TableUpdate(SetDefaultSpec{id});
  }
  if (action == "add-sort-order") {
    FLOE_ASSIGN_OR_RETURN(JsonValue order, json.Get("sort-order"));
    FLOE_ASSIGN_OR_RETURN(spec::SortOrder parsed, spec::ParseSortOrder(order));
    return TableUpdate(AddSortOrder{std::move(parsed)});
  }
  if (action == "set-default-sort-order") {
    FLOE_ASSIGN_OR_RETURN(int32_t id, json.GetInt32("sort-order-id"));
    return TableUpdate(SetDefaultSortOrder{id});
  }
  if (action == "add-snapshot") {
    FLOE_ASSIGN_OR_RETURN(JsonValue snapshot, json.Get("snapshot"));
    FLOE_ASSIGN_OR_RETURN(spec::Snapshot parsed,
                          spec::ParseSnapshot(snapshot, kSnapshotFormatVersion));
    return TableUpdate(AddSnapshot{std::move(parsed)});
  }
  if (action == "set-snapshot-ref") {
    FLOE_ASSIGN_OR_RETURN(std::string_view name, json.GetString("ref-name"));
    FLOE_ASSIGN_OR_RETURN(spec::SnapshotRef ref, spec::ParseSnapshotRef(json));
    return TableUpdate(SetSnapshotRef{std::string(name), ref});
  }
  if (action == "remove-snapshots") {
    FLOE_ASSIGN_OR_RETURN(std::vector<int64_t> ids, IntArray(json, "snapshot-ids"));
    return TableUpdate(RemoveSnapshots{std::move(ids)});
  }
  if (action == "remove-snapshot-ref") {
    FLOE_ASSIGN_OR_RETURN(std::string_view name, json.GetString("ref-name"));
    return TableUpdate(RemoveSnapshotRef{std::string(name)});
  }
  if (action == "set-location") {
    FLOE_ASSIGN_OR_RETURN(std::string_view location, json.GetString("location"));
    return TableUpdate(SetLocation{std::string(location)});
  }
  if (action == "set-properties") {
    FLOE_ASSIGN_OR_RETURN(auto updates, StringMap(json, "updates"));
    return TableUpdate(SetProperties{std::move(updates)});
  }
  if (action == "remove-properties") {
    FLOE_ASSIGN_OR_RETURN(std::vector<std::string> removals, StringArray(json, "removals"));
    return TableUpdate(RemoveProperties{std::move(removals)});
  }
  if (action == "set-statistics") {
    FLOE_ASSIGN_OR_RETURN(JsonValue statistics, json.Get("statistics"));
    FLOE_ASSIGN_OR_RETURN(spec::StatisticsFile parsed, spec::ParseStatisticsFile(statistics));
    // Deprecated: the statistics' own snapshot-id is the one that counts (as in Java).
    FLOE_RETURN_IF_ERROR(json.FindInt("snapshot-id"));
    return TableUpdate(SetStatistics{std::move(parsed)});
  }
  if (action == "remove-statistics") {
    FLOE_ASSIGN_OR_RETURN(int64_t id, json.GetInt("snapshot-id"));
    return TableUpdate(RemoveStatistics{id});
  }
  for (const Unsupported& u : kUnsupported) {
    if (action == u.action)
      return NotSupported("update \"{}\" is not supported: {}", action, u.reason);
  }
  return json.Invalid(fmt::format("unknown update action \"{}\"", action));
}

}  // namespace table_update_json

void WriteTableUpdate(const TableUpdate& update, JsonWriter& out) {
  out.BeginObject();
  out.Member("action", ActionName(update));
  std::visit([&](const auto& u) { table_update_json::WriteMembers(u, out); }, update);
  out.EndObject();
}

std::string WriteTableUpdate(const TableUpdate& update) {
  JsonWriter out;
  WriteTableUpdate(update, out);
  return out.Take();
}

Result<TableUpdate> ParseTableUpdate(const JsonValue& json) {
  FLOE_ASSIGN_OR_RETURN(std::string_view action, json.GetString("action"));
  return table_update_json::ParseMembers(action, json)
      .WithContext(fmt::format("update {}", action));
}

Result<TableUpdate> ParseTableUpdate(std::string_view json) {
  FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(json));
  return ParseTableUpdate(doc->root());
}

void WriteTableUpdates(const std::vector<TableUpdate>& updates, JsonWriter& out) {
  out.BeginArray();
  for (const TableUpdate& update : updates) WriteTableUpdate(update, out);
  out.EndArray();
}

Result<std::vector<TableUpdate>> ParseTableUpdates(const JsonValue& array) {
  FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> items, array.AsArray());
  std::vector<TableUpdate> out;
  out.reserve(items.size());
  for (const JsonValue& item : items) {
    FLOE_ASSIGN_OR_RETURN(TableUpdate update, ParseTableUpdate(item));
    out.push_back(std::move(update));
  }
  return out;
}

}  // namespace floe::commit
