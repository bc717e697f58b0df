// The REST JSON form of table updates (commit/table_update_json.h): each update against JSON
// written by hand from rest-catalog-open-api.yaml's field names (not by floe's writer), each
// round trip, the deprecated members, the yaml's actions floe does not model, and the errors.
#include "floe/commit/table_update_json.h"

#include <gtest/gtest.h>

#include <set>

#include "testing/result_matchers.h"
#include "testing/sorted_json.h"

namespace floe::commit {
namespace table_update_json_test {

using testing::SortedJson;

spec::Schema ThreeColumns() {
  spec::Schema s;
  s.schema_id = 1;
  s.fields = {
      {1, "id", true, spec::Type::Long()},
      {2, "data", false, spec::Type::String()},
      {3, "tags", false, spec::Type::List({4, "element", false, spec::Type::String()})},
  };
  s.identifier_field_ids = {1};
  return s;
}

spec::Snapshot AppendSnapshot() {
  spec::Snapshot s;
  s.snapshot_id = 3055729675574597004;
  s.parent_snapshot_id = 3051729675574597004;
  s.sequence_number = 1;
  s.timestamp_ms = 1555100955770;
  s.manifest_list = "s3://b/wh/t/metadata/snap-3055729675574597004-1-c87bfec7.avro";
  s.summary = {{"added-data-files", "1"}, {"operation", "append"}};
  s.schema_id = 1;
  return s;
}

spec::StatisticsFile Statistics() {
  spec::StatisticsFile f;
  f.snapshot_id = 3055729675574597004;
  f.path = "s3://b/wh/t/metadata/stats.puffin";
  f.file_size_in_bytes = 413;
  f.file_footer_size_in_bytes = 42;
  spec::BlobMetadata blob;
  blob.type = "apache-datasketches-theta-v1";
  blob.source_snapshot_id = 3055729675574597004;
  blob.source_snapshot_sequence_number = 1;
  blob.fields = {1};
  blob.properties = {{"ndv", "3"}};
  f.blob_metadata = {blob};
  return f;
}

struct Case {
  TableUpdate update;
  std::string json;  // by hand, from the yaml's *Update schemas
};

std::vector<Case> Cases() {
  spec::PartitionSpec spec;
  spec.spec_id = 1;
  spec.fields = {{1, {}, 1000, "id_bucket", spec::Transform::Bucket(16)}};
  spec::SortOrder order;
  order.order_id = 1;
  order.fields = {{spec::Transform::Identity(),
                   2,
                   {},
                   spec::SortDirection::kDesc,
                   spec::NullOrder::kNullsLast}};
  spec::Snapshot v3 = AppendSnapshot();
  v3.first_row_id = 100;
  v3.added_rows = 25;
  spec::SnapshotRef branch = spec::SnapshotRef::Branch(3055729675574597004);
  branch.min_snapshots_to_keep = 2;
  branch.max_snapshot_age_ms = 86400000;
  branch.max_ref_age_ms = 604800000;
  spec::SnapshotRef tag = spec::SnapshotRef::Tag(3051729675574597004);
  tag.max_ref_age_ms = 604800000;
  return {
      {AssignUuid{"9c12d441-03fe-4693-9a96-a0705ddf69c1"},
       R"({"action": "assign-uuid", "uuid": "9c12d441-03fe-4693-9a96-a0705ddf69c1"})"},
      {UpgradeFormatVersion{3}, R"({"action": "upgrade-format-version", "format-version": 3})"},
      {AddSchema{ThreeColumns()}, R"({"action": "add-schema", "last-column-id": 4, "schema": {
          "type": "struct", "schema-id": 1, "identifier-field-ids": [1], "fields": [
            {"id": 1, "name": "id", "required": true, "type": "long"},
            {"id": 2, "name": "data", "required": false, "type": "string"},
            {"id": 3, "name": "tags", "required": false, "type": {"type": "list",
             "element-id": 4, "element": "string", "element-required": false}}]}})"},
      {SetCurrentSchema{kLastAdded}, R"({"action": "set-current-schema", "schema-id": -1})"},
      {SetCurrentSchema{1}, R"({"action": "set-current-schema", "schema-id": 1})"},
      {AddPartitionSpec{spec}, R"({"action": "add-spec", "spec": {"spec-id": 1, "fields": [
          {"source-id": 1, "field-id": 1000, "name": "id_bucket", "transform": "bucket[16]"}]}})"},
      {SetDefaultSpec{kLastAdded}, R"({"action": "set-default-spec", "spec-id": -1})"},
      {AddSortOrder{order}, R"({"action": "add-sort-order", "sort-order": {"order-id": 1,
          "fields": [{"transform": "identity", "source-id": 2, "direction": "desc",
                      "null-order": "nulls-last"}]}})"},
      {SetDefaultSortOrder{1}, R"({"action": "set-default-sort-order", "sort-order-id": 1})"},
      {AddSnapshot{AppendSnapshot()}, R"({"action": "add-snapshot", "snapshot": {
          "snapshot-id": 3055729675574597004, "parent-snapshot-id": 3051729675574597004,
          "sequence-number": 1, "timestamp-ms": 1555100955770,
          "manifest-list": "s3://b/wh/t/metadata/snap-3055729675574597004-1-c87bfec7.avro",
          "summary": {"operation": "append", "added-data-files": "1"}, "schema-id": 1}})"},
      {AddSnapshot{v3}, R"({"action": "add-snapshot", "snapshot": {
          "snapshot-id": 3055729675574597004, "parent-snapshot-id": 3051729675574597004,
          "sequence-number": 1, "timestamp-ms": 1555100955770,
          "manifest-list": "s3://b/wh/t/metadata/snap-3055729675574597004-1-c87bfec7.avro",
          "summary": {"operation": "append", "added-data-files": "1"}, "schema-id": 1,
          "first-row-id": 100, "added-rows": 25}})"},
      {SetSnapshotRef{"main", branch}, R"({"action": "set-snapshot-ref", "ref-name": "main",
          "type": "branch", "snapshot-id": 3055729675574597004, "min-snapshots-to-keep": 2,
          "max-snapshot-age-ms": 86400000, "max-ref-age-ms": 604800000})"},
      {SetSnapshotRef{"v1.0", tag}, R"({"action": "set-snapshot-ref", "ref-name": "v1.0",
          "type": "tag", "snapshot-id": 3051729675574597004, "max-ref-age-ms": 604800000})"},
      {RemoveSnapshots{{3051729675574597004, 3055729675574597004}},
       R"({"action": "remove-snapshots",
           "snapshot-ids": [3051729675574597004, 3055729675574597004]})"},
      {RemoveSnapshotRef{"dev"}, R"({"action": "remove-snapshot-ref", "ref-name": "dev"})"},
      {SetLocation{"s3://b/wh/t2"}, R"({"action": "set-location", "location": "s3://b/wh/t2"})"},
      {SetProperties{{{"commit.retry.num-retries", "5"}, {"owner", "Hank Bendickson"}}},
       R"({"action": "set-properties",
           "updates": {"owner": "Hank Bendickson", "commit.retry.num-retries": "5"}})"},
      {RemoveProperties{{"owner", "comment"}},
       R"({"action": "remove-properties", "removals": ["owner", "comment"]})"},
      {SetStatistics{Statistics()}, R"({"action": "set-statistics",
          "snapshot-id": 3055729675574597004, "statistics": {
            "snapshot-id": 3055729675574597004,
            "statistics-path": "s3://b/wh/t/metadata/stats.puffin",
            "file-size-in-bytes": 413, "file-footer-size-in-bytes": 42,
            "blob-metadata": [{"type": "apache-datasketches-theta-v1",
              "snapshot-id": 3055729675574597004, "sequence-number": 1, "fields": [1],
              "properties": {"ndv": "3"}}]}})"},
      {RemoveStatistics{3055729675574597004},
       R"({"action": "remove-statistics", "snapshot-id": 3055729675574597004})"},
  };
}

