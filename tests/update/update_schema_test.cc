// UpdateSchema (update/update_schema.h): every change and every refusal on metadata built here,
// the exact schema JSON of some results, the REST changes (requirements, schema id reuse, name
// mapping) and commits with a conflict in between.
#include "floe/update/update_schema.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>

#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/commit/metadata_builder.h"
#include "floe/io/memory_file_io.h"
#include "floe/scan/table_reader.h"
#include "floe/scan/table_scan.h"
#include "floe/spec/name_mapping.h"
#include "floe/spec/schema_json.h"
#include "floe/update/append_files.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::update {
namespace {

using spec::NestedField;
using spec::Type;

// The schema all tests start from (ids by hand):
//   1 id long required (identifier), 2 data string, 3 point struct<4 x double, 5 y double>,
//   6 tags list<7 string>, 8 locations map<9 string, 10 struct<11 lat float, 12 long float>>,
//   13 points list<14 struct<15 x long, 16 y long>>, 17 amount decimal(9,2), 18 count int,
//   19 ratio float.
// Partitioned by identity(data), sorted by amount.
spec::TableMetadata BaseTable(int format_version = 2) {
  spec::Schema s;
  s.schema_id = 0;
  s.fields = {
      NestedField{1, "id", true, Type::Long()},
      NestedField{2, "data", false, Type::String()},
      NestedField{3, "point", false,
                  Type::Struct({NestedField{4, "x", true, Type::Double()},
                                NestedField{5, "y", true, Type::Double()}})},
      NestedField{6, "tags", false, Type::List(NestedField{7, "element", false, Type::String()})},
      NestedField{
          8, "locations", false,
          Type::Map(NestedField{9, "key", true, Type::String()},
                    NestedField{10, "value", false,
                                Type::Struct({NestedField{11, "lat", false, Type::Float()},
                                              NestedField{12, "long", false, Type::Float()}})})},
      NestedField{
          13, "points", false,
          Type::List(NestedField{14, "element", true,
                                 Type::Struct({NestedField{15, "x", false, Type::Long()},
                                               NestedField{16, "y", false, Type::Long()}})})},
      NestedField{17, "amount", false, Type::Decimal(9, 2)},
      NestedField{18, "count", false, Type::Int()},
      NestedField{19, "ratio", false, Type::Float()},
  };
  s.identifier_field_ids = {1};
  spec::TableMetadata m;
  m.format_version = format_version;
  m.table_uuid = "9c12d441-03fe-4693-9a96-a0705ddf69c1";
  m.location = "mem://t";
  m.last_column_id = 19;
  m.schemas = {s};
  m.current_schema_id = 0;
  spec::PartitionSpec spec;
  spec::PartitionField pf;
  pf.source_id = 2;
  pf.field_id = 1000;
  pf.name = "data";
  pf.transform = spec::Transform::Identity();
  spec.fields = {pf};
  m.partition_specs = {spec};
  m.last_partition_id = 1000;
  spec::SortOrder order;
  order.order_id = 1;
  spec::SortField sf;
  sf.source_id = 17;
  sf.transform = spec::Transform::Identity();
  order.fields = {sf};
  m.sort_orders = {order};
  m.default_sort_order_id = 1;
  m.properties["commit.retry.min-wait-ms"] = "0";
  return m;
}

spec::Schema MustApply(const UpdateSchema& update, const spec::TableMetadata& base) {
  Result<AppliedSchema> r = update.Apply(base);
  EXPECT_OK(r);
  return r.ok() ? r->schema : spec::Schema{};
}

std::string Refusal(const UpdateSchema& update, const spec::TableMetadata& base) {
  Result<AppliedSchema> r = update.Apply(base);
  if (r.ok()) return "<applied>";
  EXPECT_EQ(r.error().kind, ErrorKind::kInvalidArgument) << r.error().message;
  return r.error().message;
}

std::string Json(const spec::Schema& schema) {
  JsonWriter out;
  spec::WriteSchema(schema, out);
  return out.Take();
}

// The names of a struct's fields, in order.
std::vector<std::string> Names(const std::vector<NestedField>& fields) {
  std::vector<std::string> out;
  for (const NestedField& f : fields) out.push_back(f.name);
  return out;
}

TEST(UpdateSchemaTest, AddColumnsTopLevelAndNestedWithExactJson) {
  spec::TableMetadata base = BaseTable();
  // A smaller table for an exact JSON comparison.
  base.schemas[0].fields.resize(4);
  base.partition_specs[0].fields.clear();
  base.sort_orders[0].fields.clear();
  UpdateSchema update;
  update.AddColumn("email", Type::String(), "contact");
  update.AddColumn(NewColumn{"point", "z", Type::Double(), false, "", std::nullopt, {}});
  Result<AppliedSchema> r = update.Apply(base);
  ASSERT_OK(r);
  EXPECT_EQ(r->schema.schema_id, 1);
  EXPECT_EQ(r->last_column_id, 21);
  EXPECT_FALSE(r->exists);
  EXPECT_EQ(Json(r->schema),
            R"({"type":"struct","schema-id":1,"identifier-field-ids":[1],"fields":[)"
            R"({"id":1,"name":"id","required":true,"type":"long"},)"
            R"({"id":2,"name":"data","required":false,"type":"string"},)"
            R"({"id":3,"name":"point","required":false,"type":{"type":"struct","fields":[)"
            R"({"id":4,"name":"x","required":true,"type":"double"},)"
            R"({"id":5,"name":"y","required":true,"type":"double"},)"
            R"({"id":21,"name":"z","required":false,"type":"double"}]}},)"
            R"({"id":6,"name":"tags","required":false,"type":{"type":"list","element-id":7,)"
            R"("element":"string","element-required":false}},)"
            R"({"id":20,"name":"email","required":false,"type":"string","doc":"contact"}]})");
}

TEST(UpdateSchemaTest, AddIntoListElementAndMapValueStructs) {
  spec::TableMetadata base = BaseTable();
  UpdateSchema update;
  update.AddColumn(NewColumn{"points", "z", Type::Long(), false, "", std::nullopt, {}});
  update.AddColumn(NewColumn{"locations", "alt", Type::Double(), false, "", std::nullopt, {}});
  spec::Schema s = MustApply(update, base);
  const NestedField* z = s.FindFieldByName("points.element.z");
  ASSERT_NE(z, nullptr);
  EXPECT_EQ(z->id, 20);
  const NestedField* alt = s.FindFieldByName("locations.value.alt");
  ASSERT_NE(alt, nullptr);
  EXPECT_EQ(alt->id, 21);
  EXPECT_EQ(Names(s.FindFieldById(14)->type->fields()), (std::vector<std::string>{"x", "y", "z"}));
}

TEST(UpdateSchemaTest, AddedNestedTypesGetFreshIdsInJavaOrder) {
  UpdateSchema update;
  update.AddColumn(
      "info",
      Type::Struct({NestedField{100, "a", false, Type::Int()},
                    NestedField{200, "b", false,
                                Type::List(NestedField{300, "element", false, Type::Int()})},
                    NestedField{400, "c", false,
                                Type::Map(NestedField{500, "key", true, Type::String()},
                                          NestedField{600, "value", false, Type::Int()})}}));
  Result<AppliedSchema> r = update.Apply(BaseTable());
  ASSERT_OK(r);
  const spec::Schema& s = r->schema;
  // info 20; its fields a, b, c 21..23; then b's element 24; c's key and value 25, 26.
  EXPECT_EQ(s.FindFieldByName("info")->id, 20);
  EXPECT_EQ(s.FindFieldByName("info.a")->id, 21);
  EXPECT_EQ(s.FindFieldByName("info.b")->id, 22);
  EXPECT_EQ(s.FindFieldByName("info.c")->id, 23);
  EXPECT_EQ(s.FindFieldByName("info.b.element")->id, 24);
  EXPECT_EQ(s.FindFieldByName("info.c.key")->id, 25);
  EXPECT_EQ(s.FindFieldByName("info.c.value")->id, 26);
  EXPECT_EQ(r->last_column_id, 26);
}

TEST(UpdateSchemaTest, AddWithPositions) {
  spec::TableMetadata base = BaseTable();
  UpdateSchema update;
  update.AddColumn(
      NewColumn{"", "first", Type::Int(), false, "", std::nullopt, ColumnPosition::First()});
  update.AddColumn(NewColumn{"", "before_data", Type::Int(), false, "", std::nullopt,
                             ColumnPosition::Before("data")});
  update.AddColumn(
      NewColumn{"", "after_id", Type::Int(), false, "", std::nullopt, ColumnPosition::After("id")});
  update.AddColumn(NewColumn{"point", "w", Type::Double(), false, "", std::nullopt,
                             ColumnPosition::After("point.x")});
  spec::Schema s = MustApply(update, base);
  EXPECT_EQ(Names(s.fields),
            (std::vector<std::string>{"first", "id", "after_id", "before_data", "data", "point",
                                      "tags", "locations", "points", "amount", "count", "ratio"}));
  EXPECT_EQ(Names(s.FindFieldById(3)->type->fields()), (std::vector<std::string>{"x", "w", "y"}));
}

TEST(UpdateSchemaTest, AddRefusals) {
  spec::TableMetadata base = BaseTable();
  EXPECT_EQ(Refusal(UpdateSchema().AddColumn("data", Type::Int()), base),
            "cannot add column \"data\": a column of that name exists");
  EXPECT_EQ(Refusal(UpdateSchema().AddColumn(
                        NewColumn{"point", "x", Type::Int(), false, "", std::nullopt, {}}),
                    base),
            "cannot add column \"point.x\": a column of that name exists");
  EXPECT_EQ(Refusal(UpdateSchema().AddColumn("n", Type::Int()).AddColumn("n", Type::Long()), base),
            "cannot add column \"n\" twice");
  NewColumn required{"", "must", Type::Int(), true, "", std::nullopt, {}};
  EXPECT_EQ(Refusal(UpdateSchema().AddColumn(required), base),
            "cannot add required column \"must\" without a default value: the table's existing "
            "rows have no value for it (add it as optional, give it a default, or allow "
            "incompatible changes)");
  spec::Schema forced =
      MustApply(UpdateSchema().AllowIncompatibleChanges().AddColumn(required), base);
  EXPECT_TRUE(forced.FindFieldByName("must")->required);
  NewColumn defaulted{"", "d", Type::Int(), true, "", "7", {}};
  EXPECT_EQ(Refusal(UpdateSchema().AddColumn(defaulted), base),
            "cannot add column \"d\" with a default value: defaults need format version 3, the "
            "table has version 2");
  EXPECT_EQ(Refusal(UpdateSchema().AddColumn(
                        NewColumn{"nope", "x", Type::Int(), false, "", std::nullopt, {}}),
                    base),
            "cannot add column \"nope.x\": parent column \"nope\" not found");
  EXPECT_EQ(Refusal(UpdateSchema().AddColumn(
                        NewColumn{"tags", "x", Type::Int(), false, "", std::nullopt, {}}),
                    base),
            "cannot add column \"x\" to \"tags\": \"tags\" is list<string>, not a struct (or a "
            "list or map of structs)");
  EXPECT_EQ(Refusal(UpdateSchema().DeleteColumn("point").AddColumn(
                        NewColumn{"point", "z", Type::Int(), false, "", std::nullopt, {}}),
                    base),
            "cannot add column \"z\" to \"point\": \"point\" is dropped in this update");
  EXPECT_EQ(
      Refusal(UpdateSchema().AddColumn("ts", Type::Primitive(spec::TypeId::kTimestampNs)), base),
      "cannot add column \"ts\" of type timestamp_ns: the type needs format version 3, the "
      "table has version 2");
  EXPECT_EQ(Refusal(UpdateSchema().AddColumn(NewColumn{"", "a.b", Type::Int(), false, "",
                                                       std::nullopt, ColumnPosition::After("x")}),
                    base),
            "cannot move column \"a.b\" after \"x\": \"x\" not found");
}

TEST(UpdateSchemaTest, V3DefaultsOnAddedColumns) {
  spec::TableMetadata base = BaseTable(3);
  UpdateSchema update;
  update.AddColumn(NewColumn{"", "level", Type::Int(), true, "", "7", {}});
  // A defaulted added column may be made required again in the same update.
  update.MakeColumnOptional("level").RequireColumn("level");
  spec::Schema s = MustApply(update, base);
  const NestedField* level = s.FindFieldByName("level");
  ASSERT_NE(level, nullptr);
  EXPECT_TRUE(level->required);
  EXPECT_EQ(level->initial_default, "7");
  EXPECT_EQ(level->write_default, "7");
  // A default that is not a value of the type is refused by the schema's own check.
  Result<AppliedSchema> bad =
      UpdateSchema()
          .AddColumn(NewColumn{"", "bad", Type::Int(), false, "", "\"x\"", {}})
          .Apply(base);
  EXPECT_FALSE(bad.ok());
}

TEST(UpdateSchemaTest, RenameTopLevelAndNested) {
  spec::TableMetadata base = BaseTable();
  UpdateSchema update;
  update.RenameColumn("data", "payload")
      .RenameColumn("point.x", "x1")
      .RenameColumn("points.y", "y1");
  update.RenameColumn("id", "key");
  spec::Schema s = MustApply(update, base);
  EXPECT_EQ(s.FindFieldById(2)->name, "payload");
  EXPECT_EQ(s.FindFieldById(4)->name, "x1");
  EXPECT_EQ(s.FindFieldById(16)->name, "y1");
  EXPECT_EQ(s.FindFieldById(1)->name, "key");
  EXPECT_EQ(s.identifier_field_ids, (std::vector<int32_t>{1}));
  // Rename and promote the same column: both kept.
  spec::Schema both = MustApply(
      UpdateSchema().RenameColumn("count", "n").UpdateColumnType("count", Type::Long()), base);
  EXPECT_EQ(both.FindFieldById(18)->name, "n");
  EXPECT_EQ(both.FindFieldById(18)->type->id(), spec::TypeId::kLong);
  // Names are looked up in the table's schema (as Java does), so two renames swap two names;
  // the duplicate check looks at the result only.
  spec::Schema swapped =
      MustApply(UpdateSchema().RenameColumn("count", "ratio").RenameColumn("ratio", "count"), base);
  EXPECT_EQ(swapped.FindFieldById(18)->name, "ratio");
  EXPECT_EQ(swapped.FindFieldById(19)->name, "count");
  // A later rename of the same column wins.
  spec::Schema twice =
      MustApply(UpdateSchema().RenameColumn("count", "tmp").RenameColumn("count", "n"), base);
  EXPECT_EQ(twice.FindFieldById(18)->name, "n");
}

TEST(UpdateSchemaTest, RenameRefusals) {
  spec::TableMetadata base = BaseTable();
  EXPECT_EQ(Refusal(UpdateSchema().RenameColumn("data", "count"), base),
            "cannot rename column \"data\" to \"count\": a column of that name exists");
  EXPECT_EQ(Refusal(UpdateSchema().RenameColumn("point.x", "y"), base),
            "cannot rename column \"point.x\" to \"y\": a column of that name exists");
  EXPECT_EQ(Refusal(UpdateSchema().RenameColumn("nope", "x"), base),
            "cannot rename column \"nope\": not found");
  EXPECT_EQ(Refusal(UpdateSchema().DeleteColumn("data").RenameColumn("data", "x"), base),
            "cannot rename column \"data\": it is dropped in this update");
  EXPECT_EQ(Refusal(UpdateSchema().DeleteColumn("point").RenameColumn("point.x", "a"), base),
            "cannot rename column \"point.x\": it is dropped in this update");
  EXPECT_EQ(Refusal(UpdateSchema().AddColumn("n", Type::Int()).RenameColumn("n", "m"), base),
            "cannot rename column \"n\": it is added in this update (add it under the new name)");
  EXPECT_EQ(Refusal(UpdateSchema().RenameColumn("tags.element", "e"), base),
            "cannot rename column \"tags.element\": list elements and map keys and values have "
            "fixed names");
  EXPECT_EQ(Refusal(UpdateSchema().RenameColumn("data", ""), base),
            "cannot rename column \"data\" to an empty name");
}

TEST(UpdateSchemaTest, DeleteAndRefusals) {
  spec::TableMetadata base = BaseTable();
  spec::Schema s = MustApply(UpdateSchema().DeleteColumn("count").DeleteColumn("point.y"), base);
  EXPECT_EQ(s.FindFieldById(18), nullptr);
  EXPECT_EQ(s.FindFieldById(5), nullptr);
  EXPECT_EQ(Names(s.FindFieldById(3)->type->fields()), (std::vector<std::string>{"x"}));

  // Dropped then added again under the same name: a new id, never the old one.
  spec::Schema readded =
      MustApply(UpdateSchema().DeleteColumn("count").AddColumn("count", Type::Long()), base);
  EXPECT_EQ(readded.FindFieldByName("count")->id, 20);

  EXPECT_EQ(Refusal(UpdateSchema().DeleteColumn("nope"), base),
            "cannot drop column \"nope\": not found");
  EXPECT_EQ(Refusal(UpdateSchema().DeleteColumn("id"), base),
            "cannot drop column \"id\": it is an identifier field (set other identifier fields "
            "first)");
  EXPECT_EQ(Refusal(UpdateSchema().DeleteColumn("data"), base),
            "cannot drop column \"data\": the table's partition spec (field \"data\") uses "
            "\"data\"; change it first");
  EXPECT_EQ(Refusal(UpdateSchema().DeleteColumn("amount"), base),
            "cannot drop column \"amount\": the table's sort order uses \"amount\"; change it "
            "first");
  EXPECT_EQ(Refusal(UpdateSchema().DeleteColumn("count").DeleteColumn("count"), base),
            "cannot drop column \"count\": it is already dropped in this update");
  EXPECT_EQ(Refusal(UpdateSchema().RenameColumn("count", "n").DeleteColumn("count"), base),
            "cannot drop column \"count\": it is changed in this update");
  EXPECT_EQ(
      Refusal(UpdateSchema()
                  .AddColumn(NewColumn{"points", "z", Type::Int(), false, "", std::nullopt, {}})
                  .DeleteColumn("points"),
              base),
      "cannot drop column \"points\": columns are added to it in this update");
  EXPECT_EQ(Refusal(UpdateSchema().MoveFirst("count").DeleteColumn("count"), base),
            "cannot drop column \"count\": a move in this update refers to it");
  EXPECT_EQ(Refusal(UpdateSchema().DeleteColumn("tags.element"), base),
            "cannot drop the element of list \"tags\"");
  EXPECT_EQ(Refusal(UpdateSchema().DeleteColumn("locations.key"), base),
            "cannot change the key of map \"locations\": map keys cannot evolve");

  // A nested identifier field: its struct cannot go.
  spec::TableMetadata nested = base;
  nested.schemas[0].identifier_field_ids = {4};
  EXPECT_EQ(Refusal(UpdateSchema().DeleteColumn("point"), nested),
            "cannot drop column \"point\": it holds identifier field \"point.x\"");
  // Replacing the identifier fields in the same update allows the drop.
  spec::Schema replaced =
      MustApply(UpdateSchema().SetIdentifierFields({"id"}).DeleteColumn("point"), nested);
  EXPECT_EQ(replaced.identifier_field_ids, (std::vector<int32_t>{1}));
}

TEST(UpdateSchemaTest, TypePromotions) {
  spec::TableMetadata base = BaseTable();
  spec::Schema s = MustApply(UpdateSchema()
                                 .UpdateColumnType("count", Type::Long())
                                 .UpdateColumnType("ratio", Type::Double())
                                 .UpdateColumnType("amount", Type::Decimal(12, 2))
                                 .UpdateColumnType("locations.lat", Type::Double()),
                             base);
  EXPECT_EQ(s.FindFieldById(18)->type->ToString(), "long");
  EXPECT_EQ(s.FindFieldById(19)->type->ToString(), "double");
  EXPECT_EQ(s.FindFieldById(17)->type->ToString(), "decimal(12,2)");
  EXPECT_EQ(s.FindFieldById(11)->type->ToString(), "double");
  // The same type again is no change.
  Result<AppliedSchema> same = UpdateSchema().UpdateColumnType("id", Type::Long()).Apply(base);
  ASSERT_OK(same);
  EXPECT_TRUE(same->exists);
  EXPECT_EQ(same->schema.schema_id, 0);

  EXPECT_EQ(Refusal(UpdateSchema().UpdateColumnType("id", Type::Int()), base),
            "cannot change column \"id\" from long to int: not a promotion Iceberg allows");
  EXPECT_EQ(Refusal(UpdateSchema().UpdateColumnType("amount", Type::Decimal(12, 3)), base),
            "cannot change column \"amount\" from decimal(9,2) to decimal(12,3): not a "
            "promotion Iceberg allows");
  EXPECT_EQ(Refusal(UpdateSchema().UpdateColumnType("amount", Type::Decimal(8, 2)), base),
            "cannot change column \"amount\" from decimal(9,2) to decimal(8,2): not a "
            "promotion Iceberg allows");
  EXPECT_EQ(Refusal(UpdateSchema().UpdateColumnType("data", Type::Int()), base),
            "cannot change column \"data\" from string to int: not a promotion Iceberg allows");
  EXPECT_EQ(Refusal(UpdateSchema().UpdateColumnType("point", Type::Int()), base),
            "cannot change column \"point\" from struct<4: x: required double, 5: y: required "
            "double> to int: only primitive types can be promoted");
  EXPECT_EQ(Refusal(UpdateSchema().UpdateColumnType("nope", Type::Int()), base),
            "cannot change the type of column \"nope\": not found");
  EXPECT_EQ(
      Refusal(UpdateSchema().DeleteColumn("count").UpdateColumnType("count", Type::Long()), base),
      "cannot change the type of column \"count\": it is dropped in this update");
  // The promotion of an added column's type.
  spec::Schema added = MustApply(
      UpdateSchema().AddColumn("n", Type::Int()).UpdateColumnType("n", Type::Long()), base);
  EXPECT_EQ(added.FindFieldByName("n")->type->ToString(), "long");
}

TEST(UpdateSchemaTest, PromotionRules) {
  EXPECT_TRUE(IsPromotionAllowed(*Type::Int(), *Type::Long(), 1));
  EXPECT_TRUE(IsPromotionAllowed(*Type::Float(), *Type::Double(), 2));
  EXPECT_TRUE(IsPromotionAllowed(*Type::Decimal(9, 2), *Type::Decimal(10, 2), 2));
  EXPECT_FALSE(IsPromotionAllowed(*Type::Decimal(9, 2), *Type::Decimal(9, 2), 2));
  EXPECT_FALSE(IsPromotionAllowed(*Type::Long(), *Type::Int(), 2));
  EXPECT_FALSE(IsPromotionAllowed(*Type::Int(), *Type::Double(), 2));
  EXPECT_FALSE(IsPromotionAllowed(*Type::Date(), *Type::Timestamp(), 2));
  EXPECT_FALSE(IsPromotionAllowed(*Type::Primitive(spec::TypeId::kUnknown), *Type::String(), 2));
  EXPECT_TRUE(IsPromotionAllowed(*Type::Primitive(spec::TypeId::kUnknown), *Type::String(), 3));
}

TEST(UpdateSchemaTest, NullabilityAndDocs) {
  spec::TableMetadata base = BaseTable();
  spec::Schema s = MustApply(UpdateSchema()
                                 .MakeColumnOptional("point.x")
                                 .UpdateColumnDoc("data", "the payload")
                                 .UpdateColumnDoc("point.y", "north"),
                             base);
  EXPECT_FALSE(s.FindFieldById(4)->required);
  EXPECT_EQ(s.FindFieldById(2)->doc, "the payload");
  EXPECT_EQ(s.FindFieldById(5)->doc, "north");
  EXPECT_EQ(Refusal(UpdateSchema().RequireColumn("data"), base),
            "cannot make column \"data\" required: existing rows may hold nulls (allow "
            "incompatible changes to force it)");
  spec::Schema forced =
      MustApply(UpdateSchema().AllowIncompatibleChanges().RequireColumn("data"), base);
  EXPECT_TRUE(forced.FindFieldById(2)->required);
  // Already optional / already required: no change, always allowed.
  EXPECT_TRUE(UpdateSchema().MakeColumnOptional("data").RequireColumn("id").Apply(base)->exists);
  EXPECT_EQ(Refusal(UpdateSchema().DeleteColumn("count").UpdateColumnDoc("count", "x"), base),
            "cannot change the doc of column \"count\": it is dropped in this update");
  EXPECT_EQ(Refusal(UpdateSchema().MakeColumnOptional("nope"), base),
            "cannot change the nullability of column \"nope\": not found");
  // An identifier field cannot become optional: the schema's own check says so.
  Result<AppliedSchema> ident = UpdateSchema().MakeColumnOptional("id").Apply(base);
  EXPECT_FALSE(ident.ok());
}

TEST(UpdateSchemaTest, Moves) {
  spec::TableMetadata base = BaseTable();
  spec::Schema s = MustApply(UpdateSchema()
                                 .MoveFirst("ratio")
                                 .MoveBefore("count", "id")
                                 .MoveAfter("data", "amount")
                                 .MoveFirst("point.y")
                                 .MoveAfter("points.x", "points.y"),
                             base);
  EXPECT_EQ(Names(s.fields), (std::vector<std::string>{"ratio", "count", "id", "point", "tags",
                                                       "locations", "points", "amount", "data"}));
  EXPECT_EQ(Names(s.FindFieldById(3)->type->fields()), (std::vector<std::string>{"y", "x"}));
  EXPECT_EQ(Names(s.FindFieldById(14)->type->fields()), (std::vector<std::string>{"y", "x"}));
  // An added column can be moved.
  spec::Schema added = MustApply(UpdateSchema().AddColumn("n", Type::Int()).MoveFirst("n"), base);
  EXPECT_EQ(added.fields[0].name, "n");

  EXPECT_EQ(Refusal(UpdateSchema().MoveFirst("nope"), base),
            "cannot move column \"nope\": not found");
  EXPECT_EQ(Refusal(UpdateSchema().MoveBefore("data", "nope"), base),
            "cannot move column \"data\" before \"nope\": \"nope\" not found");
  EXPECT_EQ(Refusal(UpdateSchema().MoveAfter("data", "data"), base),
            "cannot move column \"data\" after itself");
  EXPECT_EQ(Refusal(UpdateSchema().MoveAfter("point.x", "data"), base),
            "cannot move column \"point.x\" after \"data\": columns move only within their own "
            "struct");
  EXPECT_EQ(Refusal(UpdateSchema().MoveFirst("data").MoveAfter("data", "count"), base),
            "cannot move column \"data\": it is moved, or is the reference of a move, once "
            "already in this update");
  EXPECT_EQ(Refusal(UpdateSchema().MoveAfter("count", "data").MoveFirst("data"), base),
            "cannot move column \"data\": it is moved, or is the reference of a move, once "
            "already in this update");
  EXPECT_EQ(Refusal(UpdateSchema().DeleteColumn("count").MoveFirst("count"), base),
            "cannot move column \"count\": it is dropped in this update");
  EXPECT_EQ(Refusal(UpdateSchema().DeleteColumn("count").MoveAfter("data", "count"), base),
            "cannot move column \"data\" after \"count\": \"count\" is dropped in this update");
  EXPECT_EQ(Refusal(UpdateSchema().MoveFirst("tags.element"), base),
            "cannot move column \"tags.element\": only fields of a struct can move");
}

TEST(UpdateSchemaTest, CaseInsensitiveLookup) {
  spec::TableMetadata base = BaseTable();
  EXPECT_EQ(Refusal(UpdateSchema().RenameColumn("DATA", "x"), base),
            "cannot rename column \"DATA\": not found");
  spec::Schema s = MustApply(UpdateSchema()
                                 .CaseSensitive(false)
                                 .RenameColumn("DATA", "x")
                                 .UpdateColumnType("Point.X", Type::Double())
                                 .DeleteColumn("COUNT")
                                 .AddColumn("N", Type::Int())
                                 .MoveFirst("n"),
                             base);
  EXPECT_EQ(s.FindFieldById(2)->name, "x");
  EXPECT_EQ(s.FindFieldById(18), nullptr);
  EXPECT_EQ(s.fields[0].name, "N");
  // Case-insensitively, "Ratio" clashes with "ratio".
  EXPECT_EQ(Refusal(UpdateSchema().CaseSensitive(false).AddColumn("Ratio", Type::Int()), base),
            "cannot add column \"Ratio\": a column of that name exists");
}

TEST(UpdateSchemaTest, ChangesReuseSchemaIdsAndRequireTheBase) {
  spec::TableMetadata base = BaseTable();
  base.properties.erase("commit.retry.min-wait-ms");
  Result<SchemaChanges> add = UpdateSchema().AddColumn("n", Type::Int()).Changes(base);
  ASSERT_OK(add);
  ASSERT_EQ(add->requirements.size(), 2u);
  EXPECT_EQ(std::get<commit::AssertCurrentSchemaId>(add->requirements[0]).current_schema_id, 0);
  EXPECT_EQ(
      std::get<commit::AssertLastAssignedFieldId>(add->requirements[1]).last_assigned_field_id, 19);
  ASSERT_EQ(add->updates.size(), 2u);
  EXPECT_EQ(std::get<commit::AddSchema>(add->updates[0]).schema.schema_id, 1);
  EXPECT_EQ(std::get<commit::SetCurrentSchema>(add->updates[1]).schema_id, commit::kLastAdded);

  Result<spec::TableMetadata> next = commit::ApplyUpdates(base, add->updates, 5, std::nullopt);
  ASSERT_OK(next);
  EXPECT_EQ(next->current_schema_id, 1);
  EXPECT_EQ(next->last_column_id, 20);
  // Dropping the column again gives schema 0 back: its id is reused, nothing added.
  Result<SchemaChanges> back = UpdateSchema().DeleteColumn("n").Changes(*next);
  ASSERT_OK(back);
  EXPECT_TRUE(back->applied.exists);
  EXPECT_EQ(back->applied.schema.schema_id, 0);
  ASSERT_EQ(back->updates.size(), 1u);
  EXPECT_EQ(std::get<commit::SetCurrentSchema>(back->updates[0]).schema_id, 0);
  // No change at all: nothing to commit.
  Result<SchemaChanges> none = UpdateSchema().UpdateColumnDoc("data", "").Changes(base);
  ASSERT_OK(none);
  EXPECT_TRUE(none->updates.empty());
  EXPECT_TRUE(none->requirements.empty());
}

TEST(UpdateSchemaTest, NameMappingFollowsRenamesAndAdds) {
  spec::TableMetadata base = BaseTable();
  base.schemas[0].fields.resize(3);
  base.partition_specs[0].fields.clear();
  base.sort_orders[0].fields.clear();
  base.properties[std::string(spec::kNameMappingProperty)] =
      spec::NameMapping::ForSchema(base.schemas[0]).ToJson();
  Result<SchemaChanges> changes =
      UpdateSchema()
          .RenameColumn("data", "payload")
          .RenameColumn("point.x", "px")
          .DeleteColumn("point.y")
          .AddColumn(NewColumn{"point", "y", Type::Int(), false, "", std::nullopt, {}})
          .AddColumn("tags", Type::List(NestedField{0, "element", false, Type::String()}))
          .Changes(base);
  ASSERT_OK(changes);
  ASSERT_EQ(changes->updates.size(), 3u);
  const auto& props = std::get<commit::SetProperties>(changes->updates[2]).updates;
  EXPECT_EQ(props.at(std::string(spec::kNameMappingProperty)),
            R"([{"field-id":1,"names":["id"]},{"field-id":2,"names":["data","payload"]},)"
            R"({"field-id":3,"names":["point"],"fields":[{"field-id":4,"names":["x","px"]},)"
            R"({"field-id":5,"names":[]},{"field-id":20,"names":["y"]}]},)"
            R"({"field-id":21,"names":["tags"],"fields":[{"field-id":22,"names":["element"]}]}])");
}

TEST(UpdateSchemaTest, NameMappingReachesListElementAndMapValueStructs) {
  spec::TableMetadata base = BaseTable();
  base.properties[std::string(spec::kNameMappingProperty)] =
      spec::NameMapping::ForSchema(base.schemas[0]).ToJson();
  Result<SchemaChanges> changes =
      UpdateSchema()
          .AddColumn(NewColumn{"points", "z", Type::Long(), false, "", std::nullopt, {}})
          .AddColumn(NewColumn{"locations", "alt", Type::Double(), false, "", std::nullopt, {}})
          .RenameColumn("locations.lat", "latitude")
          .Changes(base);
  ASSERT_OK(changes);
  Result<spec::TableMetadata> next = commit::ApplyUpdates(base, changes->updates, 5, std::nullopt);
  ASSERT_OK(next);
  auto mapping = spec::NameMapping::Parse(*next->Property(spec::kNameMappingProperty));
  ASSERT_OK(mapping);
  // points → element → {x, y, z}; locations → value → {lat/latitude, long, alt}.
  const spec::MappedField* element = spec::NameMapping::Find(
      spec::NameMapping::Find(mapping->fields(), "points")->fields, "element");
  ASSERT_NE(element, nullptr);
  const spec::MappedField* z = spec::NameMapping::Find(element->fields, "z");
  ASSERT_NE(z, nullptr);
  EXPECT_EQ(z->field_id, 20);
  const spec::MappedField* value = spec::NameMapping::Find(
      spec::NameMapping::Find(mapping->fields(), "locations")->fields, "value");
  ASSERT_NE(value, nullptr);
  EXPECT_EQ(spec::NameMapping::Find(value->fields, "alt")->field_id, 21);
  const spec::MappedField* lat = spec::NameMapping::Find(value->fields, "latitude");
  ASSERT_NE(lat, nullptr);
  EXPECT_EQ(lat->field_id, 11);
  EXPECT_EQ(lat->names, (std::vector<std::string>{"lat", "latitude"}));
}

TEST(UpdateSchemaTest, ColumnPropertiesFollowRenamesAndDrops) {
  spec::TableMetadata base = BaseTable();
  base.properties["write.metadata.metrics.column.count"] = "full";
  base.properties["write.parquet.bloom-filter-enabled.column.point.x"] = "true";
  base.properties["write.parquet.stats-enabled.column.ratio"] = "false";
  base.properties["write.metadata.metrics.column.data"] = "counts";
  Result<SchemaChanges> changes = UpdateSchema()
                                      .RenameColumn("count", "n")
                                      .RenameColumn("point.x", "px")
                                      .DeleteColumn("ratio")
                                      .Changes(base);
  ASSERT_OK(changes);
  Result<spec::TableMetadata> next = commit::ApplyUpdates(base, changes->updates, 5, std::nullopt);
  ASSERT_OK(next);
  std::map<std::string, std::string> columns;
  for (const auto& [key, value] : next->properties) {
    if (key.find(".column.") != std::string::npos) columns[key] = value;
  }
  EXPECT_EQ(columns, (std::map<std::string, std::string>{
                         {"write.metadata.metrics.column.n", "full"},
                         {"write.parquet.bloom-filter-enabled.column.point.px", "true"},
                         {"write.metadata.metrics.column.data", "counts"}}));
}

// A catalog in a variable: requirements checked and updates applied as a real catalog does.
class SchemaFakeOps : public commit::TableOperations {
 public:
  explicit SchemaFakeOps(spec::TableMetadata metadata)
      : current_{"mem://t/metadata/v1.metadata.json", std::move(metadata)} {}
  Result<commit::TableBase> Refresh() override { return current_; }
  Result<commit::TableBase> Commit(std::span<const commit::TableRequirement> requirements,
                                   std::span<const commit::TableUpdate> updates) override {
    ++commits;
    if (before_commit) {
      auto hook = std::move(before_commit);
      before_commit = nullptr;
      hook();
    }
    std::vector<commit::TableRequirement> reqs(requirements.begin(), requirements.end());
    FLOE_RETURN_IF_ERROR(commit::CheckRequirements(reqs, &current_.metadata));
    FLOE_ASSIGN_OR_RETURN(
        spec::TableMetadata next,
        commit::ApplyUpdates(current_.metadata, updates, 0, current_.metadata_location));
    current_ = {"mem://t/metadata/v" + std::to_string(++version_) + ".metadata.json",
                std::move(next)};
    if (lose_answers > 0) {
      --lose_answers;
      return CommitStateUnknown("the catalog did not answer");
    }
    return current_;
  }
  io::FileIO& io() override { return io_; }
  const spec::TableMetadata& metadata() const { return current_.metadata; }

