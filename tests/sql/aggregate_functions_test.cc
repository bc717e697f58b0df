// The statistical and collecting aggregates of issue #25 (group_accumulator.h): exact expected
// values (Spark 3.5's documented outputs where it gives them), NULL handling, DISTINCT, GROUP BY
// across threads, and HyperLogLog's error on 100,000 distinct values.
#include <cmath>
#include <string>

#include "floe/sql/exec/hyper_log_log.h"
#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

class AggregateFunctionsTest : public SqlScriptTest {};

TEST_F(AggregateFunctionsTest, VarianceAndStandardDeviation) {
  EXPECT_EQ(Run("SELECT var_samp(x) AS a, variance(x) AS b, var_pop(x) AS c, stddev(x) AS d, "
                "stddev_samp(x) AS e, stddev_pop(x) AS f, std(x) AS g "
                "FROM VALUES (1), (2), (NULL), (3), (4), (5) AS t(x)"),
            "a,b,c,d,e,f,g\n2.5,2.5,2.0,1.5811388300841898,1.5811388300841898,"
            "1.4142135623730951,1.5811388300841898\n");
  // One value: the sample forms are NULL, the population ones 0; no value: all NULL.
  EXPECT_EQ(Run("SELECT var_samp(x) AS a, var_pop(x) AS b, stddev_samp(x) AS c, "
                "stddev_pop(x) AS d FROM VALUES (7) AS t(x)"),
            "a,b,c,d\n,0.0,,0.0\n");
  EXPECT_EQ(Run("SELECT variance(x) AS a, stddev_pop(x) AS b FROM VALUES (CAST(NULL AS INT)) AS "
                "t(x)"),
            "a,b\n,\n");
  // A large common offset keeps its digits (the sum of squares would give 0 or a negative
  // variance here); decimals and strings are taken as doubles.
  EXPECT_EQ(Run("SELECT var_samp(x) AS a, var_pop(x) AS b FROM VALUES (1000000004.0), "
                "(1000000007.0), (1000000013.0), (1000000016.0) AS t(x)"),
            "a,b\n30.0,22.5\n");
  EXPECT_EQ(Run("SELECT var_pop(x) AS a FROM VALUES ('1'), ('3') AS t(x)"), "a\n1.0\n");
  EXPECT_EQ(Run("SELECT variance(DISTINCT x) AS a FROM VALUES (1), (1), (3) AS t(x)"), "a\n2.0\n");
  EXPECT_NE(Run("SELECT stddev(DATE '2026-01-01')").find("stddev of date: not a number"),
            std::string::npos);
}

TEST_F(AggregateFunctionsTest, CollectListAndSet) {
  EXPECT_EQ(Run("SELECT collect_list(x) AS a, collect_set(x) AS b, array_agg(x) AS c "
                "FROM VALUES (1), (2), (NULL), (1) AS t(x)"),
            "a,b,c\n\"[1,2,1]\",\"[1,2]\",\"[1,2,1]\"\n");
  EXPECT_EQ(Run("SELECT k, collect_list(v) AS l, collect_set(v) AS s FROM VALUES ('a', 'x'), "
                "('b', NULL), ('a', 'y'), ('a', 'x') AS t(k, v) GROUP BY k ORDER BY k"),
            "k,l,s\na,\"[\"\"x\"\",\"\"y\"\",\"\"x\"\"]\",\"[\"\"x\"\",\"\"y\"\"]\"\nb,[],[]\n");
  EXPECT_EQ(Run("SELECT collect_list(x) AS a FROM VALUES (CAST(NULL AS INT)) AS t(x)"), "a\n[]\n");
  EXPECT_EQ(Run("SELECT collect_list(DISTINCT x) AS a FROM VALUES (3), (1), (3) AS t(x)"),
            "a\n\"[3,1]\"\n");
  EXPECT_EQ(Run("SELECT collect_list(array(x, x)) AS a FROM VALUES (1), (2) AS t(x)"),
            "a\n\"[[1,1],[2,2]]\"\n");
}

