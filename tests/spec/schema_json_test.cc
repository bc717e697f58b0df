#include "floe/spec/schema_json.h"

#include <gtest/gtest.h>

#include <random>

#include "floe/spec/single_value.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::spec {
namespace {

Result<Schema> ParseSchemaJsonForTest(std::string_view text) {
  FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(text));
  return ParseSchema(doc->root());
}

std::string Write(const Schema& s) {
  JsonWriter w;
  WriteSchema(s, w);
  return w.Take();
}

constexpr std::string_view kNested = R"json({
  "type": "struct", "schema-id": 1, "identifier-field-ids": [1],
  "fields": [
    {"id": 1, "name": "id", "required": true, "type": "long", "doc": "row id"},
    {"id": 2, "name": "price", "required": false, "type": "decimal(9,2)"},
    {"id": 3, "name": "tags", "required": false,
     "type": {"type": "list", "element-id": 4, "element": "string", "element-required": false}},
    {"id": 5, "name": "props", "required": false,
     "type": {"type": "map", "key-id": 6, "key": "string", "value-id": 7,
              "value": {"type": "struct", "fields": [
                 {"id": 8, "name": "x", "required": true, "type": "fixed[16]"}]},
              "value-required": true}},
    {"id": 9, "name": "ts", "required": false, "type": "timestamptz_ns",
     "initial-default": "2017-11-16T22:31:08.123456789+00:00", "write-default": null},
    {"id": 10, "name": "geo", "required": false, "type": "geography(srid:4326, karney)"}
  ]
})json";

TEST(SchemaJsonTest, ParsesNestedTypes) {
  auto s = ParseSchemaJsonForTest(kNested);
  ASSERT_OK(s);
  EXPECT_EQ(s->schema_id, 1);
  EXPECT_EQ(s->identifier_field_ids, std::vector<int32_t>{1});
  ASSERT_EQ(s->fields.size(), 6u);
  EXPECT_EQ(s->fields[0].doc, "row id");
  EXPECT_EQ(*s->fields[1].type, *Type::Decimal(9, 2));
  const Type& tags = *s->fields[2].type;
  ASSERT_TRUE(tags.is_list());
  EXPECT_EQ(tags.element().id, 4);
  EXPECT_EQ(tags.element().name, "element");
  EXPECT_FALSE(tags.element().required);
  const Type& props = *s->fields[3].type;
  ASSERT_TRUE(props.is_map());
  EXPECT_TRUE(props.key().required);
  EXPECT_TRUE(props.value().required);
  EXPECT_EQ(props.value().type->FieldById(8)->type->length(), 16);
  EXPECT_EQ(s->fields[4].initial_default, "\"2017-11-16T22:31:08.123456789+00:00\"");
  EXPECT_EQ(s->fields[4].write_default, "null");
  EXPECT_EQ(s->FindFieldByName("props.value.x")->id, 8);
  EXPECT_EQ(s->HighestFieldId(), 10);
  EXPECT_OK(s->Validate());
}

TEST(SchemaJsonTest, RoundTripsExactly) {
  auto s = ParseSchemaJsonForTest(kNested);
  ASSERT_OK(s);
  std::string once = Write(*s);
  auto again = ParseSchemaJsonForTest(once);
  ASSERT_OK(again);
  EXPECT_EQ(*s, *again);
  EXPECT_EQ(Write(*again), once);
}

TEST(SchemaJsonTest, WritesTheSpecFieldNames) {
  auto s = ParseSchemaJsonForTest(R"({"type":"struct","fields":[
      {"id":1,"name":"m","required":true,"type":{"type":"map","key-id":2,"key":"int",
       "value-id":3,"value":{"type":"list","element-id":4,"element":"date","element-required":true},
       "value-required":false}}]})");
  ASSERT_OK(s);
  EXPECT_EQ(
      Write(*s),
      R"({"type":"struct","schema-id":0,"fields":[{"id":1,"name":"m","required":true,)"
      R"("type":{"type":"map","key-id":2,"key":"int","value-id":3,"value":{"type":"list",)"
      R"("element-id":4,"element":"date","element-required":true},"value-required":false}}]})");
}

