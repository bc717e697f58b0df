// `floe add-files` through the binary: Parquet files DuckDB writes (no field ids), one per day,
// registered in a table partitioned by days(ts) and read back with `floe scan` equal to DuckDB's
// rows of the same files; the refusals (a file spanning two days, a type mismatch) commit
// nothing. And row lineage of a format-version 3 table after two appends, read from the written
// metadata with python3 (json, avro).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

bool AddFilesHaveDuckDb() {
  return std::filesystem::exists(SourceDir() + "/tests/peers/node_modules/@duckdb/node-api");
}

std::string AddFilesTrimEnd(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

std::vector<std::string> SortedLines(const std::string& text) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    if (end > pos) out.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  std::sort(out.begin(), out.end());
  return out;
}

class AddFilesCommandTest : public ::testing::Test {
 protected:
  CommandResult Floe(const std::string& args) {
    return RunFloe("--warehouse " + ShellQuote(wh_.path()) + " " + args);
  }
  std::string Ok(const std::string& args) {
    CommandResult r = Floe(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return r.out;
  }
  CommandResult Duck(const std::string& sql) {
    return RunCommand(fmt::format("node {} {}", ShellQuote(SourceDir() + "/tests/peers/duckdb.mjs"),
                                  ShellQuote(sql)));
  }
  TempDir wh_;
};

// DuckDB's rows of day `d` (2024-03-0d), ids from 10*d.
std::string DaySelect(int d) {
  return fmt::format(
      "select (10 * {0} + i)::bigint as id, 'n' || i as name, timestamptz '2024-03-0{0} "
      "00:00:00+00' + to_minutes((i * 97)::int) as ts from range(0, 8) t(i)",
      d);
}

TEST_F(AddFilesCommandTest, DuckDbDayFilesReadBackAndRefusalsCommitNothing) {
  if (!AddFilesHaveDuckDb())
    GTEST_SKIP() << "peers not installed (scripts/setup installs tests/peers)";
  Ok("create namespace shop");
  Ok("create table shop.events --schema \"id long, name string, ts timestamptz\" "
     "--partition-by \"days(ts)\"");
  std::vector<std::string> files;
  std::string sql;
  for (int d = 1; d <= 3; ++d) {
    files.push_back(wh_.Join(fmt::format("incoming/day{}.parquet", d)));
    sql += fmt::format("copy ({}) to '{}' (format parquet);", DaySelect(d), files.back());
  }
  std::filesystem::create_directories(wh_.Join("incoming"));
  const std::string spanning = wh_.Join("incoming/days4-5.parquet");
  sql += fmt::format(
      "copy (select 100 + i as id, 'x' as name, timestamptz '2024-03-04 12:00:00+00' + "
      "to_hours((i * 6)::int) as ts from range(0, 4) t(i)) to '{}' (format parquet);",
      spanning);
  const std::string mismatch = wh_.Join("incoming/bad.parquet");
  sql += fmt::format(
      "copy (select 'seven' as id, 'n' as name, timestamptz '2024-03-06 "
      "00:00:00+00' as ts) to '{}' (format parquet);",
      mismatch);
  CommandResult written = Duck(sql);
  ASSERT_EQ(written.exit_code, 0) << written.err;

  const std::string id = AddFilesTrimEnd(Ok("add-files shop.events " + ShellQuote(files[0]) + " " +
                                            ShellQuote(files[1]) + " " + ShellQuote(files[2])));
  EXPECT_FALSE(id.empty() || id.find_first_not_of("0123456789") != std::string::npos) << id;

  // The table's rows equal DuckDB's rows of the three files.
  CommandResult expected = Duck(fmt::format(
      "select id, name, strftime(ts at time zone 'UTC', '%Y-%m-%dT%H:%M:%S.%f+00:00') from "
      "read_parquet(['{}', '{}', '{}']) order by id",
      files[0], files[1], files[2]));
  ASSERT_EQ(expected.exit_code, 0) << expected.err;
  std::vector<std::string> want;
  for (const std::string& line : SortedLines(expected.out)) {
    // ["10","n0","2024-03-01T00:00:00.000000+00:00"] -> {"id":10,"name":"n0","ts":"..."}
    std::string row = line.substr(1, line.size() - 2);
    size_t c1 = row.find(',');
    size_t c2 = row.find(',', c1 + 1);
    std::string idv = row.substr(0, c1);
    idv.erase(std::remove(idv.begin(), idv.end(), '"'), idv.end());
    want.push_back(fmt::format("{{\"id\":{},\"name\":{},\"ts\":{}}}", idv,
                               row.substr(c1 + 1, c2 - c1 - 1), row.substr(c2 + 1)));
  }
  std::sort(want.begin(), want.end());
  ASSERT_EQ(want.size(), 24u);
  std::vector<std::string> got = SortedLines(Ok("scan shop.events --format json"));
  for (std::string& g : got) g.erase(std::remove(g.begin(), g.end(), ' '), g.end());
  EXPECT_EQ(got, want);

  // One snapshot, three files in three day partitions, the mapping written.
  std::string snaps = Ok("snapshots shop.events --json");
  EXPECT_NE(snaps.find("\"added-data-files\": \"3\""), std::string::npos) << snaps;
  EXPECT_NE(snaps.find("\"changed-partition-count\": \"3\""), std::string::npos) << snaps;
  EXPECT_NE(Ok("properties get table shop.events schema.name-mapping.default").find("\"ts\""),
            std::string::npos);
  // A filter on one day reads one file.
  EXPECT_EQ(SortedLines(Ok("scan shop.events --filter \"ts >= '2024-03-02T00:00:00+00:00' and "
                           "ts < '2024-03-03T00:00:00+00:00'\" --format csv --columns id"))
                .size(),
            9u);  // header + 8 rows

  // Refusals: exit codes of their kinds, the file named, nothing committed.
  const std::string metadata = Ok("metadata-location shop.events");
  CommandResult spans = Floe("add-files shop.events " + ShellQuote(spanning));
  EXPECT_EQ(spans.exit_code, 2) << spans.err;
  EXPECT_NE(spans.err.find("days4-5.parquet"), std::string::npos) << spans.err;
  EXPECT_NE(spans.err.find("spans several partitions of partition field ts_day"), std::string::npos)
      << spans.err;
  CommandResult bad = Floe("add-files shop.events " + ShellQuote(mismatch));
  EXPECT_EQ(bad.exit_code, 5) << bad.err;
  EXPECT_NE(bad.err.find("bad.parquet"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("id"), std::string::npos) << bad.err;
  CommandResult twice = Floe("add-files shop.events " + ShellQuote(files[0]));
  EXPECT_EQ(twice.exit_code, 2) << twice.err;
  EXPECT_NE(twice.err.find("already in the table"), std::string::npos) << twice.err;
  // Other spellings of the same file: file: URIs, doubled slashes, a symbolic link.
  const std::filesystem::path first(files[0]);
  const std::string link = wh_.Join("link.parquet");
  std::filesystem::create_symlink(first, link);
  for (const std::string& spelling :
       {"file:" + first.string(), "file://" + first.string(),
        first.parent_path().string() + "//" + first.filename().string(), link}) {
    CommandResult again = Floe("add-files shop.events " + ShellQuote(spelling));
    EXPECT_EQ(again.exit_code, 2) << spelling << "\n" << again.err;
    EXPECT_NE(again.err.find("already in the table"), std::string::npos) << again.err;
    EXPECT_NE(again.err.find("--allow-duplicates"), std::string::npos) << again.err;
  }
  EXPECT_EQ(Ok("metadata-location shop.events"), metadata);
  const int64_t before = std::stoll(Ok("count shop.events"));
  Ok("add-files shop.events " + ShellQuote("file://" + first.string()) + " --allow-duplicates");
  EXPECT_EQ(std::stoll(Ok("count shop.events")), before + 8);

  CommandResult help = Floe("add-files --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("floe add-files <table>"), std::string::npos) << help.out;
}

// Spec "Row Lineage": a v3 append assigns the snapshot first-row-id = the table's next-row-id
// and added-rows, the new manifest's first_row_id, and advances next-row-id.
TEST_F(AddFilesCommandTest, FormatVersion3AppendsAssignRowLineage) {
  Ok("create namespace ns");
  Ok("create table ns.t --schema \"id long, v string\" --format-version 3");
  std::string a = "id,v\n", b = "id,v\n";
  for (int i = 0; i < 5; ++i) a += fmt::format("{},a{}\n", i, i);
  for (int i = 0; i < 7; ++i) b += fmt::format("{},b{}\n", 100 + i, i);
  std::ofstream(wh_.Join("a.csv")) << a;
  std::ofstream(wh_.Join("b.csv")) << b;
  const std::string s1 = AddFilesTrimEnd(Ok("append ns.t " + ShellQuote(wh_.Join("a.csv"))));
  const std::string s2 = AddFilesTrimEnd(Ok("append ns.t " + ShellQuote(wh_.Join("b.csv"))));
  const std::string metadata = AddFilesTrimEnd(Ok("metadata-location ns.t"));

  // Independent reading: python's json for the metadata, python3-avro for the manifest lists.
  const std::string script =
      "import json, sys, avro.datafile, avro.io\n"
      "m = json.load(open(sys.argv[1]))\n"
      "print('format-version', m['format-version'], 'next-row-id', m['next-row-id'])\n"
      "for s in m['snapshots']:\n"
      "  print('snapshot', s['snapshot-id'], 'first-row-id', s['first-row-id'], 'added-rows',"
      " s['added-rows'])\n"
      "  r = avro.datafile.DataFileReader(open(s['manifest-list'], 'rb'), avro.io.DatumReader())\n"
      "  for e in sorted(r, key=lambda e: e['first_row_id']):\n"
      "    print('  manifest first_row_id', e['first_row_id'], 'added', e['added_rows_count'])\n";
  CommandResult py =
      RunCommand("/usr/bin/python3 -c " + ShellQuote(script) + " " + ShellQuote(metadata));
  ASSERT_EQ(py.exit_code, 0) << py.err;
  EXPECT_EQ(py.out, fmt::format("format-version 3 next-row-id 12\n"
                                "snapshot {} first-row-id 0 added-rows 5\n"
                                "  manifest first_row_id 0 added 5\n"
                                "snapshot {} first-row-id 5 added-rows 7\n"
                                "  manifest first_row_id 0 added 5\n"
                                "  manifest first_row_id 5 added 7\n",
                                s1, s2));
  // The rows read back.
  EXPECT_EQ(AddFilesTrimEnd(Ok("count ns.t")), "12");
}

}  // namespace
}  // namespace floe::testing
