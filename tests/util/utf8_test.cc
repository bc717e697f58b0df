#include "floe/util/utf8.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace floe {
namespace {

// The first bad byte by decoding code points as RFC 3629 defines them (no fast path, no table).
size_t ReferenceFind(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    auto b = static_cast<unsigned char>(s[i]);
    if (b == 0) return i;
    size_t n = b < 0x80             ? 1
               : (b & 0xe0) == 0xc0 ? 2
               : (b & 0xf0) == 0xe0 ? 3
               : (b & 0xf8) == 0xf0 ? 4
                                    : 0;
    if (n == 0 || i + n > s.size()) return i;
    uint32_t cp = n == 1 ? b : n == 2 ? b & 0x1f : n == 3 ? b & 0x0f : b & 0x07;
    for (size_t k = 1; k < n; ++k) {
      auto c = static_cast<unsigned char>(s[i + k]);
      if ((c & 0xc0) != 0x80) return i;
      cp = cp << 6 | (c & 0x3f);
    }
    const uint32_t min[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += n;
  }
  return std::string_view::npos;
}

TEST(Utf8Test, FindsWhatDecodingFinds) {
  std::mt19937 rng(24);
  const unsigned char interesting[] = {0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0,
                                       0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff};
  for (int round = 0; round < 200000; ++round) {
    std::string s;
    // Mostly ASCII with a few interesting bytes, so the eight-byte fast path is crossed.
    for (unsigned n = rng() % 24; n > 0; --n) {
      s += rng() % 3 ? static_cast<char>('a' + rng() % 26)
                     : static_cast<char>(interesting[rng() % sizeof(interesting)]);
    }
    ASSERT_EQ(FindInvalidUtf8OrNul(s), ReferenceFind(s)) << round;
    std::string fixed = ReplaceInvalidUtf8OrNul(s);
    ASSERT_EQ(FindInvalidUtf8OrNul(fixed), std::string_view::npos);
    if (ReferenceFind(s) == std::string_view::npos) {
      ASSERT_EQ(fixed, s);
    }
  }
}

TEST(Utf8Test, ReplacesMaximalSubparts) {
  const std::string r = "\xef\xbf\xbd";
  // Unicode's example (table 3-8): 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64.
  EXPECT_EQ(ReplaceInvalidUtf8OrNul("a\xf1\x80\x80\xe1\x80\xc2"
                                    "b\x80"
                                    "c\x80\xbf"
                                    "d"),
            "a" + r + r + r + "b" + r + "c" + r + r + "d");
  EXPECT_EQ(ReplaceInvalidUtf8OrNul(std::string("x\0y", 3)), "x" + r + "y");
  EXPECT_EQ(DescribeInvalidUtf8("ab\xff", 2), "byte 0xff at byte 2 is not valid UTF-8");
}

}  // namespace
}  // namespace floe
