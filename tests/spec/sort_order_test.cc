#include "floe/spec/sort_order.h"

#include <gtest/gtest.h>

#include "floe/spec/schema_json.h"
#include "floe/spec/sort_order_json.h"
#include "testing/result_matchers.h"

namespace floe::spec {
namespace {

Result<SortOrder> SortOrderFromText(std::string_view text) {
  FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(text));
  return ParseSortOrder(doc->root());
}

std::string WriteSortOrderJson(const SortOrder& order) {
  JsonWriter w;
  WriteSortOrder(order, w);
  return w.Take();
}

TEST(SortOrderTest, ParsesAndWritesTheSpecForm) {
  constexpr std::string_view kText =
      R"({"order-id":1,"fields":[{"transform":"identity","source-id":2,"direction":"asc","null-order":"nulls-first"},)"
      R"({"transform":"bucket[4]","source-id":3,"direction":"desc","null-order":"nulls-last"}]})";
  auto order = SortOrderFromText(kText);
  ASSERT_OK(order);
  EXPECT_EQ(order->order_id, 1);
  ASSERT_EQ(order->fields.size(), 2u);
  EXPECT_EQ(order->fields[1].transform, Transform::Bucket(4));
  EXPECT_EQ(order->fields[1].direction, SortDirection::kDesc);
  EXPECT_EQ(order->fields[1].null_order, NullOrder::kNullsLast);
  EXPECT_EQ(WriteSortOrderJson(*order), kText);
}

TEST(SortOrderTest, UnsortedOrder) {
  SortOrder unsorted = SortOrder::Unsorted();
  EXPECT_TRUE(unsorted.IsUnsorted());
  EXPECT_EQ(unsorted.order_id, 0);
  EXPECT_EQ(WriteSortOrderJson(unsorted), R"({"order-id":0,"fields":[]})");
  auto parsed = SortOrderFromText(R"({"order-id":0,"fields":[]})");
  ASSERT_OK(parsed);
  EXPECT_EQ(*parsed, unsorted);
}

TEST(SortOrderTest, ErrorsNameThePath) {
  auto bad = SortOrderFromText(
      R"({"order-id":1,"fields":[{"transform":"identity","source-id":2,"direction":"up","null-order":"nulls-first"}]})");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message,
            "fields[0].direction: unknown sort direction \"up\" (want asc or desc)");
  auto nulls = SortOrderFromText(
      R"({"order-id":1,"fields":[{"transform":"identity","source-id":2,"direction":"asc","null-order":"first"}]})");
  ASSERT_FALSE(nulls.ok());
  EXPECT_EQ(nulls.error().message,
            "fields[0].null-order: unknown null order \"first\" (want nulls-first or nulls-last)");
  auto typo = SortOrderFromText(
      R"({"order-id":1,"fields":[{"transform":"yeer","source-id":2,"direction":"asc","null-order":"nulls-first"}]})");
  ASSERT_FALSE(typo.ok());
  EXPECT_EQ(typo.error().message, "fields[0].transform: unknown transform \"yeer\"");
}

TEST(SortOrderTest, ValidatesAgainstTheSchema) {
  auto doc = JsonDocument::Parse(R"({"type":"struct","fields":[
      {"id":1,"name":"id","required":true,"type":"long"},
      {"id":2,"name":"flag","required":true,"type":"boolean"},
      {"id":3,"name":"m","required":false,"type":{"type":"map","key-id":4,"key":"string","value-id":5,"value":"int","value-required":false}}]})");
  ASSERT_OK(doc);
  Schema schema = *ParseSchema((*doc)->root());
  auto order = [](int32_t id, int32_t source, Transform t) {
    SortOrder o;
    o.order_id = id;
    SortField f;
    f.transform = t;
    f.source_id = source;
    if (source != 0) o.fields.push_back(f);
    return o;
  };
  EXPECT_OK(order(1, 1, Transform::Bucket(4)).Validate(schema));
  EXPECT_OK(order(1, 2, Transform::Identity()).Validate(schema));
  EXPECT_EQ(order(1, 2, Transform::Bucket(4)).Validate(schema).error().message,
            "sort order 1: bucket[4] cannot transform flag (boolean)");
  EXPECT_EQ(order(1, 9, Transform::Identity()).Validate(schema).error().message,
            "sort order 1: source field 9 is not in the schema");
  EXPECT_EQ(order(1, 3, Transform::Identity()).Validate(schema).error().message,
            "sort order 1: cannot sort by m, a map<string, int>");
  EXPECT_FALSE(order(0, 1, Transform::Identity()).Validate(schema).ok());
  EXPECT_FALSE(order(2, 0, Transform::Identity()).Validate(schema).ok());
}

}  // namespace
}  // namespace floe::spec
