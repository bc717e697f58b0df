#include "floe/spec/schema.h"

#include <gtest/gtest.h>

#include "testing/result_matchers.h"

namespace floe::spec {
namespace {

NestedField Field(int32_t id, std::string name, bool required, TypePtr type) {
  NestedField f;
  f.id = id;
  f.name = std::move(name);
  f.required = required;
  f.type = std::move(type);
  return f;
}

// id, address{street, city}, tags list<string>, props map<string, struct{x}>, points list<struct{x,
// y}>
Schema SampleSchema() {
  Schema s;
  s.schema_id = 3;
  s.fields.push_back(Field(1, "id", true, Type::Long()));
  s.fields.push_back(Field(2, "Address", true,
                           Type::Struct({Field(3, "street", false, Type::String()),
                                         Field(4, "city", true, Type::String())})));
  s.fields.push_back(
      Field(5, "tags", false, Type::List(Field(6, "element", false, Type::String()))));
  s.fields.push_back(Field(
      7, "props", false,
      Type::Map(Field(8, "key", true, Type::String()),
                Field(9, "value", false, Type::Struct({Field(10, "x", true, Type::Int())})))));
  s.fields.push_back(
      Field(11, "points", false,
            Type::List(Field(12, "element", true,
                             Type::Struct({Field(13, "x", true, Type::Double()),
                                           Field(14, "y", true, Type::Double())})))));
  return s;
}

TEST(SchemaTest, FindsFieldsByIdAtAnyDepth) {
  Schema s = SampleSchema();
  ASSERT_NE(s.FindFieldById(4), nullptr);
  EXPECT_EQ(s.FindFieldById(4)->name, "city");
  EXPECT_EQ(s.FindFieldById(6)->name, "element");
  EXPECT_EQ(s.FindFieldById(8)->name, "key");
  EXPECT_EQ(s.FindFieldById(10)->name, "x");
  EXPECT_EQ(s.FindFieldById(14)->name, "y");
  EXPECT_EQ(s.FindFieldById(99), nullptr);
}

TEST(SchemaTest, FindsFieldsByDottedName) {
  Schema s = SampleSchema();
  EXPECT_EQ(s.FindFieldByName("Address.city")->id, 4);
  EXPECT_EQ(s.FindFieldByName("tags.element")->id, 6);
  EXPECT_EQ(s.FindFieldByName("props.key")->id, 8);
  EXPECT_EQ(s.FindFieldByName("props.value")->id, 9);
  EXPECT_EQ(s.FindFieldByName("props.value.x")->id, 10);
  EXPECT_EQ(s.FindFieldByName("props.x")->id, 10);  // short form skipping the map value
  EXPECT_EQ(s.FindFieldByName("points.element.y")->id, 14);
  EXPECT_EQ(s.FindFieldByName("points.y")->id, 14);  // short form skipping the list element
  EXPECT_EQ(s.FindFieldByName("city"), nullptr);
  EXPECT_EQ(s.FindFieldByName("Address.zip"), nullptr);
}

TEST(SchemaTest, FindsFieldsByNameIgnoringCase) {
  Schema s = SampleSchema();
  EXPECT_EQ(s.FindFieldByName("address.city"), nullptr);
  EXPECT_EQ(s.FindFieldByName("address.city", false)->id, 4);
  EXPECT_EQ(s.FindFieldByName("ADDRESS.CITY", false)->id, 4);
  EXPECT_EQ(s.FindFieldByName("Points.Element.X", false)->id, 13);
}

TEST(SchemaTest, ExactCaseWinsOverCaseInsensitiveMatch) {
  Schema s;
  s.fields.push_back(Field(1, "ID", true, Type::Long()));
  s.fields.push_back(Field(2, "id", true, Type::Long()));
  EXPECT_EQ(s.FindFieldByName("id", false)->id, 2);
  EXPECT_EQ(s.FindFieldByName("ID", false)->id, 1);
}

TEST(SchemaTest, ColumnNamesAndParents) {
  Schema s = SampleSchema();
  EXPECT_EQ(s.FindColumnName(4), "Address.city");
  EXPECT_EQ(s.FindColumnName(13), "points.element.x");
  EXPECT_FALSE(s.FindColumnName(42).has_value());
  EXPECT_EQ(*s.FindParentIds(13), (std::vector<int32_t>{11, 12}));
  EXPECT_TRUE(s.FindParentIds(1)->empty());
}

TEST(SchemaTest, HighestFieldIdLooksInsideNestedTypes) {
  EXPECT_EQ(SampleSchema().HighestFieldId(), 14);
  EXPECT_EQ(Schema{}.HighestFieldId(), 0);
}

TEST(SchemaTest, AsStructHoldsTheFields) {
  Schema s = SampleSchema();
  TypePtr t = s.AsStruct();
  ASSERT_TRUE(t->is_struct());
  EXPECT_EQ(t->fields().size(), 5u);
  EXPECT_EQ(t->FieldById(2)->name, "Address");
}

TEST(SchemaTest, ValidSchemaPasses) {
  Schema s = SampleSchema();
  s.identifier_field_ids = {1, 4};
  EXPECT_OK(s.Validate());
}

TEST(SchemaTest, RejectsDuplicateIds) {
  Schema s = SampleSchema();
  s.fields.push_back(Field(13, "other", true, Type::Int()));
  auto st = s.Validate();
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::kInvalidArgument);
  EXPECT_NE(st.error().message.find("duplicate field id 13"), std::string::npos)
      << st.error().message;
}

TEST(SchemaTest, RejectsDuplicateSiblingNames) {
  Schema s;
  s.fields.push_back(
      Field(1, "a", true,
            Type::Struct({Field(2, "b", true, Type::Int()), Field(3, "b", true, Type::Int())})));
  auto st = s.Validate();
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().message, "duplicate field name \"a.b\"");
}

