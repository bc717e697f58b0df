#include "floe/columnar/row_writer.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <limits>
#include <optional>

#include "columnar/make_array.h"
#include "floe/columnar/array_builder.h"
#include "floe/columnar/value_text.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::columnar {
namespace {

ArrayPtr MakeDecimal64(DataTypePtr type, const std::vector<std::optional<int64_t>>& values) {
  Decimal128Builder b(std::move(type));
  for (const auto& v : values) Check(v ? b.AppendInt64(*v) : b.AppendNull());
  return Get(b.Finish());
}

RecordBatch MakeBatch(std::vector<Field> fields, std::vector<ArrayPtr> columns) {
  int64_t rows = columns.empty() ? 0 : columns[0]->length;
  return Get(
      RecordBatch::Make(std::make_shared<Schema>(std::move(fields)), rows, std::move(columns)));
}

// id int64, name string, price decimal(6,2): the batch most tests print.
RecordBatch SmallBatch() {
  return MakeBatch(
      {Field("id", Int64()), Field("name", Utf8()), Field("price", Decimal128(6, 2))},
      {MakePrimitive<int64_t>(Int64(), {1, 22, std::nullopt}),
       MakeBinary(Utf8(), {std::string("alice"), std::nullopt, std::string("b,\"o\"b")}),
       MakeDecimal64(Decimal128(6, 2), {150, -5, 123456})});
}

std::string WriteAll(RowFormat format, const std::vector<RecordBatch>& batches,
                     const TableLayout& layout = {}) {
  std::string out;
  auto writer = RowWriter::Make(format, &out, layout);
  for (const auto& b : batches) Check(writer->Write(b));
  Check(writer->Finish());
  return out;
}

TEST(RowWriterTest, ParseRowFormat) {
  EXPECT_EQ(*ParseRowFormat("table"), RowFormat::kTable);
  EXPECT_EQ(*ParseRowFormat("csv"), RowFormat::kCsv);
  EXPECT_EQ(*ParseRowFormat("json"), RowFormat::kJson);
  auto bad = ParseRowFormat("xml");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().kind, ErrorKind::kInvalidArgument);
  EXPECT_NE(bad.error().message.find("\"xml\""), std::string::npos);
  EXPECT_EQ(RowFormatName(RowFormat::kCsv), "csv");
}

TEST(RowWriterTest, JsonOneObjectPerRowInSchemaOrder) {
  RecordBatch batch = SmallBatch();
  EXPECT_EQ(WriteAll(RowFormat::kJson, {batch, batch.Slice(2, 1)}),
            "{\"id\":1,\"name\":\"alice\",\"price\":\"1.50\"}\n"
            "{\"id\":22,\"name\":null,\"price\":\"-0.05\"}\n"
            "{\"id\":null,\"name\":\"b,\\\"o\\\"b\",\"price\":\"1234.56\"}\n"
            "{\"id\":null,\"name\":\"b,\\\"o\\\"b\",\"price\":\"1234.56\"}\n");
}

TEST(RowWriterTest, CsvHeaderThenRows) {
  EXPECT_EQ(WriteAll(RowFormat::kCsv, {SmallBatch()}),
            "id,name,price\n"
            "1,alice,1.50\n"
            "22,,-0.05\n"
            ",\"b,\"\"o\"\"b\",1234.56\n");
}

TEST(RowWriterTest, TableAlignedWithNullsAndFooter) {
  EXPECT_EQ(WriteAll(RowFormat::kTable, {SmallBatch()}),
            "  id | name   |   price\n"
            "-----+--------+--------\n"
            "   1 | alice  |    1.50\n"
            "  22 | NULL   |   -0.05\n"
            "NULL | b,\"o\"b | 1234.56\n"
            "(3 rows)\n");
  auto one = SmallBatch().Slice(0, 1);
  EXPECT_EQ(WriteAll(RowFormat::kTable, {one}),
            "id | name  | price\n"
            "---+-------+------\n"
            " 1 | alice |  1.50\n"
            "(1 row)\n");
}

