// The Avro schema of Iceberg data files (spec "Avro" appendix) and how write.format.default and
// write.avro.* choose the data file format and codec: orc and unknown values are refused naming
// the property, never written as Parquet.
#include "floe/write/avro_data_schema.h"

#include <gtest/gtest.h>

#include "floe/write/avro_write_properties.h"
#include "floe/write/write_context.h"
#include "testing/result_matchers.h"

namespace floe::write {
namespace {

using spec::NestedField;
using spec::Type;

spec::Schema AllTypesSchema() {
  spec::Schema s;
  s.fields = {
      {1, "id", true, Type::Long()},
      {2, "price", false, Type::Decimal(10, 2)},
      {3, "cost", true, Type::Decimal(10, 2)},  // the named fixed written once, then by name
      {4, "u", false, Type::Uuid()},
      {5, "ts", false, Type::TimestampTz()},
      {6, "tags", false, Type::List({7, "element", false, Type::String()})},
      {8, "by_id", true,
       Type::Map({9, "key", true, Type::Int()}, {10, "value", false, Type::String()})},
      {11, "props", false,
       Type::Map({12, "key", true, Type::String()}, {13, "value", true, Type::Long()})},
      {14, "addr", false, Type::Struct({{15, "zip code", false, Type::Int()}})},
  };
  return s;
}

TEST(AvroDataSchemaTest, IcebergAvroLayout) {
  auto json = AvroDataSchemaJson(AllTypesSchema());
  ASSERT_OK(json);
  EXPECT_EQ(*json,
            R"({"type":"record","name":"table","fields":[)"
            R"({"name":"id","type":"long","field-id":1},)"
            R"({"name":"price","type":["null",{"type":"fixed","name":"decimal_10_2","size":5,)"
            R"("logicalType":"decimal","precision":10,"scale":2}],"default":null,"field-id":2},)"
            R"({"name":"cost","type":"decimal_10_2","field-id":3},)"
            R"({"name":"u","type":["null",{"type":"fixed","name":"uuid_fixed","size":16,)"
            R"("logicalType":"uuid"}],"default":null,"field-id":4},)"
            R"({"name":"ts","type":["null",{"type":"long","logicalType":"timestamp-micros",)"
            R"("adjust-to-utc":true}],"default":null,"field-id":5},)"
            R"({"name":"tags","type":["null",{"type":"array","items":["null","string"],)"
            R"("element-id":7}],"default":null,"field-id":6},)"
            R"({"name":"by_id","type":{"type":"array","items":{"type":"record","name":"k9_v10",)"
            R"("fields":[{"name":"key","type":"int","field-id":9},)"
            R"({"name":"value","type":["null","string"],"default":null,"field-id":10}]},)"
            R"("logicalType":"map","key-id":9,"value-id":10},"field-id":8},)"
            R"({"name":"props","type":["null",{"type":"map","values":"long","key-id":12,)"
            R"("value-id":13}],"default":null,"field-id":11},)"
            R"({"name":"addr","type":["null",{"type":"record","name":"r14","fields":[)"
            R"({"name":"zip_x20code","type":["null","int"],"default":null,"field-id":15,)"
            R"("iceberg-field-name":"zip code"}]}],"default":null,"field-id":14}]})");
  // floe's own parser takes it, ids typed.
  auto parsed = AvroDataSchema(AllTypesSchema());
  ASSERT_OK(parsed);
  const avro::Node& root = (*parsed)->root();
  ASSERT_EQ(root.fields.size(), 9u);
  EXPECT_EQ(root.fields[7].field_id, 11);
  EXPECT_EQ(root.fields[7].type->branches[1]->key_id, 12);
}

TEST(AvroDataSchemaTest, VariantIsRefused) {
  spec::Schema s;
  s.fields = {{1, "v", false, Type::Primitive(spec::TypeId::kVariant)}};
  auto json = AvroDataSchemaJson(s);
  ASSERT_FALSE(json.ok());
  EXPECT_EQ(json.error().kind, ErrorKind::kNotSupported);
}

Result<std::shared_ptr<WriteContext>> ContextWith(std::map<std::string, std::string> properties) {
  return WriteContext::Make(AllTypesSchema(), spec::PartitionSpec{}, "/tmp/t", properties);
}

TEST(AvroDataSchemaTest, WriteFormatDefaultChoosesTheFormat) {
  auto parquet = ContextWith({});
  ASSERT_OK(parquet);
  EXPECT_EQ((*parquet)->format(), DataFileFormat::kParquet);
  EXPECT_TRUE((*parquet)->NewDataFileLocation("").ends_with("-00001.parquet"));

  auto avro = ContextWith({{"write.format.default", "AvRo"}});  // any case, as Java
  ASSERT_OK(avro);
  EXPECT_EQ((*avro)->format(), DataFileFormat::kAvro);
  EXPECT_TRUE((*avro)->NewDataFileLocation("").ends_with("-00001.avro"));
  EXPECT_EQ((*avro)->avro_options().codec, "deflate");  // Java's default gzip
  EXPECT_EQ((*avro)->avro_schema()->root().name, "table");

  auto orc = ContextWith({{"write.format.default", "ORC"}});
  ASSERT_FALSE(orc.ok());
  EXPECT_EQ(orc.error().kind, ErrorKind::kNotSupported);
  EXPECT_NE(orc.error().message.find("write.format.default is orc"), std::string::npos)
      << orc.error().message;

  auto unknown = ContextWith({{"write.format.default", "csv"}});
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().kind, ErrorKind::kInvalidArgument);
  EXPECT_NE(unknown.error().message.find("write.format.default"), std::string::npos);
}

TEST(AvroDataSchemaTest, AvroCodecs) {
  auto codec = [](std::string value) -> std::string {
    auto o = AvroWriterOptionsFromProperties({{"write.avro.compression-codec", value}});
    return o.ok() ? o->codec : "error: " + o.error().message;
  };
  EXPECT_EQ(codec("gzip"), "deflate");
  EXPECT_EQ(codec("ZSTD"), "zstandard");
  EXPECT_EQ(codec("snappy"), "snappy");
  EXPECT_EQ(codec("uncompressed"), "null");
  EXPECT_NE(codec("lzo").find("write.avro.compression-codec"), std::string::npos);
  auto level = AvroWriterOptionsFromProperties({{"write.avro.compression-level", "9"}});
  ASSERT_OK(level);
  EXPECT_EQ(level->level, 9);
  EXPECT_FALSE(AvroWriterOptionsFromProperties({{"write.avro.compression-level", "99"}}).ok());
}

}  // namespace
}  // namespace floe::write