TEST(TableUpdateJsonTest, EveryUpdateHasACase) {
  std::set<std::string_view> actions;
  for (const Case& c : Cases()) actions.insert(ActionName(c.update));
  EXPECT_EQ(actions.size(), std::variant_size_v<TableUpdate>);
}

TEST(TableUpdateJsonTest, WritesTheYamlShapes) {
  for (const Case& c : Cases()) {
    EXPECT_EQ(SortedJson(WriteTableUpdate(c.update)), SortedJson(c.json)) << c.json;
  }
}

TEST(TableUpdateJsonTest, RoundTrips) {
  for (const Case& c : Cases()) {
    auto written = ParseTableUpdate(WriteTableUpdate(c.update));
    ASSERT_OK(written) << c.json;
    EXPECT_TRUE(*written == c.update) << c.json;
    auto by_hand = ParseTableUpdate(c.json);
    ASSERT_OK(by_hand) << c.json;
    EXPECT_TRUE(*by_hand == c.update) << c.json;
  }
}

TEST(TableUpdateJsonTest, WritesActionFirst) {
  // Not required by JSON, but what Java writes and what a reader of a request log expects.
  EXPECT_EQ(WriteTableUpdate(SetDefaultSpec{0}), R"({"action":"set-default-spec","spec-id":0})");
}

