// Golden tests: every function and operator issue #8 lists, given NULL (Spark 3.5, non-ANSI:
// NULL in gives NULL out unless the function says otherwise), plus the cases session_test.cc
// leaves out (NOT LIKE, NOT IN, BETWEEN, current_timestamp, element_at, size, map_keys).
#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

class FunctionNullsTest : public SqlScriptTest {};

TEST_F(FunctionNullsTest, CastArithmeticComparisons) {
  EXPECT_EQ(
      Run("SELECT CAST(NULL AS INT) AS a, CAST(NULL AS STRING) AS b, NULL + 1 AS c, 1 - NULL AS d, "
          "NULL * 2 AS e, NULL / 2 AS f, 7 % NULL AS g, NULL DIV 2 AS h, -CAST(NULL AS INT) AS i"),
      "a,b,c,d,e,f,g,h,i\n,,,,,,,,\n");
  EXPECT_EQ(Run("SELECT NULL < 1 AS a, 1 >= NULL AS b, NULL <> 'x' AS c, CAST(NULL AS DATE) = DATE "
                "'2026-03-05' AS d, "
                "NOT (NULL > 1) AS e, NULL AND true AS f, NULL OR false AS g"),
            "a,b,c,d,e,f,g\n,,,,,,\n");
}

TEST_F(FunctionNullsTest, PredicatesLikeInBetweenIsNull) {
  EXPECT_EQ(Run("SELECT NULL LIKE 'a%' AS a, 'abc' LIKE NULL AS b, 'abc' NOT LIKE 'a%' AS c, "
                "'abc' NOT LIKE 'b%' AS d, NULL NOT LIKE 'a%' AS e"),
            "a,b,c,d,e\n,,false,true,\n");
  EXPECT_EQ(Run("SELECT NULL IN (1, 2) AS a, 3 NOT IN (1, 2) AS b, 3 NOT IN (1, NULL) AS c, 1 NOT "
                "IN (1, NULL) AS d, "
                "NULL NOT IN (1) AS e"),
            "a,b,c,d,e\n,true,,false,\n");
  EXPECT_EQ(
      Run("SELECT 2 BETWEEN 1 AND 3 AS a, NULL BETWEEN 1 AND 3 AS b, 5 BETWEEN 1 AND NULL AS c, "
          "0 BETWEEN 1 AND NULL AS d, 0 NOT BETWEEN 1 AND 3 AS e, 2 NOT BETWEEN 1 AND 3 AS f, "
          "NULL IS NOT NULL AS g, 1 IS NOT NULL AS h"),
      "a,b,c,d,e,f,g,h\ntrue,,,false,true,false,false,true\n");
  EXPECT_EQ(Run("SELECT coalesce(NULL, NULL) AS a, nullif(NULL, 1) AS b, "
                "CASE NULL WHEN 1 THEN 'one' ELSE 'other' END AS c, CASE WHEN 1 = 1 THEN NULL ELSE "
                "2 END AS d"),
            "a,b,c,d\n,,other,\n");
}

// The expression language's forms that the filter brought: IS [NOT] NAN (a null is not NaN),
// isnan, TIME and TIMESTAMPTZ literals (TIMESTAMPTZ without an offset is UTC, whatever the
// session zone).
TEST_F(FunctionNullsTest, NanTimeAndTimestamptz) {
  EXPECT_EQ(Run("SELECT CAST('NaN' AS DOUBLE) IS NAN AS a, 1.5 IS NAN AS b, NULL IS NAN AS c, "
                "CAST(NULL AS DOUBLE) IS NOT NAN AS d, isnan(CAST('NaN' AS FLOAT)) AS e, "
                "isnan(NULL) AS f"),
            "a,b,c,d,e,f\ntrue,false,false,true,true,false\n");
  EXPECT_EQ(Run("SELECT TIME '10:11:12.5' AS t"), "t\n10:11:12.500000\n");
  EXPECT_EQ(Run("SET TIME ZONE '+02:00'; SELECT TIMESTAMPTZ '2026-03-05 10:00:00' = "
                "TIMESTAMP '2026-03-05 10:00:00+00:00' AS a, TIMESTAMP '2026-03-05 12:00:00' = "
                "TIMESTAMPTZ '2026-03-05 10:00:00' AS b"),
            "-- time zone +02:00\na,b\ntrue,true\n");
}

