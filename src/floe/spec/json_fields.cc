#include "floe/spec/json_fields.h"

#include <algorithm>
#include <climits>

namespace floe::spec::internal {

std::string_view JsonTypeName(simdjson::dom::element value) {
  switch (value.type()) {
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

std::string ElementPath(std::string_view parent, int64_t index) {
  return fmt::format("{}[{}]", parent, index);
}

Result<FieldReader> FieldReader::Make(simdjson::dom::element value, std::string_view parent,
                                      int64_t index) {
  if (!value.is_object()) {
    std::string path = index >= 0 ? ElementPath(parent, index) : std::string(parent);
    return Corrupt("{}: expected an object, got {}", path.empty() ? "(root)" : path,
                   JsonTypeName(value));
  }
  return FieldReader(value.get_object().value_unsafe(), parent, index);
}

std::string FieldReader::Path() const {
  return index_ >= 0 ? ElementPath(parent_, index_) : std::string(parent_);
}

std::string FieldReader::MemberPath(std::string_view key) const {
  std::string path = Path();
  if (path.empty()) return std::string(key);
  path += '.';
  path += key;
  return path;
}

std::optional<simdjson::dom::element> FieldReader::Find(std::string_view key) const {
  simdjson::dom::element child;
  if (object_.at_key(key).get(child) != simdjson::SUCCESS) return std::nullopt;
  return child;
}

std::optional<simdjson::dom::element> FieldReader::FindNonNull(std::string_view key) const {
  auto child = Find(key);
  if (!child || child->is_null()) return std::nullopt;
  return child;
}

Error FieldReader::Missing(std::string_view key) const {
  std::string path = Path();
  if (path.empty()) return Corrupt("missing required field \"{}\"", key);
  return Corrupt("{}: missing required field \"{}\"", path, key);
}

Error FieldReader::Invalid(std::string_view key, std::string_view what) const {
  return Corrupt("{}: {}", MemberPath(key), what);
}

Error FieldReader::TypeError(std::string_view key, simdjson::dom::element value,
                             std::string_view expected) const {
  return Invalid(key, fmt::format("expected {}, got {}", expected, JsonTypeName(value)));
}

namespace {

template <typename T>
Result<std::optional<T>> Present(T value) {
  return std::optional<T>(value);
}

}  // namespace

Result<std::optional<int64_t>> FieldReader::FindLong(std::string_view key) const {
  auto v = FindNonNull(key);
  if (!v) return std::optional<int64_t>();
  if (v->is_int64()) return Present(v->get_int64().value_unsafe());
  if (v->is_uint64()) {
    return Invalid(key, fmt::format("integer {} is out of range", v->get_uint64().value_unsafe()));
  }
  return TypeError(key, *v, "an integer");
}

Result<int64_t> FieldReader::GetLong(std::string_view key) const {
  FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> v, FindLong(key));
  if (!v) return Missing(key);
  return *v;
}

Result<std::optional<int32_t>> FieldReader::FindInt(std::string_view key) const {
  FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> v, FindLong(key));
  if (!v) return std::optional<int32_t>();
  if (*v < INT32_MIN || *v > INT32_MAX) {
    return Invalid(key, fmt::format("integer {} does not fit in 32 bits", *v));
  }
  return Present(static_cast<int32_t>(*v));
}

Result<int32_t> FieldReader::GetInt(std::string_view key) const {
  FLOE_ASSIGN_OR_RETURN(std::optional<int32_t> v, FindInt(key));
  if (!v) return Missing(key);
  return *v;
}

Result<std::optional<int64_t>> FieldReader::FindId(std::string_view key) const {
  auto v = FindNonNull(key);
  if (!v) return std::optional<int64_t>();
  if (v->is_int64()) return Present(v->get_int64().value_unsafe());
  if (v->is_uint64()) return Present(static_cast<int64_t>(v->get_uint64().value_unsafe()));
  return TypeError(key, *v, "an integer");
}

Result<int64_t> FieldReader::GetId(std::string_view key) const {
  FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> v, FindId(key));
  if (!v) return Missing(key);
  return *v;
}

Result<std::optional<std::string_view>> FieldReader::FindString(std::string_view key) const {
  auto v = FindNonNull(key);
  if (!v) return std::optional<std::string_view>();
  if (!v->is_string()) return TypeError(key, *v, "a string");
  return Present(v->get_string().value_unsafe());
}

Result<std::string_view> FieldReader::GetString(std::string_view key) const {
  FLOE_ASSIGN_OR_RETURN(std::optional<std::string_view> v, FindString(key));
  if (!v) return Missing(key);
  return *v;
}

namespace {

// Some writers put numbers or booleans in string maps; Java reads them as their JSON text.
bool IsStringMapValue(simdjson::dom::element value) {
  return value.is_string() || value.is_number() || value.is_bool();
}

std::string StringMapValue(simdjson::dom::element value) {
  if (value.is_string()) return std::string(value.get_string().value_unsafe());
  return simdjson::minify(value);
}

}  // namespace

Error FieldReader::StringMapTypeError(std::string_view key,
                                      const simdjson::dom::key_value_pair& member) const {
  return Corrupt("{}.{}: expected a string, got {}", MemberPath(key), member.key,
                 JsonTypeName(member.value));
}

Result<std::map<std::string, std::string>> FieldReader::FindStringMap(std::string_view key) const {
  std::map<std::string, std::string> out;
  auto v = FindNonNull(key);
  if (!v) return out;
  if (!v->is_object()) return TypeError(key, *v, "an object");
  simdjson::dom::object object = v->get_object().value_unsafe();
  for (auto member : object) {
    if (!IsStringMapValue(member.value)) return StringMapTypeError(key, member);
    out.emplace(std::string(member.key), StringMapValue(member.value));
  }
  return out;
}

Result<std::vector<std::pair<std::string, std::string>>> FieldReader::FindSortedStringPairs(
    std::string_view key) const {
  std::vector<std::pair<std::string, std::string>> out;
  auto v = FindNonNull(key);
  if (!v) return out;
  if (!v->is_object()) return TypeError(key, *v, "an object");
  // Sort the members while they are views into the document, cheap to move, then copy each
  // once. Inserting each after the equal keys keeps the sort stable: of a repeated key the
  // first wins.
  std::vector<simdjson::dom::key_value_pair> members;
  simdjson::dom::object object = v->get_object().value_unsafe();
  members.reserve(object.size());
  for (auto member : object) {
    if (!IsStringMapValue(member.value)) return StringMapTypeError(key, member);
    auto after = std::upper_bound(members.begin(), members.end(), member.key,
                                  [](std::string_view k, const auto& m) { return k < m.key; });
    members.insert(after, member);
  }
  out.reserve(members.size());
  for (const auto& member : members) {
    if (!out.empty() && out.back().first == member.key) continue;
    out.emplace_back(member.key, StringMapValue(member.value));
  }
  return out;
}

}  // namespace floe::spec::internal