TEST(RowWriterTest, HeadersWithoutRows) {
  auto schema = SmallBatch().schema();
  auto write = [&](RowFormat format) {
    std::string out;
    auto writer = RowWriter::Make(format, &out);
    Check(writer->Begin(schema));
    Check(writer->Finish());
    return out;
  };
  EXPECT_EQ(write(RowFormat::kCsv), "id,name,price\n");
  EXPECT_EQ(write(RowFormat::kJson), "");
  EXPECT_EQ(write(RowFormat::kTable), "id | name | price\n---+------+------\n(0 rows)\n");
  // Nothing at all known: only the table's footer.
  EXPECT_EQ(WriteAll(RowFormat::kTable, {}), "(0 rows)\n");
  EXPECT_EQ(WriteAll(RowFormat::kCsv, {}), "");
}

TEST(RowWriterTest, TableCutsLongTextAndEscapesControls) {
  std::string long_text(100, 'x');
  std::string accented;
  for (int i = 0; i < 60; ++i) accented += "\xC3\xA9";  // é: two bytes, one character
  auto batch = MakeBatch(
      {Field("s", Utf8())},
      {MakeBinary(Utf8(), {long_text, accented, std::string("a\nb\tc\x1b"), std::string("z")})});
  // Without a layout (a pipe, a file) nothing is cut.
  EXPECT_EQ(WriteAll(RowFormat::kTable, {batch}), "s\n" + std::string(100, '-') + "\n" + long_text +
                                                      "\n" + accented +
                                                      "\na\\nb\\tc\\x1b\nz\n(4 rows)\n");
  std::string out = WriteAll(RowFormat::kTable, {batch}, TableLayout{.max_cell_width = 48});
  std::string expected_long = std::string(47, 'x') + "\xE2\x80\xA6";
  std::string expected_accented;
  for (int i = 0; i < 47; ++i) expected_accented += "\xC3\xA9";
  expected_accented += "\xE2\x80\xA6";
  EXPECT_EQ(out, "s\n" + std::string(48, '-') + "\n" + expected_long + "\n" + expected_accented +
                     "\n" + "a\\nb\\tc\\x1b\nz\n(4 rows)\n");
}

TEST(RowWriterTest, TableKeepsSampledWidthsAfterTheFirstThousandRows) {
  const int64_t n = RowWriter::kTableSampleRows;
  Int64Builder ids(Int64());
  BinaryBuilder names(Utf8());
  for (int64_t i = 0; i < n + 2; ++i) {
    Check(ids.Append(i < n ? i % 10 : 1234567));  // later numbers are wider: never cut
    Check(names.Append(i < n ? std::string("abc") : std::string("abcdefgh")));
  }
  auto batch = MakeBatch({Field("n", Int64()), Field("name", Utf8())},
                         {Get(ids.Finish()), Get(names.Finish())});
  std::string out;
  auto writer = RowWriter::Make(RowFormat::kTable, &out);
  Check(writer->Write(batch.Slice(0, n - 1)));
  EXPECT_EQ(out, "");  // held back to size the columns
  Check(writer->Write(batch.Slice(n - 1, 1)));
  EXPECT_NE(out.find("n | name\n--+-----\n0 | abc\n"), std::string::npos) << out.substr(0, 100);
  Check(writer->Write(batch.Slice(n, 2)));
  Check(writer->Finish());
  // Later rows keep the widths; wider text is printed whole (nothing is cut without a layout).
  EXPECT_NE(out.find("\n9 | abc\n1234567 | abcdefgh\n1234567 | abcdefgh\n(1002 rows)\n"),
            std::string::npos)
      << out.substr(out.size() - 100);
  EXPECT_EQ(writer->rows_written(), n + 2);
}

