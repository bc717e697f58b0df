// CommitTableRequest and CommitTransactionRequest (commit/commit_table_request.h): the bodies of
// the REST commit routes against JSON written by hand from rest-catalog-open-api.yaml, round
// trips, and the errors. A real commit's changes go through them in
// tests/update/commit_request_json_test.cc.
#include "floe/commit/commit_table_request.h"

#include <gtest/gtest.h>

#include "testing/result_matchers.h"
#include "testing/sorted_json.h"

namespace floe::commit {
namespace commit_table_request_test {

using testing::SortedJson;

// The identifier takes the yaml's Namespace example, ["accounting", "tax"].
CommitTableRequest Request() {
  CommitTableRequest r;
  r.identifier = TableIdentifier{{"accounting", "tax"}, "paid"};
  r.requirements = {AssertTableUuid{"9c12d441-03fe-4693-9a96-a0705ddf69c1"},
                    AssertRefSnapshotId{"main", 1}};
  r.updates = {SetProperties{{{"owner", "Hank Bendickson"}}},
               SetSnapshotRef{"main", spec::SnapshotRef::Branch(2)}};
  return r;
}

constexpr std::string_view kRequestJson = R"({
  "identifier": {"namespace": ["accounting", "tax"], "name": "paid"},
  "requirements": [
    {"type": "assert-table-uuid", "uuid": "9c12d441-03fe-4693-9a96-a0705ddf69c1"},
    {"type": "assert-ref-snapshot-id", "ref": "main", "snapshot-id": 1}],
  "updates": [
    {"action": "set-properties", "updates": {"owner": "Hank Bendickson"}},
    {"action": "set-snapshot-ref", "ref-name": "main", "type": "branch", "snapshot-id": 2}]})";

TEST(CommitTableRequestTest, WritesTheYamlShape) {
  EXPECT_EQ(SortedJson(WriteCommitTableRequest(Request())), SortedJson(kRequestJson));
  CommitTableRequest anonymous = Request();
  anonymous.identifier.reset();
  EXPECT_EQ(SortedJson(WriteCommitTableRequest(anonymous)), SortedJson(R"({
    "requirements": [
      {"type": "assert-table-uuid", "uuid": "9c12d441-03fe-4693-9a96-a0705ddf69c1"},
      {"type": "assert-ref-snapshot-id", "ref": "main", "snapshot-id": 1}],
    "updates": [
      {"action": "set-properties", "updates": {"owner": "Hank Bendickson"}},
      {"action": "set-snapshot-ref", "ref-name": "main", "type": "branch",
       "snapshot-id": 2}]})"));
  EXPECT_EQ(WriteCommitTableRequest(CommitTableRequest{}), R"({"requirements":[],"updates":[]})");
}

TEST(CommitTableRequestTest, RoundTrips) {
  auto by_hand = ParseCommitTableRequest(kRequestJson);
  ASSERT_OK(by_hand);
  EXPECT_TRUE(*by_hand == Request());
  auto written = ParseCommitTableRequest(WriteCommitTableRequest(Request()));
  ASSERT_OK(written);
  EXPECT_TRUE(*written == Request());
  // The identifier is optional (the single-table route names the table in its path).
  auto anonymous = ParseCommitTableRequest(R"({"requirements": [], "updates": []})");
  ASSERT_OK(anonymous);
  EXPECT_FALSE(anonymous->identifier);
  EXPECT_TRUE(anonymous->requirements.empty());
  EXPECT_TRUE(anonymous->updates.empty());
}

TEST(CommitTableRequestTest, Errors) {
  auto r = ParseCommitTableRequest(R"({"updates": []})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(r.error().message, "(root): missing required field \"requirements\"");
  r = ParseCommitTableRequest(R"({"requirements": []})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "(root): missing required field \"updates\"");
  r = ParseCommitTableRequest(
      R"({"identifier": {"namespace": "accounting", "name": "t"}, "requirements": [],
          "updates": []})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "identifier.namespace: expected an array, got string");
  r = ParseCommitTableRequest(
      R"({"identifier": {"namespace": ["a"]}, "requirements": [], "updates": []})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "identifier: missing required field \"name\"");
  r = ParseCommitTableRequest(R"({"requirements": [], "updates": [{"action": "set-location"}]})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message,
            "update set-location: updates[0]: missing required field \"location\"");
  r = ParseCommitTableRequest(
      R"({"requirements": [{"type": "assert-create"}, {"type": "assert-default-spec-id"}],
          "updates": []})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message,
            "requirement assert-default-spec-id: requirements[1]: missing required field "
            "\"default-spec-id\"");
  r = ParseCommitTableRequest(
      R"({"requirements": [], "updates": [{"action": "remove-schemas", "schema-ids": [1]}]})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kNotSupported);
  r = ParseCommitTableRequest("{");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
  r = ParseCommitTableRequest("[]");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
}

TEST(CommitTableRequestTest, TransactionRequest) {
  CommitTableRequest other = Request();
  other.identifier = TableIdentifier{{}, "top_level"};
  other.requirements = {AssertCreate{}};
  other.updates = {AssignUuid{"u"}};
  CommitTransactionRequest txn{{Request(), other}};
  const std::string expected = fmt::format(R"({{"table-changes": [{}, {{
      "identifier": {{"namespace": [], "name": "top_level"}},
      "requirements": [{{"type": "assert-create"}}],
      "updates": [{{"action": "assign-uuid", "uuid": "u"}}]}}]}})",
                                           kRequestJson);
  EXPECT_EQ(SortedJson(WriteCommitTransactionRequest(txn)), SortedJson(expected));
  auto parsed = ParseCommitTransactionRequest(expected);
  ASSERT_OK(parsed);
  EXPECT_TRUE(*parsed == txn);

  // Every table change names its table.
  auto r =
      ParseCommitTransactionRequest(R"({"table-changes": [{"requirements": [], "updates": []}]})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(r.error().message,
            "table-changes[0]: missing required field \"identifier\" (each table change names "
            "its table)");
  r = ParseCommitTransactionRequest(R"({})");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "(root): missing required field \"table-changes\"");
}

}  // namespace commit_table_request_test
}  // namespace floe::commit
