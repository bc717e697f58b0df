// Partition tuples of existing files (write/file_partition.h): the Hive-style folders Spark and
// PyIceberg wrote for the corpus's partition_* tables (every identity type, binary in base64,
// timestamps URL-escaped) parse to the values their manifests hold; transform values round-trip
// through their human form; malformed values are refused naming the file and the field.
#include "floe/write/file_partition.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "floe/commit/metadata_file.h"
#include "floe/io/file_io.h"
#include "floe/io/location_map.h"
#include "floe/manifest/snapshot_files.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::write {
namespace {

using spec::Literal;
using spec::Transform;
using spec::Type;

TEST(FilePartitionTest, CorpusHivePathsGiveTheManifestsPartitionValues) {
  auto map = io::LocationMap::Make({}, testing::CorpusPath("duckdb-iceberg"));
  ASSERT_OK(map);
  auto io = io::RemappedFileIO(io::LocalFileIO(), *map);
  int checked = 0;
  for (const char* name :
       {"partition_bigint", "partition_bool", "partition_decimal_bigint",
        "partition_decimal_integer", "partition_decimal_smallint", "partition_double",
        "partition_float", "partition_integer", "partition_time", "partition_timestamp",
        "partition_timestamptz", "partition_binary", "partition_fixed_length_binary"}) {
    std::string folder = testing::CorpusPath(std::string("duckdb-iceberg/data/persistent/") + name);
    std::vector<std::string> found = testing::FilesUnder(folder, ".metadata.json");
    ASSERT_FALSE(found.empty()) << name;
    auto location = commit::FindCurrentMetadataFile(
        *io, std::filesystem::path(found.back()).parent_path().parent_path().string());
    ASSERT_OK(location);
    auto metadata = commit::ReadMetadataFile(*io, *location);
    ASSERT_OK(metadata);
    auto list = manifest::ReadSnapshotManifests(*io, *metadata, *metadata->CurrentSnapshot());
    ASSERT_OK(list);
    auto entries = manifest::ReadLiveEntries(*io, *metadata, *list);
    ASSERT_OK(entries);
    for (const manifest::ManifestEntry& e : *entries) {
      // No statistics: the value can only come from the path.
      table::FooterStatistics none;
      none.row_count = e.data_file.record_count;
      auto partition =
          ExistingFilePartition(*metadata->SpecById(e.data_file.spec_id),
                                *metadata->CurrentSchema(), none, e.data_file.file_path);
      ASSERT_OK(partition) << name;
      EXPECT_EQ(*partition, e.data_file.partition) << e.data_file.file_path;
      ++checked;
    }
  }
  EXPECT_GE(checked, 13);
}

TEST(FilePartitionTest, TransformValuesRoundTripTheirHumanForm) {
  struct Case {
    spec::TypePtr source;
    Transform transform;
    Literal value;
  };
  std::vector<Case> cases = {
      {Type::TimestampTz(), Transform::Day(), Literal::Date(19783)},
      {Type::TimestampTz(), Transform::Day(), Literal::Date(-1)},
      {Type::Timestamp(), Transform::Month(), Literal::Int(650)},
      {Type::Date(), Transform::Year(), Literal::Int(54)},
      {Type::TimestampTz(), Transform::Hour(), Literal::Int(474792 + 13)},
      {Type::String(), Transform::Bucket(16), Literal::Int(11)},
      {Type::String(), Transform::Truncate(3), Literal::String("a/b c")},
      {Type::Long(), Transform::Identity(), Literal::Long(-42)},
      {Type::Decimal(9, 2), Transform::Identity(), Literal::MakeDecimal(1420, 2)},
      {Type::Date(), Transform::Identity(), Literal::Date(19783)},
      {Type::Binary(), Transform::Identity(), Literal::Binary({0xaa, 0xbb, 0xcc, 0x01})},
  };
  for (const Case& c : cases) {
    std::string text = c.transform.ToHumanString(*c.source, c.value);
    auto parsed = ParsePartitionValue(*c.source, c.transform, text);
    ASSERT_OK(parsed) << text;
    EXPECT_EQ(*parsed, c.value) << text;
  }
  EXPECT_TRUE(ParsePartitionValue(*Type::Long(), Transform::Identity(), "null")->is_null());
  // A path escapes its values (spec: PartitionPathSegment); decoding gives the text back.
  EXPECT_EQ(*UrlDecode("a%2Fb+c"), "a/b c");
  EXPECT_FALSE(UrlDecode("50%").ok());
  EXPECT_FALSE(UrlDecode("50%zz").ok());
}

TEST(FilePartitionTest, MalformedPathValuesAreRefusedNamingFileAndField) {
  EXPECT_FALSE(ParsePartitionValue(*Type::TimestampTz(), Transform::Day(), "2024-1-2").ok());
  EXPECT_FALSE(ParsePartitionValue(*Type::TimestampTz(), Transform::Month(), "2024-13x").ok());
  EXPECT_FALSE(ParsePartitionValue(*Type::String(), Transform::Bucket(4), "007").ok());
  EXPECT_FALSE(ParsePartitionValue(*Type::Long(), Transform::Identity(), "twelve").ok());
  EXPECT_FALSE(ParsePartitionValue(*Type::Fixed(4), Transform::Identity(), "qrvM").ok());

  spec::Schema schema;
  schema.fields = {spec::NestedField{1, "ts", false, Type::TimestampTz()}};
  spec::PartitionSpec spec;
  spec::PartitionField f;
  f.source_id = 1;
  f.field_id = 1000;
  f.name = "ts_day";
  f.transform = Transform::Day();
  spec.fields.push_back(f);
  table::FooterStatistics none;
  auto bad = ExistingFilePartition(spec, schema, none, "/wh/t/ts_day=yesterday/f.parquet");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("/wh/t/ts_day=yesterday/f.parquet: partition field ts_day"),
            std::string::npos)
      << bad.error().message;
  auto missing = ExistingFilePartition(spec, schema, none, "/wh/t/day=2024-01-02/f.parquet");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("is ambiguous"), std::string::npos);
  // The file's own name is not a folder.
  EXPECT_FALSE(ExistingFilePartition(spec, schema, none, "/wh/ts_day=2024-01-02").ok());
  auto good = ExistingFilePartition(spec, schema, none, "/wh/t/ts_day=2024-01-02/f.parquet");
  ASSERT_OK(good);
  EXPECT_EQ(*good, std::vector<Literal>{Literal::Date(19724)});
}

}  // namespace
}  // namespace floe::write
