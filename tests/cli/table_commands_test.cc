// Tables through the real binary: create namespace/table, append CSV, NDJSON and Parquet files
// (several in one commit), and the table judged by independent readers — icebird reads every row
// back, DuckDB reads the data files, python3-avro the manifests. Then the errors users meet, and
// processes appending to one table at once.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

bool PeersReady() {
  return std::filesystem::exists(SourceDir() + "/tests/peers/node_modules/icebird") &&
         std::filesystem::exists(SourceDir() + "/tests/peers/node_modules/@duckdb/node-api");
}

std::string TrimEnd(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

std::vector<std::string> NonEmptyLines(const std::string& text) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    if (end > pos) out.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

void WriteText(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

class TableCommandsTest : public ::testing::Test {
 protected:
  // The catalog options every command gets: --warehouse (SQLite), or a floe.yaml naming a
  // file-system catalog.
  std::string CatalogOptions() const {
    return config_.empty() ? "--warehouse " + ShellQuote(wh_.path())
                           : "--config " + ShellQuote(config_);
  }
  void UseFileSystemCatalog() {
    config_ = wh_.Join("floe.yaml");
    WriteText(config_, fmt::format("catalog:\n  lake:\n    type: fs\n    warehouse: {}\n",
                                   wh_.Join("lake")));
  }
  CommandResult Floe(const std::string& args) { return RunFloe(CatalogOptions() + " " + args); }
  void RunConcurrentAppends();
  void RunConcurrentAppends(const std::string& table, int processes);
  CommandResult Ok(const std::string& args) {
    CommandResult r = Floe(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return r;
  }
  // Every row icebird reads from the table, sorted.
  std::vector<std::string> IcebirdRows(const std::string& table) {
    const std::string metadata = TrimEnd(Ok("metadata-location " + table).out);
    const std::string folder = TrimEnd(Ok("location " + table).out);
    CommandResult r = RunCommand(fmt::format(
        "node {} {} {}", ShellQuote(SourceDir() + "/tests/peers/icebird_rows.mjs"),
        ShellQuote(folder), ShellQuote(std::filesystem::path(metadata).filename().string())));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::vector<std::string> rows = NonEmptyLines(r.out);
    std::sort(rows.begin(), rows.end());
    return rows;
  }

  TempDir wh_;
  std::string config_;
};

// The rows of the test, as icebird prints them (longs as strings, timestamps in UTC).
std::string Row(int i) {
  return fmt::format(
      "{{\"order_id\":\"A{}\",\"customer_id\":\"{}\",\"region\":\"{}\",\"amount\":{},"
      "\"order_ts\":\"2024-01-{:02}T{:02}:30:00.000Z\"}}",
      i, 100 + i % 7, i % 3 == 0 ? "eu" : "us", i * 10, 1 + i % 5, i % 24);
}

TEST_F(TableCommandsTest, CreateAppendAndReadBackWithIcebird) {
  if (!PeersReady()) GTEST_SKIP() << "peers not installed (scripts/setup installs tests/peers)";
  Ok("create namespace shop");
  Ok("create table shop.orders --schema \"order_id string, customer_id long, region string, "
     "amount int, order_ts timestamptz\" --partition-by \"days(order_ts), bucket(16, order_id)\" "
     "--property commit.manifest.min-count-to-merge=3");
  EXPECT_EQ(TrimEnd(Ok("list").out), "shop");
  EXPECT_EQ(TrimEnd(Ok("list shop").out), "shop.orders");

  // Day 1: CSV. Day 2: NDJSON. Day 3: a Parquet file DuckDB writes, plus a CSV, in one commit.
  std::string csv = "order_id,customer_id,region,amount,order_ts\n";
  for (int i = 0; i < 40; ++i) {
    csv += fmt::format("A{},{},{},{},2024-01-{:02}T{:02}:30:00+00:00\n", i, 100 + i % 7,
                       i % 3 == 0 ? "eu" : "us", i * 10, 1 + i % 5, i % 24);
  }
  WriteText(wh_.Join("day1.csv"), csv);
  std::string ndjson;
  for (int i = 40; i < 80; ++i) {
    ndjson += fmt::format(
        "{{\"order_id\": \"A{}\", \"customer_id\": {}, \"region\": \"{}\", \"amount\": {}, "
        "\"order_ts\": \"2024-01-{:02}T{:02}:30:00Z\"}}\n",
        i, 100 + i % 7, i % 3 == 0 ? "eu" : "us", i * 10, 1 + i % 5, i % 24);
  }
  WriteText(wh_.Join("day2.json"), ndjson);
  CommandResult duck = RunCommand(fmt::format(
      "node {} {}", ShellQuote(SourceDir() + "/tests/peers/duckdb.mjs"),
      ShellQuote(fmt::format(
          "copy (select 'A' || i as order_id, 100 + i % 7 as customer_id, case when i % 3 = 0 "
          "then 'eu' else 'us' end as region, (i * 10)::int as amount, (timestamptz "
          "'2024-01-01 00:30:00+00' + to_days((i % 5)::int) + to_hours((i % 24)::int)) as "
          "order_ts from range(80, 120) t(i)) to '{}' (format parquet)",
          wh_.Join("day3.parquet")))));
  ASSERT_EQ(duck.exit_code, 0) << duck.err;
  std::string csv2 = "order_id,customer_id,region,amount,order_ts\n";
  for (int i = 120; i < 130; ++i) {
    csv2 += fmt::format("A{},{},{},{},2024-01-{:02}T{:02}:30:00+00:00\n", i, 100 + i % 7,
                        i % 3 == 0 ? "eu" : "us", i * 10, 1 + i % 5, i % 24);
  }
  WriteText(wh_.Join("day3.csv"), csv2);

  std::vector<std::string> ids;
  ids.push_back(TrimEnd(Ok("append shop.orders " + wh_.Join("day1.csv") + " --app-id day1").out));
  ids.push_back(TrimEnd(Ok("append shop.orders " + wh_.Join("day2.json")).out));
  ids.push_back(TrimEnd(
      Ok("append shop.orders " + wh_.Join("day3.parquet") + " " + wh_.Join("day3.csv")).out));
  for (const std::string& id : ids)
    EXPECT_FALSE(id.empty() || id.find_first_not_of("0123456789") != std::string::npos) << id;

  std::vector<std::string> expected;
  for (int i = 0; i < 130; ++i) expected.push_back(Row(i));
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(IcebirdRows("shop.orders"), expected);

  // Three snapshots in a line, totals accumulating, the writer named.
  CommandResult snaps = Ok("snapshots shop.orders --json");
  for (size_t i = 0; i < ids.size(); ++i) {
    EXPECT_NE(snaps.out.find("\"snapshot-id\": " + ids[i]), std::string::npos) << snaps.out;
    if (i > 0) {
      EXPECT_NE(snaps.out.find("\"parent-snapshot-id\": " + ids[i - 1]), std::string::npos);
    }
  }
  EXPECT_NE(snaps.out.find("\"total-records\": \"130\""), std::string::npos) << snaps.out;
  EXPECT_NE(snaps.out.find("\"engine-name\": \"floe\""), std::string::npos);
  EXPECT_NE(snaps.out.find("\"app-id\": \"day1\""), std::string::npos);
  EXPECT_NE(snaps.out.find("\"added-records\": \"50\""), std::string::npos);

  // DuckDB reads the data files: the same count and sum, field ids as the table's.
  const std::string location = TrimEnd(Ok("location shop.orders").out);
  CommandResult sums = RunCommand(
      fmt::format("node {} {}", ShellQuote(SourceDir() + "/tests/peers/duckdb.mjs"),
                  ShellQuote(fmt::format("select count(*)::int as n, sum(amount)::bigint as s from "
                                         "read_parquet('{}/data/**/*.parquet')",
                                         location))));
  ASSERT_EQ(sums.exit_code, 0) << sums.err;
  EXPECT_NE(sums.out.find("130"), std::string::npos) << sums.out;
  EXPECT_NE(sums.out.find("83850"), std::string::npos) << sums.out;  // 10 * (0 + ... + 129)

  // python3-avro reads every manifest; the ADDED entries of the latest snapshot's manifests
  // add up to the table's rows.
  const std::vector<std::string> manifests = FilesUnder(location + "/metadata", "-m0.avro");
  ASSERT_FALSE(manifests.empty());
  for (const std::string& m : manifests) {
    CommandResult avro = RunCommand(
        "/usr/bin/python3 -c " +
        ShellQuote(
            "import sys, avro.datafile, avro.io\n"
            "r = avro.datafile.DataFileReader(open(sys.argv[1], 'rb'), avro.io.DatumReader())\n"
            "print(sum(e['data_file']['record_count'] for e in r))") +
        " " + ShellQuote(m));
    EXPECT_EQ(avro.exit_code, 0) << avro.err;
    EXPECT_GT(std::stoll("0" + TrimEnd(avro.out)), 0) << m;
  }
}

TEST_F(TableCommandsTest, ErrorsSayWhatToDoAndExitWithTheirCode) {
  Ok("create namespace shop");
  CommandResult bare = Floe("create table shop.t --schema \"id long, ts timestamp\"");
  EXPECT_EQ(bare.exit_code, 2);
  EXPECT_NE(bare.err.find("write timestamptz or timestamp_ntz"), std::string::npos) << bare.err;

  Ok("create table shop.t --schema \"id long not null, ts timestamptz\"");
  CommandResult again = Floe("create table shop.t --schema \"id long\"");
  EXPECT_EQ(again.exit_code, 4) << again.err;

  // A timestamp without zone for a timestamptz column: refused before anything is written.
  WriteText(wh_.Join("naive.csv"), "id,ts\n1,2024-01-01T00:00:00\n");
  CommandResult naive = Floe("append shop.t " + wh_.Join("naive.csv"));
  EXPECT_EQ(naive.exit_code, 5) << naive.err;
  EXPECT_NE(naive.err.find("ts"), std::string::npos) << naive.err;
  // A null in a required column: nothing is committed, nothing is left behind.
  WriteText(wh_.Join("nulls.json"),
            "{\"id\": 1, \"ts\": \"2024-01-01T00:00:00Z\"}\n"
            "{\"id\": null, \"ts\": \"2024-01-01T00:00:00Z\"}\n");
  CommandResult nulls = Floe("append shop.t " + wh_.Join("nulls.json"));
  EXPECT_EQ(nulls.exit_code, 5) << nulls.err;
  EXPECT_TRUE(FilesUnder(wh_.Join("shop/t"), ".parquet").empty());
  EXPECT_EQ(TrimEnd(Ok("snapshots shop.t --json").out), "[]");

  EXPECT_EQ(Floe("append shop.nope " + wh_.Join("naive.csv")).exit_code, 3);
  EXPECT_EQ(Floe("append shop.t " + wh_.Join("missing.csv")).exit_code, 3);
  CommandResult no_catalog = RunFloe("append shop.t x.csv");
  EXPECT_EQ(no_catalog.exit_code, 2) << no_catalog.err;
}

TEST_F(TableCommandsTest, PropertiesDescribeHistoryAndRefs) {
  Ok("create namespace shop --property owner=data-eng");
  Ok("create table shop.t --schema \"id long\" --property a=1");
  Ok("properties set table shop.t commit.manifest-merge.enabled false");
  EXPECT_EQ(Ok("properties get table shop.t commit.manifest-merge.enabled").out, "false\n");
  Ok("properties remove table shop.t a");
  EXPECT_EQ(Floe("properties get table shop.t a").exit_code, 3);
  EXPECT_EQ(Floe("properties remove table shop.t a").exit_code, 3);
  EXPECT_EQ(Floe("properties get tabel shop.t").exit_code, 2);
  Ok("properties set namespace shop team lake");
  EXPECT_EQ(Ok("properties get namespace shop team").out, "lake\n");
  EXPECT_NE(Ok("describe shop").out.find("owner=data-eng"), std::string::npos);
  EXPECT_NE(Ok("describe shop.t").out.find("commit.manifest-merge.enabled=false"),
            std::string::npos);
  EXPECT_EQ(Floe("describe shop.nope").exit_code, 3);

  WriteText(wh_.Join("a.csv"), "id\n1\n2\n");
  const std::string first = TrimEnd(Ok("append shop.t " + wh_.Join("a.csv")).out);
  const std::string second = TrimEnd(Ok("append shop.t " + wh_.Join("a.csv")).out);
  const std::string history = Ok("history shop.t").out;
  EXPECT_NE(history.find(first), std::string::npos) << history;
  // The second entry's line: made_current_at, snapshot, parent, is_current_ancestor.
  bool found = false;
  for (const std::string& line : NonEmptyLines(history)) {
    std::istringstream words(line);
    std::string at, id, parent, ancestor;
    words >> at >> id >> parent >> ancestor;
    if (id == second) found = parent == first && ancestor == "true";
  }
  EXPECT_TRUE(found) << history;
  EXPECT_EQ(std::count(history.begin(), history.end(), '\n'), 3) << history;
  EXPECT_NE(Ok("refs shop.t --json").out.find("\"snapshot-id\": " + second), std::string::npos);
  // With merging off, each append adds one manifest.
  EXPECT_EQ(FilesUnder(wh_.Join("shop/t/metadata"), "-m0.avro").size(), 2u);
  EXPECT_EQ(TrimEnd(Ok("uuid shop.t").out).size(), 36u);
  EXPECT_NE(Ok("schema shop.t").out.find("id  long"), std::string::npos);
  EXPECT_EQ(TrimEnd(Ok("spec shop.t").out), "unpartitioned");
}

// Processes appending to one table at once (two, then eight): each lands or exits with the conflict
// code, every row of every process that landed is in the table, and the snapshots form one line.
TEST_F(TableCommandsTest, ConcurrentAppendsAllLandSqlCatalog) { RunConcurrentAppends(); }

TEST_F(TableCommandsTest, ConcurrentAppendsAllLandFileSystemCatalog) {
  UseFileSystemCatalog();
  RunConcurrentAppends();
}

void TableCommandsTest::RunConcurrentAppends() {
  if (!PeersReady()) GTEST_SKIP() << "peers not installed (scripts/setup installs tests/peers)";
  Ok("create namespace shop");
  // Two processes, then eight, each group on its own table.
  for (int processes : {2, 8}) {
    SCOPED_TRACE(fmt::format("{} processes", processes));
    RunConcurrentAppends(fmt::format("shop.c{}", processes), processes);
  }
}

void TableCommandsTest::RunConcurrentAppends(const std::string& table, int processes) {
  Ok("create table " + table +
     " --schema \"id long, writer int\" --property commit.retry.num-retries=50 "
     "--property commit.retry.min-wait-ms=5 --property commit.retry.max-wait-ms=200");
  const int kProcesses = processes;
  std::string script;
  for (int p = 0; p < kProcesses; ++p) {
    std::string csv = "id,writer\n";
    for (int i = 0; i < 5; ++i) csv += fmt::format("{},{}\n", p * 100 + i, p);
    WriteText(wh_.Join(fmt::format("p{}.csv", p)), csv);
    script += fmt::format("({} {} append {} {} >/dev/null 2>&1; echo $? > {}) & ",
                          ShellQuote(FloeBinary()), CatalogOptions(), table,
                          ShellQuote(wh_.Join(fmt::format("p{}.csv", p))),
                          ShellQuote(wh_.Join(fmt::format("p{}.rc", p))));
  }
  CommandResult all = RunCommand(script + "wait");
  ASSERT_EQ(all.exit_code, 0) << all.err;
  std::set<int> landed;
  for (int p = 0; p < kProcesses; ++p) {
    const std::string rc = TrimEnd(ReadFileToString(wh_.Join(fmt::format("p{}.rc", p))));
    EXPECT_TRUE(rc == "0" || rc == "8") << "process " << p << " exited " << rc;
    if (rc == "0") landed.insert(p);
  }
  EXPECT_FALSE(landed.empty());
  std::vector<std::string> expected;
  for (int p : landed) {
    for (int i = 0; i < 5; ++i) {
      expected.push_back(fmt::format("{{\"id\":\"{}\",\"writer\":{}}}", p * 100 + i, p));
    }
  }
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(IcebirdRows(table), expected);
  // One line: every snapshot's parent is the one before it.
  CommandResult snaps = Ok("snapshots " + table + " --json");
  EXPECT_EQ(std::count(snaps.out.begin(), snaps.out.end(), '{') -
                static_cast<long>(landed.size()),  // each snapshot object and its summary object
            static_cast<long>(landed.size()));
  EXPECT_EQ(snaps.out.find("\"parent-snapshot-id\": null"),
            snaps.out.rfind("\"parent-snapshot-id\": null"));
}

}  // namespace
}  // namespace floe::testing
