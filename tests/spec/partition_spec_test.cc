#include "floe/spec/partition_spec.h"

#include <gtest/gtest.h>

#include "floe/spec/partition_spec_json.h"
#include "floe/spec/schema_json.h"
#include "testing/result_matchers.h"

namespace floe::spec {
namespace {

Schema OrdersSchema() {
  auto doc = JsonDocument::Parse(R"({"type":"struct","schema-id":0,"fields":[
      {"id":1,"name":"id","required":true,"type":"long"},
      {"id":2,"name":"order_ts","required":false,"type":"timestamptz"},
      {"id":3,"name":"active","required":false,"type":"boolean"},
      {"id":4,"name":"customer","required":false,"type":{"type":"struct","fields":[
         {"id":5,"name":"name","required":false,"type":"string"}]}},
      {"id":6,"name":"tags","required":false,"type":{"type":"list","element-id":7,
         "element":"string","element-required":false}}]})");
  EXPECT_OK(doc);
  return *ParseSchema((*doc)->root());
}

Result<PartitionSpec> ParseText(std::string_view text) {
  FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(text));
  return ParsePartitionSpec(doc->root());
}

std::string Write(const PartitionSpec& spec) {
  JsonWriter w;
  WritePartitionSpec(spec, w);
  return w.Take();
}

constexpr std::string_view kSpec = R"({"spec-id":2,"fields":[
    {"name":"order_ts_day","transform":"day","source-id":2,"field-id":1000},
    {"name":"id_bucket","transform":"bucket[16]","source-id":1,"field-id":1001},
    {"name":"customer_name_trunc","transform":"truncate[3]","source-id":5,"field-id":1003}]})";

TEST(PartitionSpecTest, ParsesAndWritesTheSpecForm) {
  auto spec = ParseText(kSpec);
  ASSERT_OK(spec);
  EXPECT_EQ(spec->spec_id, 2);
  ASSERT_EQ(spec->fields.size(), 3u);
  EXPECT_EQ(spec->fields[1].transform, Transform::Bucket(16));
  EXPECT_EQ(spec->fields[2].source_id, 5);
  EXPECT_EQ(spec->LastAssignedFieldId(), 1003);
  std::string written = Write(*spec);
  EXPECT_EQ(
      written,
      R"({"spec-id":2,"fields":[{"name":"order_ts_day","transform":"day","source-id":2,"field-id":1000},)"
      R"({"name":"id_bucket","transform":"bucket[16]","source-id":1,"field-id":1001},)"
      R"({"name":"customer_name_trunc","transform":"truncate[3]","source-id":5,"field-id":1003}]})");
  auto again = ParseText(written);
  ASSERT_OK(again);
  EXPECT_EQ(*again, *spec);
}

TEST(PartitionSpecTest, V1FieldsWithoutIdsGetIdsFrom1000) {
  auto doc = JsonDocument::Parse(R"([{"name":"a","transform":"identity","source-id":1},
                                     {"name":"b","transform":"void","source-id":2}])");
  ASSERT_OK(doc);
  auto fields = ParsePartitionFields((*doc)->root());
  ASSERT_OK(fields);
  ASSERT_EQ(fields->size(), 2u);
  EXPECT_EQ((*fields)[0].field_id, 1000);
  EXPECT_EQ((*fields)[1].field_id, 1001);
  EXPECT_TRUE((*fields)[1].transform.is_void());
}

TEST(PartitionSpecTest, UnpartitionedSpec) {
  auto spec = ParseText(R"({"spec-id":0,"fields":[]})");
  ASSERT_OK(spec);
  EXPECT_TRUE(spec->IsUnpartitioned());
  EXPECT_EQ(spec->LastAssignedFieldId(), 999);
  EXPECT_EQ(Write(*spec), R"({"spec-id":0,"fields":[]})");
}

TEST(PartitionSpecTest, MultiArgumentSourceIds) {
  auto spec = ParseText(R"({"spec-id":1,"fields":[
      {"name":"z","transform":"zorder","source-ids":[1,2],"field-id":1000}]})");
  ASSERT_OK(spec);
  EXPECT_EQ(spec->fields[0].source_ids, (std::vector<int32_t>{1, 2}));
  EXPECT_EQ(spec->fields[0].source_id, 1);
  EXPECT_TRUE(spec->fields[0].transform.is_unknown());
  EXPECT_EQ(
      Write(*spec),
      R"({"spec-id":1,"fields":[{"name":"z","transform":"zorder","source-ids":[1,2],"field-id":1000}]})");
  // Writers must not use a spec with an unknown transform.
  auto st = spec->Validate(OrdersSchema());
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::kNotSupported);
}

