// CompatibleName (format/avro/compatible_name.h): Java's AvroSchemaUtil.makeCompatibleName,
// character for character.
#include "floe/format/avro/compatible_name.h"

#include <gtest/gtest.h>

namespace floe::avro {
namespace {

TEST(CompatibleNameTest, RewritesAsJavaDoes) {
  EXPECT_EQ(CompatibleName("order_id"), "order_id");
  EXPECT_EQ(CompatibleName("_a1"), "_a1");
  EXPECT_EQ(CompatibleName("1a"), "_1a");
  EXPECT_EQ(CompatibleName("a-b"), "a_x2Db");
  EXPECT_EQ(CompatibleName("a b.c"), "a_x20b_x2Ec");
  EXPECT_EQ(CompatibleName(std::string("a\x01", 2)), "a_x1");  // unpadded, as Java's toHexString
  EXPECT_EQ(CompatibleName("caf\xC3\xA9"), "caf_xE9");         // one UTF-16 unit, not two bytes
  EXPECT_EQ(CompatibleName("\xE2\x82\xAC"), "_x20AC");
  EXPECT_EQ(CompatibleName("x\xF0\x9F\x98\x80"), "x_xD83D_xDE00");  // surrogate pair
  EXPECT_EQ(CompatibleName(""), "_");
  EXPECT_EQ(CompatibleName("\xFF"), "_xFF");  // not UTF-8: the byte
  EXPECT_TRUE(IsValidName("a1_"));
  EXPECT_FALSE(IsValidName("1a"));
  EXPECT_FALSE(IsValidName(""));
}

}  // namespace
}  // namespace floe::avro
