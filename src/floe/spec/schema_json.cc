#include "floe/spec/schema_json.h"

#include <climits>
#include <optional>

namespace floe::spec {

namespace {

// The members of a struct field's object, found in one pass over it; of a repeated key the
// first, as JsonValue::Find finds it.
struct NestedFieldMembers {
  std::optional<simdjson::dom::element> id, name, required, type, doc, initial_default,
      write_default;
};

NestedFieldMembers FindNestedFieldMembers(simdjson::dom::object object) {
  NestedFieldMembers m;
  for (simdjson::dom::key_value_pair member : object) {
    std::string_view key = member.key;
    std::optional<simdjson::dom::element>* slot = nullptr;
    if (key == "id")
      slot = &m.id;
    else if (key == "name")
      slot = &m.name;
    else if (key == "required")
      slot = &m.required;
    else if (key == "type")
      slot = &m.type;
    else if (key == "doc")
      slot = &m.doc;
    else if (key == "initial-default")
      slot = &m.initial_default;
    else if (key == "write-default")
      slot = &m.write_default;
    if (slot != nullptr && !*slot) *slot = member.value;
  }
  return m;
}

// The common struct field — a primitive type, no defaults, every member of its JSON type —
// read without building JSON paths (a table holds thousands of fields). nullopt for anything
// else, which ParseNestedField then reads, naming the path of whatever is wrong.
std::optional<NestedField> ReadPlainNestedField(simdjson::dom::element element) {
  if (!element.is_object()) return std::nullopt;
  NestedFieldMembers m = FindNestedFieldMembers(element.get_object().value_unsafe());
  if (!m.id || !m.id->is_int64() || !m.name || !m.name->is_string() || !m.required ||
      !m.required->is_bool() || !m.type || !m.type->is_string() || m.initial_default ||
      m.write_default) {
    return std::nullopt;
  }
  if (m.doc && !m.doc->is_null() && !m.doc->is_string()) return std::nullopt;
  int64_t id = m.id->get_int64().value_unsafe();
  if (id < INT32_MIN || id > INT32_MAX) return std::nullopt;
  auto type = ParsePrimitiveType(m.type->get_string().value_unsafe());
  if (!type.ok()) return std::nullopt;
  NestedField f;
  f.id = static_cast<int32_t>(id);
  f.name = std::string(m.name->get_string().value_unsafe());
  f.required = m.required->get_bool().value_unsafe();
  f.type = std::move(type).value();
  if (m.doc && m.doc->is_string()) f.doc = std::string(m.doc->get_string().value_unsafe());
  return f;
}

Result<std::vector<NestedField>> ParseStructFields(const JsonValue& json) {
  FLOE_ASSIGN_OR_RETURN(JsonValue fields_json, json.Get("fields"));
  if (!fields_json.IsArray()) return fields_json.AsArray().error();
  simdjson::dom::array items = fields_json.element().get_array().value_unsafe();
  std::vector<NestedField> fields;
  fields.reserve(items.size());
  size_t i = 0;
  for (simdjson::dom::element item : items) {
    if (std::optional<NestedField> plain = ReadPlainNestedField(item)) {
      fields.push_back(std::move(*plain));
    } else {
      JsonValue item_json(item, fmt::format("{}[{}]", fields_json.path(), i));
      FLOE_ASSIGN_OR_RETURN(NestedField f, ParseNestedField(item_json));
      fields.push_back(std::move(f));
    }
    ++i;
  }
  return fields;
}

void WriteStructFields(const std::vector<NestedField>& fields, JsonWriter& out) {
  out.Key("fields");
  out.BeginArray();
  for (const NestedField& f : fields) WriteNestedField(f, out);
  out.EndArray();
}

}  // namespace

Result<TypePtr> ParseType(const JsonValue& json) {
  if (json.IsString()) {
    FLOE_ASSIGN_OR_RETURN(std::string_view name, json.AsString());
    auto type = ParsePrimitiveType(name);
    if (!type.ok()) return json.Invalid(type.error().message);
    return std::move(type).value();
  }
  if (!json.IsObject()) {
    return json.Invalid(fmt::format("expected a type name or object, got {}", json.TypeName()));
  }
  FLOE_ASSIGN_OR_RETURN(std::string_view kind, json.GetString("type"));
  if (kind == "struct") {
    FLOE_ASSIGN_OR_RETURN(std::vector<NestedField> fields, ParseStructFields(json));
    return Type::Struct(std::move(fields));
  }
  if (kind == "list") {
    NestedField element;
    element.name = "element";
    FLOE_ASSIGN_OR_RETURN(element.id, json.GetInt32("element-id"));
    FLOE_ASSIGN_OR_RETURN(element.required, json.GetBool("element-required"));
    FLOE_ASSIGN_OR_RETURN(JsonValue element_type, json.Get("element"));
    FLOE_ASSIGN_OR_RETURN(element.type, ParseType(element_type));
    return Type::List(std::move(element));
  }
  if (kind == "map") {
    NestedField key, value;
    key.name = "key";
    key.required = true;
    value.name = "value";
    FLOE_ASSIGN_OR_RETURN(key.id, json.GetInt32("key-id"));
    FLOE_ASSIGN_OR_RETURN(JsonValue key_type, json.Get("key"));
    FLOE_ASSIGN_OR_RETURN(key.type, ParseType(key_type));
    FLOE_ASSIGN_OR_RETURN(value.id, json.GetInt32("value-id"));
    FLOE_ASSIGN_OR_RETURN(value.required, json.GetBool("value-required"));
    FLOE_ASSIGN_OR_RETURN(JsonValue value_type, json.Get("value"));
    FLOE_ASSIGN_OR_RETURN(value.type, ParseType(value_type));
    return Type::Map(std::move(key), std::move(value));
  }
  FLOE_ASSIGN_OR_RETURN(JsonValue type_json, json.Get("type"));
  return type_json.Invalid(fmt::format("unknown nested type \"{}\"", kind));
}

void WriteType(const Type& type, JsonWriter& out) {
  switch (type.id()) {
    case TypeId::kStruct:
      out.BeginObject();
      out.Member("type", "struct");
      WriteStructFields(type.fields(), out);
      out.EndObject();
      return;
    case TypeId::kList:
      out.BeginObject();
      out.Member("type", "list");
      out.Member("element-id", type.element().id);
      out.Key("element");
      WriteType(*type.element().type, out);
      out.Member("element-required", type.element().required);
      out.EndObject();
      return;
    case TypeId::kMap:
      out.BeginObject();
      out.Member("type", "map");
      out.Member("key-id", type.key().id);
      out.Key("key");
      WriteType(*type.key().type, out);
      out.Member("value-id", type.value().id);
      out.Key("value");
      WriteType(*type.value().type, out);
      out.Member("value-required", type.value().required);
      out.EndObject();
      return;
    default:
      out.String(type.ToString());
  }
}

Result<NestedField> ParseNestedField(const JsonValue& json) {
  NestedField f;
  FLOE_ASSIGN_OR_RETURN(f.id, json.GetInt32("id"));
  FLOE_ASSIGN_OR_RETURN(std::string_view name, json.GetString("name"));
  f.name = std::string(name);
  FLOE_ASSIGN_OR_RETURN(f.required, json.GetBool("required"));
  FLOE_ASSIGN_OR_RETURN(JsonValue type_json, json.Get("type"));
  FLOE_ASSIGN_OR_RETURN(f.type, ParseType(type_json));
  FLOE_ASSIGN_OR_RETURN(std::optional<std::string_view> doc, json.FindString("doc"));
  if (doc) f.doc = std::string(*doc);
  // A default of JSON null is a real default (null) only for optional fields; keep its text.
  if (auto v = json.Find("initial-default")) f.initial_default = v->ToJson();
  if (auto v = json.Find("write-default")) f.write_default = v->ToJson();
  return f;
}

void WriteNestedField(const NestedField& f, JsonWriter& out) {
  out.BeginObject();
  out.Member("id", f.id);
  out.Member("name", f.name);
  out.Member("required", f.required);
  out.Key("type");
  WriteType(*f.type, out);
  if (!f.doc.empty()) out.Member("doc", f.doc);
  if (f.initial_default) {
    out.Key("initial-default");
    out.Raw(*f.initial_default);
  }
  if (f.write_default) {
    out.Key("write-default");
    out.Raw(*f.write_default);
  }
  out.EndObject();
}

Result<Schema> ParseSchema(const JsonValue& json) {
  Schema schema;
  FLOE_ASSIGN_OR_RETURN(std::optional<std::string_view> kind, json.FindString("type"));
  if (kind && *kind != "struct") {
    FLOE_ASSIGN_OR_RETURN(JsonValue type_json, json.Get("type"));
    return type_json.Invalid(fmt::format("a schema must be a struct, got \"{}\"", *kind));
  }
  FLOE_ASSIGN_OR_RETURN(std::optional<int32_t> schema_id, json.FindInt32("schema-id"));
  schema.schema_id = schema_id.value_or(0);
  if (auto ids = json.Find("identifier-field-ids"); ids && !ids->IsNull()) {
    FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> items, ids->AsArray());
    for (const JsonValue& item : items) {
      FLOE_ASSIGN_OR_RETURN(int32_t id, item.AsInt32());
      schema.identifier_field_ids.push_back(id);
    }
  }
  FLOE_ASSIGN_OR_RETURN(schema.fields, ParseStructFields(json));
  return schema;
}

void WriteSchema(const Schema& schema, JsonWriter& out) {
  out.BeginObject();
  out.Member("type", "struct");
  out.Member("schema-id", schema.schema_id);
  if (!schema.identifier_field_ids.empty()) {
    out.Key("identifier-field-ids");
    out.BeginArray();
    for (int32_t id : schema.identifier_field_ids) out.Int(id);
    out.EndArray();
  }
  WriteStructFields(schema.fields, out);
  out.EndObject();
}

}  // namespace floe::spec
