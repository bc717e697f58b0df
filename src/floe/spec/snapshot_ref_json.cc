#include "floe/spec/snapshot_ref_json.h"

#include "floe/spec/json_fields.h"

namespace floe::spec {

using internal::FieldReader;

namespace {

template <typename T>
Status CheckPositive(const FieldReader& in, std::string_view key, const std::optional<T>& value) {
  if (value && *value <= 0) {
    return in.Invalid(key, fmt::format("must be a positive number, got {}", *value));
  }
  return Ok();
}

}  // namespace

Result<SnapshotRef> ParseSnapshotRef(const JsonValue& json) {
  FLOE_ASSIGN_OR_RETURN(FieldReader in, FieldReader::Make(json.element(), json.path()));
  SnapshotRef ref;
  FLOE_ASSIGN_OR_RETURN(ref.snapshot_id, in.GetId("snapshot-id"));
  FLOE_ASSIGN_OR_RETURN(std::string_view type, in.GetString("type"));
  if (type == "branch") {
    ref.type = SnapshotRefType::kBranch;
  } else if (type == "tag") {
    ref.type = SnapshotRefType::kTag;
  } else {
    return in.Invalid("type",
                      fmt::format("unknown ref type \"{}\" (expected branch or tag)", type));
  }
  FLOE_ASSIGN_OR_RETURN(ref.min_snapshots_to_keep, in.FindInt("min-snapshots-to-keep"));
  FLOE_ASSIGN_OR_RETURN(ref.max_snapshot_age_ms, in.FindLong("max-snapshot-age-ms"));
  FLOE_ASSIGN_OR_RETURN(ref.max_ref_age_ms, in.FindLong("max-ref-age-ms"));
  FLOE_RETURN_IF_ERROR(CheckPositive(in, "min-snapshots-to-keep", ref.min_snapshots_to_keep));
  FLOE_RETURN_IF_ERROR(CheckPositive(in, "max-snapshot-age-ms", ref.max_snapshot_age_ms));
  FLOE_RETURN_IF_ERROR(CheckPositive(in, "max-ref-age-ms", ref.max_ref_age_ms));
  if (ref.is_tag() && ref.min_snapshots_to_keep) {
    return in.Invalid("min-snapshots-to-keep",
                      "a tag has no min-snapshots-to-keep (branches only)");
  }
  if (ref.is_tag() && ref.max_snapshot_age_ms) {
    return in.Invalid("max-snapshot-age-ms", "a tag has no max-snapshot-age-ms (branches only)");
  }
  return ref;
}

void WriteSnapshotRef(const SnapshotRef& ref, JsonWriter& out) {
  out.BeginObject();
  WriteSnapshotRefMembers(ref, out);
  out.EndObject();
}

void WriteSnapshotRefMembers(const SnapshotRef& ref, JsonWriter& out) {
  out.Key("snapshot-id");
  out.Int(ref.snapshot_id);
  out.Member("type", SnapshotRefTypeName(ref.type));
  if (ref.min_snapshots_to_keep) {
    out.Key("min-snapshots-to-keep");
    out.Int(*ref.min_snapshots_to_keep);
  }
  if (ref.max_snapshot_age_ms) {
    out.Key("max-snapshot-age-ms");
    out.Int(*ref.max_snapshot_age_ms);
  }
  if (ref.max_ref_age_ms) {
    out.Key("max-ref-age-ms");
    out.Int(*ref.max_ref_age_ms);
  }
}

Result<std::map<std::string, SnapshotRef>> ParseSnapshotRefs(const JsonValue& json) {
  std::map<std::string, SnapshotRef> refs;
  if (json.IsNull()) return refs;
  FLOE_ASSIGN_OR_RETURN(auto members, json.AsObject());
  for (const auto& [name, value] : members) {
    FLOE_ASSIGN_OR_RETURN(SnapshotRef ref, ParseSnapshotRef(value));
    refs.emplace(std::string(name), ref);
  }
  return refs;
}

void WriteSnapshotRefs(const std::map<std::string, SnapshotRef>& refs, JsonWriter& out) {
  out.BeginObject();
  for (const auto& [name, ref] : refs) {
    out.Key(name);
    WriteSnapshotRef(ref, out);
  }
  out.EndObject();
}

}  // namespace floe::spec
