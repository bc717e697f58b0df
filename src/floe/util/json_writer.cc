#include "floe/util/json_writer.h"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>

namespace floe {
namespace {

// Length of the valid UTF-8 sequence starting at s[i], or 0 if it is not valid.
size_t Utf8SequenceLength(std::string_view s, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = byte(i);
  if (c < 0x80) return 1;
  size_t n;
  uint32_t cp;
  if ((c & 0xE0) == 0xC0) {
    n = 2;
    cp = c & 0x1F;
  } else if ((c & 0xF0) == 0xE0) {
    n = 3;
    cp = c & 0x0F;
  } else if ((c & 0xF8) == 0xF0) {
    n = 4;
    cp = c & 0x07;
  } else
    return 0;
  if (i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  // Reject overlong forms, surrogates and code points above U+10FFFF.
  if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000)) return 0;
  if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
  if (cp > 0x10FFFF) return 0;
  return n;
}

// kPlain[c]: byte c stands for itself in a JSON string (printable ASCII other than " and \).
// A table, as it is consulted for every byte written.
constexpr std::array<bool, 256> kPlain = [] {
  std::array<bool, 256> plain{};
  for (int c = 0x20; c < 0x7F; ++c) plain[c] = c != '"' && c != '\\';
  return plain;
}();

}  // namespace

bool AppendJsonString(std::string& out, std::string_view value) {
  bool valid = true;
  out.push_back('"');
  for (size_t i = 0; i < value.size();) {
    // Most strings are plain ASCII: append each run of characters that need no escaping at once.
    size_t end = i;
    while (end < value.size() && kPlain[static_cast<unsigned char>(value[end])]) ++end;
    out.append(value.substr(i, end - i));
    i = end;
    if (i == value.size()) break;
    unsigned char c = static_cast<unsigned char>(value[i]);
    if (c >= 0x80) {
      size_t n = Utf8SequenceLength(value, i);
      if (n == 0) {
        out.append("\xEF\xBF\xBD");  // U+FFFD
        valid = false;
        ++i;
      } else {
        out.append(value.substr(i, n));
        i += n;
      }
      continue;
    }
    switch (c) {
      case '"':
        out.append("\\\"");
        break;
      case '\\':
        out.append("\\\\");
        break;
      case '\n':
        out.append("\\n");
        break;
      case '\r':
        out.append("\\r");
        break;
      case '\t':
        out.append("\\t");
        break;
      case '\b':
        out.append("\\b");
        break;
      case '\f':
        out.append("\\f");
        break;
      default:  // the other control characters
        out.append(fmt::format("\\u{:04x}", c));
    }
    ++i;
  }
  out.push_back('"');
  return valid;
}

bool AppendValidUtf8(std::string& out, std::string_view value) {
  bool valid = true;
  for (size_t i = 0; i < value.size();) {
    size_t n = static_cast<unsigned char>(value[i]) < 0x80 ? 1 : Utf8SequenceLength(value, i);
    if (n == 0) {
      out.append("\xEF\xBF\xBD");  // U+FFFD
      valid = false;
      ++i;
    } else {
      out.append(value.substr(i, n));
      i += n;
    }
  }
  return valid;
}

void JsonWriter::Newline() {
  out_.push_back('\n');
  out_.append(stack_.size() * 2, ' ');
}

void JsonWriter::BeforeValue() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (stack_.empty()) return;
  Level& level = stack_.back();
  if (level.count++ > 0) out_.push_back(',');
  if (pretty_) Newline();
}

void JsonWriter::BeginObject() {
  BeforeValue();
  out_.push_back('{');
  stack_.push_back({true, 0});
}

void JsonWriter::EndObject() {
  bool had_members = stack_.back().count > 0;
  stack_.pop_back();
  if (pretty_ && had_members) Newline();
  out_.push_back('}');
}

void JsonWriter::BeginArray() {
  BeforeValue();
  out_.push_back('[');
  stack_.push_back({false, 0});
}

void JsonWriter::EndArray() {
  bool had_members = stack_.back().count > 0;
  stack_.pop_back();
  if (pretty_ && had_members) Newline();
  out_.push_back(']');
}

void JsonWriter::Key(std::string_view key) {
  BeforeValue();
  if (!AppendJsonString(out_, key)) replaced_invalid_utf8_ = true;
  out_.append(pretty_ ? ": " : ":");
  after_key_ = true;
}

void JsonWriter::String(std::string_view value) {
  BeforeValue();
  if (!AppendJsonString(out_, value)) replaced_invalid_utf8_ = true;
}

void JsonWriter::Int(int64_t value) {
  BeforeValue();
  char text[24];
  out_.append(text, std::to_chars(text, text + sizeof text, value).ptr);
}

void JsonWriter::UInt(uint64_t value) {
  BeforeValue();
  char text[24];
  out_.append(text, std::to_chars(text, text + sizeof text, value).ptr);
}

void JsonWriter::Double(double value) {
  if (std::isnan(value)) return String("NaN");
  if (std::isinf(value)) return String(value > 0 ? "Infinity" : "-Infinity");
  BeforeValue();
  // fmt's "{}" is the shortest round-trip form; it keeps -0.0 as "-0".
  std::string text = fmt::format("{}", value);
  if (text == "-0") text = "-0.0";
  out_.append(text);
}

void JsonWriter::Float(float value) {
  if (std::isnan(value)) return String("NaN");
  if (std::isinf(value)) return String(value > 0 ? "Infinity" : "-Infinity");
  BeforeValue();
  std::string text = fmt::format("{}", value);
  if (text == "-0") text = "-0.0";
  out_.append(text);
}

void JsonWriter::Bool(bool value) {
  BeforeValue();
  out_.append(value ? "true" : "false");
}

void JsonWriter::Null() {
  BeforeValue();
  out_.append("null");
}

void JsonWriter::Raw(std::string_view json) {
  BeforeValue();
  out_.append(json);
}

}  // namespace floe