TEST(SchemaTest, RejectsOptionalMapKeys) {
  Schema s;
  s.fields.push_back(Field(
      1, "m", true,
      Type::Map(Field(2, "key", false, Type::String()), Field(3, "value", true, Type::Int()))));
  auto st = s.Validate();
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("map m: keys must be required"), std::string::npos);
}

TEST(SchemaTest, RejectsBadIdentifierFields) {
  auto error_for = [](std::vector<int32_t> ids) {
    Schema s = SampleSchema();
    s.fields.push_back(Field(20, "score", true, Type::Float()));
    s.fields.push_back(
        Field(21, "opt", false, Type::Struct({Field(22, "inner", true, Type::Int())})));
    s.fields.push_back(Field(
        23, "pairs", true,
        Type::List(Field(24, "element", true, Type::Struct({Field(25, "k", true, Type::Int())})))));
    s.identifier_field_ids = std::move(ids);
    auto st = s.Validate();
    return st.ok() ? std::string("ok") : st.error().message;
  };
  EXPECT_EQ(error_for({99}), "identifier field id 99 is not in the schema");
  EXPECT_EQ(error_for({2}),
            "identifier field Address (2) must be a primitive type, not struct<3: street: optional "
            "string, 4: city: required string>");
  EXPECT_EQ(error_for({3}), "identifier field Address.street (3) must be required");
  EXPECT_EQ(error_for({20}), "identifier field score (20) must not be float");
  EXPECT_EQ(error_for({13}), "identifier field points.element.x (13) must not be double");
  EXPECT_EQ(error_for({25}), "identifier field pairs.element.k (25) must not be nested in a list");
  EXPECT_EQ(error_for({10}), "identifier field props.value.x (10) must not be nested in a map");
  EXPECT_EQ(error_for({22}),
            "identifier field opt.inner (22) must not be nested in optional struct opt");
  EXPECT_EQ(error_for({1, 1}), "identifier field id 1 is listed twice");
}

TEST(SchemaTest, EqualityComparesIdsOnlyWhenAsked) {
  Schema a = SampleSchema();
  Schema b = SampleSchema();
  b.schema_id = 9;
  EXPECT_TRUE(a.SameSchema(b));
  EXPECT_FALSE(a == b);
  b.schema_id = a.schema_id;
  EXPECT_TRUE(a == b);
}

}  // namespace
}  // namespace floe::spec
