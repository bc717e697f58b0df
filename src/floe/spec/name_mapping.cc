#include "floe/spec/name_mapping.h"

#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"

namespace floe::spec {

namespace {

Result<std::vector<MappedField>> ParseFields(const JsonValue& list) {
  if (!list.IsArray()) return list.Invalid("expected a list of mapped fields");
  FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> items, list.AsArray());
  std::vector<MappedField> out;
  for (const JsonValue& item : items) {
    if (!item.IsObject()) return item.Invalid("expected a mapped field object");
    MappedField field;
    FLOE_ASSIGN_OR_RETURN(field.field_id, item.FindInt32("field-id"));
    FLOE_ASSIGN_OR_RETURN(JsonValue names, item.Get("names"));
    if (!names.IsArray()) return names.Invalid("expected a list of names");
    FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> name_list, names.AsArray());
    for (const JsonValue& n : name_list) {
      FLOE_ASSIGN_OR_RETURN(std::string_view name, n.AsString());
      field.names.emplace_back(name);
    }
    if (std::optional<JsonValue> nested = item.Find("fields"); nested && !nested->IsNull()) {
      FLOE_ASSIGN_OR_RETURN(field.fields, ParseFields(*nested));
    }
    out.push_back(std::move(field));
  }
  return out;
}

std::vector<MappedField> MapTypeChildren(const spec::Type& type);

MappedField MapField(const spec::NestedField& field, std::string name) {
  MappedField m;
  m.field_id = field.id;
  m.names.push_back(std::move(name));
  if (field.type->is_nested()) m.fields = MapTypeChildren(*field.type);
  return m;
}

// Struct fields keep their names; a list's element is named "element", a map's key and value
// "key" and "value", as the spec's mapping expects.
std::vector<MappedField> MapTypeChildren(const spec::Type& type) {
  std::vector<MappedField> out;
  if (type.is_list()) {
    out.push_back(MapField(type.element(), "element"));
  } else if (type.is_map()) {
    out.push_back(MapField(type.key(), "key"));
    out.push_back(MapField(type.value(), "value"));
  } else {
    for (const spec::NestedField& f : type.fields()) out.push_back(MapField(f, f.name));
  }
  return out;
}

void WriteFields(const std::vector<MappedField>& fields, JsonWriter& out) {
  out.BeginArray();
  for (const MappedField& f : fields) {
    out.BeginObject();
    if (f.field_id) out.Member("field-id", int64_t{*f.field_id});
    out.Key("names");
    out.BeginArray();
    for (const std::string& n : f.names) out.String(n);
    out.EndArray();
    if (!f.fields.empty()) {
      out.Key("fields");
      WriteFields(f.fields, out);
    }
    out.EndObject();
  }
  out.EndArray();
}

}  // namespace

Result<NameMapping> NameMapping::Parse(std::string_view json) {
  auto parsed = [&]() -> Result<NameMapping> {
    FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(json));
    FLOE_ASSIGN_OR_RETURN(std::vector<MappedField> fields, ParseFields(doc->root()));
    return NameMapping(std::move(fields));
  }();
  if (!parsed.ok()) {
    Error e = std::move(parsed).error();
    return Corrupt("table property {}: {}", kNameMappingProperty, e.message);
  }
  return parsed;
}

NameMapping NameMapping::ForSchema(const spec::Schema& schema) {
  std::vector<MappedField> fields;
  for (const spec::NestedField& f : schema.fields) fields.push_back(MapField(f, f.name));
  return NameMapping(std::move(fields));
}

std::string NameMapping::ToJson() const {
  JsonWriter out;
  WriteFields(fields_, out);
  return out.Take();
}

const MappedField* NameMapping::Find(const std::vector<MappedField>& fields,
                                     std::string_view name) {
  for (const MappedField& f : fields) {
    for (const std::string& n : f.names) {
      if (n == name) return &f;
    }
  }
  return nullptr;
}

}  // namespace floe::spec
