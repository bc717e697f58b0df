#include "floe/spec/json_fields.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>

namespace floe::spec::internal {

std::string_view JsonTypeName(simdjson::dom::element value) {
  switch (value.type()) {
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

// Absent or JSON null: absent.
std::optional<simdjson::dom::element> NonNullElement(std::optional<simdjson::dom::element> value) {
  if (value && value->is_null()) return std::nullopt;
  return value;
}

}  // namespace

Result<std::optional<int64_t>> FieldReader::FindLong(std::string_view key) const {
  return LongOf(key, Find(key));
}

Result<std::optional<int64_t>> FieldReader::LongOf(
    std::string_view key, std::optional<simdjson::dom::element> value) const {
  auto v = NonNullElement(value);
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
  return IntOf(key, Find(key));
}

Result<std::optional<int32_t>> FieldReader::IntOf(
    std::string_view key, std::optional<simdjson::dom::element> value) const {
  FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> v, LongOf(key, value));
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
  return IdOf(key, Find(key));
}

Result<std::optional<int64_t>> FieldReader::IdOf(
    std::string_view key, std::optional<simdjson::dom::element> value) const {
  auto v = NonNullElement(value);
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
  return StringOf(key, Find(key));
}

Result<std::optional<std::string_view>> FieldReader::StringOf(
    std::string_view key, std::optional<simdjson::dom::element> value) const {
  auto v = NonNullElement(value);
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

namespace {

// A string-map member while the map is sorted: a view into the document, cheap to move, with the
// key's first eight bytes as one big-endian number (zero-padded), which orders two keys as the
// keys themselves do whenever the numbers differ: most comparisons never look at the key bytes.
struct SortingMember {
  uint64_t prefix;
  std::string_view key;
  simdjson::dom::element value;
};

uint64_t KeyPrefix(std::string_view key) {
  unsigned char bytes[8] = {};
  std::memcpy(bytes, key.data(), std::min<size_t>(key.size(), 8));
  uint64_t prefix = 0;
  for (unsigned char b : bytes) prefix = (prefix << 8) | b;
  return prefix;
}

bool KeyLess(const SortingMember& a, const SortingMember& b) {
  if (a.prefix != b.prefix) return a.prefix < b.prefix;
  return a.key < b.key;
}

// Appends a copy of the member to the sorted `out`, unless its key is there already.
void AppendFirstOfKey(const SortingMember& m,
                      std::vector<std::pair<std::string, std::string>>& out) {
  if (!out.empty() && out.back().first == m.key) return;
  out.emplace_back(m.key, StringMapValue(m.value));
}

}  // namespace

Result<std::vector<std::pair<std::string, std::string>>> FieldReader::FindSortedStringPairs(
    std::string_view key) const {
  return SortedStringPairsOf(key, Find(key));
}

Result<std::vector<std::pair<std::string, std::string>>> FieldReader::SortedStringPairsOf(
    std::string_view key, std::optional<simdjson::dom::element> value) const {
  std::vector<std::pair<std::string, std::string>> out;
  auto v = NonNullElement(value);
  if (!v) return out;
  if (!v->is_object()) return TypeError(key, *v, "an object");
  simdjson::dom::object object = v->get_object().value_unsafe();
  // Sort the members while they are views into the document, then copy each once. A snapshot
  // summary has a dozen members and a table thousands of summaries: they are sorted on the stack,
  // by insertion, when they fit. The sort is stable: of a repeated key the first wins.
  constexpr size_t kOnStack = 32;
  if (object.size() <= kOnStack) {
    std::array<SortingMember, kOnStack> on_stack;
    // order[i]: the position in on_stack of the i-th member in key order; sorting moves bytes.
    std::array<uint8_t, kOnStack> order;
    size_t count = 0;
    for (auto member : object) {
      if (!IsStringMapValue(member.value)) return StringMapTypeError(key, member);
      on_stack[count] = {KeyPrefix(member.key), member.key, member.value};
      size_t at = count;
      for (; at > 0 && KeyLess(on_stack[count], on_stack[order[at - 1]]); --at) {
        order[at] = order[at - 1];
      }
      order[at] = static_cast<uint8_t>(count++);
    }
    out.reserve(count);
    for (size_t i = 0; i < count; ++i) AppendFirstOfKey(on_stack[order[i]], out);
    return out;
  }
  std::vector<SortingMember> members;
  members.reserve(object.size());
  for (auto member : object) {
    if (!IsStringMapValue(member.value)) return StringMapTypeError(key, member);
    members.push_back({KeyPrefix(member.key), member.key, member.value});
  }
  std::stable_sort(members.begin(), members.end(), KeyLess);
  out.reserve(members.size());
  for (const SortingMember& m : members) AppendFirstOfKey(m, out);
  return out;
}

}  // namespace floe::spec::internal
