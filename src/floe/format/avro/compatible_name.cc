#include "floe/format/avro/compatible_name.h"

#include <fmt/format.h>

#include <cstdint>

namespace floe::avro {
namespace {

bool IsLetter(uint32_t c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool IsDigit(uint32_t c) { return c >= '0' && c <= '9'; }

// The code point starting at name[*i] (advancing *i past it); an invalid sequence is one byte.
uint32_t NextCodePoint(std::string_view name, size_t* i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(name[k]); };
  const unsigned char b = byte(*i);
  const size_t extra = b >= 0xC2 && b <= 0xDF   ? 1
                       : b >= 0xE0 && b <= 0xEF ? 2
                       : b >= 0xF0 && b <= 0xF4 ? 3
                                                : 0;
  uint32_t c = b & (0x3Fu >> extra);
  for (size_t k = 1; k <= extra; ++k) {
    if (*i + k >= name.size() || (byte(*i + k) & 0xC0) != 0x80) {
      ++*i;
      return b;
    }
    c = (c << 6) | (byte(*i + k) & 0x3Fu);
  }
  *i += extra + 1;
  return extra == 0 ? b : c;
}

void AppendEscaped(uint32_t unit, std::string* out) { *out += fmt::format("_x{:X}", unit); }

}  // namespace

bool IsValidName(std::string_view name) {
  if (name.empty()) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (!IsLetter(c) && !(i > 0 && IsDigit(c))) return false;
  }
  return true;
}

std::string CompatibleName(std::string_view name) {
  if (IsValidName(name)) return std::string(name);
  if (name.empty()) return "_";
  std::string out;
  for (size_t i = 0; i < name.size();) {
    const bool first = i == 0;
    const uint32_t c = NextCodePoint(name, &i);
    if (IsLetter(c) || (!first && IsDigit(c))) {
      out.push_back(static_cast<char>(c));
    } else if (IsDigit(c)) {
      out += '_';
      out.push_back(static_cast<char>(c));
    } else if (c > 0xFFFF) {  // as Java sees it: two UTF-16 surrogates
      const uint32_t v = c - 0x10000;
      AppendEscaped(0xD800 + (v >> 10), &out);
      AppendEscaped(0xDC00 + (v & 0x3FF), &out);
    } else {
      AppendEscaped(c, &out);
    }
  }
  return out;
}

}  // namespace floe::avro
