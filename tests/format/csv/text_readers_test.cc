// CSV and NDJSON readers: RFC 4180 quoting, nulls versus empty strings, and the inferred types
// (integers → int64, other numbers → float64, booleans, dates, timestamps with and without an
// offset, strings; mixed columns widen to double or string).
#include <gtest/gtest.h>

#include "floe/columnar/row_writer.h"
#include "floe/format/csv/csv_reader.h"
#include "floe/format/csv/text_columns.h"
#include "floe/format/ndjson/ndjson_reader.h"
#include "testing/result_matchers.h"

namespace floe::textformat {
namespace {

std::string AsJson(const columnar::RecordBatch& batch) {
  std::string out;
  auto writer = columnar::RowWriter::Make(columnar::RowFormat::kJson, &out);
  EXPECT_OK(writer->Write(batch));
  EXPECT_OK(writer->Finish());
  return out;
}

TEST(TextReadersTest, ClassifiesValues) {
  EXPECT_EQ(ClassifyText("42"), TextKind::kLong);
  EXPECT_EQ(ClassifyText("-9223372036854775808"), TextKind::kLong);
  EXPECT_EQ(ClassifyText("9223372036854775808"), TextKind::kDouble);
  EXPECT_EQ(ClassifyText("1.5e3"), TextKind::kDouble);
  EXPECT_EQ(ClassifyText("nan"), TextKind::kString);
  EXPECT_EQ(ClassifyText("TRUE"), TextKind::kBoolean);
  EXPECT_EQ(ClassifyText("2024-02-29"), TextKind::kDate);
  EXPECT_EQ(ClassifyText("2024-02-29T10:00:00"), TextKind::kTimestamp);
  EXPECT_EQ(ClassifyText("2024-02-29 10:00:00.5+02:00"), TextKind::kTimestampTz);
  EXPECT_EQ(ClassifyText("2024-02-30"), TextKind::kString);
  EXPECT_EQ(ClassifyText("12", /*quoted_json=*/true), TextKind::kString);
  EXPECT_EQ(CombineKinds(TextKind::kLong, TextKind::kDouble), TextKind::kDouble);
  EXPECT_EQ(CombineKinds(TextKind::kLong, TextKind::kDate), TextKind::kString);
  EXPECT_EQ(CombineKinds(TextKind::kNull, TextKind::kDate), TextKind::kDate);
}

TEST(TextReadersTest, CsvWithQuotesNullsAndInferredTypes) {
  auto batch = ParseCsv(
      "id,price,ok,day,at,note,empty\r\n"
      "1,2,true,2024-01-02,2024-01-02T03:04:05Z,\"a, \"\"quoted\"\"\nline\",\n"
      "2,2.5,false,,2024-01-02T03:04:05.25+01:00,\"\",\n"
      ",,,2024-12-31,,plain,\n");
  ASSERT_OK(batch);
  EXPECT_EQ(
      batch->schema()->ToString(),
      columnar::Schema(
          {columnar::Field("id", columnar::Int64()), columnar::Field("price", columnar::Float64()),
           columnar::Field("ok", columnar::Boolean()), columnar::Field("day", columnar::Date32()),
           columnar::Field("at", columnar::Timestamp(columnar::TimeUnit::kMicro, "UTC")),
           columnar::Field("note", columnar::Utf8()), columnar::Field("empty", columnar::Utf8())})
          .ToString());
  EXPECT_EQ(AsJson(*batch),
            "{\"id\":1,\"price\":2.0,\"ok\":true,\"day\":\"2024-01-02\",\"at\":\"2024-01-02T03:04:"
            "05.000000+00:00\","
            "\"note\":\"a, \\\"quoted\\\"\\nline\",\"empty\":null}\n"
            "{\"id\":2,\"price\":2.5,\"ok\":false,\"day\":null,\"at\":\"2024-01-02T02:04:05.250000+"
            "00:00\","
            "\"note\":\"\",\"empty\":null}\n"
            "{\"id\":null,\"price\":null,\"ok\":null,\"day\":\"2024-12-31\",\"at\":null,\"note\":"
            "\"plain\","
            "\"empty\":null}\n");
}

TEST(TextReadersTest, CsvErrors) {
  EXPECT_EQ(ParseCsv("").error().kind, ErrorKind::kInvalidArgument);
  EXPECT_EQ(ParseCsv("a,b\n1,\"open\n").error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(ParseCsv("a,b\n1,2,3\n").error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(ParseCsv("a,a\n1,2\n").error().kind, ErrorKind::kInvalidArgument);
}

TEST(TextReadersTest, NdjsonKeysInFirstSeenOrderAndInferredTypes) {
  auto batch = ParseNdjson(
      "{\"a\": 1, \"s\": \"x\", \"t\": \"2024-01-02T03:04:05\"}\n"
      "\n"
      "{\"a\": 2.5, \"b\": true, \"n\": {\"k\": [1, 2]}, \"s\": \"12\"}\n"
      "{\"a\": null, \"d\": \"2020-02-02\"}\n");
  ASSERT_OK(batch);
  EXPECT_EQ(
      AsJson(*batch),
      "{\"a\":1.0,\"s\":\"x\",\"t\":\"2024-01-02T03:04:05.000000\",\"b\":null,\"n\":null,\"d\":"
      "null}\n"
      "{\"a\":2.5,\"s\":\"12\",\"t\":null,\"b\":true,\"n\":\"{\\\"k\\\":[1,2]}\",\"d\":null}\n"
      "{\"a\":null,\"s\":null,\"t\":null,\"b\":null,\"n\":null,\"d\":\"2020-02-02\"}\n");
  EXPECT_EQ(ParseNdjson("[1]\n").error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(ParseNdjson("{\"a\":\n").error().kind, ErrorKind::kCorrupt);
}

}  // namespace
}  // namespace floe::textformat
