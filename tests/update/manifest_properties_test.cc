// The manifest codec an update hands the manifest writer (update/manifest_properties.h).
#include "floe/update/manifest_properties.h"

#include <gtest/gtest.h>

#include "testing/result_matchers.h"

namespace floe::update {
namespace {

TEST(ManifestPropertiesTest, CodecFromTableProperties) {
  auto c = ManifestCodecFromProperties({});
  ASSERT_OK(c);
  EXPECT_EQ(c->avro_codec, "deflate");
  EXPECT_EQ(c->level, -1);
  std::vector<std::pair<std::string, std::string>> map = {{"gzip", "deflate"},
                                                          {"ZSTD", "zstandard"},
                                                          {"snappy", "snappy"},
                                                          {"uncompressed", "null"},
                                                          {"None", "null"}};
  for (const auto& [prop, avro_name] : map) {
    auto r = ManifestCodecFromProperties(
        {{"write.manifest.compression-codec", prop}, {"write.manifest.compression-level", "3"}});
    ASSERT_OK(r) << prop;
    EXPECT_EQ(r->avro_codec, avro_name);
    EXPECT_EQ(r->level, 3);
  }
  auto bad = ManifestCodecFromProperties({{"write.manifest.compression-codec", "lzo"}});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().kind, ErrorKind::kInvalidArgument);
  EXPECT_EQ(bad.error().message,
            "table property write.manifest.compression-codec: \"lzo\" is not one of gzip, zstd, "
            "snappy, uncompressed, none");
  EXPECT_FALSE(ManifestCodecFromProperties({{"write.manifest.compression-level", "x"}}).ok());
  EXPECT_FALSE(ManifestCodecFromProperties({{"write.manifest.compression-level", "23"}}).ok());
}

}  // namespace
}  // namespace floe::update
