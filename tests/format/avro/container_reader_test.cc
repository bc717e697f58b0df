// Reading every Avro file of the shared corpus: the Avro project's weather files in every codec,
// Spark-written arrow-testing files, and the Iceberg manifests and manifest lists of Java/Spark,
// PyIceberg, DuckDB and iceberg-rust/-go/-cpp fixtures.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "avro_test_util.h"
#include "testing/result_matchers.h"

namespace floe::avro {
namespace {

using floe::testing::CorpusPath;
using floe::testing::FilesUnder;
using floe::testing::ReadFileToString;
using testing::JsonLines;
using testing::OpenLocal;

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

TEST(ContainerReaderTest, WeatherInEveryCodecEqualsWeatherJson) {
  std::vector<std::string> expected =
      Lines(ReadFileToString(CorpusPath("avro/share/test/data/weather.json")));
  ASSERT_EQ(expected.size(), 5u);
  for (std::string name :
       {"weather", "weather-deflate", "weather-snappy", "weather-zstd", "weather-sorted"}) {
    std::string path = CorpusPath("avro/share/test/data/" + name + ".avro");
    auto lines = JsonLines(OpenLocal(path));
    ASSERT_OK(lines);
    std::vector<std::string> got = *lines, want = expected;
    if (name == "weather-sorted") {
      std::sort(got.begin(), got.end());
      std::sort(want.begin(), want.end());
    }
    EXPECT_EQ(got, want) << name;
  }
  auto reader =
      ContainerReader::Open(OpenLocal(CorpusPath("avro/share/test/data/weather-zstd.avro")));
  ASSERT_OK(reader);
  EXPECT_EQ((*reader)->codec(), "zstandard");
  EXPECT_EQ((*reader)->schema()->root().FullName(), "test.Weather");
}

TEST(ContainerReaderTest, OtherAvroProjectFiles) {
  auto sync_in_meta = JsonLines(OpenLocal(CorpusPath("avro/share/test/data/syncInMeta.avro")));
  ASSERT_OK(sync_in_meta);
  EXPECT_EQ(sync_in_meta->size(), 6001u);
  for (std::string name : {"simple", "withUnion"}) {
    std::string dir = CorpusPath("avro/share/test/data/schemas/" + name);
    auto schema = Schema::Parse(ReadFileToString(dir + "/schema.json"));
    ASSERT_OK(schema);
    auto lines = JsonLines(OpenLocal(dir + "/data.avro"), *schema);
    ASSERT_OK(lines);
    EXPECT_EQ(lines->size(), 3u);
  }
  for (std::string name :
       {"avro-1237-good", "avro-1238-good", "avro-1279-codec", "avro-1279-no-codec"}) {
    auto lines = JsonLines(OpenLocal(CorpusPath("avro/lang/c/tests/" + name + ".avro")));
    EXPECT_OK(lines) << name;
  }
}

TEST(ContainerReaderTest, CLibraryBadFilesGiveCleanErrors) {
  auto bad_union =
      JsonLines(OpenLocal(CorpusPath("avro/lang/c/tests/avro-1237-bad-union-discriminant.avro")));
  ASSERT_FALSE(bad_union.ok());
  EXPECT_EQ(bad_union.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(bad_union.error().message.find("union branch 2 out of range"), std::string::npos)
      << bad_union.error().message;
  EXPECT_NE(bad_union.error().message.find("avro-1237-bad-union-discriminant.avro"),
            std::string::npos);
  auto truncated = JsonLines(OpenLocal(CorpusPath("avro/lang/c/tests/avro-1238-truncated.avro")));
  ASSERT_FALSE(truncated.ok());
  EXPECT_EQ(truncated.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(truncated.error().message.find("offset"), std::string::npos);
  auto not_avro = JsonLines(OpenLocal(CorpusPath("avro/share/test/data/test.avro12")));
  ASSERT_FALSE(not_avro.ok());
  EXPECT_EQ(not_avro.error().kind, ErrorKind::kCorrupt);
}

TEST(ContainerReaderTest, ArrowTestingFilesWrittenBySpark) {
  const std::pair<const char*, size_t> kRows[] = {{"alltypes_dictionary", 2},
                                                  {"alltypes_nulls_plain", 1},
                                                  {"alltypes_plain", 8},
                                                  {"alltypes_plain.bzip2", 8},
                                                  {"alltypes_plain.snappy", 8},
                                                  {"alltypes_plain.xz", 8},
                                                  {"alltypes_plain.zstandard", 8},
                                                  {"binary", 12},
                                                  {"datapage_v2.snappy", 5},
                                                  {"dict-page-offset-zero", 39},
                                                  {"duration_uuid", 4},
                                                  {"fixed256_decimal", 24},
                                                  {"fixed_length_decimal", 24},
                                                  {"fixed_length_decimal_legacy", 24},
                                                  {"fixed_length_decimal_legacy_32", 24},
                                                  {"int128_decimal", 24},
                                                  {"int256_decimal", 24},
                                                  {"int32_decimal", 24},
                                                  {"int64_decimal", 24},
                                                  {"list_columns", 3},
                                                  {"nested_lists.snappy", 3},
                                                  {"nested_records", 2},
                                                  {"nonnullable.impala", 1},
                                                  {"nullable.impala", 7},
                                                  {"nulls.snappy", 8},
                                                  {"repeated_no_annotation", 6},
                                                  {"simple_enum", 4},
                                                  {"simple_fixed", 2},
                                                  {"single_nan", 1},
                                                  {"timestamp_logical_types", 2},
                                                  {"zero_byte", 3}};
  auto files = FilesUnder(CorpusPath("arrow-testing/data/avro"), ".avro");
  EXPECT_EQ(files.size(), std::size(kRows));
  std::map<std::string, std::vector<std::string>> read;
  for (auto [name, rows] : kRows) {
    auto lines =
        JsonLines(OpenLocal(CorpusPath(std::string("arrow-testing/data/avro/") + name + ".avro")));
    ASSERT_OK(lines) << name;
    EXPECT_EQ(lines->size(), rows) << name;
    read[name] = *lines;
  }
  // The same rows in every codec.
  for (const char* codec : {"bzip2", "snappy", "xz", "zstandard"}) {
    EXPECT_EQ(read[std::string("alltypes_plain.") + codec], read["alltypes_plain"]) << codec;
  }
  // alltypes_plain: ids 4,5,6,7,2,3,0,1 as in parquet-testing's twin.
  std::vector<int> ids;
  for (const std::string& line : read["alltypes_plain"]) ids.push_back(std::stoi(line.substr(6)));
  EXPECT_EQ(ids, (std::vector<int>{4, 5, 6, 7, 2, 3, 0, 1}));
  EXPECT_EQ(
      read["alltypes_plain"][1],
      R"({"id":5,"bool_col":false,"tinyint_col":1,"smallint_col":1,"int_col":1,"bigint_col":10,)"
      R"("float_col":1.1,"double_col":10.1,"date_string_col":"30332f30312f3039","string_col":"31",)"
      R"("timestamp_col":1235865660000000})");
  EXPECT_EQ(read["simple_enum"][0], R"({"f1":"a","f2":"g","f3":"j"})");
  EXPECT_EQ(read["simple_fixed"][0],
            R"({"f1":"6162636465","f2":"666768696a6b6c6d6e6f","f3":"414243444546"})");
  EXPECT_EQ(
      read["nested_records"][0],
      R"({"f1":{"f1_1":"aaa","f1_2":10,"f1_3":{"f1_3_1":3.14}},"f2":[{"f2_1":true,"f2_2":1.2},)"
      R"({"f2_1":true,"f2_2":2.2}],"f3":{"f3_1":"xyz"},"f4":[{"f4_1":200},null]})");
  EXPECT_EQ(read["zero_byte"][1], R"({"data":""})");
  EXPECT_EQ(
      read["timestamp_logical_types"][1],
      R"({"id":2,"ts_millis":1000,"ts_micros":1000000,"ts_nanos":1000000000,"local_ts_millis":1000,)"
      R"("local_ts_micros":1000000,"local_ts_nanos":1000000000})");
  EXPECT_EQ(
      read["duration_uuid"][0],
      R"({"duration_field":"010000000f000000f4010000","uuid_field":"fe7bc30b-4ce8-4c5e-b67c-2234a2d38e66"})");
}

TEST(ContainerReaderTest, EveryIcebergManifestAndManifestListReads) {
  std::vector<std::string> files;
  for (const char* dir :
       {"iceberg-rust", "iceberg-go", "iceberg-cpp", "duckdb-iceberg/data/persistent"}) {
    for (const std::string& f : FilesUnder(CorpusPath(dir), ".avro")) files.push_back(f);
  }
  ASSERT_EQ(files.size(), 149u);
  int read = 0;
  for (const std::string& f : files) {
    auto lines = JsonLines(OpenLocal(f));
    if (f.find("manifest-list-v3-encrypted.avro") != std::string::npos) {
      ASSERT_FALSE(lines.ok());
      EXPECT_EQ(lines.error().kind, ErrorKind::kCorrupt);
      EXPECT_NE(lines.error().message.find("encrypted"), std::string::npos)
          << lines.error().message;
      continue;
    }
    ASSERT_OK(lines) << f;
    EXPECT_FALSE(lines->empty()) << f;
    ++read;
  }
  EXPECT_EQ(read, static_cast<int>(files.size()) - 1);
}

TEST(ContainerReaderTest, ManifestValuesAndHeaderMetadata) {
  std::string path = CorpusPath("iceberg-go/testdata/duckdb_v3_manifest_list.avro");
  auto reader = ContainerReader::Open(OpenLocal(path));
  ASSERT_OK(reader);
  EXPECT_EQ((*reader)->codec(), "null");
  auto lines = JsonLines(OpenLocal(path));
  ASSERT_OK(lines);
  ASSERT_EQ(lines->size(), 2u);
  EXPECT_NE((*lines)[0].find(R"("added_snapshot_id":5275221492656851850)"), std::string::npos);
  EXPECT_NE((*lines)[0].find(R"("added_rows_count":100)"), std::string::npos);
  // A Java-written v2 manifest: field ids on the schema, partition-spec in the header.
  std::string manifest = CorpusPath(
      "iceberg-cpp/_removed_at_e0b35ef74a1eb221514aafd446e5c3810c7a87d9/src/iceberg/test/resources/"
      "56357cd7-391f-4df8-aa24-e7e667da8870-m4.avro");
  auto m = ContainerReader::Open(OpenLocal(manifest));
  ASSERT_OK(m);
  ASSERT_TRUE((*m)->Meta("partition-spec").has_value());
  EXPECT_NE((*m)->Meta("partition-spec")->find("\"transform\":\"hour\""), std::string::npos);
  EXPECT_EQ((*m)->codec(), "deflate");
  EXPECT_EQ((*m)->Meta("format-version"), "2");
  const Node& entry = (*m)->schema()->root();
  EXPECT_EQ(entry.FullName(), "manifest_entry");
  EXPECT_EQ(entry.fields[0].field_id, 0);
  int data_file = entry.FindField("data_file");
  ASSERT_GE(data_file, 0);
  EXPECT_EQ(entry.fields[data_file].field_id, 2);
}

}  // namespace
}  // namespace floe::avro
