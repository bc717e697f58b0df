#include "floe/expr/like_pattern.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace floe::expr {
namespace {

// LIKE by brute force: try every split (the definition, exponential but fine for short text).
bool Reference(std::string_view p, std::string_view s) {
  if (p.empty()) return s.empty();
  if (p[0] == '%') {
    for (size_t k = 0; k <= s.size(); ++k) {
      if (Reference(p.substr(1), s.substr(k))) return true;
    }
    return false;
  }
  if (s.empty()) return false;
  if (p[0] == '_') return Reference(p.substr(1), s.substr(1));  // ASCII test text only
  if (p[0] == '\\' && p.size() > 1) return p[1] == s[0] && Reference(p.substr(2), s.substr(1));
  return p[0] == s[0] && Reference(p.substr(1), s.substr(1));
}

TEST(LikePatternTest, HandCases) {
  EXPECT_TRUE(LikePattern("_u").Matches("eu"));
  EXPECT_FALSE(LikePattern("_u").Matches("u"));
  EXPECT_FALSE(LikePattern("_u").Matches("seu"));
  EXPECT_TRUE(LikePattern("%").Matches(""));
  EXPECT_TRUE(LikePattern("a%b%c").Matches("aXbYbZc"));
  EXPECT_FALSE(LikePattern("a%b%c").Matches("aXbYbZ"));
  EXPECT_TRUE(LikePattern("%aab").Matches("aaab"));
  EXPECT_TRUE(LikePattern("a\\%").Matches("a%"));
  EXPECT_FALSE(LikePattern("a\\%").Matches("ab"));
  EXPECT_TRUE(LikePattern("a\\_c").Matches("a_c"));
  EXPECT_FALSE(LikePattern("a\\_c").Matches("abc"));
  EXPECT_TRUE(LikePattern("a\\\\c").Matches("a\\c"));
  // `_` is one character, not one byte.
  EXPECT_TRUE(LikePattern("_").Matches("\xc3\xa9"));
  EXPECT_TRUE(LikePattern("caf_").Matches("caf\xc3\xa9"));
  EXPECT_TRUE(LikePattern("%\xc3\xa9%").Matches("un caf\xc3\xa9 noir"));
  EXPECT_FALSE(LikePattern("__").Matches("\xe2\x82\xac"));
  EXPECT_EQ(LikePattern("ab\\%c_d%").literal_prefix(), "ab%c");
  EXPECT_TRUE(LikePattern("ab%").is_prefix());
  EXPECT_TRUE(LikePattern("a\\_b").is_exact());
  EXPECT_FALSE(LikePattern("a%b").is_prefix());
  EXPECT_EQ(WithBackslashEscapes("a#%b\\c##", '#'), "a\\%b\\\\c\\#");
  EXPECT_TRUE(LikePattern(WithBackslashEscapes("a#%b\\c##", '#')).Matches("a%b\\c#"));
}

TEST(LikePatternTest, MatchesBruteForce) {
  std::mt19937 rng(24);
  const char pattern_chars[] = {'a', 'b', '%', '_', '\\'};
  const char text_chars[] = {'a', 'b', '%', '_', '\\'};
  for (int round = 0; round < 20000; ++round) {
    std::string p, s;
    for (unsigned k = rng() % 7; k > 0; --k) p += pattern_chars[rng() % 5];
    for (unsigned k = rng() % 8; k > 0; --k) s += text_chars[rng() % 5];
    ASSERT_EQ(LikePattern(p).Matches(s), Reference(p, s)) << "'" << s << "' LIKE '" << p << "'";
  }
}

}  // namespace
}  // namespace floe::expr
