// Window functions (exec/window_node.h, window_binding.h) on a small hand-made table: every
// function and frame kind against values worked out by hand, Spark's defaults (NULLS FIRST
// ascending, RANGE UNBOUNDED PRECEDING .. CURRENT ROW with ORDER BY, the whole partition
// without), windows over GROUP BY, in ORDER BY, the dedup idiom, and the errors.
#include <gtest/gtest.h>

#include <string>

#include "floe/sql/syntax/parser.h"
#include "sql_script_fixture.h"

namespace floe::sql {
namespace {

// Partition a ordered by o (NULLS FIRST): ids 5 (o NULL), 1, 2 and 3 (peers, o = 2), 4;
// partition b: 6, 7; partition NULL: 8.
constexpr const char* kWindowData =
    "WITH t(id, k, o, v) AS (VALUES (1, 'a', 1, 10), (2, 'a', 2, 20), (3, 'a', 2, NULL), "
    "(4, 'a', 4, 40), (5, 'a', NULL, 50), (6, 'b', 1, 5), (7, 'b', 3, 7), (8, NULL, 1, 1)) ";

class WindowFunctionsTest : public SqlScriptTest {
 protected:
  // One value per id (1..8), comma-separated, of `expr` over the table.
  std::string PerId(const std::string& expr) {
    std::string rows = Rows(std::string(kWindowData) + "SELECT " + expr + " FROM t ORDER BY id");
    std::string out;
    size_t start = 0;
    while (start < rows.size()) {
      size_t end = rows.find('\n', start);
      if (end == std::string::npos) end = rows.size();
      out += (start == 0 ? "" : " ") + rows.substr(start, end - start);
      start = end + 1;
    }
    return out;
  }
};

TEST_F(WindowFunctionsTest, RankingFunctions) {
  const std::string w = " OVER (PARTITION BY k ORDER BY o)";
  EXPECT_EQ(PerId("row_number()" + w), "2 3 4 5 1 1 2 1");
  EXPECT_EQ(PerId("rank()" + w), "2 3 3 5 1 1 2 1");
  EXPECT_EQ(PerId("dense_rank()" + w), "2 3 3 4 1 1 2 1");
  EXPECT_EQ(PerId("percent_rank()" + w), "0.25 0.5 0.5 1.0 0.0 0.0 1.0 0.0");
  EXPECT_EQ(PerId("ntile(2)" + w), "1 1 2 2 1 1 2 1");
  EXPECT_EQ(PerId("ntile(10)" + w), "2 3 4 5 1 1 2 1");
  // Descending: NULLS LAST.
  EXPECT_EQ(PerId("row_number() OVER (PARTITION BY k ORDER BY o DESC)"), "4 2 3 1 5 2 1 1");
  EXPECT_EQ(PerId("rank() OVER (PARTITION BY k ORDER BY o ASC NULLS LAST)"), "1 2 2 4 5 1 2 1");
}

TEST_F(WindowFunctionsTest, LagAndLead) {
  const std::string w = " OVER (PARTITION BY k ORDER BY o)";
  EXPECT_EQ(PerId("lag(v)" + w), "50 10 20    5 ");
  EXPECT_EQ(PerId("lead(v, 2, -1)" + w), " 40 -1 -1 20 -1 -1 -1");
  EXPECT_EQ(PerId("lead(v)" + w), "20  40  10 7  ");
  EXPECT_EQ(PerId("lag(v, 1, id * 100)" + w), "50 10 20  500 600 5 800");
  // A negative offset looks the other way; a huge one reaches no row.
  EXPECT_EQ(PerId("lag(v, -1)" + w), PerId("lead(v)" + w));
  EXPECT_EQ(PerId("lag(v, -9223372036854775807 - 1, 0)" + w), "0 0 0 0 0 0 0 0");
  EXPECT_EQ(PerId("lead(v, 9223372036854775807, 0)" + w), "0 0 0 0 0 0 0 0");
}

TEST_F(WindowFunctionsTest, FirstAndLastValue) {
  const std::string w = " OVER (PARTITION BY k ORDER BY o)";
  EXPECT_EQ(PerId("first_value(v)" + w), "50 50 50 50 50 5 5 1");
  // The default frame ends with the row's last peer: ids 2 and 3 see id 3's NULL.
  EXPECT_EQ(PerId("last_value(v)" + w), "10   40 50 5 7 1");
  EXPECT_EQ(PerId("last_value(v, true)" + w), "10 20 20 40 50 5 7 1");
  EXPECT_EQ(PerId("first_value(v) OVER (PARTITION BY k ORDER BY o ROWS BETWEEN 2 FOLLOWING AND "
                  "UNBOUNDED FOLLOWING)"),
            " 40   20   ");
  EXPECT_EQ(PerId("first_value(v, true) OVER (PARTITION BY k ORDER BY o ROWS BETWEEN 2 FOLLOWING "
                  "AND UNBOUNDED FOLLOWING)"),
            "40 40   20   ");
  EXPECT_EQ(PerId("last_value(v) OVER (PARTITION BY k)"), "50 50 50 50 50 7 7 1");
}

TEST_F(WindowFunctionsTest, AggregatesOverFrames) {
  // Default frame with ORDER BY: running, peers included.
  EXPECT_EQ(PerId("sum(v) OVER (PARTITION BY k ORDER BY o)"), "60 80 80 120 50 5 12 1");
  // Without ORDER BY: the whole partition.
  EXPECT_EQ(PerId("sum(v) OVER (PARTITION BY k)"), "120 120 120 120 120 12 12 1");
  EXPECT_EQ(PerId("count(*) OVER ()"), "8 8 8 8 8 8 8 8");
  EXPECT_EQ(PerId("count(v) OVER (PARTITION BY k ORDER BY o ROWS BETWEEN 1 PRECEDING AND 1 "
                  "FOLLOWING)"),
            "3 2 2 1 2 2 2 1");
  EXPECT_EQ(PerId("count(*) OVER (PARTITION BY k ORDER BY o ROWS BETWEEN 1 PRECEDING AND 1 "
                  "FOLLOWING)"),
            "3 3 3 2 2 2 2 1");
  EXPECT_EQ(PerId("avg(v) OVER (PARTITION BY k ORDER BY o ROWS 1 PRECEDING)"),
            "30.0 15.0 20.0 40.0 50.0 5.0 6.0 1.0");
  EXPECT_EQ(PerId("min(v) OVER (PARTITION BY k ORDER BY o ROWS BETWEEN CURRENT ROW AND UNBOUNDED "
                  "FOLLOWING)"),
            "10 20 40 40 10 5 7 1");
  EXPECT_EQ(PerId("max(v) OVER (PARTITION BY k ORDER BY o ROWS BETWEEN 2 PRECEDING AND 1 "
                  "PRECEDING)"),
            "50 50 20 20   5 ");
  EXPECT_EQ(PerId("max(k) OVER (ORDER BY id ROWS BETWEEN 4 FOLLOWING AND 5 FOLLOWING)"),
            "b b b     ");
  EXPECT_EQ(PerId("sum(v) OVER (PARTITION BY k ORDER BY o ROWS BETWEEN UNBOUNDED PRECEDING AND "
                  "CURRENT ROW)"),
            "60 80 80 120 50 5 12 1");
  EXPECT_EQ(PerId("sum(CAST(v AS DOUBLE)) OVER (PARTITION BY k ORDER BY o ROWS BETWEEN 1 "
                  "PRECEDING AND 1 FOLLOWING)"),
            "80.0 30.0 60.0 40.0 60.0 12.0 12.0 1.0");
}

TEST_F(WindowFunctionsTest, DecimalSumAndAvg) {
  // Spark's types: sum decimal(p + 10, s), avg decimal(p + 4, s + 4) rounded half up.
  EXPECT_EQ(PerId("sum(CAST(v AS DECIMAL(10, 2))) OVER (PARTITION BY k ORDER BY o)"),
            "60.00 80.00 80.00 120.00 50.00 5.00 12.00 1.00");
  EXPECT_EQ(PerId("avg(CAST(v AS DECIMAL(10, 2))) OVER (PARTITION BY k ORDER BY o ROWS 1 "
                  "PRECEDING)"),
            "30.000000 15.000000 20.000000 40.000000 50.000000 5.000000 6.000000 1.000000");
  EXPECT_EQ(PerId("avg(CAST(v AS DECIMAL(3, 0))) OVER (ORDER BY id ROWS BETWEEN CURRENT ROW AND 2 "
                  "FOLLOWING)"),
            "15.0000 30.0000 45.0000 31.6667 20.6667 4.3333 4.0000 1.0000");
}

TEST_F(WindowFunctionsTest, RangeFramesWithOffsets) {
  EXPECT_EQ(PerId("sum(v) OVER (PARTITION BY k ORDER BY o RANGE BETWEEN 1 PRECEDING AND 1 "
                  "FOLLOWING)"),
            "30 30 30 40 50 5 7 1");
  // Descending: FOLLOWING reaches the smaller values; NULLs come last and see only NULLs.
  EXPECT_EQ(PerId("sum(v) OVER (PARTITION BY k ORDER BY o DESC RANGE BETWEEN CURRENT ROW AND 2 "
                  "FOLLOWING)"),
            "10 30 30 60 50 5 12 1");
  EXPECT_EQ(PerId("count(*) OVER (ORDER BY o RANGE BETWEEN UNBOUNDED PRECEDING AND 1.5 "
                  "PRECEDING)"),
            "1 1 1 6 1 1 4 1");
  EXPECT_EQ(PerId("rank() OVER (ORDER BY o)"), "2 5 5 8 1 2 7 2");
  // NaN is the largest value and its own peer, in both directions.
  const std::string nan =
      "WITH t(x, v) AS (VALUES (1D, 1), (2D, 10), (CAST('NaN' AS DOUBLE), 100), (3D, 1000)) ";
  for (const char* direction : {"ASC", "DESC"}) {
    EXPECT_EQ(Rows(nan + "SELECT x, sum(v) OVER (ORDER BY x " + direction +
                   " RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM t ORDER BY v"),
              "1.0,11\n2.0,1011\nNaN,100\n3.0,1010\n")
        << direction;
  }
}

TEST_F(WindowFunctionsTest, SeveralWindowsAndExpressions) {
  EXPECT_EQ(PerId("row_number() OVER (ORDER BY id DESC) * 10 + rank() OVER (PARTITION BY k ORDER "
                  "BY o)"),
            "82 73 63 55 41 31 22 11");
  EXPECT_EQ(PerId("v - lag(v) OVER (PARTITION BY k ORDER BY id), sum(v) OVER ()"),
            ",133 10,133 ,133 ,133 10,133 ,133 2,133 ,133");
}

TEST_F(WindowFunctionsTest, OverGroupByAndInOrderBy) {
  EXPECT_EQ(Rows(std::string(kWindowData) +
                 "SELECT k, sum(v) AS s, rank() OVER (ORDER BY sum(v) DESC) AS r FROM t GROUP BY k "
                 "ORDER BY r"),
            "a,120,1\nb,12,2\n,1,3\n");
  EXPECT_EQ(Rows(std::string(kWindowData) +
                 "SELECT k, count(*), sum(sum(v)) OVER (ORDER BY k NULLS LAST) FROM t GROUP BY k "
                 "ORDER BY k"),
            ",1,133\na,5,120\nb,2,132\n");
  EXPECT_EQ(Rows(std::string(kWindowData) +
                 "SELECT id FROM t ORDER BY row_number() OVER (ORDER BY v DESC NULLS LAST)"),
            "5\n4\n2\n1\n7\n6\n8\n3\n");
}

TEST_F(WindowFunctionsTest, DedupIdiomKeepsTheLatestRowPerKey) {
  EXPECT_EQ(Rows(std::string(kWindowData) +
                 "SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY o DESC) AS "
                 "rn FROM t) WHERE rn = 1 ORDER BY id"),
            "4,a,4,40,1\n7,b,3,7,1\n8,,1,1,1\n");
}

TEST_F(WindowFunctionsTest, EmptyInputAndTables) {
  EXPECT_EQ(Rows(std::string(kWindowData) +
                 "SELECT id, row_number() OVER (ORDER BY id) FROM t WHERE id > 100"),
            "");
  Run("CREATE NAMESPACE n; CREATE TABLE n.e (ts int, k string) USING iceberg; "
      "INSERT INTO n.e VALUES (3, 'x'), (1, 'x'), (2, 'y')");
  EXPECT_EQ(Rows("SELECT k, ts, row_number() OVER (PARTITION BY k ORDER BY ts DESC) AS rn FROM n.e "
                 "ORDER BY k, ts LIMIT 2"),
            "x,1,2\nx,3,1\n");
  // A LIMIT is not pushed into the scan under a window: the count sees every row.
  EXPECT_EQ(Rows("SELECT ts, count(*) OVER () FROM n.e LIMIT 1"), "3,3\n");
}

TEST_F(WindowFunctionsTest, RefusedWithClearErrors) {
  auto error = [&](const std::string& query) { return Run(std::string(kWindowData) + query); };
  EXPECT_NE(error("SELECT id FROM t WHERE row_number() OVER (ORDER BY id) = 1")
                .find("window functions are not allowed in WHERE"),
            std::string::npos);
  EXPECT_NE(error("SELECT count(*) FROM t GROUP BY rank() OVER (ORDER BY id)")
                .find("window functions are not allowed in GROUP BY"),
            std::string::npos);
  EXPECT_NE(error("SELECT k FROM t GROUP BY k HAVING max(row_number() OVER (ORDER BY k)) > 1")
                .find("not allowed"),
            std::string::npos);
  EXPECT_NE(error("SELECT rank() OVER (PARTITION BY k) FROM t").find("rank needs an ORDER BY"),
            std::string::npos);
  EXPECT_NE(error("SELECT row_number() OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT "
                  "ROW) FROM t")
                .find("row_number takes no window frame"),
            std::string::npos);
  EXPECT_NE(error("SELECT sum(v) OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM "
                  "t")
                .find("needs exactly one numeric ORDER BY"),
            std::string::npos);
  EXPECT_NE(error("SELECT upper(k) OVER () FROM t").find("upper is not a window function"),
            std::string::npos);
  EXPECT_NE(error("SELECT sum(v) OVER (ORDER BY id ROWS BETWEEN 1 FOLLOWING AND 1 PRECEDING) FROM "
                  "t")
                .find("the frame's start is after its end"),
            std::string::npos);
  EXPECT_NE(error("SELECT ntile(0) OVER (ORDER BY id) FROM t").find("bucket count must be > 0"),
            std::string::npos);
  EXPECT_NE(error("SELECT sum(v) OVER (ORDER BY id ROWS BETWEEN -1 PRECEDING AND CURRENT ROW) "
                  "FROM t")
                .find("must be an integer >= 0"),
            std::string::npos);
  EXPECT_NE(
      error("SELECT sum(row_number() OVER (ORDER BY id)) OVER () FROM t").find("not allowed here"),
      std::string::npos);
}

TEST_F(WindowFunctionsTest, ParsesAndPrintsWindows) {
  auto statement = syntax::ParseStatement(
      "select sum(v) over (partition by k order by o desc nulls first rows between 2 preceding "
      "and unbounded following), count(*) over (), lag(v) over (order by o range 3 preceding) "
      "from t");
  ASSERT_OK(statement);
  std::string text = syntax::ToSql(*statement);
  EXPECT_EQ(text,
            "SELECT sum(v) OVER (PARTITION BY k ORDER BY o DESC NULLS FIRST ROWS BETWEEN 2 "
            "PRECEDING AND UNBOUNDED FOLLOWING), count(*) OVER (), lag(v) OVER (ORDER BY o ASC "
            "RANGE 3 PRECEDING) FROM t");
  auto again = syntax::ParseStatement(text);
  ASSERT_OK(again);
  EXPECT_EQ(syntax::ToSql(*again), text);
  EXPECT_NE(Run("EXPLAIN " + std::string(kWindowData) +
                "SELECT rank() OVER (PARTITION BY k ORDER BY o) FROM t")
                .find("Window PARTITION BY k ORDER BY o ASC"),
            std::string::npos);
}

}  // namespace
}  // namespace floe::sql
