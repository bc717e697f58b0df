#include "floe/util/json_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace floe {
namespace {

TEST(JsonWriterTest, CompactNesting) {
  JsonWriter w;
  w.BeginObject();
  w.Member("a", int64_t{1});
  w.Key("b");
  w.BeginArray();
  w.Int(-2);
  w.String("x\"y\\z\n");
  w.Null();
  w.Bool(false);
  w.EndArray();
  w.Key("c");
  w.BeginObject();
  w.EndObject();
  w.EndObject();
  EXPECT_EQ(w.str(), R"({"a":1,"b":[-2,"x\"y\\z\n",null,false],"c":{}})");
}

TEST(JsonWriterTest, PrettyIndentsTwoSpaces) {
  JsonWriter w(true);
  w.BeginObject();
  w.Member("a", int64_t{1});
  w.Key("b");
  w.BeginArray();
  w.EndArray();
  w.EndObject();
  EXPECT_EQ(w.str(), "{\n  \"a\": 1,\n  \"b\": []\n}");
}

TEST(JsonWriterTest, IntegersAreExactIn64Bits) {
  JsonWriter w;
  w.BeginArray();
  w.Int(std::numeric_limits<int64_t>::min());
  w.Int(9007199254740993);
  w.UInt(std::numeric_limits<uint64_t>::max());
  w.EndArray();
  EXPECT_EQ(w.str(), "[-9223372036854775808,9007199254740993,18446744073709551615]");
}

TEST(JsonWriterTest, FloatsAreShortestRoundTrip) {
  JsonWriter w;
  w.BeginArray();
  w.Float(0.1f);
  w.Double(0.1);
  w.Double(-0.0);
  w.Double(std::nan(""));
  w.Double(std::numeric_limits<double>::infinity());
  w.Double(-std::numeric_limits<double>::infinity());
  w.Double(1e300);
  w.EndArray();
  EXPECT_EQ(w.str(), R"([0.1,0.1,-0.0,"NaN","Infinity","-Infinity",1e+300])");
}

TEST(JsonWriterTest, InvalidUtf8IsReplaced) {
  JsonWriter w;
  w.String("ok \xC3\xA9 bad \xFF end");
  EXPECT_EQ(w.str(), "\"ok \xC3\xA9 bad \xEF\xBF\xBD end\"");
  EXPECT_TRUE(w.replaced_invalid_utf8());
  JsonWriter clean;
  clean.String("\xE2\x82\xAC \x01");
  EXPECT_EQ(clean.str(), "\"\xE2\x82\xAC \\u0001\"");
  EXPECT_FALSE(clean.replaced_invalid_utf8());
}

}  // namespace
}  // namespace floe
