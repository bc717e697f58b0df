// rlike, regexp_extract, regexp_replace, split (regex_functions.cc, PCRE2 with Java's semantics)
// and array_contains: exact expected values (Spark's documentation examples where it has them),
// NULLs, Java's replacement syntax, zero-width matches, and the errors for a bad pattern, a bad
// group and a catastrophic pattern (which must end within the match limit, not hang).
#include <chrono>

#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

class RegexFunctionsTest : public SqlScriptTest {};

TEST_F(RegexFunctionsTest, Rlike) {
  EXPECT_EQ(Run("SELECT 'abc123' RLIKE '[0-9]+' AS a, 'abc' RLIKE '^b' AS b, "
                "regexp_like('Spark', 'S.*k') AS c, 'x' REGEXP NULL AS d, "
                "'%SystemDrive%\\\\Users' RLIKE '%SystemDrive%\\\\\\\\Users' AS e"),
            "a,b,c,d,e\ntrue,false,true,,true\n");
  // Spark's function forms of the operators.
  EXPECT_EQ(Run("SELECT rlike('abc123', '[0-9]+') AS f, regexp('abc', '^b') AS g"),
            "f,g\ntrue,false\n");
  // As left(s, n) and right(s, n), though LEFT and RIGHT are join words.
  EXPECT_EQ(Run("SELECT left('ab\xC3\xA9"
                "cd', 3) AS l, right('abc', 5) AS r, left('abc', 0) AS z"),
            "l,r,z\nab\xC3\xA9,abc,\"\"\n");
  std::string error = Run("SELECT 'a' RLIKE '(unclosed'");
  EXPECT_NE(error.find("invalid regular expression '(unclosed': missing closing parenthesis"),
            std::string::npos)
      << error;
}

TEST_F(RegexFunctionsTest, RegexpExtract) {
  EXPECT_EQ(Run("SELECT regexp_extract('100-200', '(\\\\d+)-(\\\\d+)', 1) AS a, "
                "regexp_extract('100-200', '(\\\\d+)-(\\\\d+)', 2) AS b, "
                "regexp_extract('100-200', '(\\\\d+)-(\\\\d+)', 0) AS c, "
                "regexp_extract('100-200', '(\\\\d+)') AS d, regexp_extract('x', '(\\\\d+)') AS e, "
                "regexp_extract('ab', 'a(x)?b', 1) AS f, regexp_extract(NULL, 'a', 0) AS g"),
            "a,b,c,d,e,f,g\n100,200,100-200,100,\"\",\"\",\n");
  std::string error = Run("SELECT regexp_extract('100-200', '(\\\\d+)', 2)");
  EXPECT_NE(error.find("regexp_extract: '(\\d+)' has 1 group, so the group index must be 0 to "
                       "1, not 2"),
            std::string::npos)
      << error;
}

TEST_F(RegexFunctionsTest, RegexpReplaceWithJavaReplacements) {
  EXPECT_EQ(Run("SELECT regexp_replace('100-200', '(\\\\d+)', 'num') AS a, "
                "regexp_replace('2026-03-05', '(\\\\d+)-(\\\\d+)-(\\\\d+)', '$3/$2/$1') AS b, "
                "regexp_replace('a.b', '\\\\.', '\\\\$') AS c, "
                "regexp_replace('abc', 'x*', '-') AS d, "
                "regexp_replace('John Smith', '(?<first>\\\\w+) (?<last>\\\\w+)', "
                "'${last}, ${first}') AS e, regexp_replace('aaa', 'a', 'b', 2) AS f, "
                "regexp_replace('héllo', 'l', 'L') AS g, regexp_replace(NULL, 'a', 'b') AS h"),
            "a,b,c,d,e,f,g,h\nnum-num,05/03/2026,a$b,-a-b-c-,\"Smith, John\",abb,héLLo,\n");
  std::string error = Run("SELECT regexp_replace('a', '(a)', '$2')");
  EXPECT_NE(error.find("regexp_replace: no group 2 in '(a)' (it has 1)"), std::string::npos)
      << error;
}

TEST_F(RegexFunctionsTest, SplitAsJava) {
  EXPECT_EQ(
      Run("SELECT split('oneAtwoBthreeC', '[ABC]') AS a, "
          "split('oneAtwoBthreeC', '[ABC]', 2) AS b, split('oneAtwoBthreeC', '[ABC]', -1) AS c, "
          "split('abc', '') AS d, size(split('', ',')) AS e, split('a,,b,,', ',') AS f, "
          "split(NULL, ',') AS g, size(split('a b  c', ' +')) AS h"),
      R"(a,b,c,d,e,f,g,h
"[""one"",""two"",""three"",""""]","[""one"",""twoBthreeC""]","[""one"",""two"",""three"",""""]",)"
      R"("[""a"",""b"",""c""]",1,"[""a"","""",""b"","""",""""]",,3
)");
  EXPECT_EQ(Run("SELECT split('abc', 'x*') AS a, split('abc', '', 2) AS b"),
            R"(a,b
"[""a"",""b"",""c"",""""]","[""a"",""bc""]"
)");
}

TEST_F(RegexFunctionsTest, CatastrophicPatternIsAnErrorNotAHang) {
  const auto start = std::chrono::steady_clock::now();
  std::string error = Run("SELECT repeat_me RLIKE '(a+)+$' FROM (SELECT '" +
                          std::string(5000, 'a') + "!' AS repeat_me)");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_NE(error.find("regular expression '(a+)+$' backtracks too much on a value of 5001 bytes"),
            std::string::npos)
      << error;
  EXPECT_LT(seconds, 10.0);
}

TEST_F(RegexFunctionsTest, ArrayContains) {
  EXPECT_EQ(
      Run("SELECT array_contains(array(1, 2, 3), 2) AS a, array_contains(array(1, 2), 5) AS "
          "b, array_contains(array(1, NULL), 5) AS c, array_contains(array(1, NULL), 1) AS d, "
          "array_contains(array('x'), NULL) AS e, array_contains(array(1, 2), 2.0) AS f, "
          "array_contains(split('a,b', ','), 'b') AS g"),
      "a,b,c,d,e,f,g\ntrue,false,,true,,true,true\n");
  std::string error = Run("SELECT array_contains(1, 1)");
  EXPECT_NE(error.find("array_contains takes an array and a value"), std::string::npos) << error;
}

}  // namespace
}  // namespace floe::sql
