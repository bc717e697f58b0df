// Hash aggregation over a table of many data files: the partial aggregates of several reading
// threads merge into the same groups, sums and counts as a brute-force count of the inserted
// rows, and the groups come out in the same (first seen) order as on one thread.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <random>

#include "floe/spec/single_value.h"
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

// The rows of CSV query output (its header line skipped), each under its first field.
std::map<std::string, std::string> RowsByFirstField(const std::string& csv) {
  std::map<std::string, std::string> rows;
  size_t start = csv.find('\n') + 1;
  while (start < csv.size()) {
    size_t end = csv.find('\n', start);
    if (end == std::string::npos) end = csv.size();
    std::string line = csv.substr(start, end - start);
    rows[line.substr(0, line.find(','))] = line;
    start = end + 1;
  }
  return rows;
}

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
    lines[g] =
        fmt::format("{},{},{},{}.{:02},true", g, e.count, e.sum_k, e.sum_d / 100, e.sum_d % 100);
  }
  EXPECT_EQ(RowsByFirstField(four), lines);
  EXPECT_EQ(four.substr(0, four.find('\n') + 1), want);
}

TEST_F(AggregateNodeTest, DecimalSumOverflowAcrossFilesIsNull) {
  const std::string nine =
      "90000000000000000000000000000000000000";  // 9e37: two of them exceed 38 digits
  Run("CREATE NAMESPACE a; CREATE TABLE a.t (k int, d decimal(38,0)) USING iceberg;"
      "INSERT INTO a.t VALUES (1, " +
      nine + "); INSERT INTO a.t VALUES (2, " + nine +
      ");"
      "INSERT INTO a.t VALUES (3, 1)");
  for (int threads : {1, 4}) {
    EXPECT_EQ(QueryWithThreads(threads, "SELECT sum(d), count(d) FROM a.t"),
              "sum(d),count(d)\n,3\n")
        << threads << " threads";
    EXPECT_EQ(QueryWithThreads(threads, "SELECT sum(d) FROM a.t WHERE k <> 2"),
              "sum(d)\n" + nine.substr(0, nine.size() - 1) + "1\n")
        << threads << " threads";
  }
}

// Every way a decimal sum is added (few or many groups, values below 2^51, up to 64 bits, or
// wider), keys that pack into a word or not (strings of up to 10 bytes, NULLs), and arguments
// sharing a subexpression: sums and counts equal a brute-force sum of the inserted rows, on one
// thread and on four.
TEST_F(AggregateNodeTest, DecimalSumsAndShortKeysEqualBruteForce) {
  Run("CREATE NAMESPACE a; CREATE TABLE a.t (k int, s string, d decimal(18,0), w decimal(38,0)) "
      "USING iceberg "
      "PARTITIONED BY (bucket(4, k))");
  std::mt19937_64 rng(2026);
  struct Expected {
    int64_t count = 0;
    __int128 d = 0, w = 0, twice = 0;
  };
  std::map<std::string, Expected> few, many;  // by s; by k % 100
  for (int insert = 0; insert < 3; ++insert) {
    std::string values;
    for (int i = 0; i < 300; ++i) {
      const int k = static_cast<int>(rng() % 1000);
      const int len = static_cast<int>(rng() % 11);  // 0..10 bytes: up to 7 pack into a word
      std::string str = rng() % 9 == 0 ? ""
                                       : std::string(static_cast<size_t>(len),
                                                     static_cast<char>('a' + rng() % 3));
      const bool null_s = rng() % 9 == 0;
      // Small values, values past 2^51, and (rarely) values of 20+ digits for w only.
      const int64_t d =
          insert == 0 ? static_cast<int64_t>(rng() % 1000000) - 500000
                      : static_cast<int64_t>(rng() % 900000000000000000ULL) - 450000000000000000LL;
      __int128 w = d;
      if (rng() % 50 == 0) w = w * 1000000000000LL + 7;
      values += fmt::format("{}({}, {}, {}, {})", values.empty() ? "" : ", ", k,
                            null_s ? "NULL" : "'" + str + "'", d, spec::DecimalToString(w, 0));
      for (Expected* e :
           {&few[null_s ? "NULL" : "[" + str + "]"], &many[std::to_string(k % 100)]}) {
        ++e->count;
        e->d += d;
        e->w += w;
        e->twice += static_cast<__int128>(d) * 2 + 1;
      }
    }
    Run("INSERT INTO a.t VALUES " + values);
  }
  for (int threads : {1, 4}) {
    SCOPED_TRACE(threads);
    OpenSession(threads);
    // Few groups (strings, packed when short); d * 2 shared by two arguments.
    std::string got =
        Run("SELECT CASE WHEN s IS NULL THEN 'NULL' ELSE concat('[', s, ']') END AS g, count(*), "
            "sum(d), sum(w), sum(d * 2 + 1), avg(d) FROM a.t GROUP BY s ORDER BY g");
    std::map<std::string, std::string> by_key;
    for (const auto& [g, e] : few) {
      // avg(d) shares sum(d)'s state: decimal(22,4), rounded half up.
      const __int128 scaled = e.d * 10000;
      __int128 avg = scaled / e.count;
      const __int128 rest = scaled % e.count;
      if (2 * (rest < 0 ? -rest : rest) >= e.count) avg += scaled < 0 ? -1 : 1;
      by_key[g] = fmt::format("{},{},{},{},{},{}", g, e.count, spec::DecimalToString(e.d, 0),
                              spec::DecimalToString(e.w, 0), spec::DecimalToString(e.twice, 0),
                              spec::DecimalToString(avg, 4));
    }
    EXPECT_EQ(RowsByFirstField(got), by_key);
    // Many groups (k % 100, an int key).
    got = Run(
        "SELECT k % 100 AS g, count(*), sum(d), sum(w), sum(d * 2 + 1) FROM a.t GROUP BY k % 100");
    by_key.clear();
    for (const auto& [g, e] : many) {
      by_key[g] = fmt::format("{},{},{},{},{}", g, e.count, spec::DecimalToString(e.d, 0),
                              spec::DecimalToString(e.w, 0), spec::DecimalToString(e.twice, 0));
    }
    EXPECT_EQ(RowsByFirstField(got), by_key);
  }
}