TEST(TableUpdateJsonTest, DeprecatedMembersAreOptional) {
  // add-schema's last-column-id and set-statistics' snapshot-id may be left out; when present
  // they are ignored (the schema and the statistics file say the same).
  for (const Case& c : Cases()) {
    std::string_view action = ActionName(c.update);
    if (action != "add-schema" && action != "set-statistics") continue;
    std::string_view key = action == "add-schema" ? "last-column-id" : "snapshot-id";
    auto without = ParseTableUpdate(testing::EditMember(c.json, key));
    ASSERT_OK(without);
    EXPECT_TRUE(*without == c.update);
    auto other = ParseTableUpdate(testing::EditMember(c.json, key, "7"));
    ASSERT_OK(other);
    EXPECT_TRUE(*other == c.update);
    auto mistyped = ParseTableUpdate(testing::EditMember(c.json, key, R"("7")"));
    ASSERT_FALSE(mistyped.ok());
    EXPECT_EQ(mistyped.error().kind, ErrorKind::kCorrupt);
  }
}

TEST(TableUpdateJsonTest, MissingRequiredMembers) {
  // The yaml's `required` of each *Update (and of SnapshotReference for set-snapshot-ref).
  const std::map<std::string_view, std::vector<std::string_view>> required = {
      {"assign-uuid", {"uuid"}},
      {"upgrade-format-version", {"format-version"}},
      {"add-schema", {"schema"}},
      {"set-current-schema", {"schema-id"}},
      {"add-spec", {"spec"}},
      {"set-default-spec", {"spec-id"}},
      {"add-sort-order", {"sort-order"}},
      {"set-default-sort-order", {"sort-order-id"}},
      {"add-snapshot", {"snapshot"}},
      {"set-snapshot-ref", {"ref-name", "type", "snapshot-id"}},
      {"remove-snapshots", {"snapshot-ids"}},
      {"remove-snapshot-ref", {"ref-name"}},
      {"set-location", {"location"}},
      {"set-properties", {"updates"}},
      {"remove-properties", {"removals"}},
      {"set-statistics", {"statistics"}},
      {"remove-statistics", {"snapshot-id"}},
  };
  for (const Case& c : Cases()) {
    std::string_view action = ActionName(c.update);
    ASSERT_TRUE(required.count(action)) << action;
    for (std::string_view key : required.at(action)) {
      auto r = ParseTableUpdate(testing::EditMember(c.json, key));
      ASSERT_FALSE(r.ok()) << action << " without " << key;
      EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
      const std::string& message = r.error().message;
      EXPECT_EQ(message.rfind(fmt::format("update {}: ", action), 0), 0u) << message;
      EXPECT_NE(message.find(fmt::format("missing required field \"{}\"", key)), std::string::npos)
          << message;
    }
  }
}

