// Golden tests of round(x, d), with the values and types Spark 3.5 gives
// (spark.sql.ansi.enabled=false). The rule is RoundBase in Spark's mathExpressions.scala:
// decimal(p, s) rounded to d >= 0 places is decimal(min(p - s + 1 + min(s, d), 38), min(s, d)); to
// d < 0 places decimal(min(max(p - s + 1, 1 - d), 38), 0); HALF_UP; int/bigint/float/double keep
// their type; doubles round as BigDecimal(Double.toString(x)), so round(2.675D, 2) is 2.68;
// integers keep the low bits (BigDecimal.intValue/longValue) when rounding overflows; the scale
// must be constant (foldable).
#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

using columnar::RowFormat;

class DecimalRoundingTest : public SqlScriptTest {};

TEST_F(DecimalRoundingTest, RoundDecimalLiterals) {
  // 2.345 is decimal(4,3): round to 2 places is decimal(4,2), to 0 places decimal(2,0).
  EXPECT_EQ(Rows("SELECT round(2.345, 2), round(-2.345, 2), round(2.345), round(2.5), round(-2.5)"),
            "2.35,-2.35,2,3,-3\n");
  // A carry adds a digit (decimal(3,2) → decimal(3,1)); d >= s keeps the scale.
  EXPECT_EQ(Rows("SELECT round(9.99, 1), round(9.99, 0), round(2.345, 5), round(0.005, 2), "
                 "round(0.004, 2)"),
            "10.0,10,2.345,0.01,0.00\n");
  // d < 0: scale 0, half up to tens, hundreds, ...
  EXPECT_EQ(Rows("SELECT round(123.45, -1), round(125.0, -1), round(-125.0, -1), round(49.9, -2), "
                 "round(50.0, -2), "
                 "round(1.5, -5)"),
            "120,130,-130,0,100,0\n");
  // A NULL scale gives NULL; the scale is cast to int.
  EXPECT_EQ(Rows("SELECT round(2.345, NULL), round(2.345, CAST(1 AS BIGINT)), round(2.345, 1 + 1)"),
            ",2.3,2.35\n");
}

TEST_F(DecimalRoundingTest, RoundDecimalResultTypes) {
  Run("CREATE NAMESPACE s; CREATE TABLE s.d (v decimal(10,3)); INSERT INTO s.d VALUES (2.345), "
      "(-2.345), (NULL)");
  EXPECT_EQ(
      Run("SELECT round(v, 2) AS a, round(v, -1) AS b, round(v) AS c FROM s.d", RowFormat::kJson),
      "{\"a\":\"2.35\",\"b\":\"0\",\"c\":\"2\"}\n{\"a\":\"-2.35\",\"b\":\"0\",\"c\":\"-2\"}\n"
      "{\"a\":null,\"b\":null,\"c\":null}\n");
  Run("CREATE TABLE s.r AS SELECT round(v, 2) AS a, round(v, -1) AS b, round(v, 5) AS c, round(v, "
      "-12) AS e, "
      "round(CAST(v AS DECIMAL(38,3)), 1) AS f, round(CAST(v AS DECIMAL(38,0)), -1) AS g FROM s.d");
  // decimal(10,3): 10-3+1+2 = 10 digits at scale 2; d=-1: max(8, 2) = 8; d=5: scale 3, 11 digits;
  // d=-12: max(8, 13) = 13; decimal(38,3) to 1 place: 36+1 = 37; decimal(38,0) to -1: min(39, 38).
  EXPECT_EQ(Run("DESCRIBE s.r"),
            "col_name,data_type,comment\na,\"decimal(10,2)\",\nb,\"decimal(8,0)\",\nc,\"decimal(11,"
            "3)\",\n"
            "e,\"decimal(13,0)\",\nf,\"decimal(37,1)\",\ng,\"decimal(38,0)\",\n");
  // Over aggregates: avg(decimal(10,3)) is decimal(14,7), rounded to 2 places decimal(10,2); sum is
  // decimal(20,3), sum / 3 decimal(23,6) (3 is decimal(1,0)), rounded to 1 place decimal(19,1).
  Run("INSERT INTO s.d VALUES (1.000); CREATE TABLE s.g AS SELECT round(avg(v), 2) AS a, "
      "round(sum(v) / 3, 1) AS b FROM s.d");
  EXPECT_EQ(Rows("SELECT * FROM s.g"), "0.33,0.3\n");
  EXPECT_EQ(Run("DESCRIBE s.g"),
            "col_name,data_type,comment\na,\"decimal(10,2)\",\nb,\"decimal(19,1)\",\n");
  // Rounding 38 nines up needs 39 digits: an error, as Spark's Decimal.set throws.
  EXPECT_EQ(
      Run("SELECT round(CAST('99999999999999999999999999999999999999' AS DECIMAL(38,0)), -1) AS r"),
      "error: line 1, column 1: round: 99999999999999999999999999999999999999 rounded to -1 places "
      "has more digits than "
      "decimal(38,0) holds");
}

