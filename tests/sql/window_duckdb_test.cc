// Window functions on random data (NULLs and ties in every key) equal DuckDB's for the same
// queries: an independent engine computing the same windows. Queries order ties explicitly
// (NULLS FIRST / LAST spelled out; ", id" where a result depends on the order inside peers);
// numbers compare numerically (to 1e-9 relative).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>

#include "sql_script_fixture.h"

namespace floe::sql {
namespace {

bool WindowPeerInstalled() {
  return std::filesystem::exists(testing::SourceDir() +
                                 "/tests/peers/node_modules/@duckdb/node-api");
}

std::vector<std::string> WindowPeerLines(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::vector<std::string> WindowPeerFields(const std::string& line) {
  std::vector<std::string> out(1);
  for (char c : line) {
    if (c == ',') {
      out.emplace_back();
    } else {
      out.back().push_back(c);
    }
  }
  return out;
}

bool WindowPeerSameField(const std::string& a, const std::string& b) {
  if (a == b) return true;
  char* ea = nullptr;
  char* eb = nullptr;
  double x = std::strtod(a.c_str(), &ea), y = std::strtod(b.c_str(), &eb);
  if (a.empty() || b.empty() || *ea || *eb) return false;
  return std::fabs(x - y) <= 1e-9 * std::max(1.0, std::max(std::fabs(x), std::fabs(y)));
}

class WindowDuckDBTest : public SqlScriptTest {};

TEST_F(WindowDuckDBTest, RandomWindowsMatch) {
  if (!WindowPeerInstalled())
    GTEST_SKIP() << "peers not installed (scripts/setup installs tests/peers)";
  std::mt19937_64 rng(20261207);
  std::string values;
  for (int id = 1; id <= 2500; ++id) {
    auto maybe = [&](int64_t v, int null_percent) {
      return static_cast<int>(rng() % 100) < null_percent ? std::string("NULL") : std::to_string(v);
    };
    std::string k = maybe(static_cast<int64_t>(rng() % 12), 8);
    std::string o = maybe(static_cast<int64_t>(rng() % 60), 10);
    std::string v = maybe(static_cast<int64_t>(rng() % 201) - 100, 15);
    values += fmt::format("{}({}, {}, {}, {})", values.empty() ? "" : ", ", id, k, o, v);
  }
  ASSERT_EQ(Run("CREATE NAMESPACE w; CREATE TABLE w.t (id int, k int, o int, v int) USING "
                "iceberg; INSERT INTO w.t VALUES " +
                values)
                .find("error"),
            std::string::npos);

  const std::string p = "PARTITION BY k ORDER BY o NULLS FIRST";
  const std::string pid = "PARTITION BY k ORDER BY o NULLS FIRST, id";
  const std::vector<std::string> queries = {
      "SELECT id, row_number() OVER (" + pid + "), rank() OVER (" + p + "), dense_rank() OVER (" +
          p + "), percent_rank() OVER (" + p + "), ntile(7) OVER (" + pid + ") FROM T ORDER BY id",
      "SELECT id, lag(v) OVER (PARTITION BY k ORDER BY o DESC NULLS LAST, id), lead(v, 3, -1) "
      "OVER (PARTITION BY k ORDER BY o DESC NULLS LAST, id), lag(v, 2, id) OVER (ORDER BY o NULLS "
      "LAST, id DESC), first_value(v) OVER (" +
          pid + "), last_value(v) OVER (" + pid + ") FROM T ORDER BY id",
      "SELECT id, sum(v) OVER (" + p + "), count(v) OVER (" + p + "), count(*) OVER (" + p +
          "), avg(v) OVER (" + p + "), min(v) OVER (" + p + "), max(v) OVER (" + p +
          ") FROM T ORDER BY id",
      "SELECT id, sum(v) OVER (" + pid +
          " ROWS BETWEEN 3 PRECEDING AND 2 FOLLOWING), min(v) OVER (" + pid +
          " ROWS BETWEEN 3 PRECEDING AND 2 FOLLOWING), max(v) OVER (" + pid +
          " ROWS BETWEEN 5 PRECEDING AND 1 PRECEDING), avg(v) OVER (" + pid +
          " ROWS BETWEEN CURRENT ROW AND 4 FOLLOWING), count(v) OVER (" + pid +
          " ROWS BETWEEN 2 FOLLOWING AND UNBOUNDED FOLLOWING) FROM T ORDER BY id",
      "SELECT id, sum(v) OVER (" + p +
          " RANGE BETWEEN 3 PRECEDING AND 2 FOLLOWING), min(v) OVER "
          "(PARTITION BY k ORDER BY o DESC NULLS LAST RANGE BETWEEN 2 PRECEDING AND CURRENT ROW), "
          "count(*) OVER (ORDER BY o NULLS FIRST RANGE BETWEEN 1 FOLLOWING AND 5 FOLLOWING), "
          "max(v) OVER (" +
          p + " RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM T ORDER BY id",
      "SELECT id, sum(v) OVER (PARTITION BY k), max(v) OVER (), count(*) OVER (PARTITION BY k), "
      "first_value(v) OVER (" +
          pid + " ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING), last_value(v) OVER (" + pid +
          " ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING) FROM T ORDER BY id",
      "SELECT id, sum(CAST(v AS DECIMAL(12, 2)) / 4) OVER (" + pid +
          " ROWS BETWEEN 7 PRECEDING AND 3 FOLLOWING), sum(CAST(v AS DECIMAL(12, 2))) OVER (" + p +
          ") FROM T ORDER BY id",
      "SELECT id, k, o FROM (SELECT *, row_number() OVER (PARTITION BY k ORDER BY o DESC NULLS "
      "LAST, id DESC) AS rn FROM T) WHERE rn = 1 ORDER BY id",
      "SELECT k, sum(v), rank() OVER (ORDER BY sum(v) DESC NULLS LAST) FROM T GROUP BY k ORDER BY "
      "k NULLS FIRST",
  };

  // DuckDB: one run, the table made from the same rows, a marker row after each query.
  std::string duck_sql =
      "CREATE TABLE t AS SELECT * FROM (VALUES " + values + ") v(id, k, o, v);\n";
  for (const auto& q : queries) {
    std::string text = q;
    for (size_t at; (at = text.find("FROM T")) != std::string::npos;) text.replace(at, 6, "FROM t");
    duck_sql += text + ";\nSELECT 'end-of-query';\n";
  }
  testing::TempDir tmp;
  std::string sql_path = tmp.path() + "/windows.sql";
  std::ofstream(sql_path) << duck_sql;
  // The SQL on stdin (too long for an argument); RunCommand gives the command /dev/null there.
  testing::CommandResult r = testing::RunCommand(
      "sh -c " +
      testing::ShellQuote(fmt::format(
          "node {} < {}", testing::ShellQuote(testing::SourceDir() + "/tests/peers/duckdb.mjs"),
          testing::ShellQuote(sql_path))));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::vector<std::string>> duck(1);
  std::vector<std::string> lines = WindowPeerLines(r.out);
  ASSERT_FALSE(lines.empty());
  lines.erase(lines.begin());  // CREATE TABLE's row count
  for (const auto& line : lines) {
    if (line == "[\"end-of-query\"]") {
      duck.emplace_back();
      continue;
    }
    std::string fields;
    for (auto f : WindowPeerFields(line.substr(1, line.size() - 2))) {
      if (f == "null") f.clear();
      if (f.size() >= 2 && f.front() == '"') f = f.substr(1, f.size() - 2);
      fields += f + ",";
    }
    fields.pop_back();
    duck.back().push_back(fields);
  }
  ASSERT_EQ(duck.size(), queries.size() + 1);

  for (size_t i = 0; i < queries.size(); ++i) {
    std::string text = queries[i];
    for (size_t at; (at = text.find("FROM T")) != std::string::npos;)
      text.replace(at, 6, "FROM w.t");
    std::string rows = Rows(text);
    ASSERT_EQ(rows.find("error:"), std::string::npos) << text << "\n" << rows;
    std::vector<std::string> floe = WindowPeerLines(rows);
    ASSERT_EQ(floe.size(), duck[i].size()) << text;
    ASSERT_GT(floe.size(), 5u) << text;
    int mismatches = 0;
    for (size_t row = 0; row < floe.size() && mismatches < 5; ++row) {
      std::vector<std::string> a = WindowPeerFields(floe[row]), b = WindowPeerFields(duck[i][row]);
      bool same = a.size() == b.size();
      for (size_t c = 0; same && c < a.size(); ++c) same = WindowPeerSameField(a[c], b[c]);
      if (!same) {
        ++mismatches;
        ADD_FAILURE() << text << "\nrow " << row << "\nfloe:   " << floe[row]
                      << "\nduckdb: " << duck[i][row];
      }
    }
  }
}

}  // namespace
}  // namespace floe::sql