  std::function<void()> before_commit;
  int commits = 0;
  int lose_answers = 0;

 private:
  io::MemoryFileIO io_;
  commit::TableBase current_;
  int version_ = 1;
};

TEST(UpdateSchemaTest, CommitReappliesAfterAConflict) {
  SchemaFakeOps ops(BaseTable());
  UpdateSchema ours(ops);
  ours.SetSleep([](int64_t) {});
  ours.AddColumn("ours", Type::Int()).RenameColumn("data", "payload");
  ops.before_commit = [&] {
    UpdateSchema theirs(ops);
    Result<SchemaCommitResult> r = theirs.AddColumn("theirs", Type::String()).Commit();
    ASSERT_OK(r);
  };
  Result<SchemaCommitResult> r = ours.Commit();
  ASSERT_OK(r);
  EXPECT_EQ(r->attempts, 2);
  const spec::TableMetadata& m = ops.metadata();
  EXPECT_EQ(m.schemas.size(), 3u);
  EXPECT_EQ(m.current_schema_id, 2);
  const spec::Schema* s = m.CurrentSchema();
  EXPECT_EQ(s->FindFieldByName("theirs")->id, 20);
  EXPECT_EQ(s->FindFieldByName("ours")->id, 21);
  EXPECT_EQ(s->FindFieldById(2)->name, "payload");
  EXPECT_EQ(m.last_column_id, 21);
  EXPECT_EQ(r->applied.schema.schema_id, 2);

  // A change that no longer fits the refreshed table is refused, not forced.
  SchemaFakeOps ops2(BaseTable());
  UpdateSchema rename(ops2);
  rename.SetSleep([](int64_t) {});
  rename.RenameColumn("count", "n");
  ops2.before_commit = [&] { ASSERT_OK(UpdateSchema(ops2).DeleteColumn("count").Commit()); };
  Result<SchemaCommitResult> refused = rename.Commit();
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message, "cannot rename column \"count\": not found");
}

