// Golden tests of decimal arithmetic result types, with the values Spark 3.5 prints
// (spark.sql.ansi.enabled=false). Rules, from Spark's DecimalPrecision (allowPrecisionLoss = true):
// + - : scale max(s1, s2), precision max(p1 - s1, p2 - s2) + scale + 1; * : p1 + p2 + 1, s1 + s2;
// / : scale max(6, s1 + p2 + 1), precision p1 - s1 + s2 + scale; % : scale max(s1, s2), precision
// min(p1 - s1, p2 - s2) + scale; past 38 digits adjustPrecisionScale keeps at least 6 digits of
// scale. An integer literal beside a decimal is the decimal of its own digits
// (spark.sql.legacy.literal.pickMinimumPrecision, default true; DataTypeUtils.fromLiteral): `1.00 /
// 3` is decimal(3,2) / decimal(1,0) → decimal(7,6) = 0.333333, while an int column is
// decimal(10,0).
#include <fmt/format.h>

#include "floe/spec/single_value.h"
#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

class DecimalArithmeticTest : public SqlScriptTest {};

TEST_F(DecimalArithmeticTest, DivisionOfDecimalsAndLiterals) {
  // decimal(3,2) / decimal(1,0): scale max(6, 2+1+1) = 6, precision 1+0+6 = 7.
  EXPECT_EQ(Rows("SELECT 1.00 / 3, 3 / 1.00, 1 / 3, 1.00 / 0, 10.3 / 3, -7 / 2.0"),
            "0.333333,3.000000,0.3333333333333333,,3.433333,-3.500000\n");
  Run("CREATE NAMESPACE s; CREATE TABLE s.t (d decimal(3,2), i int); INSERT INTO s.t VALUES (1.00, "
      "3)");
  // An int column is decimal(10,0): d / i has scale max(6, 2+10+1) = 13; i / 1.00 max(6, 0+3+1)
  // = 6.
  EXPECT_EQ(Rows("SELECT d / i, d / 3, i / 1.00 FROM s.t"), "0.3333333333333,0.333333,3.000000\n");
  Run("CREATE TABLE s.q AS SELECT 1.00 / 3 AS a, d / i AS b, d / 3 AS c FROM s.t");
  EXPECT_EQ(Run("DESCRIBE s.q"),
            "col_name,data_type,comment\na,\"decimal(7,6)\",\nb,\"decimal(14,13)\",\nc,\"decimal(7,"
            "6)\",\n");
}

TEST_F(DecimalArithmeticTest, AdditionMultiplicationAndRemainderTypes) {
  // decimal(38,18) * decimal(1,0): precision 40 → 38 with 38-22 = 16 digits of scale (an int
  // column's decimal(10,0) would leave 7).
  EXPECT_EQ(Rows("SELECT CAST(1 AS DECIMAL(38,18)) * 2, 2.50 * 4, 1.5 - 10, 7.5 % 2, 1.00 = 1"),
            "2.0000000000000000,10.00,-8.5,1.5,true\n");
  // decimal(38,37) + decimal(1,0): precision 39 → 38 with 36 digits of scale.
  EXPECT_EQ(Rows("SELECT CAST(0.1 AS DECIMAL(38,37)) + 1, 1 - CAST(0.1 AS DECIMAL(38,37))"),
            "1.100000000000000000000000000000000000,0.900000000000000000000000000000000000\n");
  Run("CREATE NAMESPACE s; CREATE TABLE s.t (d decimal(38,18), i int); INSERT INTO s.t VALUES (1, "
      "2)");
  EXPECT_EQ(Rows("SELECT d * i, d * 2, d + i, d + 2 FROM s.t"),
            "2.0000000,2.0000000000000000,3.00000000000000000,3.00000000000000000\n");
  Run("CREATE TABLE s.m AS SELECT d * i AS a, d * 2 AS b, 2.50 * 4 AS c, 1.5 - 10 AS e, 7.5 % 2 AS "
      "f FROM s.t");
  EXPECT_EQ(Run("DESCRIBE s.m"),
            "col_name,data_type,comment\na,\"decimal(38,7)\",\nb,\"decimal(38,16)\",\nc,\"decimal("
            "5,2)\",\n"
            "e,\"decimal(4,1)\",\nf,\"decimal(2,1)\",\n");
}

// Column + - * column over whole batches: one whose values all fit 64 bits (the batch computed
// in one pass), one with values past 64 bits (value by value), and one whose products pass the
// result's 38 digits (NULL). Against the same arithmetic on __int128.
TEST_F(DecimalArithmeticTest, ColumnArithmeticOverWholeBatches) {
  Run("CREATE NAMESPACE s; CREATE TABLE s.u (id int, a decimal(20,2), b decimal(5,1), w "
      "decimal(38,0))");
  struct Row {
    int id;
    __int128 a, b, w;  // unscaled
  };
  const __int128 e19 = static_cast<__int128>(10000000000000000000ULL);
  const std::vector<std::vector<Row>> inserts = {
      {{1, 125, 25, 3}, {2, -310, 0, -4}, {3, 1234567890123456789, -99999, 5}, {4, 1, -1, 6}},
      {{5, 99999999999999999 * e19 / 10000000000000000, 10, 7},
       {6, -e19 * 3, 99999, 8},
       {7, 5, 5, 9}},
      {{8, 1, 1, e19 * e19 / 10}, {9, 2, 2, 3}}};
  std::string want;
  for (const auto& rows : inserts) {
    std::string values;
    for (const Row& r : rows) {
      values += fmt::format("{}({}, {}, {}, {})", values.empty() ? "" : ", ", r.id,
                            spec::DecimalToString(r.a, 2), spec::DecimalToString(r.b, 1),
                            spec::DecimalToString(r.w, 0));
      // a + b and a - b: decimal(21,2); a * b: decimal(26,3); w * w: decimal(38,0), NULL past 38
      // digits. |w| < 10^19 squares below 10^38; the one larger w (10^37) squares past 38 digits.
      const bool fits = r.w < e19 && r.w > -e19;
      const std::string square = fits ? spec::DecimalToString(r.w * r.w, 0) : "";
      want += fmt::format("{},{},{},{},{}\n", r.id, spec::DecimalToString(r.a + r.b * 10, 2),
                          spec::DecimalToString(r.a - r.b * 10, 2),
                          spec::DecimalToString(r.a * r.b, 3), square);
    }
    Run("INSERT INTO s.u VALUES " + values);
  }
  EXPECT_EQ(Rows("SELECT id, a + b, a - b, a * b, w * w FROM s.u ORDER BY id"), want);
}

}  // namespace
}  // namespace floe::sql
