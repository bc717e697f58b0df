// The footer decoder against hyparquet's 63 `*.metadata.json` dumps (corpus A3): floe's JSON form
// of each file's FileMetaData must equal hyparquet's, compared structurally after parsing both.
//
// Normalizations (each is a rendering artifact of hyparquet, a JavaScript reader, or a field it
// does not decode; everything else must match exactly):
//  1. Numbers compare by value: JSON has one number type, and hyparquet turns i64 (BigInt) into
//     plain numbers; 2.0 and 2 are equal. FLOAT statistics compare as 32-bit floats (JS widens them
//     to double, e.g. 0.1f prints as 0.10000000149011612; floe prints the shortest float text).
//  2. Decimal statistics: floe prints decimals as strings keeping their scale (docs/cli.md,
//     "1.50"); hyparquet as JS numbers. The string is parsed and compared as a number.
//  3. Dates and timestamps: floe prints docs/cli.md's forms ("2022-11-27T17:42:44.280000",
//     "+00:00" for UTC-adjusted, "YYYY-MM-DD" for dates); hyparquet prints JS Date objects
//     ("2022-11-27T17:42:44.280Z", millisecond precision, always Z, dates at midnight). Both are
//     turned into milliseconds since the epoch (floored) and compared.
//  4. Binary statistics without a string annotation: floe prints lowercase hex (docs/cli.md);
//     hyparquet decodes BYTE_ARRAY as UTF-8 text with TextDecoder and leaves FIXED_LEN_BYTE_ARRAY
//     as a byte array. The hex is decoded and compared as text (4b) or as the byte array (4a).
//  5. Invalid UTF-8: TextDecoder puts one U+FFFD per maximal ill-formed subpart, floe's JSON writer
//     one per bad byte; runs of U+FFFD are collapsed on both sides before comparing.
//  6. Fields floe decodes and hyparquet does not (column_orders, statistics.nan_count,
//     vector_length, encryption fields) are dropped from floe's side when hyparquet lacks them.
//  8. hyparquet's i64 values beyond 2^53 are JS doubles printed as long integers, some outside
//     the int64 range (-9223372036854776000); such literals are read as doubles (".0" appended).
//  7. hyparquet's GeoParquet support (markGeoColumns) adds {"type": "GEOMETRY", ...} to columns
//     named in a "geo" key-value entry; a logical_type present only on hyparquet's side is accepted
//     when it is GEOMETRY and the file has "geo" key-value metadata.
#include "floe/format/parquet/file_metadata_json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "floe/format/parquet/file_reader.h"
#include "floe/io/file_io.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"
#include "floe/util/time.h"
#include "format/parquet/hyparquet_json.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::parquet {
namespace {

using floe::testing::CorpusPath;
using floe::testing::FilesUnder;
using namespace floe::parquet::hyp;

TEST(FileMetaDataJsonTest, EqualsHyparquetMetadataDumps) {
  std::string dir = CorpusPath("hyparquet/test/files");
  auto expected_files = FilesUnder(dir, ".metadata.json");
  ASSERT_EQ(expected_files.size(), 63u);
  auto io = io::LocalFileIO();
  int matched = 0;
  for (const std::string& expected_path : expected_files) {
    std::string parquet_path =
        expected_path.substr(0, expected_path.size() - std::string(".metadata.json").size()) +
        ".parquet";
    SCOPED_TRACE(parquet_path);
    auto reader = FileReader::Open(*io, parquet_path);
    ASSERT_OK(reader);
    MetadataJsonOptions options;
    options.metadata_length = (*reader)->metadata_length();
    std::string floe_json = FileMetaDataToJson((*reader)->metadata(), options);
    auto floe_doc = JsonDocument::Parse(floe_json);
    ASSERT_OK(floe_doc);
    auto hyp_doc =
        JsonDocument::Parse(LongIntegersAsDoubles(floe::testing::ReadFileToString(expected_path)));
    ASSERT_OK(hyp_doc);

    bool has_geo = false;
    if (const auto& kvs = (*reader)->metadata().key_value_metadata) {
      for (const KeyValue& kv : *kvs) has_geo |= kv.key == "geo";
    }
    Comparer cmp(has_geo);
    cmp.Compare((*floe_doc)->root(), (*hyp_doc)->root(), "$");
    std::string report;
    for (const auto& f : cmp.failures()) report += "  " + f + "\n";
    EXPECT_TRUE(cmp.failures().empty()) << report;
    if (cmp.failures().empty()) ++matched;
  }
  EXPECT_EQ(matched, 63);
}

TEST(FileMetaDataJsonTest, StatisticsValuesAreTyped) {
  SchemaElement e;
  e.type = Type::kInt32;
  e.converted_type = ConvertedType::kDate;
  std::string v("\x01\x00\x00\x00", 4);
  EXPECT_EQ(StatisticsValueToJson(e, v), "\"1970-01-02\"");
  e.converted_type = ConvertedType::kDecimal;
  e.scale = 2;
  EXPECT_EQ(StatisticsValueToJson(e, std::string("\xfe\xff\xff\xff", 4)), "\"-0.02\"");
  SchemaElement f;
  f.type = Type::kFixedLenByteArray;
  f.converted_type = ConvertedType::kDecimal;
  f.scale = 3;
  EXPECT_EQ(StatisticsValueToJson(f, std::string("\x00\x01\xe2\x40", 4)), "\"123.456\"");
  EXPECT_EQ(StatisticsValueToJson(f, std::string("\xff\xff\xff\xff\xff\xff\xff\xff\xff\xf6", 10)),
            "\"-0.010\"");
  SchemaElement b;
  b.type = Type::kByteArray;
  EXPECT_EQ(StatisticsValueToJson(b, "ab"), "\"6162\"");
  b.converted_type = ConvertedType::kUtf8;
  EXPECT_EQ(StatisticsValueToJson(b, "ab"), "\"ab\"");
  SchemaElement u;
  u.type = Type::kInt64;
  u.converted_type = ConvertedType::kUint64;
  EXPECT_EQ(StatisticsValueToJson(u, std::string(8, '\xff')), "18446744073709551615");
  SchemaElement ts;
  ts.type = Type::kInt64;
  ts.logical_type = LogicalType{};
  ts.logical_type->kind = LogicalType::Kind::kTimestamp;
  ts.logical_type->unit = TimeUnit::kNanos;
  ts.logical_type->is_adjusted_to_utc = true;
  EXPECT_EQ(StatisticsValueToJson(ts, std::string("\x01\x00\x00\x00\x00\x00\x00\x00", 8)),
            "\"1970-01-01T00:00:00.000000001+00:00\"");
}

}  // namespace
}  // namespace floe::parquet
