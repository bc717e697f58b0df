// `floe parquet write` through the real binary, judged by DuckDB: DuckDB writes a file of every
// type it shares with Iceberg (test_all_types(): extremes and nulls, nested lists, structs and
// maps) and a larger generated table; floe rewrites both with each codec; DuckDB then finds no
// row in one file that is not in the other (EXCEPT ALL both ways), sees the field ids in
// parquet_schema() and the codec in parquet_metadata(). Existing outputs need --force (exit 4).
// --schema types the output (CSV values read as the declared types; Parquet columns promoted).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

std::string DuckDbScript() { return SourceDir() + "/tests/peers/duckdb.mjs"; }
bool HaveDuckDb() {
  return std::filesystem::exists(SourceDir() + "/tests/peers/node_modules/@duckdb/node-api");
}

CommandResult DuckDb(const std::string& sql) {
  return RunCommand("node " + ShellQuote(DuckDbScript()) + " " + ShellQuote(sql));
}

std::string TrimOutput(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// Rows in a and not in b, and the other way round, as DuckDB counts them.
std::string Differences(const std::string& a, const std::string& b) {
  std::string sql = fmt::format(
      "select (select count(*) from (select * from read_parquet('{0}') except all "
      "select * from read_parquet('{1}'))), (select count(*) from (select * from "
      "read_parquet('{1}') except all select * from read_parquet('{0}'))), "
      "(select count(*) from read_parquet('{0}')), (select count(*) from read_parquet('{1}'))",
      a, b);
  CommandResult r = DuckDb(sql);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return TrimOutput(r.out);
}

const char* kAllTypes =
    "select * exclude (hugeint, uhugeint, bignum, time_tz, interval, bit, \"union\", geometry, "
    "timestamp_s, time_ns, small_enum, medium_enum, large_enum) from test_all_types()";

const char* kGenerated =
    "select i::bigint as id, (i % 97)::int as small, 'name-' || (i % 1000) as name, "
    "case when i % 7 = 0 then null else i * 0.5 end as half, "
    "case when i % 11 = 0 then 'NaN'::double else i / 3.0 end as third, "
    "(i % 50)::decimal(9,2) as price, (i * 1000)::decimal(38,3) as big, "
    "timestamp '2024-01-01' + to_seconds(i) as ts, date '2000-01-01' + (i % 9000)::int as d, "
    "case when i % 5 = 0 then [] else [i, i + 1, null] end as l, "
    "{'a': i % 3, 'b': case when i % 4 = 0 then null else 'x' || i end} as s, "
    "map(['k' || (i % 3)], [i]) as m, gen_random_uuid() as u "
    "from range(30000) t(i)";

TEST(ParquetWriteTest, DuckDbReadsWhatFloeWrites) {
  if (!HaveDuckDb()) GTEST_SKIP() << "DuckDB is not installed (scripts/setup installs tests/peers)";
  TempDir dir;
  std::string all = dir.Join("all.parquet"), gen = dir.Join("gen.parquet");
  CommandResult made =
      DuckDb(fmt::format("copy ({}) to '{}' (format parquet); copy ({}) to '{}' "
                         "(format parquet)",
                         kAllTypes, all, kGenerated, gen));
  ASSERT_EQ(made.exit_code, 0) << made.err;
  int round = 0;
  for (const char* codec : {"zstd", "snappy", "gzip", "brotli", "lz4", "uncompressed"}) {
    SCOPED_TRACE(codec);
    const char* version = round++ % 2 == 0 ? "v1" : "v2";
    for (const std::string& input : {all, gen}) {
      // The larger table with two codecs only (time).
      if (input == gen && round > 2) continue;
      std::string out = dir.Join(std::string(codec) + ".parquet");
      CommandResult w =
          RunFloe(fmt::format("parquet write {} {} --codec {} --page-bytes 20000 "
                              "--row-group-rows 12000 --page-version {} --force",
                              ShellQuote(input), ShellQuote(out), codec, version));
      ASSERT_EQ(w.exit_code, 0) << w.err;
      std::string diff = Differences(input, out);
      EXPECT_EQ(diff,
                input == all ? "[\"0\",\"0\",\"3\",\"3\"]" : "[\"0\",\"0\",\"30000\",\"30000\"]")
          << input;
    }
  }
}

TEST(ParquetWriteTest, DuckDbSeesFieldIdsCodecAndIcebergSchema) {
  if (!HaveDuckDb()) GTEST_SKIP() << "DuckDB is not installed";
  TempDir dir;
  std::string in = dir.Join("in.parquet"), out = dir.Join("out.parquet");
  ASSERT_EQ(DuckDb(fmt::format("copy (select 1::int as a, [2] as b, {{'c': 'x'}} as s) to '{}' "
                               "(format parquet)",
                               in))
                .exit_code,
            0);
  CommandResult w =
      RunFloe(fmt::format("parquet write {} {} --codec gzip", ShellQuote(in), ShellQuote(out)));
  ASSERT_EQ(w.exit_code, 0) << w.err;
  CommandResult schema =
      DuckDb(fmt::format("select name, field_id from parquet_schema('{}') ", out));
  ASSERT_EQ(schema.exit_code, 0) << schema.err;
  EXPECT_EQ(schema.out,
            "[\"table\",null]\n[\"a\",\"1\"]\n[\"b\",\"2\"]\n[\"list\",null]\n[\"element\",\"3\"]\n"
            "[\"s\",\"4\"]\n[\"c\",\"5\"]\n");
  CommandResult codec =
      DuckDb(fmt::format("select distinct compression from parquet_metadata('{}')", out));
  EXPECT_EQ(TrimOutput(codec.out), "[\"GZIP\"]");
  CommandResult kv =
      DuckDb(fmt::format("select decode(key), decode(value) from parquet_kv_metadata('{}')", out));
  EXPECT_NE(kv.out.find("iceberg.schema"), std::string::npos) << kv.out;
  EXPECT_NE(kv.out.find("\\\"element-id\\\":3"), std::string::npos) << kv.out;
}

TEST(ParquetWriteTest, CsvAndNdjsonInputsWithInferredTypes) {
  if (!HaveDuckDb()) GTEST_SKIP() << "DuckDB is not installed";
  TempDir dir;
  std::string csv = dir.Join("in.csv"), ndjson = dir.Join("in.ndjson");
  {
    FILE* f = std::fopen(csv.c_str(), "w");
    std::fputs(
        "id,price,ok,day,at,name\n1,2.5,true,2024-01-02,2024-01-02T03:04:05Z,\"a, b\"\n"
        "2,,false,2024-01-03,2024-01-02T04:04:05+01:00,\"\"\n",
        f);
    std::fclose(f);
    f = std::fopen(ndjson.c_str(), "w");
    std::fputs(
        "{\"id\": 1, \"t\": \"2024-01-02T03:04:05\", \"tags\": [1, 2]}\n"
        "{\"id\": 2, \"x\": 1.5}\n",
        f);
    std::fclose(f);
  }
  std::string out = dir.Join("csv.parquet");
  CommandResult w = RunFloe(fmt::format("parquet write {} {}", ShellQuote(csv), ShellQuote(out)));
  ASSERT_EQ(w.exit_code, 0) << w.err;
  CommandResult types = DuckDb(
      fmt::format("select name, type, logical_type is not null, field_id from parquet_schema('{}') "
                  "where type is not null ",
                  out));
  ASSERT_EQ(types.exit_code, 0) << types.err;
  CommandResult rows = DuckDb(fmt::format(
      "select id, price, ok, day::varchar, epoch_ms(\"at\"), name from read_parquet('{}')", out));
  EXPECT_EQ(rows.out,
            "[\"1\",2.5,true,\"2024-01-02\",\"1704164645000\",\"a, b\"]\n"
            "[\"2\",null,false,\"2024-01-03\",\"1704164645000\",\"\"]\n")
      << types.out;
  std::string out2 = dir.Join("ndjson.parquet");
  w = RunFloe(fmt::format("parquet write {} {}", ShellQuote(ndjson), ShellQuote(out2)));
  ASSERT_EQ(w.exit_code, 0) << w.err;
  rows = DuckDb(fmt::format("select id, t::varchar, tags, x from read_parquet('{}')", out2));
  EXPECT_EQ(rows.out, "[\"1\",\"2024-01-02 03:04:05\",\"[1,2]\",null]\n[\"2\",null,null,1.5]\n");
}

// --schema: CSV values read as the declared types (a zip code of digits stays a string, exact
// decimals, float, time, ns timestamps), ids and required-ness as declared; a Parquet input's int
// column promoted to long; refusals name the column and value and leave no file.
TEST(ParquetWriteTest, DeclaredSchemaTypesTheOutput) {
  if (!HaveDuckDb()) GTEST_SKIP() << "DuckDB is not installed";
  TempDir dir;
  std::string csv = dir.Join("in.csv");
  {
    FILE* f = std::fopen(csv.c_str(), "w");
    std::fputs(
        "ID,zip,amount,ratio,at,tick,small,Day\n"
        "1,02134,12.5,0.1,2024-01-02T03:04:05.123456789Z,10:11:12.5,7,2024-01-02\n"
        "2,,-0.05,NaN,2024-01-02T04:04:05+01:00,,,\n",
        f);
    std::fclose(f);
  }
  const std::string columns =
      "id long not null, zip string, amount decimal(9, 2), ratio float, at timestamptz_ns, "
      "tick time, small int, day date, extra string";
  std::string out = dir.Join("csv.parquet");
  CommandResult w = RunFloe(fmt::format("parquet write {} {} --schema {}", ShellQuote(csv),
                                        ShellQuote(out), ShellQuote(columns)));
  ASSERT_EQ(w.exit_code, 0) << w.err;
  CommandResult schema =
      DuckDb(fmt::format("select name, type, repetition_type, field_id from parquet_schema('{}') "
                         "where type is not null",
                         out));
  EXPECT_EQ(schema.out,
            "[\"id\",\"INT64\",\"REQUIRED\",\"1\"]\n[\"zip\",\"BYTE_ARRAY\",\"OPTIONAL\",\"2\"]\n"
            "[\"amount\",\"INT32\",\"OPTIONAL\",\"3\"]\n[\"ratio\",\"FLOAT\",\"OPTIONAL\",\"4\"]\n"
            "[\"at\",\"INT64\",\"OPTIONAL\",\"5\"]\n[\"tick\",\"INT64\",\"OPTIONAL\",\"6\"]\n"
            "[\"small\",\"INT32\",\"OPTIONAL\",\"7\"]\n[\"day\",\"INT32\",\"OPTIONAL\",\"8\"]\n"
            "[\"extra\",\"BYTE_ARRAY\",\"OPTIONAL\",\"9\"]\n")
      << schema.err;
  CommandResult rows = DuckDb(fmt::format(
      "select id, zip, amount::varchar, ratio, epoch_ns(\"at\")::varchar, tick::varchar, small, "
      "day::varchar, extra from read_parquet('{}')",
      out));
  EXPECT_EQ(
      rows.out,
      "[\"1\",\"02134\",\"12.50\",0.10000000149011612,\"1704164645123456000\",\"10:11:12.5\",7,"
      "\"2024-01-02\",null]\n"
      "[\"2\",null,\"-0.05\",\"NaN\",\"1704164645000000000\",null,null,null,null]\n")
      << rows.err;
  // DuckDB reads timestamptz_ns in microseconds; floe shows the nanoseconds that were written.
  CommandResult cat = RunFloe(fmt::format("parquet cat {} --format csv", ShellQuote(out)));
  EXPECT_NE(cat.out.find("2024-01-02T03:04:05.123456789+00:00"), std::string::npos) << cat.out;

  // A Parquet input: int promoted to long, columns matched by name in any case and order.
  std::string in = dir.Join("in.parquet"), out2 = dir.Join("promoted.parquet");
  ASSERT_EQ(
      DuckDb(fmt::format("copy (select 'x' || i as Name, i::int as n from range(3) t(i)) to '{}' "
                         "(format parquet)",
                         in))
          .exit_code,
      0);
  w = RunFloe(fmt::format("parquet write {} {} --schema {}", ShellQuote(in), ShellQuote(out2),
                          ShellQuote("n long, name string")));
  ASSERT_EQ(w.exit_code, 0) << w.err;
  rows = DuckDb(fmt::format("select typeof(n), n, name from read_parquet('{}')", out2));
  EXPECT_EQ(rows.out,
            "[\"BIGINT\",\"0\",\"x0\"]\n[\"BIGINT\",\"1\",\"x1\"]\n[\"BIGINT\",\"2\",\"x2\"]\n");

  // Refusals: a value that does not read as its declared type, a narrowing, a bad column list.
  // Bad data exits 5 (the value, or a column that does not fit); a bad argument 2.
  struct Refusal {
    std::string input, columns, message;
    int exit_code;
  } refusals[] = {
      {csv, "id long, amount decimal(9, 1)", "line 3, column amount: \"-0.05\" is not", 5},
      {csv, "id long, ratio int", "line 2, column ratio", 5},
      {csv, "id long, at timestamp_ntz", "UTC offset", 5},
      {in, "n string", "column n", 5},
      {csv, "id lung", "lung", 2},
  };
  for (const Refusal& r : refusals) {
    std::string bad_out = dir.Join("bad.parquet");
    CommandResult bad = RunFloe(fmt::format("parquet write {} {} --schema {}", ShellQuote(r.input),
                                            ShellQuote(bad_out), ShellQuote(r.columns)));
    EXPECT_EQ(bad.exit_code, r.exit_code) << r.columns << ": " << bad.err;
    EXPECT_NE(bad.err.find(r.message), std::string::npos) << r.columns << ": " << bad.err;
    EXPECT_FALSE(std::filesystem::exists(bad_out)) << r.columns;
  }
}

TEST(ParquetWriteTest, ExistingOutputNeedsForce) {
  TempDir dir;
  std::string in = CorpusPath("parquet-testing/data/alltypes_plain.parquet");
  std::string out = dir.Join("out.parquet");
  ASSERT_EQ(RunFloe(fmt::format("parquet write {} {}", ShellQuote(in), ShellQuote(out))).exit_code,
            0);
  CommandResult again =
      RunFloe(fmt::format("parquet write {} {}", ShellQuote(in), ShellQuote(out)));
  EXPECT_EQ(again.exit_code, 4) << again.err;
  EXPECT_NE(again.err.find("already exists"), std::string::npos) << again.err;
  EXPECT_EQ(RunFloe(fmt::format("parquet write {} {} --force", ShellQuote(in), ShellQuote(out)))
                .exit_code,
            0);
  CommandResult bad = RunFloe(
      fmt::format("parquet write {} {} --force --codec lzo", ShellQuote(in), ShellQuote(out)));
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
  CommandResult cat =
      RunFloe(fmt::format("parquet cat {} --format csv --limit 2", ShellQuote(out)));
  EXPECT_EQ(cat.exit_code, 0) << cat.err;
  CommandResult cat_in =
      RunFloe(fmt::format("parquet cat {} --format csv --limit 2", ShellQuote(in)));
  EXPECT_EQ(cat.out, cat_in.out);
}

}  // namespace
}  // namespace floe::testing