TEST(TableUpdateJsonTest, WrongTypes) {
  auto r = ParseTableUpdate(R"({"action": "set-current-schema", "schema-id": "1"})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(r.error().message,
            "update set-current-schema: schema-id: expected an integer, got string");
  r = ParseTableUpdate(R"({"action": "remove-snapshots", "snapshot-ids": [1, "2"]})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message,
            "update remove-snapshots: snapshot-ids[1]: expected an integer, got string");
  r = ParseTableUpdate(R"({"action": "set-properties", "updates": {"a": 1}})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "update set-properties: updates.a: expected a string, got number");
  r = ParseTableUpdate(R"({"action": "remove-properties", "removals": "a"})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "update remove-properties: removals: expected an array, got string");
  r = ParseTableUpdate(R"({"action": "add-schema", "schema": [1]})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
  r = ParseTableUpdate(R"({"action": "set-snapshot-ref", "ref-name": "main", "type": "leaf",
                           "snapshot-id": 1})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(r.error().message.find("unknown ref type \"leaf\""), std::string::npos);
  r = ParseTableUpdate(R"({"action": 3})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "action: expected a string, got number");
  r = ParseTableUpdate(R"([{"action": "assign-uuid", "uuid": "u"}])");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
}

TEST(TableUpdateJsonTest, UnknownAndMissingAction) {
  auto r = ParseTableUpdate(R"({"action": "add-column", "name": "x"})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(r.error().message, "update add-column: unknown update action \"add-column\"");
  // Names are exact: the yaml's consts are lower case.
  r = ParseTableUpdate(R"({"action": "Set-Location", "location": "x"})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
  r = ParseTableUpdate(R"({"location": "x"})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(r.error().message, "(root): missing required field \"action\"");
}

TEST(TableUpdateJsonTest, YamlActionsFloeDoesNotModel) {
  // In BaseUpdate's discriminator mapping, with their required members, but not in TableUpdate.
  for (std::string_view json : {
           R"({"action": "remove-partition-specs", "spec-ids": [1]})",
           R"({"action": "remove-schemas", "schema-ids": [0]})",
           R"({"action": "add-encryption-key", "encryption-key": {"key-id": "k",
               "encrypted-key-metadata": "AAAA"}})",
           R"({"action": "remove-encryption-key", "key-id": "k"})",
           R"({"action": "set-partition-statistics", "partition-statistics": {
               "snapshot-id": 1, "statistics-path": "s3://p", "file-size-in-bytes": 1}})",
           R"({"action": "remove-partition-statistics", "snapshot-id": 1})",
           R"({"action": "add-view-version", "view-version": {}})",
           R"({"action": "set-current-view-version", "view-version-id": -1})",
       }) {
    auto r = ParseTableUpdate(json);
    ASSERT_FALSE(r.ok()) << json;
    EXPECT_EQ(r.error().kind, ErrorKind::kNotSupported) << json;
    auto doc = JsonDocument::Parse(json);
    ASSERT_OK(doc);
    auto action = (*doc)->root().GetString("action");
    ASSERT_OK(action);
    EXPECT_NE(r.error().message.find(fmt::format("update \"{}\" is not supported", *action)),
              std::string::npos)
        << r.error().message;
  }
}

TEST(TableUpdateJsonTest, Lists) {
  std::vector<TableUpdate> updates;
  std::string expected = "[";
  for (const Case& c : Cases()) {
    updates.push_back(c.update);
    expected += (expected.size() > 1 ? "," : "") + c.json;
  }
  expected += "]";
  JsonWriter out;
  WriteTableUpdates(updates, out);
  EXPECT_EQ(SortedJson(out.str()), SortedJson(expected));
  auto doc = JsonDocument::Parse(expected);
  ASSERT_OK(doc);
  auto parsed = ParseTableUpdates((*doc)->root());
  ASSERT_OK(parsed);
  EXPECT_TRUE(*parsed == updates);
  // An error names the element.
  doc = JsonDocument::Parse(R"([{"action": "set-location", "location": "x"},
                                {"action": "set-location"}])");
  ASSERT_OK(doc);
  parsed = ParseTableUpdates((*doc)->root());
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().message,
            "update set-location: [1]: missing required field \"location\"");
}

}  // namespace table_update_json_test
}  // namespace floe::commit
