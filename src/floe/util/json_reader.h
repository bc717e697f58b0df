// Reading JSON (simdjson's DOM) with errors that name the JSON path of the bad value:
//   partition-specs[0].fields[1].transform: expected a string, got number
// Callers add the file name with Error::WithContext.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "floe/util/result.h"

namespace floe {

class JsonValue {
 public:
  JsonValue(simdjson::dom::element element, std::string path)
      : element_(element), path_(std::move(path)) {}

  const std::string& path() const { return path_; }
  simdjson::dom::element element() const { return element_; }
  std::string_view TypeName() const;

  bool IsNull() const { return element_.is_null(); }
  bool IsObject() const { return element_.is_object(); }
  bool IsArray() const { return element_.is_array(); }
  bool IsString() const { return element_.is_string(); }
  bool IsInt() const { return element_.is_int64() || element_.is_uint64(); }
  bool IsNumber() const { return element_.is_number(); }
  bool IsBool() const { return element_.is_bool(); }

  Result<int64_t> AsInt() const;
  Result<int32_t> AsInt32() const;
  Result<double> AsDouble() const;
  Result<bool> AsBool() const;
  Result<std::string_view> AsString() const;
  Result<std::vector<JsonValue>> AsArray() const;
  // Members in document order.
  Result<std::vector<std::pair<std::string_view, JsonValue>>> AsObject() const;

  // Object members: Find returns nullopt when absent (or when this is not an object);
  // Get fails with "missing required field" naming the path.
  std::optional<JsonValue> Find(std::string_view key) const;
  Result<JsonValue> Get(std::string_view key) const;

  // Shorthands for required and optional members of a type. A member present with JSON null
  // counts as absent for the Find* forms.
  Result<int64_t> GetInt(std::string_view key) const;
  Result<int32_t> GetInt32(std::string_view key) const;
  Result<std::string_view> GetString(std::string_view key) const;
  Result<bool> GetBool(std::string_view key) const;
  Result<std::optional<int64_t>> FindInt(std::string_view key) const;
  Result<std::optional<int32_t>> FindInt32(std::string_view key) const;
  Result<std::optional<std::string_view>> FindString(std::string_view key) const;
  Result<std::optional<bool>> FindBool(std::string_view key) const;

  // The value re-serialized as minified JSON.
  std::string ToJson() const;

  // An error of kind corrupt naming this value's path.
  Error Invalid(std::string_view what) const;

 private:
  Error TypeError(std::string_view expected) const;
  std::string MemberPath(std::string_view key) const;

  simdjson::dom::element element_;
  std::string path_;
};

// Owns the parser and the parsed document; root() stays valid while the document lives.
class JsonDocument {
 public:
  JsonDocument();
  ~JsonDocument();
  JsonDocument(const JsonDocument&) = delete;
  JsonDocument& operator=(const JsonDocument&) = delete;

  static Result<std::unique_ptr<JsonDocument>> Parse(std::string_view text);
  JsonValue root() const { return JsonValue(root_, ""); }

 private:
  // Taken from this thread's spare parser when there is one (json_reader.cc), given back when
  // the document is destroyed.
  std::unique_ptr<simdjson::dom::parser> parser_;
  simdjson::padded_string buffer_;
  simdjson::dom::element root_;
};

}  // namespace floe
