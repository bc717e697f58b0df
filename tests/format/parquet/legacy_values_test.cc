// Legacy layouts that Hive, Impala and Spark write and DuckDB reads, in hand-built files
// (testing/raw_parquet.h): INT96 timestamps outside 1677-2262 read in microseconds, and in
// nanoseconds only when asked (then an error naming the file and column); decimals in
// FIXED_LEN_BYTE_ARRAY or BYTE_ARRAY wider than 16 bytes whose extra bytes extend the sign
// (Impala pads decimal(38) to 17 bytes) read exactly, and one that does not fit 128 bits is an
// error naming the file and column. DuckDB reading the same files gives the same values.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "floe/columnar/value_text.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/io/file_io.h"
#include "testing/raw_parquet.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::parquet {
namespace {

using floe::testing::RawColumn;
using floe::testing::RawInt96;

constexpr int64_t kEpochJulianDay = 2440588;  // 1970-01-01

SchemaElement Leaf(std::string name, Type type, bool optional = true) {
  SchemaElement e;
  e.name = std::move(name);
  e.type = type;
  e.repetition_type = optional ? FieldRepetitionType::kOptional : FieldRepetitionType::kRequired;
  return e;
}

SchemaElement DecimalLeaf(std::string name, Type type, int width, int precision, int scale) {
  SchemaElement e = Leaf(std::move(name), type);
  if (type == Type::kFixedLenByteArray) e.type_length = width;
  e.converted_type = ConvertedType::kDecimal;
  e.precision = precision;
  e.scale = scale;
  LogicalType lt;
  lt.kind = LogicalType::Kind::kDecimal;
  lt.precision = precision;
  lt.scale = scale;
  e.logical_type = lt;
  return e;
}

// The big-endian two's complement bytes of `v` in `width` bytes (sign-extended).
std::string BigEndian(__int128 v, int width) {
  std::string out(static_cast<size_t>(width), v < 0 ? '\xff' : '\0');
  for (int i = 0; i < std::min(width, 16); ++i) {
    out[static_cast<size_t>(width - 1 - i)] = static_cast<char>(static_cast<uint8_t>(v >> (8 * i)));
  }
  return out;
}

__int128 TenTo(int n) {
  __int128 v = 1;
  for (int i = 0; i < n; ++i) v *= 10;
  return v;
}

std::string WriteRaw(const floe::testing::TempDir& dir, const std::string& name,
                     const std::vector<RawColumn>& columns) {
  const std::string path = dir.Join(name);
  EXPECT_OK(io::WriteFile(*io::LocalFileIO(), path, floe::testing::RawParquetFile(columns)));
  return path;
}

// Every column of every row as its JSON text (docs/cli.md value forms), row by row.
Result<std::vector<std::vector<std::string>>> ReadJson(const std::string& path,
                                                       BatchReaderOptions options = {}) {
  FLOE_ASSIGN_OR_RETURN(auto file, FileReader::Open(*io::LocalFileIO(), path));
  FLOE_ASSIGN_OR_RETURN(auto reader, BatchReader::Make(*file, std::move(options)));
  std::vector<std::vector<std::string>> rows;
  while (true) {
    FLOE_ASSIGN_OR_RETURN(auto batch, reader->Next());
    if (!batch) break;
    for (int64_t r = 0; r < batch->num_rows(); ++r) {
      std::vector<std::string> row;
      for (int c = 0; c < batch->num_columns(); ++c) {
        std::string text;
        columnar::AppendJsonValue(*batch->column(c), r, &text);
        row.push_back(text);
      }
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

bool HaveDuckDb() {
  return std::filesystem::exists(floe::testing::SourceDir() +
                                 "/tests/peers/node_modules/@duckdb/node-api");
}

// DuckDB's rows for `sql`, one JSON array per line.
std::string DuckDbRows(const std::string& sql) {
  auto r = floe::testing::RunCommand(
      fmt::format("node {} {}",
                  floe::testing::ShellQuote(floe::testing::SourceDir() + "/tests/peers/duckdb.mjs"),
                  floe::testing::ShellQuote(sql)));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

// Year 1200 and year 3000 (outside 64-bit nanoseconds), 2024 with nanosecond digits, a null.
std::vector<RawColumn> Int96Columns() {
  RawColumn ts{Leaf("ts", Type::kInt96), {}};
  ts.values = {RawInt96(2159414, 18367123456789ULL), RawInt96(2460312, 11045123456789ULL),
               RawInt96(2817152, 86399999999999ULL), std::nullopt};
  RawColumn near{Leaf("near", Type::kInt96), {}};
  near.values = {RawInt96(kEpochJulianDay, 1), RawInt96(2460312, 11045123456789ULL),
                 RawInt96(kEpochJulianDay - 1, 0), RawInt96(kEpochJulianDay, 0)};
  return {ts, near};
}

TEST(LegacyValuesTest, Int96OutsideNanosecondsReadsInMicroseconds) {
  floe::testing::TempDir dir;
  const std::string path = WriteRaw(dir, "int96.parquet", Int96Columns());

  BatchReaderOptions micros;
  micros.int96_unit = columnar::TimeUnit::kMicro;
  auto rows = ReadJson(path, micros);
  ASSERT_OK(rows);
  const std::vector<std::vector<std::string>> want = {
      {"\"1200-03-04T05:06:07.123456\"", "\"1970-01-01T00:00:00.000000\""},
      {"\"2024-01-02T03:04:05.123456\"", "\"2024-01-02T03:04:05.123456\""},
      {"\"3000-12-31T23:59:59.999999\"", "\"1969-12-31T00:00:00.000000\""},
      {"null", "\"1970-01-01T00:00:00.000000\""}};
  EXPECT_EQ(*rows, want);

  // Nanoseconds for the in-range column only: its sub-microsecond digits are kept.
  BatchReaderOptions mixed = micros;
  mixed.int96_nano_columns = {1};
  rows = ReadJson(path, mixed);
  ASSERT_OK(rows);
  EXPECT_EQ((*rows)[0][1], "\"1970-01-01T00:00:00.000000001\"");
  EXPECT_EQ((*rows)[1][1], "\"2024-01-02T03:04:05.123456789\"");
  EXPECT_EQ((*rows)[0][0], "\"1200-03-04T05:06:07.123456\"");

  // Nanoseconds asked for the column that holds year 1200: an error naming file and column.
  BatchReaderOptions nanos = micros;
  nanos.int96_nano_columns = {0};
  auto refused = ReadJson(path, nanos);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::kNotSupported);
  EXPECT_NE(refused.error().message.find(path), std::string::npos) << refused.error().message;
  EXPECT_NE(refused.error().message.find("column ts"), std::string::npos)
      << refused.error().message;
  EXPECT_NE(refused.error().message.find("1677-2262"), std::string::npos)
      << refused.error().message;

  if (!HaveDuckDb()) GTEST_SKIP() << "DuckDB peer not installed";
  EXPECT_EQ(
      DuckDbRows(fmt::format(
          "select epoch_us(ts)::varchar, epoch_us(near)::varchar from read_parquet('{}')", path)),
      "[\"-24293415232876544\",\"0\"]\n"
      "[\"1704164645123456\",\"1704164645123456\"]\n"
      "[\"32535215999999999\",\"-86400000000\"]\n"
      "[null,\"0\"]\n");
}

TEST(LegacyValuesTest, DecimalsPaddedPastSixteenBytesRead) {
  floe::testing::TempDir dir;
  const __int128 max38 = TenTo(38) - 1;
  RawColumn d{DecimalLeaf("d", Type::kFixedLenByteArray, 17, 38, 2), {}};
  d.values = {BigEndian(12345, 17),  BigEndian(-12345, 17), BigEndian(max38, 17),
              BigEndian(-max38, 17), std::nullopt,          BigEndian(0, 17)};
  RawColumn w{DecimalLeaf("w", Type::kFixedLenByteArray, 20, 20, 0), {}};
  w.values = {BigEndian(-1, 20),
              BigEndian(TenTo(19) + 7, 20),
              BigEndian(-TenTo(20) + 1, 20),
              BigEndian(1, 20),
              BigEndian(2, 20),
              std::nullopt};
  RawColumn b{DecimalLeaf("b", Type::kByteArray, 0, 38, 0), {}};
  b.values = {BigEndian(5, 1),       BigEndian(-5, 18), BigEndian(max38, 17),
              BigEndian(-max38, 16), std::nullopt,      BigEndian(TenTo(30), 24)};
  const std::string path = WriteRaw(dir, "wide_decimals.parquet", {d, w, b});

  auto rows = ReadJson(path);
  ASSERT_OK(rows);
  const std::string nines(36, '9');
  const std::vector<std::vector<std::string>> want = {
      {"\"123.45\"", "\"-1\"", "\"5\""},
      {"\"-123.45\"", "\"10000000000000000007\"", "\"-5\""},
      {"\"" + nines + ".99\"", "\"-99999999999999999999\"", "\"" + nines + "99\""},
      {"\"-" + nines + ".99\"", "\"1\"", "\"-" + nines + "99\""},
      {"null", "\"2\"", "null"},
      {"\"0.00\"", "null", "\"1" + std::string(30, '0') + "\""}};
  EXPECT_EQ(*rows, want);

  if (HaveDuckDb()) {
    EXPECT_EQ(DuckDbRows(fmt::format(
                  "select d::varchar, w::varchar, b::varchar from read_parquet('{}')", path)),
              "[\"123.45\",\"-1\",\"5\"]\n"
              "[\"-123.45\",\"10000000000000000007\",\"-5\"]\n"
              "[\"" +
                  nines + ".99\",\"-99999999999999999999\",\"" + nines + "99\"]\n" + "[\"-" +
                  nines + ".99\",\"1\",\"-" + nines + "99\"]\n" + "[null,\"2\",null]\n" +
                  "[\"0.00\",null,\"1" + std::string(30, '0') + "\"]\n");
  }

  // A 17-byte value whose first byte is not the sign of the rest does not fit 128 bits.
  RawColumn bad{DecimalLeaf("amount", Type::kFixedLenByteArray, 17, 38, 2), {}};
  bad.values = {BigEndian(1, 17), std::string("\x01") + std::string(16, '\0')};
  const std::string bad_path = WriteRaw(dir, "too_wide.parquet", {bad});
  auto refused = ReadJson(bad_path);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(refused.error().message.find(bad_path), std::string::npos) << refused.error().message;
  EXPECT_NE(refused.error().message.find("column amount"), std::string::npos)
      << refused.error().message;
  EXPECT_NE(refused.error().message.find("does not fit 128 bits"), std::string::npos)
      << refused.error().message;
}

}  // namespace
}  // namespace floe::parquet
