// ASCII case folding for names and keywords (Iceberg binds names ignoring ASCII case only; SQL
// keywords and file extensions are ASCII).
#pragma once
#include <string>
#include <string_view>

namespace floe {

inline char AsciiLower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

inline std::string AsciiLower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = AsciiLower(c);
  return out;
}

inline bool AsciiEqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (AsciiLower(a[i]) != AsciiLower(b[i])) return false;
  }
  return true;
}

inline bool AsciiEndsWithIgnoreCase(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         AsciiEqualsIgnoreCase(s.substr(s.size() - suffix.size()), suffix);
}

}  // namespace floe