TEST(SchemaJsonTest, ErrorsNameTheJsonPath) {
  auto bad_type = ParseSchemaJsonForTest(
      R"({"type":"struct","fields":[{"id":1,"name":"a","required":true,"type":"strin"}]})");
  ASSERT_FALSE(bad_type.ok());
  EXPECT_EQ(bad_type.error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(bad_type.error().message, "fields[0].type: unknown type \"strin\"");

  auto missing =
      ParseSchemaJsonForTest(R"({"type":"struct","fields":[{"id":1,"name":"a","type":"int"}]})");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().message, "fields[0]: missing required field \"required\"");

  auto nested =
      ParseSchemaJsonForTest(R"({"type":"struct","fields":[{"id":1,"name":"a","required":true,
      "type":{"type":"list","element-id":2,"element":{"type":"set"},"element-required":true}}]})");
  ASSERT_FALSE(nested.ok());
  EXPECT_EQ(nested.error().message, "fields[0].type.element.type: unknown nested type \"set\"");

  auto not_struct = ParseSchemaJsonForTest(R"({"type":"list","fields":[]})");
  ASSERT_FALSE(not_struct.ok());
  EXPECT_EQ(not_struct.error().message, "type: a schema must be a struct, got \"list\"");
}

TEST(SchemaJsonTest, ParsesAndWritesTypesAlone) {
  auto doc = JsonDocument::Parse(R"("timestamp_ns")");
  ASSERT_OK(doc);
  auto t = ParseType((*doc)->root());
  ASSERT_OK(t);
  EXPECT_EQ((*t)->id(), TypeId::kTimestampNs);
  JsonWriter w;
  WriteType(**t, w);
  EXPECT_EQ(w.str(), "\"timestamp_ns\"");
}

}  // namespace
}  // namespace floe::spec

namespace floe::spec {
namespace {

TEST(SchemaJsonTest, ValidatesDefaults) {
  auto error_for = [](std::string_view field) {
    auto s = ParseSchemaJsonForTest(fmt::format(R"({{"type":"struct","fields":[{}]}})", field));
    EXPECT_OK(s) << field;
    auto st = s->Validate();
    return st.ok() ? std::string("ok") : st.error().message;
  };
  EXPECT_EQ(error_for(R"({"id":1,"name":"a","required":false,"type":"int","initial-default":1})"),
            "ok");
  EXPECT_EQ(error_for(R"({"id":1,"name":"a","required":false,"type":"int","initial-default":"x"})"),
            "field a (1): invalid initial-default \"x\": expected an integer, got string");
  EXPECT_EQ(
      error_for(
          R"({"id":1,"name":"d","required":false,"type":"date","write-default":"2017-02-30"})"),
      "field d (1): invalid write-default \"2017-02-30\": invalid date value "
      "\"2017-02-30\": expected YYYY-MM-DD");
  EXPECT_EQ(error_for(R"({"id":1,"name":"u","required":true,"type":"unknown"})"),
            "field u (1) of type unknown must be optional");
  EXPECT_EQ(
      error_for(R"({"id":1,"name":"u","required":false,"type":"unknown","initial-default":1})"),
      "field u (1): invalid initial-default 1: JSON single values of type unknown are not "
      "supported");
  EXPECT_EQ(error_for(R"({"id":1,"name":"s","required":false,
      "type":{"type":"struct","fields":[{"id":2,"name":"x","required":false,"type":"long"}]},
      "initial-default":{"2":5}})"),
            "ok");
}

TEST(SchemaJsonTest, ReadsDuckDbDefaultsOfEveryType) {
  // DuckDB wrote a default for a column of each primitive type.
  std::string text = floe::testing::ReadFileToString(floe::testing::CorpusPath(
      "duckdb-iceberg/data/persistent/add_columns_with_defaults/default.db/"
      "add_columns_with_defaults/metadata/"
      "00002-2d907d9d-0f96-4bf3-9548-edfd9194704c.metadata.json"));
  auto doc = JsonDocument::Parse(text);
  ASSERT_OK(doc);
  auto schemas = (*doc)->root().Get("schemas")->AsArray();
  ASSERT_OK(schemas);
  auto schema = ParseSchema((*schemas)[1]);
  ASSERT_OK(schema);
  EXPECT_OK(schema->Validate());
  int checked = 0;
  for (const NestedField& f : schema->fields) {
    if (!f.initial_default) continue;
    auto value_doc = JsonDocument::Parse(*f.initial_default);
    ASSERT_OK(value_doc);
    auto value = FromJson(*f.type, (*value_doc)->root());
    ASSERT_OK(value) << f.name;
    // Written back, each default reads the same (text may differ only for numbers).
    auto back = ToJsonString(*f.type, *value);
    ASSERT_OK(back) << f.name;
    if (f.type->id() != TypeId::kFloat && f.type->id() != TypeId::kDouble) {
      EXPECT_EQ(*back, *f.initial_default) << f.name;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 14);
}

}  // namespace
}  // namespace floe::spec

