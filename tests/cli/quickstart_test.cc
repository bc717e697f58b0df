// `floe quickstart`: the walkthrough runs on fresh data, and every number it shows is checked
// against DuckDB reading the generated CSV files (an independent engine); icebird (an independent
// Iceberg reader) reads the final tables with the same rows.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

bool QuickstartHavePeers() {
  return std::filesystem::exists(SourceDir() + "/tests/peers/node_modules/@duckdb/node-api") &&
         std::filesystem::exists(SourceDir() + "/tests/peers/node_modules/icebird");
}

std::vector<std::string> SplitLines(const std::string& text) {
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

std::string TrimText(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

class QuickstartTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = tmp_.Join("qs");
    run_ = RunFloe("quickstart " + ShellQuote(dir_));
  }
  // floe sql in the quickstart's catalog, CSV rows without the header.
  std::vector<std::string> Sql(const std::string& sql) {
    CommandResult r = RunFloe(fmt::format("--config {} sql {} --format csv",
                                          ShellQuote(dir_ + "/floe.yaml"), ShellQuote(sql)));
    EXPECT_EQ(r.exit_code, 0) << sql << "\n" << r.err;
    std::vector<std::string> lines = SplitLines(r.out);
    if (!lines.empty()) lines.erase(lines.begin());
    return lines;
  }
  // DuckDB over the orders of the given days; each row is one string (the query concatenates).
  std::vector<std::string> Duck(const std::string& select_from_orders, int last_day) {
    std::string files;
    for (int d = 1; d <= last_day; ++d) {
      files += fmt::format("{}'{}/data/orders-2026-03-{:02}.csv'", d > 1 ? "," : "", dir_, d);
    }
    std::string sql = select_from_orders;
    std::string source =
        fmt::format("read_csv([{}], header=true, types={{'order_ts': 'VARCHAR'}})", files);
    for (size_t at; (at = sql.find("ORDERS")) != std::string::npos;) sql.replace(at, 6, source);
    CommandResult r = RunCommand(fmt::format(
        "node {} {}", ShellQuote(SourceDir() + "/tests/peers/duckdb.mjs"), ShellQuote(sql)));
    EXPECT_EQ(r.exit_code, 0) << sql << "\n" << r.err;
    std::vector<std::string> out;
    for (const auto& line : SplitLines(r.out)) {
      // ["text"] → text
      out.push_back(line.substr(2, line.size() - 4));
    }
    return out;
  }

  TempDir tmp_;
  std::string dir_;
  CommandResult run_;
};

