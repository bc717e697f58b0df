// LIKE matching (like_pattern.h): a greedy scan that backtracks to the last `%`, O(n·m) at worst.
#include "floe/expr/like_pattern.h"

#include <cstddef>

namespace floe::expr {
namespace {

constexpr int kOne = 256;
constexpr int kMany = 257;

// The length of the UTF-8 character starting at s[i] (1 for a stray byte).
size_t CharLength(std::string_view s, size_t i) {
  auto c = static_cast<unsigned char>(s[i]);
  size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 1;
  for (size_t k = 1; k < n; ++k) {
    if (i + k >= s.size() || (static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return k;
  }
  return n;
}

}  // namespace

LikePattern::LikePattern(std::string_view pattern) {
  bool wildcard_seen = false;
  for (size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    int elem;
    if (c == '\\' && i + 1 < pattern.size()) {
      elem = static_cast<unsigned char>(pattern[++i]);
    } else if (c == '%') {
      elem = kMany;
    } else if (c == '_') {
      elem = kOne;
    } else {
      elem = static_cast<unsigned char>(c);
    }
    if (elem == kOne || elem == kMany) {
      wildcard_seen = true;
    } else if (!wildcard_seen) {
      prefix_ += static_cast<char>(elem);
    }
    elems_.push_back(elem);
  }
  if (!wildcard_seen) {
    kind_ = Kind::kExact;
  } else if (elems_.back() == kMany && elems_.size() == prefix_.size() + 1) {
    kind_ = Kind::kPrefix;
  } else {
    kind_ = Kind::kGeneral;
  }
}

bool LikePattern::Matches(std::string_view s) const {
  size_t si = 0, pi = 0;
  const size_t m = elems_.size();
  size_t star = m, star_s = 0;  // the last `%` seen and where its match now ends
  while (si < s.size()) {
    if (pi < m && elems_[pi] == kMany) {
      star = pi++;
      star_s = si;
    } else if (pi < m && elems_[pi] == kOne) {
      si += CharLength(s, si);
      ++pi;
    } else if (pi < m && elems_[pi] == static_cast<unsigned char>(s[si])) {
      ++si;
      ++pi;
    } else if (star < m) {
      // Let the last `%` take one more character and retry what follows it.
      star_s += CharLength(s, star_s);
      si = star_s;
      pi = star + 1;
    } else {
      return false;
    }
  }
  while (pi < m && elems_[pi] == kMany) ++pi;
  return pi == m;
}

std::string WithBackslashEscapes(std::string_view pattern, char escape) {
  if (escape == '\\') return std::string(pattern);
  std::string out;
  for (size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (c == escape && i + 1 < pattern.size()) {
      out += '\\';
      out += pattern[++i];
    } else if (c == '\\') {
      out += "\\\\";  // a literal backslash
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace floe::expr
