// Query results on a random table equal DuckDB's for the same query over the table's Parquet data
// files (an independent engine reading floe's files). Queries are written where the dialects
// agree, with NULLS FIRST/LAST spelled out; numbers compare numerically (to 1e-9 relative).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "floe/catalog/config/catalog_config.h"
#include "floe/columnar/row_writer.h"
#include "floe/sql/session.h"
#include "floe/sql/syntax/parser.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::sql {
namespace {

bool HaveDuckDB() {
  return std::filesystem::exists(testing::SourceDir() +
                                 "/tests/peers/node_modules/@duckdb/node-api");
}

std::vector<std::string> CompareLines(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::vector<std::string> CompareFields(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : line) {
    if (c == ',') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur.push_back(c);
    }
  }
  out.push_back(cur);
  return out;
}

// Equal as numbers when both read as numbers, else as text.
bool SameField(const std::string& a, const std::string& b) {
  if (a == b) return true;
  char* ea = nullptr;
  char* eb = nullptr;
  double x = std::strtod(a.c_str(), &ea), y = std::strtod(b.c_str(), &eb);
  if (a.empty() || b.empty() || *ea || *eb) return false;
  return std::fabs(x - y) <= 1e-9 * std::max(1.0, std::max(std::fabs(x), std::fabs(y)));
}

class DuckDBCompareTest : public ::testing::Test {
 protected:
  void SetUp() override {
    SessionOptions options;
    catalog::FloeConfig config;
    config.catalogs["default"] = catalog::WarehouseCatalogSettings(dir_.path());
    config.default_catalog = "default";
    options.config = config;
    auto session = Session::Make(options);
    ASSERT_OK(session);
    session_ = std::move(*session);
  }

  std::string Floe(const std::string& script) {
    auto pieces = syntax::SplitScript(script);
    if (!pieces.ok()) {
      ADD_FAILURE() << pieces.error().message;
      return "";
    }
    std::string rows;
    for (const auto& piece : *pieces) {
      auto statement = syntax::ParseStatement(piece.text, piece.pos);
      if (!statement.ok()) {
        ADD_FAILURE() << statement.error().message;
        return "";
      }
      std::unique_ptr<columnar::RowWriter> writer;
      StatementOutput output;
      output.on_schema = [&](const columnar::SchemaPtr& schema) {
        writer = columnar::RowWriter::Make(columnar::RowFormat::kCsv, &rows);
        return writer->Begin(schema);
      };
      output.on_batch = [&](const columnar::RecordBatch& b) { return writer->Write(b); };
      auto status = session_->Execute(*statement, output);
      if (!status.ok()) {
        ADD_FAILURE() << piece.text << "\n" << status.error().message;
      }
      if (writer) {
        EXPECT_OK(writer->Finish());
      }
    }
    return rows;
  }

  // DuckDB's rows as CSV-like lines (NULL empty), without a header.
  std::vector<std::string> Duck(const std::string& sql) {
    testing::CommandResult r = testing::RunCommand(fmt::format(
        "node {} {}", testing::ShellQuote(testing::SourceDir() + "/tests/peers/duckdb.mjs"),
        testing::ShellQuote("SET TimeZone = 'UTC'; " + sql)));
    EXPECT_EQ(r.exit_code, 0) << sql << "\n" << r.err;
    std::vector<std::string> out;
    for (const auto& line : CompareLines(r.out)) {
      if (line.empty()) continue;
      // A JSON array of scalars without commas or quotes inside strings (the data has none).
      std::string fields;
      std::string body = line.substr(1, line.size() - 2);
      for (const auto& f : CompareFields(body)) {
        std::string v = f;
        if (v == "null") v.clear();
        if (v.size() >= 2 && v.front() == '"') v = v.substr(1, v.size() - 2);
        fields += v + ",";
      }
      fields.pop_back();
      out.push_back(fields);
    }
    return out;
  }

  testing::TempDir dir_;
  std::unique_ptr<Session> session_;
};