TEST(PartitionSpecTest, ErrorsNameTheFieldAndTransform) {
  auto typo = ParseText(R"({"spec-id":0,"fields":[
      {"name":"a","transform":"identity","source-id":1,"field-id":1000},
      {"name":"b","transform":"bukket[16]","source-id":1,"field-id":1001}]})");
  ASSERT_FALSE(typo.ok());
  EXPECT_EQ(typo.error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(typo.error().message, "fields[1].transform: unknown transform \"bukket[16]\"");
  EXPECT_EQ(typo.error().WithContext("v3.metadata.json: partition-specs[0]").message,
            "v3.metadata.json: partition-specs[0]: fields[1].transform: unknown transform "
            "\"bukket[16]\"");

  auto missing = ParseText(R"({"spec-id":0,"fields":[{"name":"a","transform":"identity"}]})");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().message, "fields[0]: missing required field \"source-id\"");
}

TEST(PartitionSpecTest, PartitionType) {
  auto spec = ParseText(kSpec);
  ASSERT_OK(spec);
  auto type = spec->PartitionType(OrdersSchema());
  ASSERT_OK(type);
  ASSERT_EQ((*type)->fields().size(), 3u);
  EXPECT_EQ((*type)->ToString(),
            "struct<1000: order_ts_day: optional date, 1001: id_bucket: optional int, "
            "1003: customer_name_trunc: optional string>");
}

TEST(PartitionSpecTest, ValidatesAgainstTheSchema) {
  Schema schema = OrdersSchema();
  auto spec = ParseText(kSpec);
  ASSERT_OK(spec);
  EXPECT_OK(spec->Validate(schema));

  auto error_for = [&](std::string_view fields) {
    auto s = ParseText(fmt::format(R"({{"spec-id":1,"fields":[{}]}})", fields));
    EXPECT_OK(s) << fields;
    auto st = s->Validate(schema);
    return st.ok() ? std::string("ok") : st.error().message;
  };
  EXPECT_EQ(error_for(R"({"name":"x","transform":"bucket[4]","source-id":3,"field-id":1000})"),
            "partition field x: bucket[4] cannot transform active (boolean)");
  EXPECT_EQ(error_for(R"({"name":"x","transform":"identity","source-id":42,"field-id":1000})"),
            "partition field x: source field 42 is not in the schema");
  EXPECT_EQ(error_for(R"({"name":"x","transform":"identity","source-id":4,"field-id":1000})"),
            "partition field x: source field customer is a struct<5: name: optional string>, not a "
            "primitive");
  EXPECT_EQ(error_for(R"({"name":"x","transform":"identity","source-id":1,"field-id":1000},
                         {"name":"x","transform":"day","source-id":2,"field-id":1001})"),
            "duplicate partition field name \"x\"");
  EXPECT_EQ(error_for(R"({"name":"x","transform":"identity","source-id":1,"field-id":1000},
                         {"name":"y","transform":"day","source-id":2,"field-id":1000})"),
            "partition field y: duplicate field id 1000");
  EXPECT_EQ(error_for(R"({"name":"x","transform":"identity","source-id":7,"field-id":1000})"),
            "partition field x: source field tags.element is inside a list");
  EXPECT_EQ(error_for(R"({"name":"x","transform":"identity","source-id":5,"field-id":1000})"),
            "ok");
  // A void field may outlive its dropped source column.
  EXPECT_EQ(error_for(R"({"name":"x","transform":"void","source-id":42,"field-id":1000})"), "ok");
}

TEST(PartitionSpecTest, PartitionPaths) {
  Schema schema = OrdersSchema();
  auto spec = ParseText(kSpec);
  ASSERT_OK(spec);
  auto path = spec->PartitionPath(schema, {Literal::Date(20513), Literal::Int(3), Literal::Null()});
  ASSERT_OK(path);
  EXPECT_EQ(*path, "order_ts_day=2026-03-01/id_bucket=3/customer_name_trunc=null");
  EXPECT_FALSE(spec->PartitionPath(schema, {Literal::Int(3)}).ok());
}

}  // namespace
}  // namespace floe::spec