TEST(UpdateSchemaTest, CommitWithALostAnswerChecksWhetherItLanded) {
  SchemaFakeOps ops(BaseTable());
  ops.lose_answers = 1;
  UpdateSchema update(ops);
  update.SetSleep([](int64_t) {});
  Result<SchemaCommitResult> r = update.AddColumn("n", Type::Int()).Commit();
  ASSERT_OK(r);
  EXPECT_EQ(ops.commits, 1);
  EXPECT_EQ(ops.metadata().schemas.size(), 2u);
  EXPECT_EQ(r->applied.schema.schema_id, 1);
  // Nothing to change: no commit at all.
  Result<SchemaCommitResult> none = UpdateSchema(ops).MakeColumnOptional("n").Commit();
  ASSERT_OK(none);
  EXPECT_EQ(none->attempts, 0);
  EXPECT_EQ(ops.commits, 1);
}

// One cell of a read batch as text: "null", the integer (with its width) or the string.
std::string SchemaTestCell(const columnar::ArrayData& column, int64_t row) {
  if (column.IsNull(row)) return "null";
  switch (column.type->id()) {
    case columnar::TypeId::kInt32:
      return "i32:" + std::to_string(column.values<int32_t>()[row]);
    case columnar::TypeId::kInt64:
      return "i64:" + std::to_string(column.values<int64_t>()[row]);
    case columnar::TypeId::kString:
      return std::string(column.GetView(row));
    default:
      return "<type " + column.type->ToString() + ">";
  }
}

