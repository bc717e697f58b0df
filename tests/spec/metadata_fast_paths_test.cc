// The quick ways through table metadata parsing and validation (issue 2: one-pass struct fields,
// summaries sorted on the stack, validation by sorting) give the same values and the same error
// messages as the general ways they fall back to.
#include <gtest/gtest.h>

#include <string>

#include "floe/spec/schema_json.h"
#include "floe/spec/snapshot_json.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/json_reader.h"
#include "testing/result_matchers.h"

namespace floe::spec {
namespace {

Result<Schema> SchemaFromText(const std::string& text) {
  FLOE_ASSIGN_OR_RETURN(std::unique_ptr<JsonDocument> doc, JsonDocument::Parse(text));
  return ParseSchema(doc->root());
}

Result<std::vector<Snapshot>> SnapshotsFromText(const std::string& text) {
  FLOE_ASSIGN_OR_RETURN(std::unique_ptr<JsonDocument> doc, JsonDocument::Parse(text));
  return ParseSnapshots(doc->root(), 2);
}

std::string StructOf(const std::string& fields) {
  return R"({"type":"struct","schema-id":1,"fields":[)" + fields + "]}";
}

TEST(MetadataFastPathsTest, StructFieldsOfEveryShapeReadTheSame) {
  auto s = SchemaFromText(StructOf(
      R"({"id":1,"name":"a","required":true,"type":"long","id":9},)"
      R"({"id":2,"name":"b","required":false,"type":" decimal(9,2) ","doc":null},)"
      R"({"id":3,"name":"c","required":false,"type":"string","doc":"text"},)"
      R"({"id":4,"name":"d","required":false,"type":{"type":"list","element-id":5,"element":"int","element-required":true}},)"
      R"({"id":6,"name":"e","required":false,"type":"int","initial-default":7})"));
  ASSERT_OK(s);
  ASSERT_EQ(s->fields.size(), 5u);
  EXPECT_EQ(s->fields[0].id, 1);  // of a repeated key the first counts
  EXPECT_TRUE(s->fields[0].required);
  EXPECT_EQ(s->fields[0].type->ToString(), "long");
  EXPECT_EQ(s->fields[1].type->ToString(), "decimal(9,2)");
  EXPECT_EQ(s->fields[1].doc, "");
  EXPECT_EQ(s->fields[2].doc, "text");
  EXPECT_EQ(s->fields[3].type->ToString(), "list<int>");
  EXPECT_EQ(s->fields[4].initial_default, "7");
  EXPECT_OK(s->Validate());
}

TEST(MetadataFastPathsTest, BadStructFieldsNameTheirPath) {
  struct Case {
    const char* field;
    const char* message;
  };
  const Case cases[] = {
      {R"({"id":"2","name":"b","required":true,"type":"int"})",
       "fields[1].id: expected an integer, got string"},
      {R"({"id":3000000000,"name":"b","required":true,"type":"int"})",
       "fields[1].id: integer 3000000000 does not fit in 32 bits"},
      {R"({"id":2,"required":true,"type":"int"})", "fields[1]: missing required field \"name\""},
      {R"({"id":2,"name":"b","required":"yes","type":"int"})",
       "fields[1].required: expected a boolean, got string"},
      {R"({"id":2,"name":"b","required":true,"type":"lng"})",
       "fields[1].type: unknown type \"lng\""},
      {R"({"id":2,"name":"b","required":true,"type":"int","doc":1})",
       "fields[1].doc: expected a string, got number"},
      {R"(["id"])", "fields[1]: expected an object, got array"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.field);
    auto s = SchemaFromText(
        StructOf(std::string(R"({"id":1,"name":"a","required":true,"type":"long"},)") + c.field));
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().message, c.message);
  }
}

TEST(MetadataFastPathsTest, SummariesAreSortedWithTheFirstOfARepeatedKey) {
  auto s = SnapshotsFromText(
      R"([{"snapshot-id":1,"timestamp-ms":1,"manifest-list":"m","summary":)"
      R"({"operation":"append","total-records":"10","added-records":5,"total-recordz":"x",)"
      R"("added-records":"6","a":true,"total-data-files":"1"}}])");
  ASSERT_OK(s);
  SnapshotSummary expected = {{"a", "true"},           {"added-records", "5"},
                              {"operation", "append"}, {"total-data-files", "1"},
                              {"total-records", "10"}, {"total-recordz", "x"}};
  EXPECT_EQ((*s)[0].summary, expected);

  // More members than fit on the stack.
  std::string members = R"("operation":"append")";
  for (int i = 59; i >= 0; --i)
    members += ",\"key-" + std::to_string(i) + "\":\"" + std::to_string(i) + "\"";
  members += R"(,"key-7":"again")";
  auto big = SnapshotsFromText(
      R"([{"snapshot-id":1,"timestamp-ms":1,"manifest-list":"m","summary":{)" + members + "}}]");
  ASSERT_OK(big);
  const SnapshotSummary& summary = (*big)[0].summary;
  ASSERT_EQ(summary.size(), 61u);
  for (size_t i = 1; i < summary.size(); ++i) EXPECT_LT(summary[i - 1].first, summary[i].first);
  EXPECT_EQ((*big)[0].SummaryValue("key-7"), "7");
  EXPECT_EQ((*big)[0].operation(), "append");
}

TEST(MetadataFastPathsTest, BadSummaryValuesNameTheirPath) {
  auto s = SnapshotsFromText(
      R"([{"snapshot-id":1,"timestamp-ms":1,"manifest-list":"m","summary":{"operation":"append","x":[1]}}])");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message, "[0].summary.x: expected a string, got array");
}

NestedField Column(int32_t id, std::string name) {
  NestedField f;
  f.id = id;
  f.name = std::move(name);
  f.type = Type::Long();
  return f;
}

TEST(MetadataFastPathsTest, SchemaValidationNamesTheFirstProblem) {
  Schema names;
  for (auto [id, name] :
       std::vector<std::pair<int, std::string>>{{1, "b"}, {2, "a"}, {3, "b"}, {4, "a"}}) {
    names.fields.push_back(Column(id, name));
  }
  EXPECT_EQ(names.Validate().error().message, "duplicate field name \"b\"");

  Schema ids;
  ids.fields = {Column(1, "a"), Column(2, "b"), Column(1, "c"), Column(2, "d")};
  EXPECT_EQ(ids.Validate().error().message, "duplicate field id 1 (at c)");
}

TEST(MetadataFastPathsTest, SnapshotIdChecksNameTheFirstProblem) {
  TableMetadata m;
  m.format_version = 2;
  m.schemas.push_back(Schema{});
  m.partition_specs.push_back(PartitionSpec{});
  for (int64_t id : {5, 1, 5, 1}) {
    Snapshot s;
    s.snapshot_id = id;
    m.snapshots.push_back(s);
  }
  EXPECT_EQ(m.Validate().error().message, "snapshots[2]: duplicate snapshot-id 5");
  m.snapshots.resize(2);
  m.current_snapshot_id = 7;
  EXPECT_EQ(m.Validate().error().message,
            "current-snapshot-id: snapshot 7 not found among snapshots");
  m.current_snapshot_id = 1;
  m.refs.emplace("main", SnapshotRef::Branch(1));
  m.refs.emplace("old", SnapshotRef::Branch(3));
  EXPECT_EQ(m.Validate().error().message, "refs.old: snapshot 3 not found among snapshots");
}

}  // namespace
}  // namespace floe::spec