TEST_F(DecimalRoundingTest, RoundIntegers) {
  EXPECT_EQ(
      Rows("SELECT round(125, -1), round(-125, -1), round(124, -1), round(125, 2), round(125), "
           "round(1234, -2), round(5, -1), round(-5, -1), round(4, -1)"),
      "130,-130,120,125,125,1200,10,-10,0\n");
  // The exact result keeps its low 32/64 bits (BigDecimal.intValue/longValue): 2147483650 is
  // -2147483646 as an int; 9223372036854775810 is -9223372036854775806, 10^19 is
  // -8446744073709551616.
  EXPECT_EQ(Rows("SELECT round(2147483647, -1), round(9223372036854775807, -1), "
                 "round(5000000000000000000, -19), "
                 "round(4999999999999999999, -19), round(9223372036854775807, -30), round(7L, 3)"),
            "-2147483646,-9223372036854775806,-8446744073709551616,0,0,7\n");
  Run("CREATE NAMESPACE s; CREATE TABLE s.i AS SELECT round(125, -1) AS a, round(125L, -1) AS b");
  EXPECT_EQ(Run("DESCRIBE s.i"), "col_name,data_type,comment\na,int,\nb,bigint,\n");
}

TEST_F(DecimalRoundingTest, RoundDoublesAndFloats) {
  // Doubles round their shortest decimal text: 2.675
  // is 2.67499999999999982236431605997495353221893310546875 in binary, yet Spark gives 2.68 (C's
  // round(x * 100) / 100 gives 2.67).
  EXPECT_EQ(
      Rows("SELECT round(2.675D, 2), round(1.005D, 2), round(2.5D), round(-2.5D), round(-0.4D), "
           "round(1234.5D, -2), round(0.000123456D, 5), round(1.0E20D, -21), round(1.0E20D, -20)"),
      "2.68,1.01,3.0,-3.0,0.0,1200.0,0.00012,0.0,1e+20\n");
  // A float widens to double first: 2.675F is 2.674999952316284 as a double, so 2.67.
  EXPECT_EQ(Rows("SELECT round(CAST(2.675 AS FLOAT), 2), round(CAST(0.125 AS FLOAT), 2), "
                 "round(CAST('NaN' AS DOUBLE), 1), round(CAST('Infinity' AS DOUBLE), -2), "
                 "round(0.1D, 400)"),
            "2.67,0.13,NaN,Infinity,0.1\n");
  Run("CREATE NAMESPACE s; CREATE TABLE s.f AS SELECT round(CAST(2.675 AS FLOAT), 2) AS a, "
      "round(2.675D, 2) AS b");
  EXPECT_EQ(Run("DESCRIBE s.f"), "col_name,data_type,comment\na,float,\nb,double,\n");
  EXPECT_EQ(Rows("SELECT round(NULL, 1), round(CAST(NULL AS DOUBLE), NULL)"), ",\n");
  // A string is read as a double (Spark's implicit cast); text that is no number is NULL.
  EXPECT_EQ(Rows("SELECT round('2.675', 2), round('-1234.5', -2), round('abc', 1)"),
            "2.68,-1200.0,\n");
  EXPECT_EQ(Run("SELECT round(DATE '2026-03-05', 1)"),
            "error: line 1, column 8: round takes a number and a scale, not date");
}

TEST_F(DecimalRoundingTest, RoundScaleMustBeConstant) {
  Run("CREATE NAMESPACE s; CREATE TABLE s.t (x double, d int); INSERT INTO s.t VALUES (1.25, 1)");
  EXPECT_EQ(Run("SELECT round(x, d) FROM s.t"),
            "error: line 1, column 8: round: the scale (argument 2, int) must be a constant int");
  EXPECT_EQ(Rows("SELECT round(x, 1) FROM s.t"), "1.3\n");
}

}  // namespace
}  // namespace floe::sql
