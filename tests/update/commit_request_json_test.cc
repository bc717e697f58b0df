// Real commits through the REST JSON form (commit/commit_table_request.h): the requirements and
// updates FastAppend and UpdateSchema commit, sent as a CommitTableRequest's JSON and read back,
// are the same changes, and applied to the base they give the same table (what a REST client
// sends and floe serve applies).
#include <gtest/gtest.h>

#include "floe/commit/commit_table_request.h"
#include "floe/commit/metadata_builder.h"
#include "floe/io/memory_file_io.h"
#include "floe/update/fast_append.h"
#include "floe/update/update_schema.h"
#include "testing/result_matchers.h"
#include "update/region_table.h"

namespace floe::update {
namespace commit_request_json_test {

// A catalog in a variable that keeps each commit's body as a REST client would send it.
class RecordingOps : public commit::TableOperations {
 public:
  RecordingOps(std::shared_ptr<io::FileIO> io, spec::TableMetadata metadata)
      : io_(std::move(io)), current_{"mem://t/metadata/v1.metadata.json", std::move(metadata)} {}

  Result<commit::TableBase> Refresh() override { return current_; }
  Result<commit::TableBase> Commit(std::span<const commit::TableRequirement> requirements,
                                   std::span<const commit::TableUpdate> updates) override {
    commit::CommitTableRequest request;
    request.identifier = commit::TableIdentifier{{"db"}, "t"};
    request.requirements.assign(requirements.begin(), requirements.end());
    request.updates.assign(updates.begin(), updates.end());
    FLOE_RETURN_IF_ERROR(commit::CheckRequirements(request.requirements, &current_.metadata));
    FLOE_ASSIGN_OR_RETURN(
        spec::TableMetadata next,
        commit::ApplyUpdates(current_.metadata, updates, 0, current_.metadata_location));
    bases.push_back(current_);
    requests.push_back(std::move(request));
    current_ = {"mem://t/metadata/v" + std::to_string(bases.size() + 1) + ".metadata.json",
                std::move(next)};
    return current_;
  }
  io::FileIO& io() override { return *io_; }
  const commit::TableBase& current() const { return current_; }

  std::vector<commit::TableBase> bases;  // the table before each commit
  std::vector<commit::CommitTableRequest> requests;

 private:
  std::shared_ptr<io::FileIO> io_;
  commit::TableBase current_;
};

// The request of commit `i` through its JSON: read back equal, and applied to the table it was
// committed on, the table that commit made.
void ExpectSameThroughJson(const RecordingOps& ops, size_t i, const spec::TableMetadata& after) {
  const commit::CommitTableRequest& sent = ops.requests[i];
  std::string json = commit::WriteCommitTableRequest(sent);
  auto received = commit::ParseCommitTableRequest(json);
  ASSERT_OK(received) << json;
  EXPECT_TRUE(*received == sent) << json;
  EXPECT_EQ(commit::WriteCommitTableRequest(*received), json);
  const commit::TableBase& base = ops.bases[i];
  ASSERT_OK(commit::CheckRequirements(received->requirements, &base.metadata));
  auto applied = commit::ApplyUpdates(base.metadata, received->updates, 0, base.metadata_location);
  ASSERT_OK(applied);
  EXPECT_TRUE(*applied == after) << json;
}

TEST(CommitRequestJsonTest, AppendsRoundTripEveryFormatVersion) {
  for (int version : {1, 2, 3}) {
    SCOPED_TRACE(version);
    RecordingOps ops(std::make_shared<io::MemoryFileIO>(), region_table::RegionTable(version));
    FastAppend first(ops);
    first.AppendFile(region_table::RegionFile("a", "eu", 10));
    ASSERT_OK(first.Commit());
    spec::TableMetadata after_first = ops.current().metadata;
    FastAppend second(ops);
    second.AppendFile(region_table::RegionFile("b", "eu", 5));
    ASSERT_OK(second.Commit());
    ASSERT_EQ(ops.requests.size(), 2u);
    ExpectSameThroughJson(ops, 0, after_first);
    ExpectSameThroughJson(ops, 1, ops.current().metadata);

    // The first append asserts that main does not exist yet, with an explicit null.
    std::string json = commit::WriteCommitTableRequest(ops.requests[0]);
    EXPECT_NE(json.find(R"({"type":"assert-ref-snapshot-id","ref":"main","snapshot-id":null})"),
              std::string::npos)
        << json;
    EXPECT_NE(json.find(R"("action":"add-snapshot")"), std::string::npos) << json;
    EXPECT_NE(json.find(R"("action":"set-snapshot-ref","ref-name":"main")"), std::string::npos)
        << json;
  }
}

TEST(CommitRequestJsonTest, SchemaChangeRoundTrips) {
  RecordingOps ops(std::make_shared<io::MemoryFileIO>(), region_table::RegionTable(2));
  UpdateSchema change(ops);
  change.AddColumn("note", spec::Type::String(), "free text")
      .RenameColumn("region", "area")
      .SetIdentifierFields({"id"});
  ASSERT_OK(change.Commit());
  ASSERT_EQ(ops.requests.size(), 1u);
  ExpectSameThroughJson(ops, 0, ops.current().metadata);
  std::string json = commit::WriteCommitTableRequest(ops.requests[0]);
  EXPECT_NE(json.find(R"({"type":"assert-current-schema-id","current-schema-id":0})"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find(R"({"type":"assert-last-assigned-field-id","last-assigned-field-id":2})"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find(R"({"action":"set-current-schema","schema-id":-1})"), std::string::npos)
      << json;
  EXPECT_NE(json.find(R"("last-column-id":3)"), std::string::npos) << json;
}

}  // namespace commit_request_json_test
}  // namespace floe::update