namespace floe::spec {
namespace {

// A random type tree; ids are handed out from *next_id.
TypePtr RandomType(std::mt19937& rng, int depth, int32_t* next_id) {
  static const std::vector<std::string> kPrimitives = {
      "boolean", "int",      "long",         "float",          "double", "decimal(9,2)",
      "date",    "time",     "timestamp",    "timestamptz",    "string", "uuid",
      "binary",  "fixed[7]", "timestamp_ns", "timestamptz_ns", "variant"};
  int kind = depth >= 3 ? 0 : static_cast<int>(rng() % 5);
  auto field = [&](std::string name, bool required) {
    NestedField f;
    f.id = (*next_id)++;
    f.name = std::move(name);
    f.required = required;
    f.type = RandomType(rng, depth + 1, next_id);
    return f;
  };
  switch (kind) {
    case 1: {
      std::vector<NestedField> fields;
      int n = 1 + static_cast<int>(rng() % 4);
      for (int i = 0; i < n; ++i) fields.push_back(field(fmt::format("f{}", i), rng() % 2 == 0));
      return Type::Struct(std::move(fields));
    }
    case 2:
      return Type::List(field("element", rng() % 2 == 0));
    case 3: {
      NestedField key = field("key", true);
      return Type::Map(std::move(key), field("value", rng() % 2 == 0));
    }
    default:
      return *ParsePrimitiveType(kPrimitives[rng() % kPrimitives.size()]);
  }
}

TEST(SchemaJsonTest, RandomSchemasRoundTrip) {
  std::mt19937 rng(42);
  for (int round = 0; round < 200; ++round) {
    Schema s;
    s.schema_id = static_cast<int32_t>(rng() % 100);
    int32_t next_id = 1;
    int n = 1 + static_cast<int>(rng() % 6);
    for (int i = 0; i < n; ++i) {
      NestedField f;
      f.id = next_id++;
      f.name = fmt::format("col_{}", i);
      f.required = rng() % 2 == 0;
      f.type = RandomType(rng, 0, &next_id);
      if (rng() % 4 == 0) f.doc = "doc \"quoted\" \xC3\xA9";
      s.fields.push_back(std::move(f));
    }
    ASSERT_OK(s.Validate());
    std::string text = Write(s);
    auto back = ParseSchemaJsonForTest(text);
    ASSERT_OK(back) << text;
    EXPECT_EQ(*back, s) << text;
    EXPECT_EQ(back->HighestFieldId(), next_id - 1);
    EXPECT_EQ(Write(*back), text);
  }
}

TEST(SchemaJsonTest, DamagedJsonFailsCleanly) {
  // Every truncation and a byte flip at every position: an error or a schema, never a crash.
  std::string text(kNested);
  int errors = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (!ParseSchemaJsonForTest(text.substr(0, i)).ok()) ++errors;
    for (char c : {'"', '{', ']', '1', 'x', '\0'}) {
      std::string damaged = text;
      damaged[i] = c;
      auto s = ParseSchemaJsonForTest(damaged);
      if (s.ok()) {
        (void)s->Validate();
        (void)Write(*s);
      }
    }
  }
  EXPECT_EQ(errors, static_cast<int>(text.size()));
}

}  // namespace
}  // namespace floe::spec
