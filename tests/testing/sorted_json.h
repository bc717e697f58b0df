// SortedJson: JSON text with every object's members sorted by key and no whitespace, so a test can
// compare what a writer produced with expected JSON written by hand in any member order. Invalid
// JSON gives "invalid JSON: <text>", which never equals a writer's output. EditMember: an object's
// JSON with one top-level member removed or replaced, for tests of missing and mistyped fields.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"

namespace floe::testing {

namespace sorted_json {

inline void Write(simdjson::dom::element e, JsonWriter& out) {
  switch (e.type()) {
    case simdjson::dom::element_type::OBJECT: {
      std::vector<std::pair<std::string_view, simdjson::dom::element>> members;
      // A local: ranging over value_unsafe() of the temporary result would dangle.
      const simdjson::dom::object object = e.get_object().value_unsafe();
      for (simdjson::dom::key_value_pair m : object) {
        members.emplace_back(m.key, m.value);
      }
      std::stable_sort(members.begin(), members.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
      out.BeginObject();
      for (const auto& [key, value] : members) {
        out.Key(key);
        Write(value, out);
      }
      out.EndObject();
      return;
    }
    case simdjson::dom::element_type::ARRAY: {
      const simdjson::dom::array array = e.get_array().value_unsafe();
      out.BeginArray();
      for (simdjson::dom::element item : array) Write(item, out);
      out.EndArray();
      return;
    }
    case simdjson::dom::element_type::INT64:
      out.Int(e.get_int64().value_unsafe());
      return;
    case simdjson::dom::element_type::UINT64:
      out.UInt(e.get_uint64().value_unsafe());
      return;
    case simdjson::dom::element_type::DOUBLE:
      out.Double(e.get_double().value_unsafe());
      return;
    case simdjson::dom::element_type::STRING:
      out.String(e.get_string().value_unsafe());
      return;
    case simdjson::dom::element_type::BOOL:
      out.Bool(e.get_bool().value_unsafe());
      return;
    case simdjson::dom::element_type::NULL_VALUE:
      out.Null();
      return;
  }
}

}  // namespace sorted_json

inline std::string SortedJson(std::string_view json) {
  auto doc = JsonDocument::Parse(json);
  if (!doc.ok()) return "invalid JSON: " + std::string(json);
  JsonWriter out;
  sorted_json::Write((*doc)->root().element(), out);
  return out.Take();
}

// `json` (an object) with its top-level member `key` removed, or (with `value`) replaced by that
// JSON text.
inline std::string EditMember(std::string_view json, std::string_view key,
                              std::optional<std::string_view> value = std::nullopt) {
  auto doc = JsonDocument::Parse(json);
  if (!doc.ok()) return "invalid JSON: " + std::string(json);
  JsonWriter out;
  out.BeginObject();
  // A local: ranging over value_unsafe() of the temporary result would dangle.
  const simdjson::dom::object object = (*doc)->root().element().get_object().value_unsafe();
  for (simdjson::dom::key_value_pair m : object) {
    if (m.key == key && !value) continue;
    out.Key(m.key);
    out.Raw(m.key == key ? *value : simdjson::minify(m.value));
  }
  out.EndObject();
  return out.Take();
}

}  // namespace floe::testing
