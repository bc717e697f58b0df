// The v3 types other engines write — timestamp_ns, timestamptz_ns, unknown, geometry and
// geography — through the binary: a DuckDB file (TIMESTAMP(NANOS) and GEOMETRY logical types)
// added to a v3 table and read with scan, count and filters at nanosecond boundaries, SQL
// (comparisons, ordering, min/max), schema, files --stats, parquet cat/schema, and floe's own
// Parquet output read back by DuckDB; a table partitioned by every time transform of a
// timestamp_ns column; geography and timestamptz_ns written by SQL INSERT and read back, their
// CRS and edge algorithm kept in the schema and in the Parquet logical types.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

bool V3TypesHaveDuckDb() {
  return std::filesystem::exists(SourceDir() + "/tests/peers/node_modules/@duckdb/node-api");
}

std::vector<std::string> V3Lines(const std::string& text) {
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

std::string V3Trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// The WKB of POINT(x y): little-endian byte order mark, type 1, then x and y, as lowercase hex.
std::string PointWkbHex(double x, double y) {
  std::string bytes = std::string("\x01\x01\x00\x00\x00", 5);
  char d[8];
  std::memcpy(d, &x, 8);
  bytes.append(d, 8);
  std::memcpy(d, &y, 8);
  bytes.append(d, 8);
  std::string hex;
  for (unsigned char c : bytes) hex += fmt::format("{:02x}", c);
  return hex;
}

// Row i of the DuckDB file: nanoseconds since 1970 of tns, and whether g is null.
constexpr int64_t kBaseNanos = 1704164645123456789;  // 2024-01-02T03:04:05.123456789
constexpr int64_t kStepNanos = 3600000000007;        // one hour and 7 ns
int64_t RowNanos(int i) { return kBaseNanos + i * kStepNanos; }
bool RowGeometryNull(int i) { return i % 3 == 0; }

// "2024-01-02T0H:04:05.123456789" for row i (all rows are on 2024-01-02).
std::string RowTimestamp(int i) {
  const int64_t nanos_of_day = RowNanos(i) % (86400LL * 1000000000);
  const int64_t secs = nanos_of_day / 1000000000;
  return fmt::format("2024-01-02T{:02}:{:02}:{:02}.{:09}", secs / 3600, secs / 60 % 60, secs % 60,
                     nanos_of_day % 1000000000);
}

std::string RowJson(int i) {
  return fmt::format("{{\"id\":{},\"tns\":\"{}\",\"g\":{},\"u\":null}}", i, RowTimestamp(i),
                     RowGeometryNull(i) ? "null" : "\"" + PointWkbHex(i, 2.0 * i) + "\"");
}

class V3TypesTest : public ::testing::Test {
 protected:
  CommandResult Floe(const std::string& args) {
    return RunFloe("--warehouse " + ShellQuote(wh_.path()) + " " + args);
  }
  std::string Ok(const std::string& args) {
    CommandResult r = Floe(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return r.out;
  }
  std::string Duck(const std::string& sql) {
    CommandResult r = RunCommand(fmt::format(
        "node {} {}", ShellQuote(SourceDir() + "/tests/peers/duckdb.mjs"), ShellQuote(sql)));
    EXPECT_EQ(r.exit_code, 0) << sql << "\n" << r.err;
    return r.out;
  }
  // `scan` JSON rows without spaces.
  std::vector<std::string> ScanRows(const std::string& args) {
    std::vector<std::string> rows = V3Lines(Ok("scan " + args + " --format json"));
    for (std::string& r : rows) r.erase(std::remove(r.begin(), r.end(), ' '), r.end());
    return rows;
  }
  TempDir wh_;
};

TEST_F(V3TypesTest, DuckDbNanosAndGeometryReadThroughEveryListing) {
  if (!V3TypesHaveDuckDb()) GTEST_SKIP() << "peers not installed";
  const std::string file = wh_.Join("d.parquet");
  Duck(fmt::format(
      "copy (select i::int as id, make_timestamp_ns({} + i * {}) as tns, case when i % 3 = 0 "
      "then null else ('POINT(' || i || ' ' || (i * 2) || ')')::geometry end as g from "
      "range(0, 6) t(i)) to '{}' (FIELD_IDS {{id: 1, tns: 2, g: 3}}, GEOPARQUET_VERSION 'BOTH')",
      kBaseNanos, kStepNanos, file));
  Ok("create namespace db");
  Ok("create table db.t --schema \"id int, tns timestamp_ns, g geometry(srid:4326), u unknown\" "
     "--format-version 3");
  Ok("add-files db.t " + ShellQuote(file));

  std::vector<std::string> all;
  for (int i = 0; i < 6; ++i) all.push_back(RowJson(i));
  EXPECT_EQ(ScanRows("db.t"), all);
  EXPECT_EQ(V3Trim(Ok("count db.t")), "6");
  // Nanosecond boundaries: row 2 is at ...05.123456803.
  EXPECT_EQ(ScanRows("db.t --filter \"tns > '2024-01-02T05:04:05.123456802'\""),
            std::vector<std::string>(all.begin() + 2, all.end()));
  EXPECT_EQ(V3Trim(Ok("count db.t --filter \"tns >= '2024-01-02T05:04:05.123456803'\"")), "4");
  EXPECT_EQ(V3Trim(Ok("count db.t --filter \"tns > '2024-01-02T05:04:05.123456803'\"")), "3");
  EXPECT_EQ(V3Trim(Ok("count db.t --filter \"g is null\"")), "2");
  EXPECT_EQ(V3Trim(Ok("count db.t --filter \"u is null\"")), "6");
  EXPECT_EQ(V3Trim(Ok("count db.t --filter \"u is not null\"")), "0");

  // The schema keeps the types and the CRS; files --stats gives nanosecond bounds and none for
  // the geometry (its bounds would be a bounding box, and this file has none).
  EXPECT_EQ(V3Lines(Ok("schema db.t")),
            (std::vector<std::string>{"  1  id  int", "  2  tns  timestamp_ns",
                                      "  3  g  geometry(srid:4326)", "  4  u  unknown"}));
  const std::string stats = Ok("files db.t --stats");
  EXPECT_NE(stats.find("2 tns: size="), std::string::npos) << stats;
  EXPECT_NE(stats.find("lower=2024-01-02T03:04:05.123456789 upper=2024-01-02T08:04:05.123456824"),
            std::string::npos)
      << stats;
  EXPECT_NE(stats.find("3 g: size="), std::string::npos) << stats;
  EXPECT_NE(stats.find("nulls=2 nans=- lower=- upper=-"), std::string::npos) << stats;

  // SQL: comparisons with timestamps, ordering, aggregates, equality at the nanosecond.
  EXPECT_EQ(Ok("sql --format csv \"select id, tns, g from db.t where tns between timestamp_ntz "
               "'2024-01-02 04:00:00' and timestamp_ntz '2024-01-02 07:00:00' order by tns "
               "desc\""),
            fmt::format("id,tns,g\n3,{},\n2,{},{}\n1,{},{}\n", RowTimestamp(3), RowTimestamp(2),
                        PointWkbHex(2, 4), RowTimestamp(1), PointWkbHex(1, 2)));
  EXPECT_EQ(Ok("sql --format csv \"select min(tns), max(tns), count(*) from db.t\""),
            fmt::format("min(tns),max(tns),count(1)\n{},{},6\n", RowTimestamp(0), RowTimestamp(5)));
  EXPECT_EQ(Ok("sql --format csv \"select id from db.t where tns = '2024-01-02 "
               "04:04:05.123456796'\""),
            "id\n1\n");
  EXPECT_EQ(Ok("sql --format csv \"select count(*) from db.t where tns = '2024-01-02 "
               "04:04:05.123456797'\""),
            "count(1)\n0\n");

  // DuckDB's values of the same file are the test's.
  std::vector<std::string> duck = V3Lines(
      Duck(fmt::format("select id, epoch_ns(tns)::varchar, g::varchar from read_parquet('{}') "
                       "order by id",
                       file)));
  ASSERT_EQ(duck.size(), 6u);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(
        duck[static_cast<size_t>(i)],
        fmt::format("[{},\"{}\",{}]", i, RowNanos(i),
                    RowGeometryNull(i) ? "null" : fmt::format("\"POINT ({} {})\"", i, 2 * i)));
  }

  // parquet cat and schema of DuckDB's file.
  std::vector<std::string> cat = V3Lines(Ok("parquet cat " + ShellQuote(file) + " --format json"));
  ASSERT_EQ(cat.size(), 6u);
  EXPECT_EQ(cat[1], fmt::format("{{\"id\":1,\"tns\":\"{}\",\"g\":\"{}\"}}", RowTimestamp(1),
                                PointWkbHex(1, 2)));
  const std::string schema = Ok("parquet schema " + ShellQuote(file));
  EXPECT_NE(schema.find("optional int64 tns (TIMESTAMP(NANOS,false)) = 2;"), std::string::npos)
      << schema;
  EXPECT_NE(schema.find("optional binary g (GEOMETRY) = 3;"), std::string::npos) << schema;

  // floe's own Parquet output keeps the logical types, CRS included; DuckDB reads it.
  const std::string out = wh_.Join("out.parquet");
  Ok("scan db.t --format parquet --output " + ShellQuote(out));
  EXPECT_EQ(V3Lines(Duck(fmt::format(
                "select name, logical_type from parquet_schema('{}') where name <> 'table'", out))),
            (std::vector<std::string>{
                "[\"id\",null]",
                "[\"tns\",\"TimestampType(isAdjustedToUTC=0, unit=TimeUnit(MILLIS=<null>, "
                "MICROS=<null>, NANOS=NanoSeconds()))\"]",
                "[\"g\",\"GeometryType(crs=srid:4326)\"]", "[\"u\",\"NullType()\"]"}));
  EXPECT_EQ(Duck(fmt::format("select id, epoch_ns(tns)::varchar, g::varchar, u from "
                             "read_parquet('{}') order by id",
                             out)),
            Duck(fmt::format("select id, epoch_ns(tns)::varchar, g::varchar, null from "
                             "read_parquet('{}') order by id",
                             file)));

  // Every time transform of timestamp_ns (spec "Partition Transforms"), from an append.
  Ok("create table db.p --schema \"id int, tns timestamp_ns, g geometry, u unknown\" "
     "--format-version 3 --partition-by \"days(tns), hours(tns), months(tns), years(tns), "
     "bucket(4, tns), tns\"");
  Ok("append db.p " + ShellQuote(file));
  std::vector<std::string> files = V3Lines(Ok("files db.p --json"));
  ASSERT_EQ(files.size(), 6u);
  std::vector<std::string> partitions;
  for (const std::string& f : files) {
    size_t at = f.find("\"partition\":");
    ASSERT_NE(at, std::string::npos) << f;
    std::string p = f.substr(at, f.find('}', at) - at + 1);
    // The bucket is checked against the spec's hash vectors in spec_test; here it is dropped.
    size_t b = p.find(",\"tns_bucket\":");
    p.erase(b, p.find(',', b + 1) - b);
    partitions.push_back(p);
  }
  std::sort(partitions.begin(), partitions.end());
  std::vector<std::string> want_partitions;
  for (int i = 0; i < 6; ++i) {
    want_partitions.push_back(
        fmt::format("\"partition\":{{\"tns_day\":\"2024-01-02\",\"tns_hour\":{},\"tns_month\":648,"
                    "\"tns_year\":54,\"tns\":\"{}\"}}",
                    RowNanos(i) / 3600000000000, RowTimestamp(i)));
  }
  std::sort(want_partitions.begin(), want_partitions.end());
  EXPECT_EQ(partitions, want_partitions);
  EXPECT_EQ(ScanRows("db.p --filter \"tns < '2024-01-02T05:04:05.123456803'\""),
            std::vector<std::string>(all.begin(), all.begin() + 2));
  EXPECT_EQ(V3Trim(Ok("count db.p --filter \"tns >= '2024-01-02T07:00:00'\"")), "2");
  // The hour partitions prune the plan to the two files that can match.
  CommandResult pruned =
      Floe("--verbose scan db.p --filter \"tns >= '2024-01-02T07:00:00'\" --format json");
  EXPECT_EQ(pruned.exit_code, 0) << pruned.err;
  EXPECT_NE(pruned.err.find("files read 2 of 2 planned"), std::string::npos) << pruned.err;
}

TEST_F(V3TypesTest, GeographyAndZonedNanosFromSqlKeepTheirParameters) {
  Ok("create namespace db");
  Ok("create table db.g --schema \"id int, tz timestamptz_ns, gg geography(srid:4326, karney), "
     "g2 geography\" --format-version 3 --partition-by \"hours(tz)\"");
  Ok("sql \"insert into db.g values (1, timestamp '2024-05-06 07:08:09.123456', X'" +
     PointWkbHex(1, 2) + "', NULL), (2, NULL, NULL, X'01')\"");
  EXPECT_EQ(ScanRows("db.g"),
            (std::vector<std::string>{
                "{\"id\":1,\"tz\":\"2024-05-06T07:08:09.123456000+00:00\",\"gg\":\"" +
                    PointWkbHex(1, 2) + "\",\"g2\":null}",
                "{\"id\":2,\"tz\":null,\"gg\":null,\"g2\":\"01\"}"}));
  EXPECT_EQ(
      V3Lines(Ok("schema db.g")),
      (std::vector<std::string>{"  1  id  int", "  2  tz  timestamptz_ns",
                                "  3  gg  geography(srid:4326, karney)", "  4  g2  geography"}));
  const std::string files = Ok("files db.g");
  EXPECT_NE(files.find("tz_hour=2024-05-06-07"), std::string::npos) << files;

  // The Parquet logical types carry the CRS and algorithm; a table made from that file has the
  // same schema.
  const std::string out = wh_.Join("g.parquet");
  Ok("scan db.g --format parquet --output " + ShellQuote(out));
  const std::string schema = Ok("parquet schema " + ShellQuote(out));
  EXPECT_NE(schema.find("optional int64 tz (TIMESTAMP(NANOS,true)) = 2;"), std::string::npos)
      << schema;
  EXPECT_NE(schema.find("optional binary gg (GEOGRAPHY(srid:4326, KARNEY)) = 3;"),
            std::string::npos)
      << schema;
  EXPECT_NE(schema.find("optional binary g2 (GEOGRAPHY(OGC:CRS84)) = 4;"), std::string::npos)
      << schema;
  Ok("create table db.copy --schema-from " + ShellQuote(out) + " --format-version 3");
  EXPECT_EQ(Ok("schema db.copy"), Ok("schema db.g"));
  EXPECT_EQ(Ok("sql --format csv \"select id, gg from read_parquet('" + out + "') order by id\""),
            "id,gg\n1," + PointWkbHex(1, 2) + "\n2,\n");

  CommandResult bad = Floe("create table db.bad --schema \"g geometry(srid:4326, karney)\"");
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_NE(bad.err.find("geometry takes one argument"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace floe::testing