TEST_F(QuickstartTest, WalkthroughNumbersMatchDuckDBAndIcebird) {
  ASSERT_EQ(run_.exit_code, 0) << run_.out << run_.err;
  const std::string out = run_.out + run_.err;
  // Step 2: the file without zones is refused with the reason.
  EXPECT_NE(out.find("orders-2026-03-08-no-zone.csv: line 2, column order_ts: \"2026-03-08T"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("is not a valid timestamptz value (no UTC offset"), std::string::npos) << out;
  // Step 4: the plan skips the days before March 5 (4 of the 8 day files of snapshot 2).
  EXPECT_NE(out.find("data files:        4 planned of 8 (4 skipped by partition values"),
            std::string::npos)
      << out;
  // Step 5: reading through the stale path warns.
  EXPECT_NE(out.find("warning: reading"), std::string::npos) << out;
  if (!QuickstartHavePeers())
    GTEST_SKIP() << "peers not installed (scripts/setup installs tests/peers)";

  std::vector<std::string> snapshots =
      Sql("SELECT snapshot_id, summary['engine-name'] FROM lake.eng.orders.snapshots ORDER BY "
          "committed_at");
  ASSERT_EQ(snapshots.size(), 3u);
  for (const auto& s : snapshots) EXPECT_NE(s.find(",floe"), std::string::npos) << s;
  std::string second = snapshots[1].substr(0, snapshots[1].find(','));

  // Step 3 (March 1-8, snapshot 2) by region.
  // (Time travel reads the snapshot's schema: the column was still called region then.)
  EXPECT_EQ(Sql("SELECT region, sum(amount), count(*) FROM lake.eng.orders VERSION AS OF " +
                second + " GROUP BY region ORDER BY region"),
            Duck("SELECT region || ',' || sum(amount) || ',' || count(*) FROM ORDERS GROUP BY "
                 "region ORDER BY region",
                 8));
  // Step 4.
  EXPECT_EQ(Sql("SELECT count(*) FROM lake.eng.orders VERSION AS OF " + second +
                " WHERE region = 'seoul' AND order_ts >= TIMESTAMP '2026-03-05 00:00:00+00:00'"),
            Duck("SELECT count(*)::VARCHAR FROM ORDERS WHERE region = 'seoul' AND order_ts >= "
                 "'2026-03-05'",
                 8));
  // Step 5: the stale pointer sees March 1-8, the catalog all nine days.
  std::vector<std::string> before = Duck("SELECT count(*)::VARCHAR FROM ORDERS", 8);
  std::vector<std::string> all = Duck("SELECT count(*)::VARCHAR FROM ORDERS", 9);
  EXPECT_NE(
      run_.out.find("\n" + before.at(0) + "\n\n$ floe count lake.eng.orders\n" + all.at(0) + "\n"),
      std::string::npos)
      << run_.out;
  // Step 6: after the rename, all nine days under the new name.
  EXPECT_EQ(
      Sql("SELECT area, sum(amount), count(*) FROM lake.eng.orders GROUP BY area ORDER BY area"),
      Duck("SELECT region || ',' || sum(amount) || ',' || count(*) FROM ORDERS GROUP BY region "
           "ORDER BY region",
           9));
  // Step 7: the daily table.
  std::vector<std::string> daily = Duck(
      "SELECT substr(order_ts, 1, 10) || ',' || count(*) || ',' || sum(amount) FROM ORDERS "
      "GROUP BY substr(order_ts, 1, 10) ORDER BY 1",
      9);
  EXPECT_EQ(Sql("SELECT * FROM lake.eng.daily ORDER BY d"), daily);

  // icebird reads the final tables: the same rows.
  auto icebird = [&](const std::string& table) {
    std::string config = "--config " + ShellQuote(dir_ + "/floe.yaml");
    std::string metadata = TrimText(RunFloe(config + " metadata-location " + table).out);
    std::string folder = TrimText(RunFloe(config + " location " + table).out);
    CommandResult r = RunCommand(fmt::format(
        "node {} {} {}", ShellQuote(SourceDir() + "/tests/peers/icebird_rows.mjs"),
        ShellQuote(folder), ShellQuote(std::filesystem::path(metadata).filename().string())));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return SplitLines(r.out);
  };
  std::vector<std::string> rows = icebird("lake.eng.orders");
  EXPECT_EQ(std::to_string(rows.size()), all.at(0));
  std::map<std::string, std::pair<int64_t, int64_t>> by_area;  // sum, count
  std::regex area_re("\"area\":\"([a-z]+)\""), amount_re("\"amount\":([0-9]+)");
  for (const auto& row : rows) {
    std::smatch a, m;
    ASSERT_TRUE(std::regex_search(row, a, area_re)) << row;
    ASSERT_TRUE(std::regex_search(row, m, amount_re)) << row;
    by_area[a[1]].first += std::stoll(m[1]);
    by_area[a[1]].second += 1;
  }
  std::vector<std::string> icebird_areas;
  for (const auto& [area, v] : by_area)
    icebird_areas.push_back(fmt::format("{},{},{}", area, v.first, v.second));
  EXPECT_EQ(icebird_areas, Duck("SELECT region || ',' || sum(amount) || ',' || count(*) FROM "
                                "ORDERS GROUP BY region ORDER BY region",
                                9));
  std::vector<std::string> icebird_daily;
  std::regex daily_re(
      "\"d\":\"([0-9-]{10})[^\"]*\",\"orders\":\"([0-9]+)\",\"amount\":\"([0-9]+)\"");
  for (const auto& row : icebird("lake.eng.daily")) {
    std::smatch m;
    ASSERT_TRUE(std::regex_search(row, m, daily_re)) << row;
    icebird_daily.push_back(fmt::format("{},{},{}", m[1].str(), m[2].str(), m[3].str()));
  }
  std::sort(icebird_daily.begin(), icebird_daily.end());
  EXPECT_EQ(icebird_daily, daily);
}

// The README's excerpt of the walkthrough is what `floe quickstart` prints: every line of it
// appears in the output, in order ("..." stands for text left out; snapshot ids, the padding
// of table columns and the quickstart folder may differ).
std::string NormalizeWalkthroughLine(std::string line, const std::string& dir) {
  for (size_t at; !dir.empty() && (at = line.find(dir + "/")) != std::string::npos;) {
    line.erase(at, dir.size() + 1);
  }
  line = std::regex_replace(line, std::regex("[0-9]{15,}"), "<id>");
  line = std::regex_replace(line, std::regex("-+"), "-");
  line = std::regex_replace(line, std::regex(" +"), " ");
  while (!line.empty() && line.front() == ' ') line.erase(line.begin());
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

bool MatchesWithGaps(const std::string& readme, const std::string& line) {
  size_t from = 0;
  size_t start = 0;
  while (true) {
    size_t gap = readme.find("...", start);
    std::string part =
        readme.substr(start, gap == std::string::npos ? std::string::npos : gap - start);
    while (!part.empty() && part.back() == ' ') part.pop_back();
    while (!part.empty() && part.front() == ' ') part.erase(part.begin());
    if (!part.empty()) {
      size_t at = line.find(part, from);
      if (at == std::string::npos || (start == 0 && at != 0)) return false;
      from = at + part.size();
    }
    if (gap == std::string::npos) return from == line.size() || readme.ends_with("...");
    start = gap + 3;
  }
}

TEST_F(QuickstartTest, ReadmeExcerptIsWhatItPrints) {
  ASSERT_EQ(run_.exit_code, 0) << run_.out << run_.err;
  std::string readme = ReadFileToString(SourceDir() + "/README.md");
  size_t begin = readme.find("```console", readme.find("An excerpt"));
  ASSERT_NE(begin, std::string::npos);
  begin = readme.find('\n', begin) + 1;
  const std::string excerpt = readme.substr(begin, readme.find("```", begin) - begin);
  std::vector<std::string> out;
  // The walkthrough prints each command's stderr right after it: merge as the terminal shows.
  for (const auto& l : SplitLines(run_.out + run_.err)) {
    out.push_back(NormalizeWalkthroughLine(l, dir_));
  }
  size_t next = 0;
  int checked = 0;
  for (const auto& raw : SplitLines(excerpt)) {
    const std::string want = NormalizeWalkthroughLine(raw, "");
    if (want.empty() || want == "...") continue;
    size_t i = next;
    while (i < out.size() && !MatchesWithGaps(want, out[i])) ++i;
    if (i == out.size()) {
      // Error lines go to stderr, which comes after stdout here: look there too.
      i = 0;
      while (i < out.size() && !MatchesWithGaps(want, out[i])) ++i;
      ASSERT_LT(i, out.size()) << "README line not printed by floe quickstart:\n  " << raw
                               << "\noutput:\n"
                               << run_.out << run_.err;
      ++checked;
      continue;
    }
    next = i + 1;
    ++checked;
  }
  EXPECT_GT(checked, 30);
}

}  // namespace
}  // namespace floe::testing
