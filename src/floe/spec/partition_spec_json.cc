#include "floe/spec/partition_spec_json.h"

namespace floe::spec {

namespace {

Result<std::vector<int32_t>> ParseIntArray(const JsonValue& json) {
  FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> items, json.AsArray());
  std::vector<int32_t> out;
  out.reserve(items.size());
  for (const JsonValue& item : items) {
    FLOE_ASSIGN_OR_RETURN(int32_t v, item.AsInt32());
    out.push_back(v);
  }
  return out;
}

Result<PartitionField> ParsePartitionField(const JsonValue& json, int32_t default_field_id) {
  PartitionField f;
  if (auto ids = json.Find("source-ids"); ids && !ids->IsNull()) {
    FLOE_ASSIGN_OR_RETURN(f.source_ids, ParseIntArray(*ids));
    if (f.source_ids.empty()) return ids->Invalid("source-ids must not be empty");
  }
  FLOE_ASSIGN_OR_RETURN(std::optional<int32_t> source_id, json.FindInt32("source-id"));
  if (source_id) {
    f.source_id = *source_id;
  } else if (!f.source_ids.empty()) {
    f.source_id = f.source_ids[0];
  } else {
    return json.Invalid("missing required field \"source-id\"");
  }
  // A single-element source-ids is the same field as a plain source-id.
  if (f.source_ids.size() == 1 && f.source_ids[0] == f.source_id) f.source_ids.clear();
  FLOE_ASSIGN_OR_RETURN(std::optional<int32_t> field_id, json.FindInt32("field-id"));
  f.field_id = field_id.value_or(default_field_id);
  FLOE_ASSIGN_OR_RETURN(std::string_view name, json.GetString("name"));
  f.name = std::string(name);
  FLOE_ASSIGN_OR_RETURN(JsonValue transform_json, json.Get("transform"));
  FLOE_ASSIGN_OR_RETURN(std::string_view transform, transform_json.AsString());
  auto parsed = Transform::ParseAllowUnknown(transform);
  if (!parsed.ok()) return transform_json.Invalid(parsed.error().message);
  f.transform = std::move(parsed).value();
  return f;
}

}  // namespace

Result<std::vector<PartitionField>> ParsePartitionFields(const JsonValue& array) {
  FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> items, array.AsArray());
  std::vector<PartitionField> fields;
  fields.reserve(items.size());
  int32_t next_id = PartitionSpec::kPartitionDataIdStart;
  for (const JsonValue& item : items) {
    FLOE_ASSIGN_OR_RETURN(PartitionField f, ParsePartitionField(item, next_id));
    next_id = std::max(next_id, f.field_id) + 1;
    fields.push_back(std::move(f));
  }
  return fields;
}

Result<PartitionSpec> ParsePartitionSpec(const JsonValue& json) {
  PartitionSpec spec;
  FLOE_ASSIGN_OR_RETURN(spec.spec_id, json.GetInt32("spec-id"));
  FLOE_ASSIGN_OR_RETURN(JsonValue fields, json.Get("fields"));
  FLOE_ASSIGN_OR_RETURN(spec.fields, ParsePartitionFields(fields));
  return spec;
}

void WritePartitionFields(const std::vector<PartitionField>& fields, JsonWriter& out) {
  out.BeginArray();
  for (const PartitionField& f : fields) {
    out.BeginObject();
    out.Member("name", f.name);
    out.Member("transform", f.transform.ToString());
    if (f.source_ids.empty()) {
      out.Member("source-id", f.source_id);
    } else {
      out.Key("source-ids");
      out.BeginArray();
      for (int32_t id : f.source_ids) out.Int(id);
      out.EndArray();
    }
    out.Member("field-id", f.field_id);
    out.EndObject();
  }
  out.EndArray();
}

void WritePartitionSpec(const PartitionSpec& spec, JsonWriter& out) {
  out.BeginObject();
  out.Member("spec-id", spec.spec_id);
  out.Key("fields");
  WritePartitionFields(spec.fields, out);
  out.EndObject();
}

}  // namespace floe::spec