TEST_F(DuckDBCompareTest, RandomTableQueriesMatch) {
  if (!HaveDuckDB()) GTEST_SKIP() << "peers not installed (scripts/setup installs tests/peers)";
  Floe(
      "CREATE NAMESPACE r; CREATE TABLE r.t (k int, g string, x double, d decimal(10,2), "
      "ts timestamp, b boolean) USING iceberg PARTITIONED BY (bucket(4, k))");
  std::mt19937_64 rng(20261130);
  const char* groups[] = {"alpha", "beta", "gamma", "delta"};
  for (int file = 0; file < 3; ++file) {
    std::string values;
    for (int i = 0; i < 120; ++i) {
      auto maybe = [&](const std::string& v) { return rng() % 10 == 0 ? std::string("NULL") : v; };
      values +=
          fmt::format("{}({}, {}, {}, {}, {}, {})", values.empty() ? "" : ", ",
                      maybe(std::to_string(static_cast<int>(rng() % 100))),
                      maybe("'" + std::string(groups[rng() % 4]) + "'"),
                      maybe(fmt::format("{}", static_cast<double>(rng() % 20000) / 100.0 - 50.0)),
                      maybe(fmt::format("{}.{:02}", rng() % 1000, rng() % 100)),
                      maybe(fmt::format("TIMESTAMP '2026-03-{:02} {:02}:{:02}:00+00:00'",
                                        1 + rng() % 9, rng() % 24, rng() % 60)),
                      maybe(rng() % 2 ? "true" : "false"));
    }
    Floe("INSERT INTO r.t VALUES " + values);
  }
  std::string files;
  for (const auto& line : CompareLines(Floe("SELECT file_path FROM r.t.files"))) {
    if (line.empty() || line == "file_path") continue;
    files += (files.empty() ? "'" : ", '") + line + "'";
  }
  ASSERT_FALSE(files.empty());
  const std::string parquet = "read_parquet([" + files + "])";

  struct Case {
    std::string floe;
    std::string duck;  // "" : the same text
  };
  const std::vector<Case> cases = {
      {"SELECT g, count(*), count(k), sum(k), min(k), max(k) FROM T GROUP BY g ORDER BY g NULLS "
       "FIRST",
       ""},
      {"SELECT k, g FROM T WHERE k > 50 AND g IS NOT NULL ORDER BY k NULLS FIRST, g NULLS FIRST",
       ""},
      {"SELECT count(DISTINCT g), count(k), sum(d), avg(k), min(d), max(x) FROM T", ""},
      {"SELECT CASE WHEN k % 2 = 0 THEN 'even' ELSE 'odd' END AS p, count(*) FROM T GROUP BY 1 "
       "ORDER BY 1 NULLS FIRST",
       ""},
      {"SELECT g, sum(d), count(*) FROM T WHERE b GROUP BY g HAVING count(*) > 2 ORDER BY g NULLS "
       "FIRST",
       ""},
      {"SELECT a.k, count(*) FROM T a JOIN T b ON a.k = b.k + 1 GROUP BY a.k ORDER BY 1 NULLS "
       "FIRST",
       ""},
      {"SELECT a.g, count(b.k) FROM (SELECT DISTINCT g FROM T) a LEFT JOIN T b ON a.g = b.g AND "
       "b.k < 10 "
       "GROUP BY a.g ORDER BY 1 NULLS FIRST",
       ""},
      {"SELECT DISTINCT substr(g, 1, 2) AS p, upper(g) AS u, length(g) AS n FROM T ORDER BY p "
       "NULLS FIRST",
       ""},
      {"SELECT to_date(ts) AS day, count(*), sum(k) FROM T GROUP BY 1 ORDER BY 1 NULLS FIRST",
       "SELECT CAST(ts AS DATE) AS day, count(*), sum(k) FROM T GROUP BY 1 ORDER BY 1 NULLS FIRST"},
      {"SELECT k FROM T WHERE k < 5 UNION ALL SELECT k FROM T WHERE k > 95 ORDER BY 1 NULLS FIRST",
       ""},
      {"SELECT coalesce(g, 'none') AS g2, count(*) FROM T WHERE k BETWEEN 10 AND 40 OR k IN (1, 2, "
       "3) "
       "GROUP BY 1 ORDER BY 1",
       ""},
      {"SELECT g, count(*) FROM T WHERE g LIKE '%a' AND NOT b GROUP BY g ORDER BY g", ""},
      {"SELECT k, sum(x) FROM T WHERE k IS NOT NULL GROUP BY k ORDER BY k LIMIT 10 OFFSET 5", ""},
      {"WITH s AS (SELECT g, max(k) AS m FROM T GROUP BY g) SELECT g, m FROM s WHERE m > 90 ORDER "
       "BY g NULLS FIRST",
       ""},
      {"SELECT hour(ts) AS h, count(*) FROM T GROUP BY 1 ORDER BY 1 NULLS FIRST", ""},
      {"SELECT k * 3 - 7 AS v, k / 4 AS q FROM T WHERE k < 20 ORDER BY k NULLS FIRST, v", ""},
      {"SELECT g, stddev(x), variance(x), stddev_pop(x), var_pop(x), stddev_samp(k), var_samp(d) "
       "FROM T GROUP BY g ORDER BY g NULLS FIRST",
       ""},
      {"SELECT g, median(x), median(k), median(d) FROM T GROUP BY g ORDER BY g NULLS FIRST",
       "SELECT g, median(x), median(k), CAST(median(d) AS DOUBLE) FROM T GROUP BY g ORDER BY g "
       "NULLS FIRST"},
      {"SELECT k % 7 AS m, stddev_pop(x), median(x) FROM T WHERE k < 30 GROUP BY 1 ORDER BY 1 "
       "NULLS FIRST",
       ""},
      {"SELECT DISTINCT g, regexp_replace(g, '[aeiou]', '_') AS r, regexp_replace(g, 'l.*', '') "
       "AS s, g RLIKE 'ta$' AS t FROM T ORDER BY 1 NULLS FIRST",
       "SELECT DISTINCT g, regexp_replace(g, '[aeiou]', '_', 'g') AS r, regexp_replace(g, 'l.*', "
       "'', 'g') AS s, regexp_matches(g, 'ta$') AS t FROM T ORDER BY 1 NULLS FIRST"},
  };
  // DuckDB runs every query in one process; a marker row separates their results.
  std::string duck_script;
  for (const auto& c : cases) {
    std::string duck_sql = c.duck.empty() ? c.floe : c.duck;
    for (size_t at = duck_sql.find(" T"); at != std::string::npos;
         at = duck_sql.find(" T", at + 1)) {
      if (at + 2 == duck_sql.size() || duck_sql[at + 2] == ' ' || duck_sql[at + 2] == ')')
        duck_sql.replace(at + 1, 1, parquet);
    }
    duck_script += duck_sql + "; SELECT '@@'; ";
  }
  std::vector<std::vector<std::string>> duck_results(1);
  for (const auto& line : Duck(duck_script)) {
    if (line == "@@") {
      duck_results.emplace_back();
    } else {
      duck_results.back().push_back(line);
    }
  }
  ASSERT_EQ(duck_results.size(), cases.size() + 1);
  for (size_t n = 0; n < cases.size(); ++n) {
    const Case& c = cases[n];
    std::string floe_sql = c.floe;
    // The table is written T: a word of its own.
    auto replace_table = [](std::string sql, const std::string& table) {
      for (size_t at = sql.find(" T"); at != std::string::npos; at = sql.find(" T", at + 1)) {
        if (at + 2 == sql.size() || sql[at + 2] == ' ' || sql[at + 2] == ')')
          sql.replace(at + 1, 1, table);
      }
      return sql;
    };
    floe_sql = replace_table(floe_sql, "r.t");
    std::vector<std::string> ours = CompareLines(Floe(floe_sql));
    ASSERT_FALSE(ours.empty()) << floe_sql;
    ours.erase(ours.begin());  // header
    while (!ours.empty() && ours.back().empty()) ours.pop_back();
    const std::vector<std::string>& theirs = duck_results[n];
    ASSERT_EQ(ours.size(), theirs.size()) << floe_sql;
    for (size_t i = 0; i < ours.size(); ++i) {
      std::vector<std::string> a = CompareFields(ours[i]), b = CompareFields(theirs[i]);
      ASSERT_EQ(a.size(), b.size())
          << floe_sql << "\nfloe:   " << ours[i] << "\nDuckDB: " << theirs[i];
      for (size_t j = 0; j < a.size(); ++j) {
        EXPECT_TRUE(SameField(a[j], b[j]))
            << floe_sql << "\nrow " << i << "\nfloe:   " << ours[i] << "\nDuckDB: " << theirs[i];
      }
    }
  }
}

}  // namespace
}  // namespace floe::sql
