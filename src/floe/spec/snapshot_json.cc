#include "floe/spec/snapshot_json.h"

#include "floe/spec/json_fields.h"

namespace floe::spec {

using internal::FieldReader;

namespace {

// The members of a snapshot object that the reader knows, found in one pass over the object (a
// table has thousands of snapshots: one lookup per key would scan the members again each time).
// A repeated key keeps its first occurrence, as a lookup by key does.
struct SnapshotMembers {
  using Element = std::optional<simdjson::dom::element>;
  Element snapshot_id, parent_snapshot_id, sequence_number, timestamp_ms, manifest_list, manifests,
      summary, schema_id, first_row_id, added_rows, key_id;

  explicit SnapshotMembers(simdjson::dom::object object) {
    for (simdjson::dom::key_value_pair member : object) {
      Element* slot = Slot(member.key);
      if (slot != nullptr && !*slot) *slot = member.value;
    }
  }

  Element* Slot(std::string_view key) {
    switch (key.size()) {
      case 6:
        return key == "key-id" ? &key_id : nullptr;
      case 7:
        return key == "summary" ? &summary : nullptr;
      case 9:
        if (key == "schema-id") return &schema_id;
        return key == "manifests" ? &manifests : nullptr;
      case 10:
        return key == "added-rows" ? &added_rows : nullptr;
      case 11:
        return key == "snapshot-id" ? &snapshot_id : nullptr;
      case 12:
        if (key == "timestamp-ms") return &timestamp_ms;
        return key == "first-row-id" ? &first_row_id : nullptr;
      case 13:
        return key == "manifest-list" ? &manifest_list : nullptr;
      case 15:
        return key == "sequence-number" ? &sequence_number : nullptr;
      case 18:
        return key == "parent-snapshot-id" ? &parent_snapshot_id : nullptr;
      default:
        return nullptr;
    }
  }
};

// Fills `s` in place: a table has thousands of snapshots, each read straight into its vector.
Status ReadSnapshot(const FieldReader& in, int format_version, Snapshot& s) {
  const SnapshotMembers members(in.object());
  FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> id, in.IdOf("snapshot-id", members.snapshot_id));
  if (!id) return in.Missing("snapshot-id");
  s.snapshot_id = *id;
  FLOE_ASSIGN_OR_RETURN(s.parent_snapshot_id,
                        in.IdOf("parent-snapshot-id", members.parent_snapshot_id));
  if (format_version >= 2) {
    // Required by v2, but snapshots carried over from a v1 table have none: they are 0.
    FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> seq,
                          in.LongOf("sequence-number", members.sequence_number));
    s.sequence_number = seq.value_or(0);
  }
  FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> timestamp,
                        in.LongOf("timestamp-ms", members.timestamp_ms));
  if (!timestamp) return in.Missing("timestamp-ms");
  s.timestamp_ms = *timestamp;
  FLOE_ASSIGN_OR_RETURN(std::optional<std::string_view> list,
                        in.StringOf("manifest-list", members.manifest_list));
  if (list) {
    s.manifest_list = std::string(*list);
  } else {
    auto manifests = members.manifests;
    if (manifests && manifests->is_null()) manifests.reset();
    if (!manifests) {
      return Corrupt("{}: missing required field \"manifest-list\" (or v1 \"manifests\")",
                     in.Path());
    }
    if (!manifests->is_array()) return in.TypeError("manifests", *manifests, "an array");
    int64_t i = 0;
    simdjson::dom::array list = manifests->get_array().value_unsafe();
    for (simdjson::dom::element m : list) {
      if (!m.is_string()) {
        return Corrupt("{}: expected a string, got {}",
                       internal::ElementPath(in.MemberPath("manifests"), i),
                       internal::JsonTypeName(m));
      }
      s.manifests.emplace_back(m.get_string().value_unsafe());
      ++i;
    }
  }
  FLOE_ASSIGN_OR_RETURN(s.summary, in.SortedStringPairsOf("summary", members.summary));
  if (!s.summary.empty() && !s.SummaryValue("operation")) {
    return in.Invalid("summary", "missing required field \"operation\"");
  }
  FLOE_ASSIGN_OR_RETURN(s.schema_id, in.IntOf("schema-id", members.schema_id));
  if (format_version >= 3) {
    FLOE_ASSIGN_OR_RETURN(s.first_row_id, in.LongOf("first-row-id", members.first_row_id));
    FLOE_ASSIGN_OR_RETURN(s.added_rows, in.LongOf("added-rows", members.added_rows));
    FLOE_ASSIGN_OR_RETURN(std::optional<std::string_view> key_id,
                          in.StringOf("key-id", members.key_id));
    if (key_id) s.key_id = std::string(*key_id);
    if (s.first_row_id && *s.first_row_id < 0) {
      return in.Invalid("first-row-id",
                        fmt::format("must not be negative, got {}", *s.first_row_id));
    }
    if (s.added_rows && *s.added_rows < 0) {
      return in.Invalid("added-rows", fmt::format("must not be negative, got {}", *s.added_rows));
    }
  }
  return Ok();
}

}  // namespace

Result<Snapshot> ParseSnapshot(const JsonValue& json, int format_version) {
  FLOE_ASSIGN_OR_RETURN(FieldReader in, FieldReader::Make(json.element(), json.path()));
  Snapshot s;
  FLOE_RETURN_IF_ERROR(ReadSnapshot(in, format_version, s));
  return s;
}

