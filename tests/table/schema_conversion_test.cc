// Iceberg schemas become columnar schemas with field ids, and come back equal.
#include "floe/table/schema_conversion.h"

#include <gtest/gtest.h>

#include "floe/columnar/value_text.h"
#include "testing/result_matchers.h"

namespace floe::table {
namespace {

using spec::NestedField;
using spec::Type;

spec::Schema AllTypes() {
  spec::Schema s;
  int32_t id = 1;
  auto add = [&](std::string name, spec::TypePtr t, bool required = false) {
    s.fields.push_back(NestedField{id++, std::move(name), required, std::move(t)});
  };
  add("b", Type::Boolean(), true);
  add("i", Type::Int());
  add("l", Type::Long());
  add("f", Type::Float());
  add("d", Type::Double());
  add("dec", Type::Decimal(9, 2));
  add("date", Type::Date());
  add("time", Type::Time());
  add("ts", Type::Timestamp());
  add("tstz", Type::TimestampTz());
  add("tsns", Type::Primitive(spec::TypeId::kTimestampNs));
  add("tstzns", Type::Primitive(spec::TypeId::kTimestampTzNs));
  add("s", Type::String());
  add("u", Type::Uuid());
  add("fx", Type::Fixed(3));
  add("bin", Type::Binary());
  add("st", Type::Struct({NestedField{100, "x", true, Type::Int()}}));
  add("li", Type::List(NestedField{101, "element", false, Type::String()}));
  add("m", Type::Map(NestedField{102, "key", true, Type::String()},
                     NestedField{103, "value", false, Type::Long()}));
  return s;
}

TEST(SchemaConversionTest, ColumnarTypesCarryIdsZonesAndUuid) {
  auto c = ToColumnarSchema(AllTypes());
  ASSERT_OK(c);
  const columnar::Schema& s = **c;
  EXPECT_FALSE(s.field(0).nullable);
  EXPECT_EQ(s.field(0).field_id(), 1);
  EXPECT_EQ(s.field(8).type->ToString(),
            columnar::Timestamp(columnar::TimeUnit::kMicro)->ToString());
  EXPECT_EQ(s.field(9).type->timezone(), "UTC");
  EXPECT_EQ(s.field(10).type->unit(), columnar::TimeUnit::kNano);
  EXPECT_TRUE(columnar::IsUuidField(s.field(13)));
  EXPECT_FALSE(columnar::IsUuidField(s.field(14)));
  EXPECT_EQ(s.field(16).type->child(0).field_id(), 100);
  EXPECT_EQ(s.field(17).type->value_field().field_id(), 101);
  EXPECT_EQ(s.field(18).type->key_field().field_id(), 102);
  EXPECT_EQ(s.field(18).type->item_field().field_id(), 103);
}

TEST(SchemaConversionTest, RoundTripsToTheSameIcebergSchema) {
  spec::Schema s = AllTypes();
  auto c = ToColumnarSchema(s);
  ASSERT_OK(c);
  auto back = ToIcebergSchema(**c);
  ASSERT_OK(back);
  EXPECT_TRUE(back->SameSchema(s)) << back->AsStruct()->ToString() << "\n"
                                   << s.AsStruct()->ToString();
}

// A variant is columnar::Variant() (struct<metadata, value> marked as a variant), top level and
// nested, and converts back to variant, not to a struct.
TEST(SchemaConversionTest, VariantIsTheColumnarVariant) {
  spec::Schema s;
  s.fields.push_back(NestedField{1, "v", false, Type::Primitive(spec::TypeId::kVariant)});
  s.fields.push_back(NestedField{
      2, "l", false,
      Type::List(NestedField{3, "element", false, Type::Primitive(spec::TypeId::kVariant)})});
  auto c = ToColumnarSchema(s);
  ASSERT_OK(c);
  EXPECT_TRUE((*c)->field(0).type->is_variant());
  EXPECT_EQ((*c)->field(0).type->ToString(), "variant");
  EXPECT_TRUE((*c)->field(1).type->value_field().type->is_variant());
  EXPECT_FALSE(columnar::Struct((*c)->field(0).type->children())->is_variant());
  auto back = ToIcebergSchema(**c);
  ASSERT_OK(back);
  EXPECT_TRUE(back->SameSchema(s)) << back->AsStruct()->ToString();
}

}  // namespace
}  // namespace floe::table