// Keys without NULLs whose strings have one length per column (Q1's flags) are packed by a loop
// of their own; a file whose keys are like that and a file whose keys are not (other lengths,
// NULLs) must still meet in the same groups: each key once, counted like brute force.
TEST_F(AggregateNodeTest, UniformAndMixedShortKeysMeetInOneGroup) {
  Run("CREATE NAMESPACE a; CREATE TABLE a.t (f string, s string, k int) USING iceberg");
  std::mt19937 rng(11);
  std::map<std::string, int64_t> expected;  // "f|s|k" -> count
  auto key_text = [](const std::string& f, const std::string& s, int k) {
    return fmt::format("{}|{}|{}", f, s, k);
  };
  for (int file = 0; file < 4; ++file) {
    std::string values;
    for (int i = 0; i < 400; ++i) {
      const std::string f(1, static_cast<char>('A' + rng() % 3));
      std::string s;
      if (file % 2 == 0) {
        s = std::string(static_cast<size_t>(1 + file / 2),
                        static_cast<char>('x' + rng() % 2));  // 1 or 2 bytes
      } else {
        s = std::string(static_cast<size_t>(rng() % 4),
                        static_cast<char>('x' + rng() % 2));  // 0..3 bytes
      }
      const bool null_s = file % 2 == 1 && rng() % 7 == 0;
      const int k = static_cast<int>(rng() % 3) - 1;
      values += fmt::format("{}('{}', {}, {})", values.empty() ? "" : ", ", f,
                            null_s ? "NULL" : "'" + s + "'", k);
      ++expected[key_text(f, null_s ? "NULL" : s, k)];
    }
    Run("INSERT INTO a.t VALUES " + values);
  }
  std::map<std::string, std::string> want;
  for (const auto& [key, count] : expected) want[key] = fmt::format("{},{}", key, count);
  for (int threads : {1, 4}) {
    SCOPED_TRACE(threads);
    std::string got = QueryWithThreads(threads,
                                       "SELECT concat(f, '|', coalesce(s, 'NULL'), '|', cast(k AS "
                                       "string)) AS g, count(*) FROM a.t "
                                       "GROUP BY f, s, k");
    EXPECT_EQ(RowsByFirstField(got), want);
    EXPECT_EQ(std::count(got.begin(), got.end(), '\n'),
              static_cast<long>(want.size()) + 1);  // no key twice
  }
}

}  // namespace
}  // namespace floe::sql
