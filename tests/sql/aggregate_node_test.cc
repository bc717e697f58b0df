// Hash aggregation over a table of many data files: the partial aggregates of several reading
// threads merge into the same groups, sums and counts as a brute-force count of the inserted
// rows, and the groups come out in the same (first seen) order as on one thread.
#include <map>
#include <random>

#include <fmt/format.h>

#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

class AggregateNodeTest : public SqlScriptTest {
 protected:
  // The query's rows (CSV, with header) read with `threads` reader threads.
  std::string QueryWithThreads(int threads, const std::string& query) {
    OpenSession(threads);
    return Run(query);
  }
};

TEST_F(AggregateNodeTest, ParallelPartialsMergeLikeOneThread) {
  Run("CREATE NAMESPACE a; CREATE TABLE a.t (k int, g string, d decimal(12,2)) USING iceberg "
      "PARTITIONED BY (bucket(8, k))");
  std::mt19937 rng(1130);
  struct Expected {
    int64_t count = 0;
    int64_t sum_k = 0;
    int64_t sum_d = 0;  // unscaled
  };
  std::map<std::string, Expected> expected;  // by g ("" for NULL)
  for (int insert = 0; insert < 4; ++insert) {
    std::string values;
    for (int i = 0; i < 200; ++i) {
      int k = static_cast<int>(rng() % 1000);
      int g = static_cast<int>(rng() % 21);
      int64_t d = static_cast<int64_t>(rng() % 100000);
      std::string name = g == 20 ? "" : fmt::format("g{}", g);
      values += fmt::format("{}({}, {}, {}.{:02})", values.empty() ? "" : ", ", k,
                            g == 20 ? "NULL" : "'" + name + "'", d / 100, d % 100);
      Expected& e = expected[name];
      ++e.count;
      e.sum_k += k;
      e.sum_d += d;
    }
    Run("INSERT INTO a.t VALUES " + values);
  }
  const std::string query = "SELECT g, count(*), sum(k), sum(d), min(k) < 1000 FROM a.t GROUP BY g";
  std::string one = QueryWithThreads(1, query);
  std::string four = QueryWithThreads(4, query);
  EXPECT_EQ(one, four);  // the same groups in the same order

  std::string want = "g,count(1),sum(k),sum(d),(min(k) < 1000)\n";
  std::map<std::string, std::string> lines;
  for (const auto& [g, e] : expected) {
    lines[g] = fmt::format("{},{},{},{}.{:02},true", g, e.count, e.sum_k, e.sum_d / 100, e.sum_d % 100);
  }
  std::map<std::string, std::string> got;
  size_t start = four.find('\n') + 1;
  while (start < four.size()) {
    size_t end = four.find('\n', start);
    std::string line = four.substr(start, end - start);
    got[line.substr(0, line.find(','))] = line;
    start = end + 1;
  }
  EXPECT_EQ(got, lines);
  EXPECT_EQ(four.substr(0, four.find('\n') + 1), want);
}

TEST_F(AggregateNodeTest, DecimalSumOverflowAcrossFilesIsNull) {
  const std::string nine = "90000000000000000000000000000000000000";  // 9e37: two of them exceed 38 digits
  Run("CREATE NAMESPACE a; CREATE TABLE a.t (k int, d decimal(38,0)) USING iceberg;"
      "INSERT INTO a.t VALUES (1, " + nine + "); INSERT INTO a.t VALUES (2, " + nine + ");"
      "INSERT INTO a.t VALUES (3, 1)");
  for (int threads : {1, 4}) {
    EXPECT_EQ(QueryWithThreads(threads, "SELECT sum(d), count(d) FROM a.t"), "sum(d),count(d)\n,3\n")
        << threads << " threads";
    EXPECT_EQ(QueryWithThreads(threads, "SELECT sum(d) FROM a.t WHERE k <> 2"),
              "sum(d)\n" + nine.substr(0, nine.size() - 1) + "1\n")
        << threads << " threads";
  }
}

}  // namespace
}  // namespace floe::sql