// The table's rows as read now (current schema), one line per row, and the column names.
std::vector<std::string> ReadRows(catalog::Catalog& catalog, const catalog::TableIdentifier& id,
                                  std::vector<std::string>* names) {
  auto table = catalog.LoadTable(id);
  EXPECT_OK(table);
  auto plan = scan::PlanScan(catalog.io(), table->metadata, {});
  EXPECT_OK(plan);
  std::vector<std::string> rows;
  scan::TableReadOptions options;
  options.threads = 1;
  scan::TableReadCallbacks callbacks;
  callbacks.on_schema = [&](const columnar::SchemaPtr& schema) -> Status {
    names->clear();
    for (int c = 0; c < schema->num_fields(); ++c) names->push_back(schema->field(c).name);
    return Ok();
  };
  callbacks.on_batch = [&](const columnar::RecordBatch& batch) -> Status {
    for (int64_t r = 0; r < batch.num_rows(); ++r) {
      std::string line;
      for (int c = 0; c < batch.num_columns(); ++c) {
        if (c > 0) line += ',';
        line += SchemaTestCell(*batch.column(c), r);
      }
      rows.push_back(std::move(line));
    }
    return Ok();
  };
  auto report = scan::ReadTable(catalog.io(), table->metadata, *plan, options, callbacks);
  EXPECT_OK(report);
  std::sort(rows.begin(), rows.end());
  return rows;
}

