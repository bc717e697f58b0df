#include "floe/table/parquet_name_mapping.h"

#include <gtest/gtest.h>

#include <map>

#include "floe/commit/metadata_file.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/io/file_io.h"
#include "floe/io/location_map.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::table {
namespace parquet_name_mapping_test {

const char* kColumnMappingTable =
    "duckdb-iceberg/data/persistent/column_mapping/warehouse/default.db/my_table/metadata/"
    "00001-75643dae-a7a7-46ae-ab30-ea80d3793f3f.metadata.json";
const char* kColumnMappingData =
    "duckdb-iceberg/data/persistent/column_mapping/warehouse/example/mock_data.parquet";

// Dotted path of every node of a schema → its field id (-1: none).
std::map<std::string, int> IdsByPath(const parquet::Schema& schema) {
  std::map<std::string, int> out;
  for (int i = 1; i < schema.num_nodes(); ++i) {
    const parquet::SchemaNode& n = schema.node(i);
    out[parquet::JoinPath(n.path)] = n.field_id ? *n.field_id : -1;
  }
  return out;
}

TEST(ParquetNameMappingTest, ParsesTheSpecExample) {
  auto mapping = spec::NameMapping::Parse(R"([
    {"field-id": 1, "names": ["id", "record_id"]},
    {"names": ["unmapped"]},
    {"field-id": 3, "names": ["location"], "fields": [
      {"field-id": 4, "names": ["latitude", "lat"]},
      {"field-id": 5, "names": ["longitude", "long"]}]}])");
  ASSERT_OK(mapping);
  ASSERT_EQ(mapping->fields().size(), 3u);
  const spec::MappedField* id = spec::NameMapping::Find(mapping->fields(), "record_id");
  ASSERT_NE(id, nullptr);
  EXPECT_EQ(id->field_id, 1);
  EXPECT_EQ(spec::NameMapping::Find(mapping->fields(), "unmapped")->field_id, std::nullopt);
  EXPECT_EQ(spec::NameMapping::Find(mapping->fields(), "ID"), nullptr);  // names match exactly
  const spec::MappedField* location = spec::NameMapping::Find(mapping->fields(), "location");
  ASSERT_NE(location, nullptr);
  EXPECT_EQ(spec::NameMapping::Find(location->fields, "lat")->field_id, 4);
  EXPECT_EQ(spec::NameMapping::Find(location->fields, "longitude")->field_id, 5);
}

TEST(ParquetNameMappingTest, BadJsonIsCorruptNamingTheProperty) {
  for (const char* bad : {"{", R"({"field-id": 1})", R"([{"field-id": 1}])",
                          R"([{"field-id": "x", "names": ["a"]}])", R"([{"names": [1]}])"}) {
    auto mapping = spec::NameMapping::Parse(bad);
    ASSERT_FALSE(mapping.ok()) << bad;
    EXPECT_EQ(mapping.error().kind, ErrorKind::kCorrupt) << bad;
    EXPECT_NE(mapping.error().message.find("schema.name-mapping.default"), std::string::npos)
        << mapping.error().message;
  }
}

// pyiceberg's add_files table: the Parquet file has no field ids; the table's mapping gives
// them, through a map, a list and a struct.
TEST(ParquetNameMappingTest, GivesIdsToAFileWithoutThem) {
  auto io = io::LocalFileIO();
  auto metadata = commit::ReadMetadataFile(*io, testing::CorpusPath(kColumnMappingTable));
  ASSERT_OK(metadata);
  auto property = metadata->properties.find(std::string(spec::kNameMappingProperty));
  ASSERT_NE(property, metadata->properties.end());
  auto mapping = spec::NameMapping::Parse(property->second);
  ASSERT_OK(mapping);

  auto file = parquet::FileReader::Open(*io, testing::CorpusPath(kColumnMappingData));
  ASSERT_OK(file);
  EXPECT_FALSE(table::HasFieldIds((*file)->schema()));
  auto mapped = table::ApplyNameMapping(*mapping, (*file)->metadata().schema);
  ASSERT_OK(mapped);
  EXPECT_TRUE(table::HasFieldIds(*mapped));
  std::map<std::string, int> ids = IdsByPath(*mapped);
  EXPECT_EQ(ids["id"], 1);
  EXPECT_EQ(ids["name"], 2);
  EXPECT_EQ(ids["age"], 3);
  EXPECT_EQ(ids["attributes"], 4);
  EXPECT_EQ(ids["attributes.key_value.key"], 7);
  EXPECT_EQ(ids["attributes.key_value.value"], 8);
  EXPECT_EQ(ids["scores"], 5);
  EXPECT_EQ(ids["scores.list.element"], 9);
  EXPECT_EQ(ids["profile"], 6);
  EXPECT_EQ(ids["profile.email"], 10);
  EXPECT_EQ(ids["profile.verified"], 11);
  // The repeated middle levels are not fields of the table.
  EXPECT_EQ(ids["attributes.key_value"], -1);
  EXPECT_EQ(ids["scores.list"], -1);
}

TEST(ParquetNameMappingTest, UnmappedNamesGetNoId) {
  auto io = io::LocalFileIO();
  auto file = parquet::FileReader::Open(*io, testing::CorpusPath(kColumnMappingData));
  ASSERT_OK(file);
  auto mapping = spec::NameMapping::Parse(R"([{"field-id": 20, "names": ["age"]}])");
  ASSERT_OK(mapping);
  auto mapped = table::ApplyNameMapping(*mapping, (*file)->metadata().schema);
  ASSERT_OK(mapped);
  std::map<std::string, int> ids = IdsByPath(*mapped);
  EXPECT_EQ(ids["age"], 20);
  EXPECT_EQ(ids["id"], -1);
  EXPECT_EQ(ids["profile.email"], -1);
}

}  // namespace parquet_name_mapping_test
}  // namespace floe::table