TEST_F(AggregateFunctionsTest, PercentileAndMedian) {
  // 0.95: position 9 * 0.95 = 8.549999999999999 in doubles, so Spark's formula gives
  // 9.549999999999999 as well.
  const std::string ten = " FROM VALUES (1), (2), (3), (4), (5), (6), (7), (8), (9), (10) AS t(x)";
  EXPECT_EQ(Run("SELECT percentile(x, 0.25) AS a, percentile(x, 0) AS b, percentile(x, 1) AS c, "
                "median(x) AS d, percentile(x, array(0.1, 0.5, 0.95)) AS e" +
                ten),
            "a,b,c,d,e\n3.25,1.0,10.0,5.5,\"[1.9,5.5,9.549999999999999]\"\n");
  // Spark's documentation: percentile(col, 0.3) of (0), (10) is 3.0; median of (0), (10) is 5.0.
  EXPECT_EQ(Run("SELECT percentile(col, 0.3) AS a, median(col) AS b FROM VALUES (0), (10) AS "
                "tab(col)"),
            "a,b\n3.0,5.0\n");
  EXPECT_EQ(Run("SELECT median(x) AS a, percentile(x, 0.5) AS b FROM VALUES (CAST(NULL AS "
                "DOUBLE)) AS t(x)"),
            "a,b\n,\n");
  EXPECT_EQ(Run("SELECT k, median(v) AS m FROM VALUES ('a', 1), ('b', 4), ('a', 3), ('a', 10) "
                "AS t(k, v) GROUP BY k ORDER BY k"),
            "k,m\na,3.0\nb,4.0\n");
  std::string error = Run("SELECT percentile(x, 1.5)" + ten);
  EXPECT_NE(error.find("percentile: percentage 1.5 is not between 0.0 and 1.0"), std::string::npos)
      << error;
  error = Run("SELECT percentile(x, x)" + ten);
  EXPECT_NE(error.find("percentile: the percentage (argument 2) must be a constant"),
            std::string::npos)
      << error;
  error = Run("SELECT percentile(x)" + ten);
  EXPECT_NE(error.find("percentile takes 2 arguments, not 1"), std::string::npos) << error;
}

TEST_F(AggregateFunctionsTest, PercentileApproxIsSparksAnswerComputedExactly) {
  // Spark's documentation examples.
  EXPECT_EQ(Run("SELECT percentile_approx(col, array(0.5, 0.4, 0.1), 100) AS a FROM VALUES (0), "
                "(1), (2), (10) AS tab(col)"),
            "a\n\"[1,1,0]\"\n");
  EXPECT_EQ(Run("SELECT percentile_approx(col, 0.5, 100) AS a, approx_percentile(col, 0.5) AS b "
                "FROM VALUES (0), (6), (7), (9), (10) AS tab(col)"),
            "a,b\n7,7\n");
  EXPECT_EQ(Run("SELECT percentile_approx(d, 0.5) AS a, percentile_approx(x, 0) AS b, "
                "percentile_approx(x, 1) AS c FROM VALUES (DATE '2026-01-03', 2.5), "
                "(DATE '2026-01-01', 1.5), (DATE '2026-01-02', NULL) AS t(d, x)"),
            "a,b,c\n2026-01-02,1.5,2.5\n");
  std::string error = Run("SELECT percentile_approx(x, 0.5, 0) FROM VALUES (1) AS t(x)");
  EXPECT_NE(error.find("percentile_approx: the accuracy must be a positive int, not 0"),
            std::string::npos)
      << error;
  error = Run("SELECT percentile_approx(x, 0.5) FROM VALUES ('a') AS t(x)");
  EXPECT_NE(error.find("of string: not a number, date or timestamp"), std::string::npos) << error;
}

TEST_F(AggregateFunctionsTest, ApproxCountDistinctSmallCountsAreExact) {
  EXPECT_EQ(Run("SELECT approx_count_distinct(col1) AS a FROM VALUES (1), (1), (2), (2), (3) "
                "tab(col1)"),
            "a\n3\n");
  EXPECT_EQ(Run("SELECT k, approx_count_distinct(v) AS n FROM VALUES ('a', 'x'), ('a', 'y'), "
                "('a', 'x'), ('b', NULL) AS t(k, v) GROUP BY k ORDER BY k"),
            "k,n\na,2\nb,0\n");
  std::string error = Run("SELECT approx_count_distinct(x, 0.5) FROM VALUES (1) AS t(x)");
  EXPECT_NE(error.find("approx_count_distinct: relative error 0.5 needs fewer than 4 register "
                       "bits; use at most 0.39"),
            std::string::npos)
      << error;
}