// A terminal's layout: the first and last rows with a "…" line and a count of those shown, and
// the widest text column narrowed until a line fits.
TEST(RowWriterTest, TableLayoutShowsAScreenful) {
  Int64Builder ids(Int64());
  BinaryBuilder names(Utf8());
  for (int64_t i = 1; i <= 2163; ++i) {
    Check(ids.Append(i));
    Check(names.Append(i == 2 ? std::string(30, 'w') : "n" + std::to_string(i)));
  }
  auto batch = MakeBatch({Field("id", Int64()), Field("name", Utf8())},
                         {Get(ids.Finish()), Get(names.Finish())});
  std::string out = WriteAll(RowFormat::kTable, {batch.Slice(0, 1000), batch.Slice(1000, 1163)},
                             TableLayout{.max_rows = 5, .max_line_width = 20});
  EXPECT_EQ(out,
            "  id | name\n"
            "-----+--------------\n"
            "   1 | n1\n"
            "   2 | wwwwwwwwwwww\xE2\x80\xA6\n"
            "   3 | n3\n"
            "   \xE2\x80\xA6 | \xE2\x80\xA6\n"
            "2162 | n2162\n"
            "2163 | n2163\n"
            "(2,163 rows, 5 shown)\n");
  // As many rows as the screen holds: all of them, the usual footer.
  EXPECT_EQ(WriteAll(RowFormat::kTable, {batch.Slice(2, 3)}, TableLayout{.max_rows = 3}),
            "id | name\n---+-----\n 3 | n3\n 4 | n4\n 5 | n5\n(3 rows)\n");
}

TEST(RowWriterTest, BatchesMustShareTheSchema) {
  std::string out;
  auto writer = RowWriter::Make(RowFormat::kJson, &out);
  Check(writer->Write(SmallBatch()));
  auto other = MakeBatch({Field("id", Int32())}, {MakePrimitive<int32_t>(Int32(), {1})});
  auto st = writer->Write(other);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::kInvalidArgument);
  // Field metadata does not matter.
  auto with_id = MakeBatch({Field("id", Int64()).WithFieldId(1), Field("name", Utf8()),
                            Field("price", Decimal128(6, 2))},
                           SmallBatch().columns());
  Check(writer->Write(with_id));
  Check(writer->Finish());
  EXPECT_FALSE(writer->Write(SmallBatch()).ok());
}

TEST(RowWriterTest, ReportsInvalidUtf8Once) {
  auto batch = MakeBatch({Field("s", Utf8())}, {MakeBinary(Utf8(), {std::string("ok")})});
  auto bad = MakeBatch({Field("s", Utf8())}, {MakeBinary(Utf8(), {std::string("\xFF")})});
  for (RowFormat format : {RowFormat::kJson, RowFormat::kCsv, RowFormat::kTable}) {
    std::string out;
    auto writer = RowWriter::Make(format, &out);
    Check(writer->Write(batch));
    EXPECT_FALSE(writer->replaced_invalid_utf8());
    Check(writer->Write(bad));
    Check(writer->Finish());
    EXPECT_TRUE(writer->replaced_invalid_utf8()) << RowFormatName(format);
    EXPECT_NE(out.find("\xEF\xBF\xBD"), std::string::npos);
  }
}

TEST(RowWriterTest, TopLevelUuidColumns) {
  const std::string bytes("\x12\x3e\x45\x67\xe8\x9b\x12\xd3\xa4\x56\x42\x66\x14\x17\x40\x00", 16);
  auto batch = MakeBatch({WithUuidExtension(Field("u", Uuid())), Field("f", Uuid())},
                         {MakeFixed(Uuid(), {bytes}), MakeFixed(Uuid(), {bytes})});
  EXPECT_EQ(WriteAll(RowFormat::kJson, {batch}),
            "{\"u\":\"123e4567-e89b-12d3-a456-426614174000\","
            "\"f\":\"123e4567e89b12d3a456426614174000\"}\n");
  EXPECT_EQ(WriteAll(RowFormat::kCsv, {batch}),
            "u,f\n123e4567-e89b-12d3-a456-426614174000,123e4567e89b12d3a456426614174000\n");
}

