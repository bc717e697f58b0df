// UTF-8 validation (utf8.h): an eight-byte ASCII fast path, then one sequence at a time by the
// table of well-formed sequences (Unicode 15, table 3-7).
#include "floe/util/utf8.h"

#include <fmt/format.h>

#include <cstdint>
#include <cstring>

namespace floe {
namespace {

// The length of the valid sequence at s[i] (1..4), or 0 when s[i] starts none (NUL included).
// For an invalid one, `*maximal` is the length of its maximal subpart (at least 1).
size_t SequenceAt(std::string_view s, size_t i, size_t* maximal) {
  auto at = [&](size_t k) -> unsigned { return static_cast<unsigned char>(s[i + k]); };
  unsigned c = at(0);
  *maximal = 1;
  if (c == 0) return 0;
  if (c < 0x80) return 1;
  size_t n;
  unsigned lo = 0x80, hi = 0xbf;  // the range of the second byte
  if (c >= 0xc2 && c <= 0xdf) {
    n = 2;
  } else if (c >= 0xe0 && c <= 0xef) {
    n = 3;
    if (c == 0xe0) lo = 0xa0;
    if (c == 0xed) hi = 0x9f;  // no surrogates
  } else if (c >= 0xf0 && c <= 0xf4) {
    n = 4;
    if (c == 0xf0) lo = 0x90;
    if (c == 0xf4) hi = 0x8f;  // at most U+10FFFF
  } else {
    return 0;
  }
  for (size_t k = 1; k < n; ++k) {
    if (i + k >= s.size()) return 0;
    unsigned b = at(k);
    if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xbf)) return 0;
    *maximal = k + 1;
  }
  return n;
}

bool AsciiWithoutNul(uint64_t word) {
  // No byte has its high bit set, and no byte is zero.
  constexpr uint64_t kLow = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  return (word & kHigh) == 0 && ((word - kLow) & ~word & kHigh) == 0;
}

}  // namespace

size_t FindInvalidUtf8OrNul(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    if (i + 8 <= s.size()) {
      uint64_t word;
      std::memcpy(&word, s.data() + i, 8);
      if (AsciiWithoutNul(word)) {
        i += 8;
        continue;
      }
    }
    size_t maximal;
    size_t n = SequenceAt(s, i, &maximal);
    if (n == 0) return i;
    i += n;
  }
  return std::string_view::npos;
}

std::string ReplaceInvalidUtf8OrNul(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 8);
  size_t i = 0;
  while (i < s.size()) {
    size_t maximal;
    size_t n = SequenceAt(s, i, &maximal);
    if (n == 0) {
      out += "\xef\xbf\xbd";
      i += maximal;
    } else {
      out.append(s.data() + i, n);
      i += n;
    }
  }
  return out;
}

std::string DescribeInvalidUtf8(std::string_view s, size_t offset) {
  if (offset >= s.size()) return "no invalid byte";
  auto b = static_cast<unsigned char>(s[offset]);
  if (b == 0) return fmt::format("a NUL byte at byte {}", offset);
  return fmt::format("byte 0x{:02x} at byte {} is not valid UTF-8", b, offset);
}

}  // namespace floe
