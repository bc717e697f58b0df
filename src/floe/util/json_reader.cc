#include "floe/util/json_reader.h"

#include <charconv>

namespace floe {

std::string_view JsonValue::TypeName() const {
  switch (element_.type()) {
    case simdjson::dom::element_type::ARRAY:
      return "array";
    case simdjson::dom::element_type::OBJECT:
      return "object";
    case simdjson::dom::element_type::INT64:
    case simdjson::dom::element_type::UINT64:
    case simdjson::dom::element_type::DOUBLE:
      return "number";
    case simdjson::dom::element_type::STRING:
      return "string";
    case simdjson::dom::element_type::BOOL:
      return "boolean";
    case simdjson::dom::element_type::NULL_VALUE:
      return "null";
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
  if (path_.empty()) return std::string(key);
  std::string path;
  path.reserve(path_.size() + 1 + key.size());
  path.append(path_).append(1, '.').append(key);
  return path;
}

Result<int64_t> JsonValue::AsInt() const {
  if (element_.is_int64()) return element_.get_int64().value_unsafe();
  if (element_.is_uint64())
    return Invalid(fmt::format("integer {} is out of range", element_.get_uint64().value_unsafe()));
  return TypeError("an integer");
}

Result<int32_t> JsonValue::AsInt32() const {
  FLOE_ASSIGN_OR_RETURN(int64_t v, AsInt());
  if (v < INT32_MIN || v > INT32_MAX)
    return Invalid(fmt::format("integer {} does not fit in 32 bits", v));
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
  out.reserve(array.size());
  for (simdjson::dom::element e : array) {
    // path_ + "[i]", built without a formatting call: arrays of thousands of items are common.
    char index[24];
    char* end = std::to_chars(index, index + sizeof index, i++).ptr;
    std::string path;
    path.reserve(path_.size() + (end - index) + 2);
    path.append(path_).append(1, '[').append(index, end).append(1, ']');
    out.emplace_back(e, std::move(path));
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

namespace {

// The member `key` of `element`, or nullopt (also when `element` is not an object). Builds no
// path: the typed getters below build one only for an error.
std::optional<simdjson::dom::element> FindElement(simdjson::dom::element element,
                                                  std::string_view key) {
  if (!element.is_object()) return std::nullopt;
  simdjson::dom::element child;
  if (element.get_object().value_unsafe().at_key(key).get(child) != simdjson::SUCCESS) {
    return std::nullopt;
  }
  return child;
}

}  // namespace

std::optional<JsonValue> JsonValue::Find(std::string_view key) const {
  auto child = FindElement(element_, key);
  if (!child) return std::nullopt;
  return JsonValue(*child, MemberPath(key));
}

Result<JsonValue> JsonValue::Get(std::string_view key) const {
  if (!element_.is_object()) return TypeError("an object");
  auto child = Find(key);
  if (!child) {
    return Corrupt("{}: missing required field \"{}\"", path_.empty() ? "(root)" : path_, key);
  }
  return *child;
}

// The typed getters first try the member's element as it is, building no path (a schema has
// thousands of members); anything else takes the general way, which names the path in errors.

Result<int64_t> JsonValue::GetInt(std::string_view key) const {
  if (auto e = FindElement(element_, key); e && e->is_int64()) return e->get_int64().value_unsafe();
  FLOE_ASSIGN_OR_RETURN(JsonValue v, Get(key));
  return v.AsInt();
}
Result<int32_t> JsonValue::GetInt32(std::string_view key) const {
  if (auto e = FindElement(element_, key); e && e->is_int64()) {
    int64_t i = e->get_int64().value_unsafe();
    if (i >= INT32_MIN && i <= INT32_MAX) return static_cast<int32_t>(i);
  }
  FLOE_ASSIGN_OR_RETURN(JsonValue v, Get(key));
  return v.AsInt32();
}
Result<std::string_view> JsonValue::GetString(std::string_view key) const {
  if (auto e = FindElement(element_, key); e && e->is_string())
    return e->get_string().value_unsafe();
  FLOE_ASSIGN_OR_RETURN(JsonValue v, Get(key));
  return v.AsString();
}
Result<bool> JsonValue::GetBool(std::string_view key) const {
  if (auto e = FindElement(element_, key); e && e->is_bool()) return e->get_bool().value_unsafe();
  FLOE_ASSIGN_OR_RETURN(JsonValue v, Get(key));
  return v.AsBool();
}

Result<std::optional<int64_t>> JsonValue::FindInt(std::string_view key) const {
  auto e = FindElement(element_, key);
  if (!e || e->is_null()) return std::optional<int64_t>();
  if (e->is_int64()) return std::optional<int64_t>(e->get_int64().value_unsafe());
  FLOE_ASSIGN_OR_RETURN(int64_t i, JsonValue(*e, MemberPath(key)).AsInt());
  return std::optional<int64_t>(i);
}
Result<std::optional<int32_t>> JsonValue::FindInt32(std::string_view key) const {
  auto e = FindElement(element_, key);
  if (!e || e->is_null()) return std::optional<int32_t>();
  if (e->is_int64()) {
    int64_t i = e->get_int64().value_unsafe();
    if (i >= INT32_MIN && i <= INT32_MAX) return std::optional<int32_t>(static_cast<int32_t>(i));
  }
  FLOE_ASSIGN_OR_RETURN(int32_t i, JsonValue(*e, MemberPath(key)).AsInt32());
  return std::optional<int32_t>(i);
}
Result<std::optional<std::string_view>> JsonValue::FindString(std::string_view key) const {
  auto e = FindElement(element_, key);
  if (!e || e->is_null()) return std::optional<std::string_view>();
  if (e->is_string()) return std::optional<std::string_view>(e->get_string().value_unsafe());
  FLOE_ASSIGN_OR_RETURN(std::string_view s, JsonValue(*e, MemberPath(key)).AsString());
  return std::optional<std::string_view>(s);
}
Result<std::optional<bool>> JsonValue::FindBool(std::string_view key) const {
  auto e = FindElement(element_, key);
  if (!e || e->is_null()) return std::optional<bool>();
  if (e->is_bool()) return std::optional<bool>(e->get_bool().value_unsafe());
  FLOE_ASSIGN_OR_RETURN(bool b, JsonValue(*e, MemberPath(key)).AsBool());
  return std::optional<bool>(b);
}

std::string JsonValue::ToJson() const { return simdjson::minify(element_); }

namespace {

// simdjson's parser keeps the buffers it grew for the largest document it parsed. Allocating and
// first-touching them again for every document costs about as much as the parsing itself (a
// 7 MB table metadata file: 5 ms of 11), so each thread keeps one spare parser: a document takes
// it (or makes a new one) and gives it back when destroyed, unless its buffers have grown past
// kMaxSpareCapacity (memory held per thread stays bounded).
constexpr size_t kMaxSpareCapacity = 64 << 20;
thread_local std::unique_ptr<simdjson::dom::parser> spare_parser;

}  // namespace

JsonDocument::JsonDocument()
    : parser_(spare_parser ? std::move(spare_parser) : std::make_unique<simdjson::dom::parser>()) {}

JsonDocument::~JsonDocument() {
  if (parser_ && parser_->capacity() <= kMaxSpareCapacity) spare_parser = std::move(parser_);
}

Result<std::unique_ptr<JsonDocument>> JsonDocument::Parse(std::string_view text) {
  auto doc = std::make_unique<JsonDocument>();
  doc->buffer_ = simdjson::padded_string(text);
  auto error = doc->parser_->parse(doc->buffer_).get(doc->root_);
  if (error != simdjson::SUCCESS) {
    return Corrupt("invalid JSON: {}", simdjson::error_message(error));
  }
  return doc;
}

}  // namespace floe