Result<std::vector<Snapshot>> ParseSnapshots(const JsonValue& array, int format_version) {
  if (!array.IsArray())
    return array.Invalid(fmt::format("expected an array, got {}", array.TypeName()));
  std::vector<Snapshot> out;
  auto elements = array.element().get_array().value_unsafe();
  out.reserve(elements.size());
  int64_t i = 0;
  for (simdjson::dom::element e : elements) {
    FLOE_ASSIGN_OR_RETURN(FieldReader in, FieldReader::Make(e, array.path(), i));
    FLOE_RETURN_IF_ERROR(ReadSnapshot(in, format_version, out.emplace_back()));
    ++i;
  }
  return out;
}

void WriteSnapshot(const Snapshot& s, int format_version, JsonWriter& out) {
  out.BeginObject();
  out.Key("snapshot-id");
  out.Int(s.snapshot_id);
  if (s.parent_snapshot_id) {
    out.Key("parent-snapshot-id");
    out.Int(*s.parent_snapshot_id);
  }
  if (format_version >= 2) {
    out.Key("sequence-number");
    out.Int(s.sequence_number);
  }
  out.Key("timestamp-ms");
  out.Int(s.timestamp_ms);
  // v2 requires a summary; v1 snapshots without one stay without one.
  if (!s.summary.empty() || format_version >= 2) {
    out.Key("summary");
    out.BeginObject();
    if (auto op = s.SummaryValue("operation")) out.Member("operation", *op);
    for (const auto& [key, value] : s.summary) {
      if (key != "operation") out.Member(key, value);
    }
    out.EndObject();
  }
  if (!s.manifest_list.empty()) {
    out.Member("manifest-list", s.manifest_list);
  } else {
    // Only v1 snapshots list manifests inline; "must be omitted if manifest-list is present".
    out.Key("manifests");
    out.BeginArray();
    for (const std::string& m : s.manifests) out.String(m);
    out.EndArray();
  }
  if (s.schema_id) {
    out.Key("schema-id");
    out.Int(*s.schema_id);
  }
  if (format_version >= 3) {
    if (s.first_row_id) {
      out.Key("first-row-id");
      out.Int(*s.first_row_id);
    }
    if (s.added_rows) {
      out.Key("added-rows");
      out.Int(*s.added_rows);
    }
    if (s.key_id) out.Member("key-id", *s.key_id);
  }
  out.EndObject();
}

Result<std::vector<SnapshotLogEntry>> ParseSnapshotLog(const JsonValue& array) {
  std::vector<SnapshotLogEntry> out;
  if (array.IsNull()) return out;
  if (!array.IsArray())
    return array.Invalid(fmt::format("expected an array, got {}", array.TypeName()));
  int64_t i = 0;
  simdjson::dom::array elements = array.element().get_array().value_unsafe();
  out.reserve(elements.size());
  for (simdjson::dom::element e : elements) {
    FLOE_ASSIGN_OR_RETURN(FieldReader in, FieldReader::Make(e, array.path(), i));
    SnapshotLogEntry entry;
    FLOE_ASSIGN_OR_RETURN(entry.timestamp_ms, in.GetLong("timestamp-ms"));
    FLOE_ASSIGN_OR_RETURN(entry.snapshot_id, in.GetId("snapshot-id"));
    out.push_back(entry);
    ++i;
  }
  return out;
}

void WriteSnapshotLog(const std::vector<SnapshotLogEntry>& log, JsonWriter& out) {
  out.BeginArray();
  for (const SnapshotLogEntry& e : log) {
    out.BeginObject();
    out.Key("timestamp-ms");
    out.Int(e.timestamp_ms);
    out.Key("snapshot-id");
    out.Int(e.snapshot_id);
    out.EndObject();
  }
  out.EndArray();
}

Result<std::vector<MetadataLogEntry>> ParseMetadataLog(const JsonValue& array) {
  std::vector<MetadataLogEntry> out;
  if (array.IsNull()) return out;
  if (!array.IsArray())
    return array.Invalid(fmt::format("expected an array, got {}", array.TypeName()));
  int64_t i = 0;
  simdjson::dom::array elements = array.element().get_array().value_unsafe();
  out.reserve(elements.size());
  for (simdjson::dom::element e : elements) {
    FLOE_ASSIGN_OR_RETURN(FieldReader in, FieldReader::Make(e, array.path(), i));
    MetadataLogEntry entry;
    FLOE_ASSIGN_OR_RETURN(entry.timestamp_ms, in.GetLong("timestamp-ms"));
    FLOE_ASSIGN_OR_RETURN(std::string_view file, in.GetString("metadata-file"));
    entry.metadata_file = std::string(file);
    out.push_back(std::move(entry));
    ++i;
  }
  return out;
}

void WriteMetadataLog(const std::vector<MetadataLogEntry>& log, JsonWriter& out) {
  out.BeginArray();
  for (const MetadataLogEntry& e : log) {
    out.BeginObject();
    out.Key("timestamp-ms");
    out.Int(e.timestamp_ms);
    out.Member("metadata-file", e.metadata_file);
    out.EndObject();
  }
  out.EndArray();
}

}  // namespace floe::spec