TEST_F(FunctionNullsTest, MathAndStrings) {
  EXPECT_EQ(Run("SELECT abs(NULL) AS a, round(CAST(NULL AS DOUBLE), 1) AS b, round(CAST(NULL AS "
                "DECIMAL(5,2))) AS c, floor(CAST(NULL AS DOUBLE)) AS d, "
                "ceil(CAST(NULL AS DECIMAL(3,1))) AS e, abs(CAST(NULL AS BIGINT)) AS f"),
            "a,b,c,d,e,f\n,,,,,\n");
  EXPECT_EQ(Run("SELECT round(1234, -2) AS c, floor(2.7) AS d, ceil(-2.7) AS e"),
            "c,d,e\n1200,2,-2\n");
  // An untyped NULL too (Spark casts it to double).
  EXPECT_EQ(Run("SELECT round(NULL, 1) AS a, round(NULL) AS b, floor(NULL) AS c, ceil(NULL) AS d"),
            "a,b,c,d\n,,,\n");
  EXPECT_EQ(
      Run("SELECT lower(NULL) AS a, upper(NULL) AS b, length(NULL) AS c, substr(NULL, 1) AS d, "
          "substr('abc', NULL) AS e, substr('abc', 1, NULL) AS f, concat('a', NULL) AS g, "
          "trim(NULL) AS h, "
          "length('') AS i"),
      "a,b,c,d,e,f,g,h,i\n,,,,,,,,0\n");
}

TEST_F(FunctionNullsTest, DatesAndTimes) {
  EXPECT_EQ(Run("SELECT to_date(NULL) AS a, date_trunc('day', NULL) AS b, date_trunc(NULL, "
                "TIMESTAMP '2026-03-05 10:00:00') AS c, "
                "year(NULL) AS d, month(NULL) AS e, day(NULL) AS f, hour(NULL) AS g, "
                "date_add(NULL, 1) AS h, "
                "date_add(DATE '2026-03-05', NULL) AS i, datediff(NULL, DATE '2026-03-05') AS j"),
            "a,b,c,d,e,f,g,h,i,j\n,,,,,,,,,\n");
  EXPECT_EQ(
      Run("SELECT current_timestamp() AS a, current_date AS b, to_date('2026-03-05 23:59:59') AS "
          "c, "
          "to_date('not a date') AS d, hour(TIMESTAMP '2026-03-05 23:30:00') AS e, "
          "date_add(DATE '2026-03-05', -5) AS f, datediff(DATE '2026-03-01', DATE '2026-03-05') AS "
          "g"),
      "a,b,c,d,e,f,g\n2026-03-05T10:00:00.000000+00:00,2026-03-05,2026-03-05,,23,2026-02-28,-4\n");
}

TEST_F(FunctionNullsTest, NestedValues) {
  EXPECT_EQ(Run("SELECT element_at(array(1, 2, 3), 1) AS a, element_at(array(1, 2, 3), -1) AS b, "
                "element_at(array(1, 2, 3), 5) AS c, element_at(map('k', 1), 'k') AS d, "
                "element_at(map('k', 1), 'x') AS e, "
                "array(1, 2)[0] AS f, map('k', 1)['k'] AS g, size(array(1, NULL)) AS h, "
                "size(map('a', 1, 'b', 2)) AS i, "
                "map_keys(map('a', 1, 'b', 2)) AS j, map_values(map('a', 1)) AS k"),
            "a,b,c,d,e,f,g,h,i,j,k\n1,3,,1,,1,1,2,2,\"[\"\"a\"\",\"\"b\"\"]\",[1]\n");
  EXPECT_EQ(Run("SELECT element_at(CAST(NULL AS ARRAY<INT>), 1) AS a, size(CAST(NULL AS "
                "ARRAY<INT>)) AS b, "
                "size(CAST(NULL AS MAP<STRING, INT>)) AS c, map_keys(CAST(NULL AS MAP<STRING, "
                "INT>)) AS d, "
                "CAST(NULL AS MAP<STRING, INT>)['k'] AS e, element_at(map('k', 1), NULL) AS f, "
                "array(NULL, NULL) AS g"),
            "a,b,c,d,e,f,g\n,-1,-1,,,,\"[null,null]\"\n");
  EXPECT_EQ(Run("SELECT map('a', 1, 'a', 2)"),
            "error: line 1, column 1: map: key 2 repeats key 1 (map keys must be unique)");
  EXPECT_EQ(Run("SELECT map(NULL, 1)"),
            "error: line 1, column 1: map: key 1 is NULL (map keys cannot be NULL)");
  EXPECT_EQ(Run("SELECT map('a')"),
            "error: line 1, column 8: map takes keys and values in pairs, not 1 arguments");
}

}  // namespace
}  // namespace floe::sql
