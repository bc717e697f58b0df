// Private to the spec layer's JSON readers: fast member access on simdjson objects for the large
// parts of table metadata (snapshots, logs), where building a path string per member would cost
// more than parsing. The JSON path of a value is built only when an error is reported, and the
// errors read exactly like JsonValue's: `snapshots[3].timestamp-ms: expected an integer, got
// string`.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "floe/util/json_reader.h"
#include "floe/util/result.h"

namespace floe::spec::internal {

class FieldReader {
 public:
  // `parent` is the path of the containing array or object; `index` >= 0 names an array element.
  FieldReader(simdjson::dom::object object, std::string_view parent, int64_t index = -1)
      : object_(object), parent_(parent), index_(index) {}

  // An object at `value`, or a type error naming its path.
  static Result<FieldReader> Make(simdjson::dom::element value, std::string_view parent,
                                  int64_t index = -1);

  std::string Path() const;
  std::string MemberPath(std::string_view key) const;

  std::optional<simdjson::dom::element> Find(std::string_view key) const;
  // Absent or JSON null counts as absent.
  std::optional<simdjson::dom::element> FindNonNull(std::string_view key) const;

  Result<int64_t> GetLong(std::string_view key) const;
  Result<std::optional<int64_t>> FindLong(std::string_view key) const;
  Result<int32_t> GetInt(std::string_view key) const;
  Result<std::optional<int32_t>> FindInt(std::string_view key) const;
  // Ids are 64-bit two's complement: an unsigned value above 2^63 (a few writers emit them)
  // keeps its bits.
  Result<int64_t> GetId(std::string_view key) const;
  Result<std::optional<int64_t>> FindId(std::string_view key) const;
  Result<std::string_view> GetString(std::string_view key) const;
  Result<std::optional<std::string_view>> FindString(std::string_view key) const;
  // A JSON object of strings; absent or null gives an empty map.
  Result<std::map<std::string, std::string>> FindStringMap(std::string_view key) const;
  // The same as (key, value) pairs sorted by key, each key once (the first one wins).
  Result<std::vector<std::pair<std::string, std::string>>> FindSortedStringPairs(
      std::string_view key) const;

  // The same reads of a member found beforehand (`value`: what Find(key) gives, e.g. from one pass
  // over the object's members instead of one lookup per key); absent or JSON null is absent.
  Result<std::optional<int64_t>> LongOf(std::string_view key,
                                        std::optional<simdjson::dom::element> value) const;
  Result<std::optional<int32_t>> IntOf(std::string_view key,
                                       std::optional<simdjson::dom::element> value) const;
  Result<std::optional<int64_t>> IdOf(std::string_view key,
                                      std::optional<simdjson::dom::element> value) const;
  Result<std::optional<std::string_view>> StringOf(
      std::string_view key, std::optional<simdjson::dom::element> value) const;
  Result<std::vector<std::pair<std::string, std::string>>> SortedStringPairsOf(
      std::string_view key, std::optional<simdjson::dom::element> value) const;

  simdjson::dom::object object() const { return object_; }

  // The member as a JsonValue (with its path), for handing to JsonValue-based parsers.
  JsonValue Value(std::string_view key, simdjson::dom::element element) const {
    return JsonValue(element, MemberPath(key));
  }

  Error Missing(std::string_view key) const;
  Error Invalid(std::string_view key, std::string_view what) const;
  Error TypeError(std::string_view key, simdjson::dom::element value,
                  std::string_view expected) const;

 private:
  // A member of the string map at `key` that is not a string (nor a number or boolean).
  Error StringMapTypeError(std::string_view key, const simdjson::dom::key_value_pair& member) const;

  simdjson::dom::object object_;
  std::string_view parent_;
  int64_t index_;
};

std::string_view JsonTypeName(simdjson::dom::element value);

// Path of element `index` of the array at `parent`.
std::string ElementPath(std::string_view parent, int64_t index);

}  // namespace floe::spec::internal