TEST(UpdateSchemaTest, EndToEndRenameAddDropPromoteOnASqliteTable) {
  floe::testing::TempDir dir;
  auto opened = catalog::sql::SqlCatalog::Open(
      catalog::sql::SqlCatalogOptions{"lake", dir.Join("catalog.db"), dir.Join("wh"), nullptr});
  ASSERT_OK(opened);
  catalog::Catalog& lake = **opened;
  ASSERT_OK(lake.CreateNamespace({"eng"}, {}));
  catalog::TableIdentifier id{{"eng"}, "orders"};
  catalog::CreateTableOptions create;
  create.table.schema.fields = {
      NestedField{1, "id", true, Type::Long()}, NestedField{2, "region", false, Type::String()},
      NestedField{3, "amount", false, Type::Int()}, NestedField{4, "note", false, Type::String()}};
  ASSERT_OK(lake.CreateTable(id, create));
  std::ofstream(dir.Join("orders.csv")) << "id,region,amount,note\n1,seoul,10,a\n2,paris,20,b\n"
                                           "3,seoul,30,c\n";
  catalog::CatalogTableOperations ops(lake, id);
  auto appended = AppendFiles(ops, *io::LocalFileIO(), {dir.Join("orders.csv")});
  ASSERT_OK(appended);

  std::vector<std::string> names;
  EXPECT_EQ(ReadRows(lake, id, &names),
            (std::vector<std::string>{"i64:1,seoul,i32:10,a", "i64:2,paris,i32:20,b",
                                      "i64:3,seoul,i32:30,c"}));

  UpdateSchema update(ops);
  update.RenameColumn("region", "area")
      .AddColumn("channel", Type::String())
      .DeleteColumn("note")
      .UpdateColumnType("amount", Type::Long());
  Result<SchemaCommitResult> committed = update.Commit();
  ASSERT_OK(committed);
  EXPECT_EQ(committed->attempts, 1);
  auto table = lake.LoadTable(id);
  ASSERT_OK(table);
  EXPECT_EQ(table->metadata.current_schema_id, 1);
  EXPECT_EQ(table->metadata.last_column_id, 5);
  EXPECT_EQ(table->metadata.CurrentSchema()->FindFieldByName("channel")->id, 5);

  // The old file's values under the new name, the added column null, amount read as long.
  EXPECT_EQ(ReadRows(lake, id, &names),
            (std::vector<std::string>{"i64:1,seoul,i64:10,null", "i64:2,paris,i64:20,null",
                                      "i64:3,seoul,i64:30,null"}));
  EXPECT_EQ(names, (std::vector<std::string>{"id", "area", "amount", "channel"}));

  // New rows are written in the new schema and read alongside the old ones.
  std::ofstream(dir.Join("more.csv")) << "id,area,amount,channel\n4,lima,5000000000,web\n";
  auto more = AppendFiles(ops, *io::LocalFileIO(), {dir.Join("more.csv")});
  ASSERT_OK(more);
  EXPECT_EQ(ReadRows(lake, id, &names),
            (std::vector<std::string>{"i64:1,seoul,i64:10,null", "i64:2,paris,i64:20,null",
                                      "i64:3,seoul,i64:30,null", "i64:4,lima,i64:5000000000,web"}));
}

}  // namespace
}  // namespace floe::update
