// Iceberg's write.parquet.* properties become Parquet writer options; bad values name the property.
#include "floe/write/parquet_write_properties.h"

#include <gtest/gtest.h>

#include "testing/result_matchers.h"

namespace floe::write {
namespace {

TEST(ParquetWritePropertiesTest, DefaultsAreIcebergs) {
  auto o = ParquetWriterOptionsFromProperties({});
  ASSERT_OK(o);
  EXPECT_EQ(o->columns.codec, parquet::CompressionCodec::kZstd);
  EXPECT_EQ(o->row_group_bytes, 128 * 1024 * 1024);
  EXPECT_EQ(o->columns.page_bytes, 1024 * 1024);
  EXPECT_EQ(o->columns.page_row_limit, 20000);
  EXPECT_EQ(o->columns.dictionary_page_bytes, 2 * 1024 * 1024);
  EXPECT_FALSE(o->columns.data_page_v2);
  EXPECT_TRUE(o->bloom_filter_fpp.empty());
}

TEST(ParquetWritePropertiesTest, EveryPropertyIsRead) {
  auto o = ParquetWriterOptionsFromProperties({
      {"write.parquet.compression-codec", "LZ4"},
      {"write.parquet.compression-level", "9"},
      {"write.parquet.row-group-size-bytes", "1000"},
      {"write.parquet.page-size-bytes", "200"},
      {"write.parquet.page-row-limit", "30"},
      {"write.parquet.dict-size-bytes", "4000"},
      {"write.parquet.page-version", "v2"},
      {"write.parquet.bloom-filter-enabled.column.id", "true"},
      {"write.parquet.bloom-filter-enabled.column.a.b", "true"},
      {"write.parquet.bloom-filter-enabled.column.off", "false"},
      {"write.parquet.bloom-filter-fpp.column.a.b", "0.05"},
      {"write.format.default", "parquet"},
  });
  ASSERT_OK(o);
  EXPECT_EQ(o->columns.codec, parquet::CompressionCodec::kLz4Raw);
  EXPECT_EQ(o->columns.compression_level, 9);
  EXPECT_EQ(o->row_group_bytes, 1000);
  EXPECT_EQ(o->columns.page_bytes, 200);
  EXPECT_EQ(o->columns.page_row_limit, 30);
  EXPECT_EQ(o->columns.dictionary_page_bytes, 4000);
  EXPECT_TRUE(o->columns.data_page_v2);
  EXPECT_EQ(o->bloom_filter_fpp, (std::map<std::string, double>{{"a.b", 0.05}, {"id", 0.01}}));
}

TEST(ParquetWritePropertiesTest, BadValuesNameTheProperty) {
  for (auto [key, value] : std::vector<std::pair<std::string, std::string>>{
           {"write.parquet.compression-codec", "lzo"},
           {"write.parquet.row-group-size-bytes", "-1"},
           {"write.parquet.page-size-bytes", "1MB"},
           {"write.parquet.page-version", "v3"},
           {"write.parquet.bloom-filter-fpp.column.x", "1.5"},
           {"write.parquet.bloom-filter-enabled.column.x", "yes"}}) {
    auto o = ParquetWriterOptionsFromProperties({{key, value}});
    ASSERT_FALSE(o.ok()) << key;
    EXPECT_EQ(o.error().kind, ErrorKind::kInvalidArgument);
    EXPECT_NE(o.error().message.find(key), std::string::npos) << o.error().message;
  }
}

}  // namespace
}  // namespace floe::write
