#include "floe/util/json_reader.h"

namespace floe {

std::string_view JsonValue::TypeName() const {
  switch (element_.type()) {
    case simdjson::dom::element_type::ARRAY: return "array";
    case simdjson::dom::element_type::OBJECT: return "object";
    case simdjson::dom::element_type::INT64:
    case simdjson::dom::element_type::UINT64:
    case simdjson::dom::element_type::DOUBLE: return "number";
    case simdjson::dom::element_type::STRING: return "string";
    case simdjson::dom::element_type::BOOL: return "boolean";
    case simdjson::dom::element_type::NULL_VALUE: return "null";
  }
  return "value";
}

Error JsonValue::Invalid(std::string_view what) const {
  if (path_.empty()) return Corrupt("{}", what);
  return Corrupt("{}: {}", path_, what);
}

Error JsonValue::TypeError(std::string_view expected) const {
  return Invalid(fmt::format("expected {}, got {}", expected, TypeName()));
}

std::string JsonValue::MemberPath(std::string_view key) const {
  return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
}

Result<int64_t> JsonValue::AsInt() const {
  if (element_.is_int64()) return element_.get_int64().value_unsafe();
  if (element_.is_uint64()) return Invalid(fmt::format("integer {} is out of range", element_.get_uint64().value_unsafe()));
  return TypeError("an integer");
}

Result<int32_t> JsonValue::AsInt32() const {
  FLOE_ASSIGN_OR_RETURN(int64_t v, AsInt());
  if (v < INT32_MIN || v > INT32_MAX) return Invalid(fmt::format("integer {} does not fit in 32 bits", v));
  return static_cast<int32_t>(v);
}

Result<double> JsonValue::AsDouble() const {
  if (element_.is_number()) return element_.get_double().value_unsafe();
  return TypeError("a number");
}

Result<bool> JsonValue::AsBool() const {
  if (element_.is_bool()) return element_.get_bool().value_unsafe();
  return TypeError("a boolean");
}

Result<std::string_view> JsonValue::AsString() const {
  if (element_.is_string()) return element_.get_string().value_unsafe();
  return TypeError("a string");
}

Result<std::vector<JsonValue>> JsonValue::AsArray() const {
  if (!element_.is_array()) return TypeError("an array");
  std::vector<JsonValue> out;
  size_t i = 0;
  // Keep the array in a local: a range-for over a member of the temporary simdjson_result
  // would read it after its lifetime ended.
  simdjson::dom::array array = element_.get_array().value_unsafe();
  for (simdjson::dom::element e : array) {
    out.emplace_back(e, fmt::format("{}[{}]", path_, i++));
  }
  return out;
}

Result<std::vector<std::pair<std::string_view, JsonValue>>> JsonValue::AsObject() const {
  if (!element_.is_object()) return TypeError("an object");
  std::vector<std::pair<std::string_view, JsonValue>> out;
  simdjson::dom::object object = element_.get_object().value_unsafe();
  for (auto field : object) {
    out.emplace_back(field.key, JsonValue(field.value, MemberPath(field.key)));
  }
  return out;
}

std::optional<JsonValue> JsonValue::Find(std::string_view key) const {
  if (!element_.is_object()) return std::nullopt;
  simdjson::dom::element child;
  if (element_.get_object().value_unsafe().at_key(key).get(child) != simdjson::SUCCESS) {
    return std::nullopt;
  }
  return JsonValue(child, MemberPath(key));
}

Result<JsonValue> JsonValue::Get(std::string_view key) const {
  if (!element_.is_object()) return TypeError("an object");
  auto child = Find(key);
  if (!child) {
    return Corrupt("{}: missing required field \"{}\"", path_.empty() ? "(root)" : path_, key);
  }
  return *child;
}

Result<int64_t> JsonValue::GetInt(std::string_view key) const {
  FLOE_ASSIGN_OR_RETURN(JsonValue v, Get(key));
  return v.AsInt();
}
Result<int32_t> JsonValue::GetInt32(std::string_view key) const {
  FLOE_ASSIGN_OR_RETURN(JsonValue v, Get(key));
  return v.AsInt32();
}
Result<std::string_view> JsonValue::GetString(std::string_view key) const {
  FLOE_ASSIGN_OR_RETURN(JsonValue v, Get(key));
  return v.AsString();
}
Result<bool> JsonValue::GetBool(std::string_view key) const {
  FLOE_ASSIGN_OR_RETURN(JsonValue v, Get(key));
  return v.AsBool();
}

Result<std::optional<int64_t>> JsonValue::FindInt(std::string_view key) const {
  auto v = Find(key);
  if (!v || v->IsNull()) return std::optional<int64_t>();
  FLOE_ASSIGN_OR_RETURN(int64_t i, v->AsInt());
  return std::optional<int64_t>(i);
}
Result<std::optional<int32_t>> JsonValue::FindInt32(std::string_view key) const {
  auto v = Find(key);
  if (!v || v->IsNull()) return std::optional<int32_t>();
  FLOE_ASSIGN_OR_RETURN(int32_t i, v->AsInt32());
  return std::optional<int32_t>(i);
}
Result<std::optional<std::string_view>> JsonValue::FindString(std::string_view key) const {
  auto v = Find(key);
  if (!v || v->IsNull()) return std::optional<std::string_view>();
  FLOE_ASSIGN_OR_RETURN(std::string_view s, v->AsString());
  return std::optional<std::string_view>(s);
}
Result<std::optional<bool>> JsonValue::FindBool(std::string_view key) const {
  auto v = Find(key);
  if (!v || v->IsNull()) return std::optional<bool>();
  FLOE_ASSIGN_OR_RETURN(bool b, v->AsBool());
  return std::optional<bool>(b);
}

std::string JsonValue::ToJson() const { return simdjson::minify(element_); }

Result<std::unique_ptr<JsonDocument>> JsonDocument::Parse(std::string_view text) {
  auto doc = std::make_unique<JsonDocument>();
  doc->buffer_ = simdjson::padded_string(text);
  auto error = doc->parser_.parse(doc->buffer_).get(doc->root_);
  if (error != simdjson::SUCCESS) {
    return Corrupt("invalid JSON: {}", simdjson::error_message(error));
  }
  return doc;
}

}  // namespace floe
