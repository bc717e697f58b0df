#include "floe/util/json_reader.h"

#include <gtest/gtest.h>

#include "testing/result_matchers.h"

namespace floe {
namespace {

TEST(JsonReaderTest, ErrorsNameThePath) {
  auto doc = JsonDocument::Parse(R"({"specs":[{"fields":[{"id":1},{"id":"x"}]}]})");
  ASSERT_OK(doc);
  auto specs = (*doc)->root().Get("specs")->AsArray();
  ASSERT_OK(specs);
  auto fields = (*specs)[0].Get("fields")->AsArray();
  ASSERT_OK(fields);
  EXPECT_EQ(*(*fields)[0].GetInt("id"), 1);
  auto bad = (*fields)[1].GetInt("id");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "specs[0].fields[1].id: expected an integer, got string");
  EXPECT_EQ(bad.error().kind, ErrorKind::kCorrupt);
  auto missing = (*fields)[0].GetString("name");
  EXPECT_EQ(missing.error().message, "specs[0].fields[0]: missing required field \"name\"");
}

TEST(JsonReaderTest, LargeIdsStayExact) {
  auto doc = JsonDocument::Parse(R"({"id": 9223372036854775807, "n": null})");
  ASSERT_OK(doc);
  EXPECT_EQ(*(*doc)->root().GetInt("id"), 9223372036854775807);
  EXPECT_FALSE((*(*doc)->root().FindInt("n")).has_value());
}

TEST(JsonReaderTest, MalformedJsonIsCorrupt) {
  auto doc = JsonDocument::Parse(R"({"a": )");
  ASSERT_FALSE(doc.ok());
  EXPECT_EQ(doc.error().kind, ErrorKind::kCorrupt);
}

// Documents reuse a spare parser once an earlier document is gone (json_reader.cc): documents
// alive at the same time never share one, and a failed parse leaves the next one intact.
TEST(JsonReaderTest, DocumentsAliveTogetherStayIndependent) {
  for (int round = 0; round < 3; ++round) {
    auto a = JsonDocument::Parse(R"({"name": "first", "n": 1})");
    auto b = JsonDocument::Parse(R"({"name": "second", "n": 2, "more": [1, 2, 3]})");
    auto bad = JsonDocument::Parse(R"({"name": )");
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_FALSE(bad.ok());
    auto c = JsonDocument::Parse(R"({"name": "third"})");
    ASSERT_OK(c);
    EXPECT_EQ(*(*a)->root().GetString("name"), "first");
    EXPECT_EQ(*(*a)->root().GetInt("n"), 1);
    EXPECT_EQ(*(*b)->root().GetString("name"), "second");
    EXPECT_EQ(*(*b)->root().GetInt("n"), 2);
    EXPECT_EQ(*(*c)->root().GetString("name"), "third");
    a->reset();  // gives its parser back; the next round's first document takes it
  }
}

}  // namespace
}  // namespace floe
