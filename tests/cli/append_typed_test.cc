// `floe append` of CSV and NDJSON reads values as the table's column types (issue 25): exact
// decimals, dates, times, timestamps with and without zone, UUIDs, binary, lists, maps and structs
// from JSON, whole numbers and NaN/Infinity in double columns, nulls; the table read back with
// `floe scan --format json` holds exactly those values. Then the refusals (exit code 5, naming the
// file, line, column and value), short CSV rows, and a header-only file.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

void WriteTypedText(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

class AppendTypedTest : public ::testing::Test {
 protected:
  CommandResult Floe(const std::string& args) {
    return RunFloe("--warehouse " + ShellQuote(wh_.path()) + " " + args);
  }
  CommandResult Ok(const std::string& args) {
    CommandResult r = Floe(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return r;
  }
  std::string Path(const std::string& name) { return ShellQuote(wh_.Join(name)); }
  void SetUp() override {
    Ok("create namespace shop");
    Ok("create table shop.sales --schema \"id long not null, amount decimal(10, 2), day date, "
       "at timestamptz, local timestamp_ntz, tick time, u uuid, b binary, tags list<string>, "
       "attrs map<string, int>, pt struct<x: double, y: double>, ratio double, n int, "
       "note string\"");
  }
  TempDir wh_;
};

TEST_F(AppendTypedTest, CsvAndNdjsonValuesReadAsTheTableTypes) {
  WriteTypedText(wh_.Join("day1.csv"),
                 "id,amount,day,at,local,tick,u,b,tags,attrs,pt,ratio,n,note\n"
                 "1, 12.50 ,2026-03-01,2026-03-01T10:00:00+01:00,2026-03-01T10:00:00,10:11:12.5,"
                 "f79c3e09-677c-4bbd-a479-3f349cb785e7,00ff,\"[\"\"a\"\",\"\"b\"\"]\","
                 "\"{\"\"k\"\": 1}\",\"{\"\"x\"\": 1, \"\"y\"\": 2.5}\",1,7,\"\"\n"
                 "2,-0.05,,,,,,,[],{},,NaN,NULL,NULL\n"
                 "3,99999999.99,NULL,2026-03-01T00:00:00Z,,,,,NULL,,,-Infinity,,\n");
  WriteTypedText(wh_.Join("day2.json"),
                 "{\"id\": 4, \"amount\": 0.1, \"tags\": [\"x\", null], \"pt\": {\"y\": -1}, "
                 "\"ratio\": \"Infinity\", \"attrs\": [{\"key\": \"a\", \"value\": 2}]}\n"
                 "{\"id\": 5, \"amount\": \"1.23\", \"n\": 2147483647, \"ratio\": 3}\n");
  Ok("append shop.sales " + Path("day1.csv") + " " + Path("day2.json"));
  CommandResult scan = Ok("scan shop.sales --format json");
  EXPECT_EQ(
      scan.out,
      "{\"id\":1,\"amount\":\"12.50\",\"day\":\"2026-03-01\",\"at\":\"2026-03-01T09:00:00.000000+"
      "00:00\",\"local\":\"2026-03-01T10:00:00.000000\",\"tick\":\"10:11:12.500000\",\"u\":"
      "\"f79c3e09-677c-4bbd-a479-3f349cb785e7\",\"b\":\"00ff\",\"tags\":[\"a\",\"b\"],\"attrs\":"
      "[{\"key\":\"k\",\"value\":1}],\"pt\":{\"x\":1.0,\"y\":2.5},\"ratio\":1.0,\"n\":7,\"note\":"
      "\"\"}\n"
      "{\"id\":2,\"amount\":\"-0.05\",\"day\":null,\"at\":null,\"local\":null,\"tick\":null,\"u\":"
      "null,\"b\":null,\"tags\":[],\"attrs\":[],\"pt\":null,\"ratio\":\"NaN\",\"n\":null,\"note\":"
      "\"NULL\"}\n"
      "{\"id\":3,\"amount\":\"99999999.99\",\"day\":null,\"at\":\"2026-03-01T00:00:00.000000+00:"
      "00\",\"local\":null,\"tick\":null,\"u\":null,\"b\":null,\"tags\":null,\"attrs\":null,\"pt\":"
      "null,\"ratio\":\"-Infinity\",\"n\":null,\"note\":null}\n"
      "{\"id\":4,\"amount\":\"0.10\",\"day\":null,\"at\":null,\"local\":null,\"tick\":null,\"u\":"
      "null,\"b\":null,\"tags\":[\"x\",null],\"attrs\":[{\"key\":\"a\",\"value\":2}],\"pt\":{\"x\":"
      "null,\"y\":-1.0},\"ratio\":\"Infinity\",\"n\":null,\"note\":null}\n"
      "{\"id\":5,\"amount\":\"1.23\",\"day\":null,\"at\":null,\"local\":null,\"tick\":null,\"u\":"
      "null,\"b\":null,\"tags\":null,\"attrs\":null,\"pt\":null,\"ratio\":3.0,\"n\":2147483647,"
      "\"note\":null}\n");
}

TEST_F(AppendTypedTest, BadValuesAndShortRowsAreRefusedNamingLineColumnAndValue) {
  struct Refusal {
    std::string name, text, message;
  } refusals[] = {
      {"digits.csv", "id,amount\n1,1.00\n2,1.005\n",
       "digits.csv: line 3, column amount: \"1.005\" is not a valid decimal(10, 2) value (more "
       "than 2 fraction digits)"},
      {"zone.csv", "id,at\n1,2026-03-01T10:00:00\n",
       "zone.csv: line 2, column at: \"2026-03-01T10:00:00\" is not a valid timestamptz value (no "
       "UTC offset: a timestamptz needs one, e.g. 2026-03-01T10:00:00Z)"},
      {"list.json", "{\"id\": 1, \"tags\": \"a\"}\n",
       "list.json: line 1, column tags: \"a\" is not a valid list value (invalid JSON at byte 1: "
       "expected a JSON array for a list)"},
      {"short.csv", "id,amount,note\n1,2.00,x\n2,3.00\n",
       "short.csv: line 3: 2 fields, the header names 3 (--allow-missing-columns reads the "
       "missing trailing fields as nulls)"},
      {"long.csv", "id,amount\n1,2.00,x\n", "long.csv: line 2: 3 fields, the header names 2"},
      {"overflow.csv", "id,n\n1,2147483648\n",
       "overflow.csv: line 2, column n: \"2147483648\" is not a valid int value"},
  };
  for (const Refusal& r : refusals) {
    WriteTypedText(wh_.Join(r.name), r.text);
    CommandResult bad = Floe("append shop.sales " + Path(r.name));
    EXPECT_EQ(bad.exit_code, 5) << r.name << ": " << bad.err;
    EXPECT_NE(bad.err.find(r.message), std::string::npos) << r.name << ": " << bad.err;
  }
  EXPECT_EQ(Ok("snapshots shop.sales --json").out, "[]\n");

  // --allow-missing-columns: the short row's missing trailing fields are null.
  Ok("append shop.sales " + Path("short.csv") + " --allow-missing-columns");
  EXPECT_EQ(Ok("scan shop.sales --format csv --columns id,amount,note").out,
            "id,amount,note\n1,2.00,x\n2,3.00,\n");
  // --null-string applies to every column, strings included.
  WriteTypedText(wh_.Join("na.csv"), "id,amount,note\n3,NA,NA\n");
  Ok("append shop.sales " + Path("na.csv") + " --null-string NA");
  EXPECT_EQ(Ok("scan shop.sales --format csv --columns id,amount,note --filter \"id = 3\"").out,
            "id,amount,note\n3,,\n");
  // A required column that is absent from the file is refused, naming it.
  WriteTypedText(wh_.Join("noid.csv"), "amount\n1.00\n");
  CommandResult noid = Floe("append shop.sales " + Path("noid.csv"));
  EXPECT_EQ(noid.exit_code, 5) << noid.err;
  EXPECT_NE(noid.err.find("id"), std::string::npos) << noid.err;
  EXPECT_EQ(Floe("append shop.sales " + Path("na.csv") + " --binary-encoding b32").exit_code, 2);
}

TEST_F(AppendTypedTest, HeaderOnlyFileCommitsNothing) {
  WriteTypedText(wh_.Join("empty.csv"), "id,amount\n");
  CommandResult r = Ok("append shop.sales " + Path("empty.csv"));
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "nothing appended: the input files hold no rows (no snapshot was committed)\n");
  EXPECT_EQ(Ok("snapshots shop.sales --json").out, "[]\n");
  CommandResult json = Ok("append shop.sales " + Path("empty.csv") + " --json");
  EXPECT_NE(json.out.find("\"snapshot-id\": null"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"added-records\": 0"), std::string::npos) << json.out;
}

// Bad data exits 5 in SQL INSERT too (a value that does not fit its column); a bad statement 2.
TEST_F(AppendTypedTest, InsertDataErrorsExitFive) {
  Ok("sql \"CREATE TABLE shop.small (i int) USING iceberg\"");
  CommandResult overflow = Floe("sql \"INSERT INTO shop.small VALUES (99999999999)\"");
  EXPECT_EQ(overflow.exit_code, 5) << overflow.err;
  EXPECT_NE(overflow.err.find("99999999999 (bigint) does not fit int"), std::string::npos)
      << overflow.err;
  CommandResult syntax = Floe("sql \"INSERT INTO shop.small VALUE (1)\"");
  EXPECT_EQ(syntax.exit_code, 2) << syntax.err;
  EXPECT_EQ(Ok("sql \"SELECT count(*) FROM shop.small\" --format csv").out, "count(1)\n0\n");
}

// Bad data exits 5 in `parquet write --schema` too; a bad argument stays 2.
TEST_F(AppendTypedTest, ParquetWriteDataErrorsExitFive) {
  WriteTypedText(wh_.Join("in.csv"), "id,amount\n1,1.005\n");
  std::string out = wh_.Join("out.parquet");
  CommandResult bad = RunFloe("parquet write " + Path("in.csv") + " " + ShellQuote(out) +
                              " --schema \"id long, amount decimal(9, 2)\"");
  EXPECT_EQ(bad.exit_code, 5) << bad.err;
  EXPECT_NE(bad.err.find("line 2, column amount: \"1.005\""), std::string::npos) << bad.err;
  CommandResult usage =
      RunFloe("parquet write " + Path("in.csv") + " " + ShellQuote(out) + " --schema \"id lung\"");
  EXPECT_EQ(usage.exit_code, 2) << usage.err;
  // The same reading options as append.
  WriteTypedText(wh_.Join("short.csv"), "id,amount\n1,NA\n2\n");
  const std::string schema = " --schema \"id long, amount decimal(9, 2)\"";
  CommandResult short_row = RunFloe("parquet write " + Path("short.csv") + " " + ShellQuote(out) +
                                    schema + " --null-string NA");
  EXPECT_EQ(short_row.exit_code, 5) << short_row.err;
  EXPECT_NE(short_row.err.find("line 3: 1 fields, the header names 2"), std::string::npos)
      << short_row.err;
  ASSERT_EQ(RunFloe("parquet write " + Path("short.csv") + " " + ShellQuote(out) + schema +
                    " --allow-missing-columns --null-string NA")
                .exit_code,
            0);
  EXPECT_EQ(RunFloe("parquet cat " + ShellQuote(out) + " --format csv").out, "id,amount\n1,\n2,\n");
}

}  // namespace
}  // namespace floe::testing
