// The REST JSON form of table requirements (commit/table_requirement_json.h): each requirement
// against JSON written by hand from rest-catalog-open-api.yaml's Assert* schemas, round trips,
// assert-ref-snapshot-id's explicit null, and the errors.
#include "floe/commit/table_requirement_json.h"

#include <gtest/gtest.h>

#include <set>

#include "testing/result_matchers.h"
#include "testing/sorted_json.h"

namespace floe::commit {
namespace table_requirement_json_test {

using testing::SortedJson;

struct Case {
  TableRequirement requirement;
  std::string json;                        // by hand, from the yaml's Assert* schemas
  std::vector<std::string_view> required;  // the members the yaml requires besides "type"
};

std::vector<Case> Cases() {
  return {
      {AssertCreate{}, R"({"type": "assert-create"})", {}},
      {AssertTableUuid{"9c12d441-03fe-4693-9a96-a0705ddf69c1"},
       R"({"type": "assert-table-uuid", "uuid": "9c12d441-03fe-4693-9a96-a0705ddf69c1"})",
       {"uuid"}},
      {AssertRefSnapshotId{"main", 3055729675574597004},
       R"({"type": "assert-ref-snapshot-id", "ref": "main", "snapshot-id": 3055729675574597004})",
       {"ref", "snapshot-id"}},
      {AssertRefSnapshotId{"dev", std::nullopt},
       R"({"type": "assert-ref-snapshot-id", "ref": "dev", "snapshot-id": null})",
       {"ref", "snapshot-id"}},
      {AssertLastAssignedFieldId{12},
       R"({"type": "assert-last-assigned-field-id", "last-assigned-field-id": 12})",
       {"last-assigned-field-id"}},
      {AssertCurrentSchemaId{3},
       R"({"type": "assert-current-schema-id", "current-schema-id": 3})",
       {"current-schema-id"}},
      {AssertLastAssignedPartitionId{1001},
       R"({"type": "assert-last-assigned-partition-id", "last-assigned-partition-id": 1001})",
       {"last-assigned-partition-id"}},
      {AssertDefaultSpecId{0},
       R"({"type": "assert-default-spec-id", "default-spec-id": 0})",
       {"default-spec-id"}},
      {AssertDefaultSortOrderId{1},
       R"({"type": "assert-default-sort-order-id", "default-sort-order-id": 1})",
       {"default-sort-order-id"}},
  };
}

TEST(TableRequirementJsonTest, EveryRequirementHasACase) {
  std::set<std::string_view> types;
  for (const Case& c : Cases()) types.insert(RequirementName(c.requirement));
  EXPECT_EQ(types.size(), std::variant_size_v<TableRequirement>);
}

TEST(TableRequirementJsonTest, WritesTheYamlShapes) {
  for (const Case& c : Cases()) {
    EXPECT_EQ(SortedJson(WriteTableRequirement(c.requirement)), SortedJson(c.json)) << c.json;
  }
}

TEST(TableRequirementJsonTest, RoundTrips) {
  for (const Case& c : Cases()) {
    auto written = ParseTableRequirement(WriteTableRequirement(c.requirement));
    ASSERT_OK(written) << c.json;
    EXPECT_EQ(*written, c.requirement) << c.json;
    auto by_hand = ParseTableRequirement(c.json);
    ASSERT_OK(by_hand) << c.json;
    EXPECT_EQ(*by_hand, c.requirement) << c.json;
  }
}

TEST(TableRequirementJsonTest, RefMustNotExistIsAnExplicitNull) {
  EXPECT_EQ(WriteTableRequirement(AssertRefSnapshotId{"dev", std::nullopt}),
            R"({"type":"assert-ref-snapshot-id","ref":"dev","snapshot-id":null})");
}

TEST(TableRequirementJsonTest, MissingRequiredMembers) {
  for (const Case& c : Cases()) {
    std::string_view type = RequirementName(c.requirement);
    for (std::string_view key : c.required) {
      auto r = ParseTableRequirement(testing::EditMember(c.json, key));
      ASSERT_FALSE(r.ok()) << type << " without " << key;
      EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
      EXPECT_EQ(r.error().message, fmt::format("requirement {}: (root): missing required field "
                                               "\"{}\"",
                                               type, key));
    }
  }
  auto r = ParseTableRequirement(R"({"ref": "main", "snapshot-id": 1})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "(root): missing required field \"type\"");
}

TEST(TableRequirementJsonTest, UnknownTypeAndWrongTypes) {
  auto r = ParseTableRequirement(R"({"type": "assert-view-uuid", "uuid": "u"})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(r.error().message,
            "requirement assert-view-uuid: unknown requirement type \"assert-view-uuid\"");
  r = ParseTableRequirement(R"({"type": "assert-ref-snapshot-id", "ref": "main",
                                "snapshot-id": "1"})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message,
            "requirement assert-ref-snapshot-id: snapshot-id: expected an integer, got string");
  r = ParseTableRequirement(R"({"type": "assert-current-schema-id",
                                "current-schema-id": 4294967296})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
  r = ParseTableRequirement(R"({"type": "assert-table-uuid", "uuid": null})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "requirement assert-table-uuid: uuid: expected a string, got null");
  r = ParseTableRequirement(R"("assert-create")");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
}

TEST(TableRequirementJsonTest, Lists) {
  std::vector<TableRequirement> requirements;
  std::string expected = "[";
  for (const Case& c : Cases()) {
    requirements.push_back(c.requirement);
    expected += (expected.size() > 1 ? "," : "") + c.json;
  }
  expected += "]";
  JsonWriter out;
  WriteTableRequirements(requirements, out);
  EXPECT_EQ(SortedJson(out.str()), SortedJson(expected));
  auto doc = JsonDocument::Parse(expected);
  ASSERT_OK(doc);
  auto parsed = ParseTableRequirements((*doc)->root());
  ASSERT_OK(parsed);
  EXPECT_EQ(*parsed, requirements);
}

}  // namespace table_requirement_json_test
}  // namespace floe::commit