TEST(RowWriterTest, WritesToAFile) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  auto writer = RowWriter::Make(RowFormat::kCsv, file);
  // Enough rows to pass the flush threshold several times.
  Int64Builder ids(Int64());
  for (int64_t i = 0; i < 50000; ++i) Check(ids.Append(i));
  Check(writer->Write(MakeBatch({Field("i", Int64())}, {Get(ids.Finish())})));
  Check(writer->Finish());
  std::rewind(file);
  std::string text;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), file)) > 0) text.append(buf, n);
  std::fclose(file);
  EXPECT_EQ(text.substr(0, 8), "i\n0\n1\n2\n");
  EXPECT_EQ(text.substr(text.size() - 6), "49999\n");
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 50001);
}

// One batch with every type and the awkward values, for the python3 checks below.
RecordBatch EveryTypeBatch() {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto nested_type = Struct({Field("a", Int32()), Field("b", List(Field("item", Utf8())))});
  auto nested = Get(MakeBuilder(nested_type));
  {
    auto* sb = static_cast<StructBuilder*>(nested.get());
    auto* a = static_cast<Int32Builder*>(sb->child(0));
    auto* b = static_cast<ListBuilder*>(sb->child(1));
    auto* items = static_cast<BinaryBuilder*>(b->value_builder());
    Check(sb->Append());
    Check(a->Append(1));
    Check(b->Append());
    Check(items->Append("x,\"y\"\n"));
    Check(items->AppendNull());
    Check(sb->AppendNull());
    Check(sb->Append());
    Check(a->AppendNull());
    Check(b->AppendNull());
  }
  auto map_type = Map(Field("key", Utf8()), Field("value", Float64()));
  auto map = Get(MakeBuilder(map_type));
  {
    auto* mb = static_cast<MapBuilder*>(map.get());
    Check(mb->Append());
    Check(mb->entries_builder()->Append());
    Check(static_cast<BinaryBuilder*>(mb->key_builder())->Append("k"));
    Check(static_cast<DoubleBuilder*>(mb->item_builder())->Append(nan));
    Check(mb->Append());
    Check(mb->AppendNull());
  }
  BooleanBuilder bools;
  Check(bools.Append(true));
  Check(bools.Append(false));
  Check(bools.AppendNull());
  const std::string uuid(16, '\x5a');
  return MakeBatch(
      {Field("i64", Int64()), Field("u64", UInt64()), Field("f64", Float64()),
       Field("f32", Float32()), Field("f16", Float16()), Field("dec", Decimal128(38, 10)),
       Field("s", Utf8()), Field("bin", Binary()), WithUuidExtension(Field("u", Uuid())),
       Field("d", Date32()), Field("t", Time64(TimeUnit::kNano)),
       Field("ts", Timestamp(TimeUnit::kMicro, "UTC")), Field("b", Boolean()),
       Field("nested", nested_type), Field("m", map_type), Field("with \"quote\", comma", Int8())},
      {MakePrimitive<int64_t>(Int64(), {INT64_MIN, INT64_MAX, std::nullopt}),
       MakePrimitive<uint64_t>(UInt64(), {UINT64_MAX, 0, std::nullopt}),
       MakePrimitive<double>(Float64(), {0.1, -0.0, 1e300}),
       MakePrimitive<float>(Float32(), {0.1f, 3.4028235e38f, std::nullopt}),
       MakePrimitive<uint16_t>(Float16(), {0x2E66, 0x7C00, std::nullopt}),
       MakeDecimal64(Decimal128(38, 10), {-5, 15000000000, std::nullopt}),
       MakeBinary(Utf8(), {std::string("tab\there \x01 \xE2\x82\xAC, \"q\"\r\n"),
                           std::string("bad \xFF byte"), std::string("")}),
       MakeBinary(Binary(), {std::string("\x00\xFF", 2), std::string(), std::nullopt}),
       MakeFixed(Uuid(), {uuid, std::nullopt, uuid}),
       MakePrimitive<int32_t>(Date32(), {-719163, 2932897, 0}),
       MakePrimitive<int64_t>(Time64(TimeUnit::kNano), {1, 86399999999999, std::nullopt}),
       MakePrimitive<int64_t>(Timestamp(TimeUnit::kMicro, "UTC"), {-1, 0, std::nullopt}),
       Get(bools.Finish()), Get(nested->Finish()), Get(map->Finish()),
       MakePrimitive<int8_t>(Int8(), {-1, std::nullopt, 1})});
}