// 100,000 distinct values (a cross join of 100 × 1,000, each value seen twice): the estimate is
// within 2.5 standard errors of the truth at the default 0.05 and at 0.01.
TEST_F(AggregateFunctionsTest, ApproxCountDistinctErrorOnOneHundredThousandValues) {
  std::string hundred, thousand;
  for (int i = 0; i < 100; ++i) hundred += (i ? ", (" : "(") + std::to_string(i) + ")";
  for (int i = 0; i < 1000; ++i) thousand += (i ? ", (" : "(") + std::to_string(i) + ")";
  const std::string from = " FROM (SELECT * FROM VALUES " + hundred +
                           " AS a(x)) a CROSS JOIN (SELECT * FROM VALUES " + thousand +
                           " AS b(y)) b CROSS JOIN (SELECT * FROM VALUES (1), (2) AS c(z)) c";
  std::string out = Rows(
      "SELECT approx_count_distinct(x * 1000 + y) AS a, "
      "approx_count_distinct(x * 1000 + y, 0.01) AS b, count(*) AS n" +
      from);
  int64_t a = 0, b = 0, n = 0;
  ASSERT_EQ(std::sscanf(out.c_str(), "%ld,%ld,%ld", &a, &b, &n), 3) << out;
  EXPECT_EQ(n, 200000);
  EXPECT_LE(std::fabs(static_cast<double>(a) - 100000) / 100000, 2.5 * 0.05) << a;
  EXPECT_LE(std::fabs(static_cast<double>(b) - 100000) / 100000, 2.5 * 0.01) << b;
}

// A table of three files read by two threads: the partial states of each thread merge (Chan's
// formula for the moments, concatenation for the value lists, register maxima for the sketch).
TEST_F(AggregateFunctionsTest, PartialStatesMerge) {
  std::string script = "CREATE NAMESPACE s; CREATE TABLE s.t (k int); ";
  for (int file = 0; file < 3; ++file) {
    std::string values;
    for (int k = 1 + file * 10; k <= 10 + file * 10; ++k)
      values += (values.empty() ? "(" : ", (") + std::to_string(k) + ")";
    script += "INSERT INTO s.t VALUES " + values + "; ";
  }
  Run(script);
  EXPECT_EQ(Run("SELECT k % 3 AS m, var_samp(k) AS v, median(k) AS md, "
                "percentile_approx(k, 0.5) AS pa, approx_count_distinct(k) AS n, "
                "size(collect_set(k)) AS cs, size(collect_list(k)) AS cl FROM s.t GROUP BY 1 "
                "ORDER BY 1"),
            "m,v,md,pa,n,cs,cl\n0,82.5,16.5,15,10,10,10\n1,82.5,14.5,13,10,10,10\n"
            "2,82.5,15.5,14,10,10,10\n");
}

TEST(HyperLogLogTest, XxHash64KnownValues) {
  EXPECT_EQ(XxHash64("", 0), 0xEF46DB3751D8E999ULL);
  EXPECT_EQ(XxHash64("abc", 0), 0x44BC2CF5AD770999ULL);
}

// The sketch alone, on 1k … 1M distinct 8-byte values: within 3 standard errors, and merging
// two halves gives the estimate of the whole.
TEST(HyperLogLogTest, EstimatesWithinErrorAndMerges) {
  for (int64_t n : {1000, 10000, 100000, 1000000}) {
    HyperLogLog all(HyperLogLog::PrecisionFor(0.05)), low(9), high(9);
    for (int64_t i = 0; i < n; ++i) {
      std::string bytes(reinterpret_cast<const char*>(&i), 8);
      const uint64_t h = XxHash64(bytes, 42);
      all.AddHash(h);
      (i % 2 ? low : high).AddHash(h);
    }
    const double error = std::fabs(static_cast<double>(all.Estimate()) - n) / n;
    EXPECT_LE(error, 3 * 1.04 / std::sqrt(512.0)) << n << ": " << all.Estimate();
    low.Merge(high);
    EXPECT_EQ(low.Estimate(), all.Estimate());
  }
}

}  // namespace
}  // namespace floe::sql
