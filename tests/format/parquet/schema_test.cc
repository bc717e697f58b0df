// The schema tree built from the flat SchemaElement list: structure, levels, paths, validation.
#include "floe/format/parquet/schema.h"

#include <gtest/gtest.h>

#include "floe/format/parquet/file_reader.h"
#include "floe/io/file_io.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::parquet {
namespace {

SchemaElement Group(std::string name, int children,
                    std::optional<FieldRepetitionType> rep = FieldRepetitionType::kOptional) {
  SchemaElement e;
  e.name = std::move(name);
  e.num_children = children;
  e.repetition_type = rep;
  return e;
}

SchemaElement Leaf(std::string name, Type type, FieldRepetitionType rep, int field_id = -1) {
  SchemaElement e;
  e.name = std::move(name);
  e.type = type;
  e.repetition_type = rep;
  if (field_id >= 0) e.field_id = field_id;
  return e;
}

TEST(SchemaTest, BuildsTreeWithLevelsAndPaths) {
  // message schema { required int64 id = 1; optional group tags (LIST) { repeated group list {
  //   optional binary element; } } optional group point { required double x; required double y; } }
  std::vector<SchemaElement> els = {
      Group("schema", 3, std::nullopt),
      Leaf("id", Type::kInt64, FieldRepetitionType::kRequired, 1),
      Group("tags", 1),
      Group("list", 1, FieldRepetitionType::kRepeated),
      Leaf("element", Type::kByteArray, FieldRepetitionType::kOptional),
      Group("point", 2),
      Leaf("x", Type::kDouble, FieldRepetitionType::kRequired),
      Leaf("y", Type::kDouble, FieldRepetitionType::kRequired),
  };
  auto s = Schema::Make(els);
  ASSERT_OK(s);
  EXPECT_EQ(s->num_columns(), 4);
  EXPECT_EQ(s->root().children.size(), 3u);
  const SchemaNode& id = s->column(0);
  EXPECT_EQ(id.max_definition_level, 0);
  EXPECT_EQ(*id.field_id, 1);
  const SchemaNode& element = s->column(1);
  EXPECT_EQ(JoinPath(element.path), "tags.list.element");
  EXPECT_EQ(element.max_definition_level, 3);
  EXPECT_EQ(element.max_repetition_level, 1);
  EXPECT_EQ(s->column(3).max_definition_level, 1);
  EXPECT_EQ(s->FindColumn("point.y"), 3);
  EXPECT_EQ(s->FindColumn("point"), -1);
  EXPECT_EQ(s->node(s->column(2).parent).name, "point");
}

TEST(SchemaTest, RejectsInconsistentLists) {
  auto expect_corrupt = [](std::vector<SchemaElement> els, std::string_view what) {
    auto s = Schema::Make(els);
    ASSERT_FALSE(s.ok()) << what;
    EXPECT_EQ(s.error().kind, ErrorKind::kCorrupt) << what;
    EXPECT_NE(s.error().message.find(what), std::string::npos) << s.error().message;
  };
  expect_corrupt({}, "empty");
  expect_corrupt(
      {Group("schema", 2, std::nullopt), Leaf("a", Type::kInt32, FieldRepetitionType::kRequired)},
      "exceeds");
  expect_corrupt(
      {Group("schema", 1, std::nullopt), Leaf("a", Type::kInt32, FieldRepetitionType::kRequired),
       Leaf("b", Type::kInt32, FieldRepetitionType::kRequired)},
      "outside the tree");
  SchemaElement untyped;
  untyped.name = "c";
  untyped.repetition_type = FieldRepetitionType::kOptional;
  expect_corrupt({Group("schema", 1, std::nullopt), untyped}, "without a physical type");
  expect_corrupt({Group("schema", -1, std::nullopt)}, "negative");
  SchemaElement flba = Leaf("f", Type::kFixedLenByteArray, FieldRepetitionType::kRequired);
  expect_corrupt({Group("schema", 1, std::nullopt), flba}, "type_length");
  // Groups nested deeper than the limit.
  std::vector<SchemaElement> deep = {Group("schema", 1, std::nullopt)};
  for (int i = 0; i < 300; ++i) deep.push_back(Group("g", 1));
  deep.push_back(Leaf("x", Type::kInt32, FieldRepetitionType::kRequired));
  expect_corrupt(deep, "deeper");
}

TEST(SchemaTest, MissingRepetitionIsOptional) {
  SchemaElement norep = Leaf("n", Type::kInt32, FieldRepetitionType::kRequired);
  norep.repetition_type.reset();
  auto s = Schema::Make({Group("schema", 1, std::nullopt), norep});
  ASSERT_OK(s);
  EXPECT_EQ(s->column(0).repetition, FieldRepetitionType::kOptional);
  EXPECT_EQ(s->column(0).max_definition_level, 1);
}

TEST(SchemaTest, CorpusFilesHaveFieldIdsAndLevels) {
  auto io = io::LocalFileIO();
  auto r = FileReader::Open(
      *io, floe::testing::CorpusPath("parquet-testing/data/nested_maps.snappy.parquet"));
  ASSERT_OK(r);
  const Schema& s = (*r)->schema();
  ASSERT_EQ(s.num_columns(), 5);
  EXPECT_EQ(JoinPath(s.column(1).path), "a.key_value.value.key_value.key");
  EXPECT_EQ(s.column(0).max_repetition_level, 1);
  EXPECT_EQ(s.column(0).max_definition_level, 2);
  EXPECT_EQ(s.column(1).max_repetition_level, 2);
  EXPECT_EQ(s.column(1).max_definition_level, 4);
  EXPECT_EQ(s.column(3).max_repetition_level, 0);
}

}  // namespace
}  // namespace floe::parquet