TEST(RowWriterTest, PythonReadsEveryJsonLineBack) {
  RecordBatch batch = EveryTypeBatch();
  std::string out;
  auto writer = RowWriter::Make(RowFormat::kJson, &out);
  Check(writer->Write(batch));
  Check(writer->Finish());
  EXPECT_TRUE(writer->replaced_invalid_utf8());

  // simdjson (the project's reader) parses every line.
  size_t start = 0;
  int lines = 0;
  while (start < out.size()) {
    size_t end = out.find('\n', start);
    auto doc = JsonDocument::Parse(out.substr(start, end - start));
    EXPECT_OK(doc) << out.substr(start, end - start);
    start = end + 1;
    ++lines;
  }
  EXPECT_EQ(lines, 3);

  // Python parses every line and, written back compactly, gets the same text: the numbers are
  // the shortest forms Python itself prints.
  testing::TempDir dir;
  {
    std::FILE* f = std::fopen(dir.Join("rows.json").c_str(), "wb");
    ASSERT_NE(f, nullptr);
    std::fwrite(out.data(), 1, out.size(), f);
    std::fclose(f);
  }
  auto result = testing::RunCommand(
      "python3 -c 'import json,sys\n"
      "for line in open(sys.argv[1], encoding=\"utf-8\"):\n"
      "  print(json.dumps(json.loads(line), separators=(\",\", \":\"), ensure_ascii=False))' " +
      testing::ShellQuote(dir.Join("rows.json")));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, out);
}

TEST(RowWriterTest, PythonCsvReadsTheSameFields) {
  RecordBatch batch = EveryTypeBatch();
  std::string out;
  auto writer = RowWriter::Make(RowFormat::kCsv, &out);
  Check(writer->Write(batch));
  Check(writer->Finish());

  // Expected fields: the names, then each value's plain text (nulls empty).
  std::string expected = "[[";
  for (int c = 0; c < batch.num_columns(); ++c) {
    if (c > 0) expected += ", ";
    AppendJsonString(expected, batch.schema()->field(c).name);
  }
  expected += "]";
  for (int64_t r = 0; r < batch.num_rows(); ++r) {
    expected += ", [";
    for (int c = 0; c < batch.num_columns(); ++c) {
      if (c > 0) expected += ", ";
      std::string text;
      ValueTextOptions options;
      options.uuid = IsUuidField(batch.schema()->field(c));
      (void)AppendValueText(*batch.column(c), r, &text, options);
      AppendJsonString(expected, text);
    }
    expected += "]";
  }
  expected += "]\n";

  testing::TempDir dir;
  {
    std::FILE* f = std::fopen(dir.Join("rows.csv").c_str(), "wb");
    ASSERT_NE(f, nullptr);
    std::fwrite(out.data(), 1, out.size(), f);
    std::fclose(f);
  }
  auto result = testing::RunCommand(
      "python3 -c 'import csv,json,sys\n"
      "rows = list(csv.reader(open(sys.argv[1], newline=\"\", encoding=\"utf-8\")))\n"
      "print(json.dumps(rows, ensure_ascii=False))' " +
      testing::ShellQuote(dir.Join("rows.csv")));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, expected);
}

}  // namespace
}  // namespace floe::columnar
