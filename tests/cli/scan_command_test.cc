// `floe scan` and `floe count` through the real binary, on one table the CLI creates
// (partitioned by day(ts) and region) and fills with three appends (CSV, NDJSON, CSV), so that
// there are three snapshots, three manifests and several data files per snapshot. Rows are
// compared as multisets with the rows the test wrote (filtered by hand for --filter), with
// icebird reading the same table, and with DuckDB reading the Parquet file `--format parquet`
// writes. Then time travel (--snapshot, --as-of, --ref), the plan report, counts answered from
// metadata or not, and the errors with their exit codes.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

bool HavePeers() {
  return std::filesystem::exists(SourceDir() + "/tests/peers/node_modules/icebird") &&
         std::filesystem::exists(SourceDir() + "/tests/peers/node_modules/@duckdb/node-api");
}

std::string Trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

std::vector<std::string> Lines(const std::string& text) {
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

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// One row of the test table: id long, region string, amount double, note string, ts timestamptz.
struct Row {
  int64_t id;
  std::string region;
  std::optional<double> amount;
  std::optional<std::string> note;
  int day;  // of March 2024
  int hour;
};

// Rows [begin, end) of append `n` (0, 1, 2): append 0 covers days 1-3, append 1 days 2-4,
// append 2 days 4-5; nulls in amount and note; some notes need CSV quoting.
std::vector<Row> MakeRows(int n, int begin, int end) {
  std::vector<Row> rows;
  for (int i = begin; i < end; ++i) {
    Row r;
    r.id = i;
    r.region = i % 3 == 0 ? "eu" : i % 3 == 1 ? "us" : "ap";
    if (i % 7 != 3) r.amount = i * 1.5;
    if (i % 5 != 0) r.note = i % 4 == 1 ? fmt::format("n{}, more", i) : fmt::format("n{}", i);
    r.day = n == 0 ? 1 + i % 3 : n == 1 ? 2 + i % 3 : 4 + i % 2;
    r.hour = i % 24;
    rows.push_back(r);
  }
  return rows;
}

std::string Ts(const Row& r) { return fmt::format("2024-03-{:02}T{:02}:15:00", r.day, r.hour); }

std::string AmountJson(const Row& r) {
  if (!r.amount) return "null";
  // The values are multiples of 0.5: one decimal is exact and is floe's shortest form.
  return fmt::format("{:.1f}", *r.amount);
}

// The row as `floe scan --format json` prints it (docs/cli.md "Output").
std::string JsonRow(const Row& r) {
  return fmt::format(
      "{{\"id\":{},\"region\":\"{}\",\"amount\":{},\"note\":{},\"ts\":\"{}.000000+00:00\"}}", r.id,
      r.region, AmountJson(r), r.note ? "\"" + *r.note + "\"" : "null", Ts(r));
}

// The row as icebird prints it: longs as strings, timestamps as ISO instants in milliseconds.
std::string IcebirdRow(const Row& r) {
  std::string amount = r.amount ? fmt::format("{}", *r.amount) : "null";
  return fmt::format(
      "{{\"id\":\"{}\",\"region\":\"{}\",\"amount\":{},\"note\":{},\"ts\":\"{}.000Z\"}}", r.id,
      r.region, amount, r.note ? "\"" + *r.note + "\"" : "null", Ts(r));
}

std::vector<std::string> JsonRows(const std::vector<Row>& rows,
                                  const std::function<bool(const Row&)>& keep = nullptr) {
  std::vector<std::string> out;
  for (const Row& r : rows) {
    if (!keep || keep(r)) out.push_back(JsonRow(r));
  }
  return Sorted(out);
}

std::string Csv(const std::vector<Row>& rows) {
  std::string out = "id,region,amount,note,ts\n";
  for (const Row& r : rows) {
    out += fmt::format("{},{},{},{},{}Z\n", r.id, r.region, r.amount ? AmountJson(r) : "",
                       r.note ? "\"" + *r.note + "\"" : "", Ts(r));
  }
  return out;
}

std::string Ndjson(const std::vector<Row>& rows) {
  std::string out;
  for (const Row& r : rows) {
    out += fmt::format(
        "{{\"id\": {}, \"region\": \"{}\", \"amount\": {}, \"note\": {}, \"ts\": \"{}Z\"}}\n", r.id,
        r.region, AmountJson(r), r.note ? "\"" + *r.note + "\"" : "null", Ts(r));
  }
  return out;
}

// The number after `"key":` in `text` (the first at or after `from`).
int64_t NumberAfter(const std::string& text, const std::string& key, size_t from = 0) {
  const std::string needle = "\"" + key + "\":";
  size_t pos = text.find(needle, from);
  if (pos == std::string::npos) {
    ADD_FAILURE() << "no " << key << " in " << text;
    return -1;
  }
  return std::stoll(text.substr(pos + needle.size()));  // stoll skips the space after the colon
}

class ScanCommandTest : public ::testing::Test {
 protected:
  CommandResult Floe(const std::string& args) {
    return RunFloe("--warehouse " + ShellQuote(wh_.path()) + " " + args);
  }
  CommandResult Ok(const std::string& args) {
    CommandResult r = Floe(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return r;
  }
  std::vector<std::string> ScanJson(const std::string& options) {
    return Sorted(Lines(Ok("scan shop.sales --format json " + options).out));
  }
  void Write(const std::string& name, const std::string& text) {
    std::ofstream(wh_.Join(name)) << text;
  }
  std::string Node(const std::string& script, const std::string& args) {
    CommandResult r = RunCommand(
        fmt::format("node {} {}", ShellQuote(SourceDir() + "/tests/peers/" + script), args));
    EXPECT_EQ(r.exit_code, 0) << script << ": " << r.err;
    return r.out;
  }

  TempDir wh_;
};

TEST_F(ScanCommandTest, RowsFiltersTimeTravelPlansAndCounts) {
  Ok("create namespace shop");
  Ok("create table shop.sales --schema \"id long, region string, amount double, note string, "
     "ts timestamptz\" --partition-by \"days(ts), region\"");
  // An empty table scans to nothing and counts 0 from metadata.
  EXPECT_EQ(Ok("scan shop.sales --format json").out, "");
  EXPECT_EQ(Trim(Ok("count shop.sales --json").out), "{\"count\": 0, \"from_metadata\": true}");

  const std::vector<Row> first = MakeRows(0, 0, 30);
  const std::vector<Row> second = MakeRows(1, 30, 60);
  const std::vector<Row> third = MakeRows(2, 60, 80);
  Write("a.csv", Csv(first));
  Write("b.json", Ndjson(second));
  Write("c.csv", Csv(third));
  std::vector<std::string> ids;
  ids.push_back(Trim(Ok("append shop.sales " + wh_.Join("a.csv")).out));
  ids.push_back(Trim(Ok("append shop.sales " + wh_.Join("b.json")).out));
  ids.push_back(Trim(Ok("append shop.sales " + wh_.Join("c.csv")).out));
  std::vector<Row> all = first;
  all.insert(all.end(), second.begin(), second.end());
  all.insert(all.end(), third.begin(), third.end());
  std::vector<Row> first_two = first;
  first_two.insert(first_two.end(), second.begin(), second.end());

  // Every row, in each format.
  const std::vector<std::string> json = ScanJson("");
  EXPECT_EQ(json, JsonRows(all));
  EXPECT_EQ(Sorted(Lines(Ok("scan shop.sales --json").out)), json);
  const std::vector<std::string> csv = Lines(Ok("scan shop.sales --format csv").out);
  ASSERT_EQ(csv.size(), all.size() + 1);
  EXPECT_EQ(csv[0], "id,region,amount,note,ts");
  std::vector<std::string> expected_csv;
  for (const Row& r : all) {
    expected_csv.push_back(fmt::format(
        "{},{},{},{},{}.000000+00:00", r.id, r.region, r.amount ? AmountJson(r) : "",
        r.note ? (r.note->find(',') != std::string::npos ? "\"" + *r.note + "\"" : *r.note) : "",
        Ts(r)));
  }
  EXPECT_EQ(Sorted({csv.begin() + 1, csv.end()}), Sorted(expected_csv));
  const std::string table = Ok("scan shop.sales").out;
  const std::vector<std::string> table_lines = Lines(table);
  ASSERT_EQ(table_lines.size(), all.size() + 3) << table;  // header, separator, rows, footer
  EXPECT_EQ(table_lines.back(), fmt::format("({} rows)", all.size()));
  EXPECT_NE(table_lines[0].find("region"), std::string::npos);
  EXPECT_NE(table.find("NULL"), std::string::npos);

  // --columns (in schema order, column_selection.h) and --limit.
  {
    std::vector<std::string> expected;
    for (const Row& r : all)
      expected.push_back(
          fmt::format("{{\"id\":{},\"note\":{}}}", r.id, r.note ? "\"" + *r.note + "\"" : "null"));
    EXPECT_EQ(ScanJson("--columns note,id"), Sorted(expected));
    const std::vector<std::string> limited =
        Lines(Ok("scan shop.sales --format json --limit 7").out);
    EXPECT_EQ(limited.size(), 7u);
    for (const std::string& line : limited) {
      EXPECT_TRUE(std::binary_search(json.begin(), json.end(), line)) << line;
    }
    EXPECT_EQ(Ok("scan shop.sales --format json --limit 0").out, "");
    EXPECT_EQ(Lines(Ok("scan shop.sales --format json --limit 1000").out).size(), all.size());
    EXPECT_EQ(Floe("scan shop.sales --limit -1").exit_code, 2);
  }

  // --threads: files read at once, the same rows in the same order (plan order, then file order)
  // and the same first rows for --limit; the global --threads is the default.
  {
    const std::string one = Ok("scan shop.sales --format json --threads 1").out;
    EXPECT_EQ(Sorted(Lines(one)), json);
    EXPECT_EQ(Ok("scan shop.sales --format json --threads 4").out, one);
    EXPECT_EQ(Ok("--threads 3 scan shop.sales --format json").out, one);
    const std::vector<std::string> first_lines = Lines(one);
    const std::vector<std::string> limited =
        Lines(Ok("scan shop.sales --format json --limit 11 --threads 4").out);
    EXPECT_EQ(limited, std::vector<std::string>(first_lines.begin(), first_lines.begin() + 11));
    EXPECT_EQ(Trim(Ok("count shop.sales --filter \"amount > 20\" --threads 4").out),
              Trim(Ok("count shop.sales --filter \"amount > 20\" --threads 1").out));
    EXPECT_EQ(Floe("scan shop.sales --threads -2").exit_code, 2);
    EXPECT_EQ(Floe("count shop.sales --threads x").exit_code, 2);
  }

  // --filter: the rows the test keeps by hand.
  struct Case {
    std::string filter;
    std::function<bool(const Row&)> keep;
  };
  const std::vector<Case> cases = {
      {"region = 'eu'", [](const Row& r) { return r.region == "eu"; }},
      {"region = 'eu' and amount > 30",
       [](const Row& r) { return r.region == "eu" && r.amount && *r.amount > 30; }},
      {"ts >= '2024-03-04T00:00:00Z'", [](const Row& r) { return r.day >= 4; }},
      {"ts < '2024-03-02T12:00:00Z' or id in (40, 41, 77)",
       [](const Row& r) {
         return r.day < 2 || (r.day == 2 && r.hour < 12) || r.id == 40 || r.id == 41 || r.id == 77;
       }},
      {"note is null", [](const Row& r) { return !r.note; }},
      {"amount is not null and not (amount between 10 and 60)",
       [](const Row& r) { return r.amount && !(*r.amount >= 10 && *r.amount <= 60); }},
      {"note like 'n1%'", [](const Row& r) { return r.note && r.note->rfind("n1", 0) == 0; }},
      // Patterns pruning cannot use are filtered on the rows (issue 24).
      {"region like '_u'", [](const Row& r) { return r.region == "eu"; }},
      {"note like '_1%'", [](const Row& r) { return r.note && r.note->substr(1, 1) == "1"; }},
      {"note like '%, m_re' or id = 3",
       [](const Row& r) {
         return (r.note && r.note->find(", more") != std::string::npos) || r.id == 3;
       }},
      {"note not like 'n_'", [](const Row& r) { return r.note && r.note->size() != 2; }},
      {"not (note like 'n%1') and region like 'e%'",
       [](const Row& r) { return r.note && r.note->back() != '1' && r.region == "eu"; }},
      {"note like 'n1#%' escape '#'", [](const Row&) { return false; }},
      {"id > 1000", [](const Row&) { return false; }},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.filter);
    EXPECT_EQ(ScanJson("--filter " + ShellQuote(c.filter)), JsonRows(all, c.keep));
    int64_t n = static_cast<int64_t>(std::count_if(all.begin(), all.end(), c.keep));
    EXPECT_EQ(Trim(Ok("count shop.sales --filter " + ShellQuote(c.filter)).out), std::to_string(n));
  }

  // Parquet output, read back by DuckDB: the same rows as the JSON output.
  if (HavePeers()) {
    Ok("scan shop.sales --format parquet --output " + ShellQuote(wh_.Join("out.parquet")));
    const std::string duck = Node(
        "duckdb.mjs", ShellQuote(fmt::format(
                          "select id::varchar, region, coalesce(printf('%.1f', amount), 'null'), "
                          "coalesce(note, 'null'), epoch_us(ts)::varchar from read_parquet('{}')",
                          wh_.Join("out.parquet"))));
    std::vector<std::string> expected;
    for (const Row& r : all) {
      const int64_t micros = ((int64_t{19782} + r.day) * 86400 + r.hour * 3600 + 15 * 60) *
                             1000000;  // 2024-03-01 is day 19783
      expected.push_back(fmt::format("[\"{}\",\"{}\",\"{}\",\"{}\",\"{}\"]", r.id, r.region,
                                     AmountJson(r), r.note ? *r.note : "null", micros));
    }
    EXPECT_EQ(Sorted(Lines(duck)), Sorted(expected));

    // icebird reads the same table: the same rows as floe's JSON.
    const std::string metadata = Trim(Ok("metadata-location shop.sales").out);
    const std::string folder = Trim(Ok("location shop.sales").out);
    std::vector<std::string> icebird;
    for (const Row& r : all) icebird.push_back(IcebirdRow(r));
    EXPECT_EQ(
        Sorted(Lines(Node("icebird_rows.mjs",
                          ShellQuote(folder) + " " +
                              ShellQuote(std::filesystem::path(metadata).filename().string())))),
        Sorted(icebird));
  }
  CommandResult no_output = Floe("scan shop.sales --format parquet");
  EXPECT_EQ(no_output.exit_code, 2) << no_output.err;
  EXPECT_NE(no_output.err.find("--output"), std::string::npos) << no_output.err;

  // Time travel.
  EXPECT_EQ(ScanJson("--snapshot " + ids[0]), JsonRows(first));
  EXPECT_EQ(ScanJson("--snapshot " + ids[1]), JsonRows(first_two));
  EXPECT_EQ(Trim(Ok("count shop.sales --snapshot " + ids[0]).out), std::to_string(first.size()));
  EXPECT_EQ(ScanJson("--ref main"), json);
  EXPECT_EQ(ScanJson("--snapshot " + ids[1] + " --filter \"region = 'us'\""),
            JsonRows(first_two, [](const Row& r) { return r.region == "us"; }));
  const std::string snapshots = Ok("snapshots shop.sales --json").out;
  std::vector<int64_t> times;
  for (const std::string& id : ids) {
    size_t at = snapshots.find("\"snapshot-id\": " + id);
    ASSERT_NE(at, std::string::npos) << snapshots;
    // The object holding the id: its timestamp comes before or after the id; search the object.
    size_t begin = snapshots.rfind('{', at);
    times.push_back(NumberAfter(snapshots, "timestamp-ms", begin));
  }
  ASSERT_LT(times[0], times[1]);
  ASSERT_LT(times[1], times[2]);
  EXPECT_EQ(ScanJson(fmt::format("--as-of {}", times[1] - 1)), JsonRows(first));
  EXPECT_EQ(ScanJson(fmt::format("--as-of {}", times[1])), JsonRows(first_two));
  EXPECT_EQ(ScanJson(fmt::format("--as-of {}", (times[1] + times[2]) / 2)), JsonRows(first_two));
  EXPECT_EQ(ScanJson("--as-of 2999-01-01T00:00:00Z"), json);
  CommandResult before = Floe("scan shop.sales --as-of 2000-01-01T00:00:00+01:00");
  EXPECT_EQ(before.exit_code, 3) << before.err;
  EXPECT_NE(before.err.find("starts at"), std::string::npos) << before.err;
  EXPECT_NE(before.err.find(ids[0]), std::string::npos) << before.err;
  EXPECT_EQ(Floe(fmt::format("count shop.sales --as-of {}", times[0] - 1)).exit_code, 3);
  CommandResult unknown_ref = Floe("scan shop.sales --ref nope");
  EXPECT_EQ(unknown_ref.exit_code, 3) << unknown_ref.err;
  EXPECT_NE(unknown_ref.err.find("nope"), std::string::npos) << unknown_ref.err;
  EXPECT_EQ(Floe("scan shop.sales --snapshot 12345").exit_code, 3);
  EXPECT_EQ(Floe("scan shop.sales --snapshot " + ids[0] + " --ref main").exit_code, 2);
  EXPECT_EQ(
      Floe(fmt::format("count shop.sales --as-of {} --snapshot {}", times[1], ids[0])).exit_code,
      2);
  EXPECT_EQ(Floe("scan shop.sales --as-of 2024-03-01T00:00:00").exit_code, 2);  // no offset

  // The plan of a filter on one day: the first two manifests hold no day 5, the third's day-4
  // files are skipped by their partition values.
  {
    const std::string plan =
        Ok("scan shop.sales --plan --json --filter \"ts >= '2024-03-05T00:00:00Z'\"").out;
    for (const char* key :
         {"snapshot_id", "schema_id", "filter", "data_manifests", "data_manifests_skipped",
          "delete_manifests", "delete_manifests_skipped", "data_files", "data_files_skipped",
          "data_files_in_skipped_manifests", "data_files_planned", "delete_files",
          "delete_files_applied", "records_planned", "bytes_total", "bytes_to_read"}) {
      EXPECT_NE(plan.find(fmt::format("\"{}\":", key)), std::string::npos) << key << "\n" << plan;
    }
    EXPECT_EQ(NumberAfter(plan, "snapshot_id"), std::stoll(ids[2])) << plan;
    EXPECT_EQ(NumberAfter(plan, "data_manifests"), 3) << plan;
    EXPECT_EQ(NumberAfter(plan, "data_manifests_skipped"), 2) << plan;
    EXPECT_GT(NumberAfter(plan, "data_files_skipped"), 0) << plan;
    EXPECT_GT(NumberAfter(plan, "data_files_in_skipped_manifests"), 0) << plan;
    // Day 5 holds the odd ids of the third append, in three regions: three files.
    EXPECT_EQ(NumberAfter(plan, "data_files_planned"), 3) << plan;
    EXPECT_EQ(NumberAfter(plan, "records_planned"), 10) << plan;
    EXPECT_LT(NumberAfter(plan, "bytes_to_read"), NumberAfter(plan, "bytes_total")) << plan;
    const std::string whole = Ok("scan shop.sales --plan --json").out;
    EXPECT_EQ(NumberAfter(whole, "data_files_skipped"), 0) << whole;
    EXPECT_EQ(NumberAfter(whole, "records_planned"), static_cast<int64_t>(all.size())) << whole;
    EXPECT_NE(Ok("scan shop.sales --plan --filter \"region = 'eu'\"").out.find("data files:"),
              std::string::npos);
  }

  // Counts: from metadata when whole partitions match, read otherwise.
  EXPECT_EQ(Trim(Ok("count shop.sales").out), std::to_string(all.size()));
  EXPECT_EQ(Trim(Ok("count shop.sales --json").out),
            fmt::format("{{\"count\": {}, \"from_metadata\": true}}", all.size()));
  auto count_of = [&](const std::function<bool(const Row&)>& keep) {
    return std::count_if(all.begin(), all.end(), keep);
  };
  EXPECT_EQ(Trim(Ok("count shop.sales --json --filter \"region = 'eu'\"").out),
            fmt::format("{{\"count\": {}, \"from_metadata\": true}}",
                        count_of([](const Row& r) { return r.region == "eu"; })));
  EXPECT_EQ(Trim(Ok("count shop.sales --json --filter \"region in ('us', 'ap') and ts >= "
                    "'2024-03-03T00:00:00Z'\"")
                     .out),
            fmt::format("{{\"count\": {}, \"from_metadata\": true}}",
                        count_of([](const Row& r) { return r.region != "eu" && r.day >= 3; })));
  EXPECT_EQ(Trim(Ok("count shop.sales --json --filter \"amount > 30\"").out),
            fmt::format("{{\"count\": {}, \"from_metadata\": false}}",
                        count_of([](const Row& r) { return r.amount && *r.amount > 30; })));

  // Bad filters: a syntax error is a usage error; an unknown column is named.
  CommandResult syntax = Floe("scan shop.sales --filter \"id >\"");
  EXPECT_EQ(syntax.exit_code, 2) << syntax.err;
  EXPECT_EQ(Floe("count shop.sales --filter \"id >\"").exit_code, 2);
  // Valid SQL that a filter cannot evaluate is named, with its column.
  CommandResult arithmetic = Floe("scan shop.sales --filter \"id > 1 and amount + 1 > 30\"");
  EXPECT_EQ(arithmetic.exit_code, 2);
  EXPECT_NE(arithmetic.err.find("filter: column 12: \"amount + 1\" is not supported in a filter "
                                "(use floe sql)"),
            std::string::npos)
      << arithmetic.err;
  for (const char* command : {"scan", "count"}) {
    CommandResult unknown = Floe(fmt::format("{} shop.sales --filter \"colour = 'red'\"", command));
    EXPECT_NE(unknown.exit_code, 0) << command;
    EXPECT_NE(unknown.err.find("colour"), std::string::npos) << command << ": " << unknown.err;
  }
  CommandResult bad_column = Floe("scan shop.sales --columns id,colour");
  EXPECT_NE(bad_column.exit_code, 0);
  EXPECT_NE(bad_column.err.find("colour"), std::string::npos) << bad_column.err;
  EXPECT_EQ(Floe("scan shop.sales --format xml").exit_code, 2);
  EXPECT_EQ(Floe("scan shop.nope").exit_code, 3);
}

}  // namespace
}  // namespace floe::testing
