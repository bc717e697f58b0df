#include "floe/columnar/geo_extension.h"

#include <gtest/gtest.h>

namespace floe::columnar {
namespace {

TEST(GeoExtensionTest, MarksRoundTripWithGeoArrowMetadata) {
  Field plain("g", Binary());
  EXPECT_FALSE(GeoColumnOf(plain).has_value());

  GeoColumn geometry;
  geometry.crs = "srid:4326";
  Field g = WithGeoExtension(plain, geometry);
  ASSERT_NE(g.FindMetadata(kExtensionNameKey), nullptr);
  EXPECT_EQ(*g.FindMetadata(kExtensionNameKey), "geoarrow.wkb");
  EXPECT_EQ(*g.FindMetadata(kExtensionMetadataKey), R"({"crs":"srid:4326"})");
  auto back = GeoColumnOf(g);
  ASSERT_TRUE(back.has_value());
  EXPECT_FALSE(back->geography);
  EXPECT_EQ(back->crs, "srid:4326");

  GeoColumn geography;
  geography.geography = true;
  geography.algorithm = "karney";
  Field h = WithGeoExtension(WithGeoExtension(plain, geometry), geography);  // replaces the mark
  EXPECT_EQ(h.metadata.size(), 2u);
  EXPECT_EQ(*h.FindMetadata(kExtensionMetadataKey), R"({"edges":"karney"})");
  back = GeoColumnOf(h);
  ASSERT_TRUE(back.has_value());
  EXPECT_TRUE(back->geography);
  EXPECT_EQ(back->crs, "");
  EXPECT_EQ(back->algorithm, "karney");

  // Spherical is the default algorithm; a PROJJSON object inline is kept as its JSON text.
  Field s("s", Binary(), true,
          {{"ARROW:extension:name", "geoarrow.wkb"},
           {"ARROW:extension:metadata", R"({"crs":{"id":{"code":4326}},"edges":"spherical"})"}});
  back = GeoColumnOf(s);
  ASSERT_TRUE(back.has_value());
  EXPECT_TRUE(back->geography);
  EXPECT_EQ(back->algorithm, "");
  EXPECT_EQ(back->crs, R"({"id":{"code":4326}})");

  // Only binary columns carry WKB.
  Field wrong("w", Utf8(), true, {{"ARROW:extension:name", "geoarrow.wkb"}});
  EXPECT_FALSE(GeoColumnOf(wrong).has_value());
}

}  // namespace
}  // namespace floe::columnar
