// Data file locations (write/location_provider.h): the default layout, write.data.path, and the
// object-storage layout (the shape of PyIceberg's documented examples for Java's
// ObjectStoreLocationProvider; the hash folders are the low 20 bits of murmur3, computed here bit
// by bit), with and without partition paths, and the database/table context for data outside the
// table's location.
#include "floe/write/location_provider.h"

#include <gtest/gtest.h>

#include <regex>

#include "floe/util/murmur3.h"
#include "floe/write/write_context.h"
#include "testing/result_matchers.h"

namespace floe::write {
namespace {

const std::string kName = "0000-0-5affc076-96a4-48f2-9cd2-d5efbc9f0c94-00001.parquet";

// The 20 low bits of murmur3_32, most significant first, as folders of 4, 4, 4 and 8 digits.
std::string ExpectedDirs(const std::string& relative) {
  uint32_t h = Murmur3X86_32(relative);
  std::string out;
  for (int bit = 19; bit >= 0; --bit) {
    out += ((h >> bit) & 1) ? '1' : '0';
    if (bit == 16 || bit == 12 || bit == 8) out += '/';
  }
  return out;
}

LocationProvider Provider(std::map<std::string, std::string> properties,
                          const std::string& table = "s3://bucket/ns/table") {
  auto p = LocationProvider::Make(table, properties);
  EXPECT_OK(p);
  return *p;
}

TEST(LocationProviderTest, DefaultLayoutAndDataPath) {
  EXPECT_EQ(Provider({}).NewDataLocation("category=orders", kName),
            "s3://bucket/ns/table/data/category=orders/" + kName);
  EXPECT_EQ(Provider({}, "s3://bucket/ns/table/").NewDataLocation("", kName),
            "s3://bucket/ns/table/data/" + kName);
  EXPECT_EQ(Provider({{"write.data.path", "s3://other/files/"}}).NewDataLocation("", kName),
            "s3://other/files/" + kName);
  // The deprecated object-storage names count only for the object-storage layout.
  EXPECT_EQ(Provider({{"write.object-storage.path", "s3://other"}}).data_location(),
            "s3://bucket/ns/table/data");
}

TEST(LocationProviderTest, ObjectStorageLayoutHashFoldersAndContext) {
  // The shapes of PyIceberg's configuration.md, "Object Store Location Provider" and "Partition
  // Exclusion".
  LocationProvider p = Provider({{"write.object-storage.enabled", "true"}});
  EXPECT_EQ(p.NewDataLocation("category=orders", kName),
            "s3://bucket/ns/table/data/" + ExpectedDirs("category=orders/" + kName) +
                "/category=orders/" + kName);
  EXPECT_EQ(ExpectedDirs("category=orders/" + kName), "1110/0011/1011/00101110");
  LocationProvider excluded = Provider({{"write.object-storage.enabled", "true"},
                                        {"write.object-storage.partitioned-paths", "false"}});
  EXPECT_EQ(excluded.NewDataLocation("category=orders", kName),
            "s3://bucket/ns/table/data/" + ExpectedDirs(kName) + "-" + kName);
  EXPECT_EQ(ObjectStoreHashDirs(kName), ExpectedDirs(kName));

  // Data outside the table's location: the database and table names keep tables apart.
  LocationProvider shared =
      Provider({{"write.object-storage.enabled", "True"}, {"write.data.path", "s3://shared/data"}},
               "s3://bucket/warehouse/db/events");
  EXPECT_EQ(shared.NewDataLocation("", kName),
            "s3://shared/data/" + ExpectedDirs(kName) + "/db/events/" + kName);

  auto bad = LocationProvider::Make("s3://b/t", {{"write.object-storage.enabled", "yes"}});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("write.object-storage.enabled"), std::string::npos);
}

TEST(LocationProviderTest, WriteContextNamesFilesThroughIt) {
  spec::Schema schema;
  schema.fields = {spec::NestedField{1, "category", false, spec::Type::String()}};
  spec::PartitionSpec spec;
  auto context =
      WriteContext::Make(schema, spec, "/wh/ns/t", {{"write.object-storage.enabled", "true"}});
  ASSERT_OK(context);
  std::string location = (*context)->NewDataFileLocation("category=a");
  EXPECT_TRUE(std::regex_match(
      location, std::regex("/wh/ns/t/data/[01]{4}/[01]{4}/[01]{4}/[01]{8}/category=a/"
                           "00000-0-[0-9a-f-]{36}-00001\\.parquet")))
      << location;
  // The hash is of the partition path and the name.
  std::string relative = location.substr(std::string("/wh/ns/t/data/").size() + 24);
  EXPECT_EQ(location.substr(std::string("/wh/ns/t/data/").size(), 23), ExpectedDirs(relative));
}

}  // namespace
}  // namespace floe::write
