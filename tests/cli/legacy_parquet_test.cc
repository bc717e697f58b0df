// Hive and Impala's legacy Parquet through the binary, in a hand-built file (testing/
// raw_parquet.h) with field ids: INT96 timestamps of years 1200 and 3000 (outside 64-bit
// nanoseconds) and a decimal(38, 2) padded to 17 bytes, added to a table and read by scan, count
// with filters, SQL and files; appended (rewritten) with the same values; refused with an error
// naming the file and column only when the table asks for nanoseconds. `parquet cat` picks
// microseconds for the out-of-range INT96 column and nanoseconds for the other; SQL's
// read_parquet and --schema-from read INT96 as (microsecond) timestamps.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "floe/io/file_io.h"
#include "testing/raw_parquet.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::testing {
namespace {

using parquet::SchemaElement;
using parquet::Type;

SchemaElement LegacyLeaf(std::string name, Type type, int32_t field_id) {
  SchemaElement e;
  e.name = std::move(name);
  e.type = type;
  e.repetition_type = parquet::FieldRepetitionType::kOptional;
  e.field_id = field_id;
  return e;
}

// 17 big-endian bytes of v (|v| < 2^63), sign-extended as Impala pads decimal(38).
std::string Padded17(int64_t v) {
  std::string out(17, v < 0 ? '\xff' : '\0');
  for (int i = 0; i < 8; ++i) out[16 - i] = static_cast<char>(static_cast<uint64_t>(v) >> (8 * i));
  return out;
}

std::vector<std::string> LegacyLines(const std::string& text) {
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

class LegacyParquetTest : public ::testing::Test {
 protected:
  void SetUp() override {
    RawColumn id{LegacyLeaf("id", Type::kInt32, 1), {}};
    RawColumn ts{LegacyLeaf("ts", Type::kInt96, 2), {}};
    RawColumn tsn{LegacyLeaf("tsn", Type::kInt96, 3), {}};
    SchemaElement d = LegacyLeaf("d", Type::kFixedLenByteArray, 4);
    d.type_length = 17;
    d.converted_type = parquet::ConvertedType::kDecimal;
    d.precision = 38;
    d.scale = 2;
    RawColumn amount{d, {}};
    auto int32 = [](int32_t v) { return std::string(reinterpret_cast<const char*>(&v), 4); };
    id.values = {int32(1), int32(2), int32(3), int32(4)};
    // Year 1200, 2024 (with nanosecond digits), year 3000, null.
    ts.values = {RawInt96(2159414, 18367123456789ULL), RawInt96(2460312, 11045123456789ULL),
                 RawInt96(2817152, 86399999999999ULL), std::nullopt};
    tsn.values = {RawInt96(2440588, 1), RawInt96(2460312, 11045123456789ULL), std::nullopt,
                  RawInt96(2440587, 0)};
    amount.values = {Padded17(12345), Padded17(-12345), std::nullopt, Padded17(99999999999999999)};
    file_ = wh_.Join("hive.parquet");
    ASSERT_OK(io::WriteFile(*io::LocalFileIO(), file_, RawParquetFile({id, ts, tsn, amount})));
  }
  CommandResult Floe(const std::string& args) {
    return RunFloe("--warehouse " + ShellQuote(wh_.path()) + " " + args);
  }
  std::string Ok(const std::string& args) {
    CommandResult r = Floe(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return r.out;
  }
  std::vector<std::string> ScanRows(const std::string& args) {
    std::vector<std::string> rows = LegacyLines(Ok("scan " + args + " --format json"));
    for (std::string& r : rows) r.erase(std::remove(r.begin(), r.end(), ' '), r.end());
    return rows;
  }
  TempDir wh_;
  std::string file_;
};

const std::vector<std::string> kLegacyRows = {
    "{\"id\":1,\"ts\":\"1200-03-04T05:06:07.123456\",\"tsn\":\"1970-01-01T00:00:00.000000001\","
    "\"d\":\"123.45\"}",
    "{\"id\":2,\"ts\":\"2024-01-02T03:04:05.123456\",\"tsn\":\"2024-01-02T03:04:05.123456789\","
    "\"d\":\"-123.45\"}",
    "{\"id\":3,\"ts\":\"3000-12-31T23:59:59.999999\",\"tsn\":null,\"d\":null}",
    "{\"id\":4,\"ts\":null,\"tsn\":\"1969-12-31T00:00:00.000000000\","
    "\"d\":\"999999999999999.99\"}"};

TEST_F(LegacyParquetTest, Int96BeyondNanosAndPaddedDecimalsReadThroughTables) {
  Ok("create namespace hive");
  Ok("create table hive.t --schema \"id int, ts timestamp_ntz, tsn timestamp_ns, d decimal(38, "
     "2)\" --format-version 3");
  Ok("add-files hive.t " + ShellQuote(file_));
  EXPECT_EQ(ScanRows("hive.t"), kLegacyRows);
  EXPECT_EQ(LegacyLines(Ok("count hive.t --filter \"ts < '1500-01-01T00:00:00'\"")),
            std::vector<std::string>{"1"});
  EXPECT_EQ(LegacyLines(Ok("count hive.t --filter \"ts > '2500-01-01T00:00:00'\"")),
            std::vector<std::string>{"1"});
  EXPECT_EQ(LegacyLines(Ok("count hive.t --filter \"tsn = '2024-01-02T03:04:05.123456789'\"")),
            std::vector<std::string>{"1"});
  EXPECT_EQ(Ok("sql --format csv \"select id, d, ts from hive.t where d > 100 order by id\""),
            "id,d,ts\n1,123.45,1200-03-04T05:06:07.123456\n4,999999999999999.99,\n");
  const std::string files = Ok("files hive.t --stats");
  EXPECT_NE(files.find("4 d: size="), std::string::npos) << files;

  // Appending rewrites the rows into floe's own files: the same values.
  Ok("create table hive.copy --schema \"id int, ts timestamp_ntz, tsn timestamp_ns, d "
     "decimal(38, 2)\" --format-version 3");
  Ok("append hive.copy " + ShellQuote(file_));
  EXPECT_EQ(ScanRows("hive.copy"), kLegacyRows);

  // Spark writes INT96 for its TIMESTAMP (Iceberg's timestamptz): a timestamptz table takes the
  // file as UTC instants, added or appended.
  Ok("create table hive.tz --schema \"id int, ts timestamptz, tsn timestamptz_ns, d decimal(38, "
     "2)\" --format-version 3");
  Ok("add-files hive.tz " + ShellQuote(file_));
  Ok("append hive.tz " + ShellQuote(file_));
  std::vector<std::string> zoned;
  for (std::string row : kLegacyRows) {
    for (const std::string end :
         {"123456\"", "999999\"", "000001\"", "123456789\"", "000000000\""}) {
      size_t at = row.find(end);
      if (at != std::string::npos) row.insert(at + end.size() - 1, "+00:00");
    }
    zoned.push_back(row);
    zoned.push_back(row);
  }
  std::sort(zoned.begin(), zoned.end());
  std::vector<std::string> got = ScanRows("hive.tz");
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, zoned);

  // A table that asks for nanoseconds of the year-1200 column: an error naming file and column.
  Ok("create table hive.ns --schema \"id int, ts timestamp_ns, tsn timestamp_ns, d decimal(38, "
     "2)\" --format-version 3");
  Ok("add-files hive.ns " + ShellQuote(file_));
  CommandResult refused = Floe("scan hive.ns --format json");
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(refused.err.find(file_), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("column ts"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("1677-2262"), std::string::npos) << refused.err;
}

TEST_F(LegacyParquetTest, ParquetCatSqlAndSchemaFromPickMicrosecondsWhereNanosDoNotFit) {
  // parquet cat: ts holds years outside 1677-2262 (microseconds), tsn does not (nanoseconds).
  EXPECT_EQ(LegacyLines(Ok("parquet cat " + ShellQuote(file_) + " --format json --columns ts,tsn")),
            (std::vector<std::string>{
                "{\"ts\":\"1200-03-04T05:06:07.123456\",\"tsn\":\"1970-01-01T00:00:00.000000001\"}",
                "{\"ts\":\"2024-01-02T03:04:05.123456\",\"tsn\":\"2024-01-02T03:04:05.123456789\"}",
                "{\"ts\":\"3000-12-31T23:59:59.999999\",\"tsn\":null}",
                "{\"ts\":null,\"tsn\":\"1969-12-31T00:00:00.000000000\"}"}));
  EXPECT_EQ(
      LegacyLines(Ok("parquet cat " + ShellQuote(file_) + " --format csv --int96-unit us")),
      (std::vector<std::string>{
          "id,ts,tsn,d", "1,1200-03-04T05:06:07.123456,1970-01-01T00:00:00.000000,123.45",
          "2,2024-01-02T03:04:05.123456,2024-01-02T03:04:05.123456,-123.45",
          "3,3000-12-31T23:59:59.999999,,", "4,,1969-12-31T00:00:00.000000,999999999999999.99"}));
  CommandResult nanos = Floe("parquet cat " + ShellQuote(file_) + " --int96-unit ns");
  EXPECT_NE(nanos.exit_code, 0);
  EXPECT_NE(nanos.err.find("column ts"), std::string::npos) << nanos.err;

  EXPECT_EQ(Ok("sql --format csv \"select id, ts from read_parquet('" + file_ +
               "') where ts < timestamp_ntz '1500-01-01 00:00:00'\""),
            "id,ts\n1,1200-03-04T05:06:07.123456\n");
  Ok("create namespace hive");
  Ok("create table hive.inferred --schema-from " + ShellQuote(file_));
  EXPECT_EQ(LegacyLines(Ok("schema hive.inferred")),
            (std::vector<std::string>{"  1  id  int", "  2  ts  timestamp", "  3  tsn  timestamp",
                                      "  4  d  decimal(38,2)"}));
}

TEST_F(LegacyParquetTest, SparksInt96FileGoesIntoATimestamptzTable) {
  // parquet-testing's int96_from_spark: a year-290000 value Spark wrote through wrapping
  // arithmetic, read back with Spark's own (its .md gives the values).
  const std::string spark = CorpusPath("parquet-testing/data/int96_from_spark.parquet");
  Ok("create namespace spark");
  Ok("create table spark.t --schema \"a timestamptz\"");
  Ok("add-files spark.t " + ShellQuote(spark));
  EXPECT_EQ(ScanRows("spark.t"), (std::vector<std::string>{
                                     "{\"a\":\"2024-01-01T20:34:56.123456+00:00\"}",
                                     "{\"a\":\"2024-01-01T01:00:00.000000+00:00\"}",
                                     "{\"a\":\"9999-12-31T03:00:00.000000+00:00\"}",
                                     "{\"a\":\"2024-12-30T23:00:00.000000+00:00\"}", "{\"a\":null}",
                                     "{\"a\":\"+290000-12-30T23:00:00.000000+00:00\"}"}));
  EXPECT_EQ(LegacyLines(Ok("count spark.t --filter \"a > '9999-01-01T00:00:00+00:00'\"")),
            std::vector<std::string>{"2"});
}

}  // namespace
}  // namespace floe::testing
