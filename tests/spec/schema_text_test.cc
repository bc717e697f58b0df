#include "floe/spec/schema_text.h"

#include <gtest/gtest.h>

#include "floe/spec/partition_spec_text.h"
#include "testing/result_matchers.h"

namespace floe::spec {
namespace {

Schema Parse(std::string_view text) {
  auto schema = ParseSchemaText(text);
  EXPECT_OK(schema);
  return schema.ok() ? *schema : Schema{};
}

std::string ErrorOf(std::string_view text) {
  auto schema = ParseSchemaText(text);
  EXPECT_FALSE(schema.ok());
  return schema.ok() ? "" : schema.error().message;
}

TEST(SchemaTextTest, TheIssuesExample) {
  Schema s =
      Parse("order_id string, customer_id long, region string, amount int, order_ts timestamptz");
  ASSERT_EQ(s.fields.size(), 5u);
  EXPECT_EQ(s.fields[0].name, "order_id");
  EXPECT_EQ(s.fields[0].id, 1);
  EXPECT_FALSE(s.fields[0].required);
  EXPECT_EQ(s.fields[1].type->ToString(), "long");
  EXPECT_EQ(s.fields[3].type->ToString(), "int");
  EXPECT_EQ(s.fields[4].type->ToString(), "timestamptz");
  EXPECT_EQ(s.fields[4].id, 5);
}

TEST(SchemaTextTest, SparkNamesAndModifiers) {
  Schema s = Parse(
      "id BIGINT NOT NULL COMMENT 'the key', n integer, s smallint, b tinyint, r real, "
      "v varchar(10), t timestamp_ntz, l TIMESTAMP_LTZ, d decimal(10,2), f fixed(16), "
      "g fixed[4], `select` boolean, u uuid, bin binary, dt date, tm time");
  EXPECT_TRUE(s.fields[0].required);
  EXPECT_EQ(s.fields[0].doc, "the key");
  const char* expected[] = {"long",          "int",       "int",       "int",
                            "float",         "string",    "timestamp", "timestamptz",
                            "decimal(10,2)", "fixed[16]", "fixed[4]",  "boolean",
                            "uuid",          "binary",    "date",      "time"};
  ASSERT_EQ(s.fields.size(), std::size(expected));
  for (size_t i = 0; i < s.fields.size(); ++i) {
    EXPECT_EQ(s.fields[i].type->ToString(), expected[i]) << s.fields[i].name;
  }
  EXPECT_EQ(s.fields[11].name, "select");
}

TEST(SchemaTextTest, V3TypesWithTheirParameters) {
  Schema s = Parse(
      "a timestamp_ns, b timestamptz_ns, c unknown, d geometry, e geometry(srid:4326), "
      "f geometry(OGC:CRS84), g geography, h geography(srid:4269), "
      "i geography(projjson:crs_key, KARNEY), j list<geometry(srid:3857)>");
  const char* expected[] = {"timestamp_ns",
                            "timestamptz_ns",
                            "unknown",
                            "geometry",
                            "geometry(srid:4326)",
                            "geometry(OGC:CRS84)",
                            "geography",
                            "geography(srid:4269)",
                            "geography(projjson:crs_key, karney)",
                            "list<geometry(srid:3857)>"};
  ASSERT_EQ(s.fields.size(), std::size(expected));
  for (size_t i = 0; i < s.fields.size(); ++i) {
    EXPECT_EQ(s.fields[i].type->ToString(), expected[i]) << s.fields[i].name;
  }
  EXPECT_EQ(s.fields[8].type->crs(), "projjson:crs_key");
  EXPECT_EQ(s.fields[8].type->algorithm(), "karney");
  EXPECT_EQ(ErrorOf("g geometry(srid:4326, karney)"),
            "schema: column 3: g: geometry takes one argument, the CRS");
  EXPECT_EQ(ErrorOf("g geography()"), "schema: column 13: g: expected a CRS");
}

TEST(SchemaTextTest, NestedTypesGetIdsInPreOrder) {
  Schema s = Parse(
      "id long, address struct<city: string not null, zip int>, tags list<string not null>, "
      "attrs map<string, array<int>>");
  EXPECT_EQ(s.fields[1].id, 2);
  const auto& address = s.fields[1].type->fields();
  EXPECT_EQ(address[0].id, 3);
  EXPECT_TRUE(address[0].required);
  EXPECT_EQ(address[1].id, 4);
  EXPECT_EQ(s.fields[2].id, 5);
  EXPECT_EQ(s.fields[2].type->element().id, 6);
  EXPECT_TRUE(s.fields[2].type->element().required);
  EXPECT_EQ(s.fields[3].id, 7);
  EXPECT_EQ(s.fields[3].type->key().id, 8);
  EXPECT_TRUE(s.fields[3].type->key().required);
  EXPECT_EQ(s.fields[3].type->value().id, 9);
  EXPECT_EQ(s.fields[3].type->value().type->element().id, 10);
  EXPECT_EQ(s.HighestFieldId(), 10);
}

TEST(SchemaTextTest, ErrorsNameTheColumnAndTheFix) {
  EXPECT_EQ(ErrorOf("id long, ts timestamp"),
            "schema: column 13: ts: write timestamptz or timestamp_ntz: a bare timestamp has no "
            "time zone in Iceberg and one in Spark");
  EXPECT_EQ(ErrorOf("id lung"), "schema: column 4: id: unknown type \"lung\"");
  EXPECT_EQ(ErrorOf("id long ts int"), "schema: column 9: expected ',' between columns");
  EXPECT_EQ(ErrorOf("d decimal(40, 2)"),
            "schema: column 3: d: decimal(40, 2): want 1 <= precision <= 38 and 0 <= scale <= "
            "precision");
  EXPECT_EQ(ErrorOf("m map<int>"), "schema: column 10: expected ',', found \">\"");
  EXPECT_EQ(ErrorOf("id long, id int"), ErrorOf("id long, id int"));
  EXPECT_NE(ErrorOf("id long, id int").find("id"), std::string::npos);
  EXPECT_EQ(ErrorOf(""), "schema: column 1: expected a column name, found the end");
  EXPECT_EQ(ErrorOf("`id long"), "schema: column 1: unterminated quoted name");
}

TEST(PartitionSpecTextTest, TransformsAndJavaNames) {
  Schema s =
      Parse("order_id string, customer_id long, region string, amount int, order_ts timestamptz");
  auto spec = ParsePartitionSpecText(
      "days(order_ts), bucket(16, order_id), truncate(4, region), Amount, months(order_ts), "
      "year(order_ts), hour(order_ts), void(customer_id)",
      s);
  ASSERT_OK(spec);
  const char* names[] = {"order_ts_day",   "order_id_bucket", "region_trunc",  "amount",
                         "order_ts_month", "order_ts_year",   "order_ts_hour", "customer_id_null"};
  const char* transforms[] = {"day",   "bucket[16]", "truncate[4]", "identity",
                              "month", "year",       "hour",        "void"};
  ASSERT_EQ(spec->fields.size(), 8u);
  for (size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(spec->fields[i].name, names[i]);
    EXPECT_EQ(spec->fields[i].transform.ToString(), transforms[i]);
    EXPECT_EQ(spec->fields[i].field_id, 1000 + static_cast<int32_t>(i));
  }
  EXPECT_EQ(spec->fields[0].source_id, 5);
  EXPECT_TRUE(ParsePartitionSpecText("", s)->IsUnpartitioned());
}

// Terms handed over already parsed (SQL's PARTITIONED BY) make the spec their text makes, say
// the same errors at the positions they carry, and take names no text term can write unquoted.
TEST(PartitionSpecTextTest, TermsMakeTheSpecTheirTextMakes) {
  Schema s = Parse("id long, ts timestamptz, `my col` string, st struct<x: int>");
  std::vector<TransformTerm> terms = {{"", std::nullopt, "ID"},   {"days", std::nullopt, "ts"},
                                      {"BUCKET", 16, "id"},       {"truncate", 4, "my col"},
                                      {"", std::nullopt, "st.x"}, {"void", std::nullopt, "ts"}};
  auto made = MakePartitionSpec(terms, s);
  ASSERT_OK(made);
  auto parsed = ParsePartitionSpecText(
      "ID, days(ts), BUCKET(16, id), truncate(4, `my col`), st.x, void(ts)", s);
  ASSERT_OK(parsed);
  EXPECT_EQ(*made, *parsed);
  EXPECT_TRUE(MakePartitionSpec({}, s)->IsUnpartitioned());

  auto error = [&](TransformTerm term) {
    term.position = 20;
    term.column_position = 30;
    auto spec = MakePartitionSpec({term}, s);
    EXPECT_FALSE(spec.ok()) << term.column;
    return spec.ok() ? "" : spec.error().message;
  };
  EXPECT_EQ(error({"", std::nullopt, "nope"}),
            "partition spec: column 30: no column \"nope\" in the schema");
  EXPECT_EQ(error({"days", std::nullopt, "id"}),
            "partition spec: column 20: day does not apply to column \"id\" of type long");
  EXPECT_EQ(error({"bucket", 0, "id"}),
            "partition spec: column 20: bucket: the parameter must be > 0");
  EXPECT_EQ(error({"bucket", std::nullopt, "id"}),
            "partition spec: column 30: expected the number of buckets (a number), found \"id\"");
  EXPECT_EQ(error({"truncate", int64_t{1} << 40, "id"}),
            "partition spec: column 20: expected the width (a number), found \"1099511627776\"");
  EXPECT_EQ(error({"days", 3, "ts"}),
            "partition spec: column 20: expected a column name, found \"3\"");
  EXPECT_EQ(
      MakePartitionSpec({{"", std::nullopt, "id"}, {"", std::nullopt, "id"}}, s).error().message,
      "partition spec: duplicate partition field name \"id\"");
}

TEST(PartitionSpecTextTest, ErrorsNameTheTerm) {
  Schema s = Parse("id long, name string, ts timestamptz, tags list<string>");
  auto error = [&](std::string_view text) {
    auto spec = ParsePartitionSpecText(text, s);
    EXPECT_FALSE(spec.ok()) << text;
    return spec.ok() ? "" : spec.error().message;
  };
  EXPECT_EQ(error("days(id)"),
            "partition spec: column 1: day does not apply to column \"id\" of type long");
  EXPECT_EQ(error("dayz(ts)"),
            "partition spec: column 1: unknown transform \"dayz\": use identity, year, month, "
            "day, hour, bucket(N, col), truncate(W, col) or void");
  EXPECT_EQ(error("bucket(0, id)"), "partition spec: column 1: bucket: the parameter must be > 0");
  EXPECT_EQ(error("bucket(id)"),
            "partition spec: column 8: expected the number of buckets (a number), found \"id\"");
  EXPECT_EQ(error("nope"), "partition spec: column 1: no column \"nope\" in the schema");
  EXPECT_EQ(error("tags"),
            "partition spec: column 1: column \"tags\" is a list<string>, not a primitive column");
}

TEST(SortOrderTextTest, DirectionsAndNullOrders) {
  Schema s = Parse("id long, name string, ts timestamptz");
  auto order = ParseSortOrderText("ts desc, bucket(4, id) asc nulls last, name NULLS FIRST", s);
  ASSERT_OK(order);
  EXPECT_EQ(order->order_id, 1);
  ASSERT_EQ(order->fields.size(), 3u);
  EXPECT_EQ(order->fields[0].direction, SortDirection::kDesc);
  EXPECT_EQ(order->fields[0].null_order, NullOrder::kNullsLast);
  EXPECT_EQ(order->fields[1].transform.ToString(), "bucket[4]");
  EXPECT_EQ(order->fields[1].null_order, NullOrder::kNullsLast);
  EXPECT_EQ(order->fields[2].direction, SortDirection::kAsc);
  EXPECT_EQ(order->fields[2].null_order, NullOrder::kNullsFirst);
  EXPECT_TRUE(ParseSortOrderText("", s)->IsUnsorted());
  auto bad = ParseSortOrderText("ts sideways", s);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "sort order: column 4: expected ',' between sort terms");
}

}  // namespace
}  // namespace floe::spec
