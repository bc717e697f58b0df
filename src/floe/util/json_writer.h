// The one JSON writer of floe: metadata files, CLI --json output and NDJSON rows all go through it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace floe {

class JsonWriter {
 public:
  // pretty: two-space indentation and one member per line (CLI output); compact otherwise.
  explicit JsonWriter(bool pretty = false) : pretty_(pretty) {}

  void BeginObject();
  void EndObject();
  void BeginArray();
  void EndArray();
  void Key(std::string_view key);

  // Strings are escaped; invalid UTF-8 is replaced by U+FFFD and remembered (see
  // replaced_invalid_utf8).
  void String(std::string_view value);
  void Int(int64_t value);
  void UInt(uint64_t value);
  // The shortest text that reads back to the same double; NaN and infinities as strings
  // "NaN", "Infinity", "-Infinity" (JSON has no literal for them).
  void Double(double value);
  // The same for a 32-bit float: shortest text that reads back to the same float.
  void Float(float value);
  void Bool(bool value);
  void Null();
  // Inserts already-serialized JSON as one value.
  void Raw(std::string_view json);

  // Convenience: Key + value.
  void Member(std::string_view key, std::string_view value) {
    Key(key);
    String(value);
  }
  void Member(std::string_view key, const char* value) {
    Key(key);
    String(value);
  }
  void Member(std::string_view key, int64_t value) {
    Key(key);
    Int(value);
  }
  void Member(std::string_view key, int value) {
    Key(key);
    Int(value);
  }
  void Member(std::string_view key, bool value) {
    Key(key);
    Bool(value);
  }

  const std::string& str() const { return out_; }
  std::string Take() { return std::move(out_); }
  bool replaced_invalid_utf8() const { return replaced_invalid_utf8_; }

 private:
  void BeforeValue();
  void Newline();

  struct Level {
    bool is_object;
    int count;
  };
  std::string out_;
  std::vector<Level> stack_;
  bool pretty_;
  bool after_key_ = false;
  bool replaced_invalid_utf8_ = false;
};

// Appends `value` to `out` as a quoted, escaped JSON string. Returns false if invalid UTF-8 was
// replaced.
bool AppendJsonString(std::string& out, std::string_view value);
// Appends `value` unquoted and unescaped, invalid UTF-8 replaced by U+FFFD (CSV and table output).
// Returns false if anything was replaced.
bool AppendValidUtf8(std::string& out, std::string_view value);

}  // namespace floe
