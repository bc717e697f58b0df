// FastAppend and MergeAppend (update/fast_append.h, merge_append.h) over an in-memory
// TableOperations: manifests and lists read back with the manifest readers, inheritance,
// summaries, merging, retries on conflict and unknown outcomes, and injected I/O faults.
#include <gtest/gtest.h>

#include <functional>

#include "floe/commit/metadata_builder.h"
#include "floe/io/fault_injecting_file_io.h"
#include "floe/io/memory_file_io.h"
#include "floe/manifest/manifest_list_reader.h"
#include "floe/manifest/manifest_reader.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/update/fast_append.h"
#include "floe/update/merge_append.h"
#include "testing/result_matchers.h"
#include "update/region_table.h"

namespace floe::update {
namespace {

using manifest::DataFile;
using manifest::EntryStatus;

// A catalog in a variable: requirements checked and updates applied as a real catalog does.
class FakeOps : public commit::TableOperations {
 public:
  FakeOps(std::shared_ptr<io::FileIO> io, spec::TableMetadata metadata)
      : io_(std::move(io)), current_{"mem://t/metadata/v1.metadata.json", std::move(metadata)} {}

  Result<commit::TableBase> Refresh() override {
    if (fail_refreshes > 0) {
      --fail_refreshes;
      return IoError("refresh failed");
    }
    return current_;
  }
  Result<commit::TableBase> Commit(std::span<const commit::TableRequirement> requirements,
                                   std::span<const commit::TableUpdate> updates) override {
    ++commits;
    // Not re-entered: a hook's own commit goes straight through.
    if (before_commit && !in_hook_) {
      in_hook_ = true;
      before_commit();
      in_hook_ = false;
    }
    std::vector<commit::TableRequirement> reqs(requirements.begin(), requirements.end());
    FLOE_RETURN_IF_ERROR(commit::CheckRequirements(reqs, &current_.metadata));
    FLOE_ASSIGN_OR_RETURN(
        spec::TableMetadata next,
        commit::ApplyUpdates(current_.metadata, updates, 0, current_.metadata_location));
    if (fail_swaps > 0) {
      --fail_swaps;
      return CommitStateUnknown("swap failed before it happened");
    }
    current_ = {"mem://t/metadata/v" + std::to_string(++version_) + ".metadata.json",
                std::move(next)};
    if (lose_answers > 0) {
      --lose_answers;
      return CommitStateUnknown("the catalog did not answer");
    }
    return current_;
  }
  io::FileIO& io() override { return *io_; }
  const spec::TableMetadata& metadata() const { return current_.metadata; }

  std::function<void()> before_commit;
  int lose_answers = 0;
  int fail_swaps = 0;
  int fail_refreshes = 0;
  int commits = 0;

 private:
  std::shared_ptr<io::FileIO> io_;
  commit::TableBase current_;
  int version_ = 1;
  bool in_hook_ = false;
};

spec::TableMetadata NewTable(int format_version, std::map<std::string, std::string> props = {}) {
  return region_table::RegionTable(format_version, std::move(props));
}

DataFile File(const std::string& name, std::string region, int64_t rows) {
  return region_table::RegionFile(name, std::move(region), rows);
}

template <typename Append>
Result<SnapshotCommitResult> DoAppend(FakeOps& ops, std::vector<DataFile> files) {
  Append a(ops);
  a.SetAppId("test-app");
  for (auto& f : files) a.AppendFile(std::move(f));
  return a.Commit();
}

// Every live entry of the current snapshot.
std::vector<manifest::ManifestEntry> LiveEntries(FakeOps& ops) {
  const spec::Snapshot* s = ops.metadata().CurrentSnapshot();
  if (s == nullptr) return {};
  auto list = manifest::ReadSnapshotManifests(ops.io(), ops.metadata(), *s);
  EXPECT_OK(list);
  auto entries = manifest::ReadLiveEntries(ops.io(), ops.metadata(), *list);
  EXPECT_OK(entries);
  return *entries;
}

std::string Summary(const spec::Snapshot& s, std::string_view key) {
  return std::string(s.SummaryValue(key).value_or("<none>"));
}

TEST(FastAppendTest, V2InheritanceAndSummaries) {
  auto io = std::make_shared<io::MemoryFileIO>();
  FakeOps ops(io, NewTable(2));
  auto r1 = DoAppend<FastAppend>(ops, {File("a", "eu", 10), File("b", "us", 5)});
  ASSERT_OK(r1);
  EXPECT_EQ(r1->attempts, 1);
  auto r2 = DoAppend<FastAppend>(ops, {File("c", "eu", 7)});
  ASSERT_OK(r2);

  const spec::TableMetadata& m = ops.metadata();
  EXPECT_EQ(m.current_snapshot_id, r2->snapshot_id);
  const spec::Snapshot* s2 = m.CurrentSnapshot();
  EXPECT_EQ(s2->parent_snapshot_id, r1->snapshot_id);
  EXPECT_EQ(s2->sequence_number, 2);
  EXPECT_EQ(Summary(*s2, "operation"), "append");
  EXPECT_EQ(Summary(*s2, "added-data-files"), "1");
  EXPECT_EQ(Summary(*s2, "added-records"), "7");
  EXPECT_EQ(Summary(*s2, "added-files-size"), "70");
  EXPECT_EQ(Summary(*s2, "changed-partition-count"), "1");
  EXPECT_EQ(Summary(*s2, "total-records"), "22");
  EXPECT_EQ(Summary(*s2, "total-data-files"), "3");
  EXPECT_EQ(Summary(*s2, "total-files-size"), "220");
  EXPECT_EQ(Summary(*s2, "total-delete-files"), "0");
  EXPECT_EQ(Summary(*s2, "engine-name"), "floe");
  EXPECT_EQ(Summary(*s2, "app-id"), "test-app");
  EXPECT_EQ(Summary(*m.SnapshotById(r1->snapshot_id), "changed-partition-count"), "2");
  EXPECT_NE(s2->manifest_list.find("/metadata/snap-" + std::to_string(r2->snapshot_id) + "-1-"),
            std::string::npos);

  auto list = manifest::ReadManifestList(*io, s2->manifest_list);
  ASSERT_OK(list);
  ASSERT_EQ(list->manifests.size(), 2u);  // new manifest first, then the parent's
  EXPECT_EQ(list->manifests[0].sequence_number, 2);
  EXPECT_EQ(list->manifests[0].added_snapshot_id, r2->snapshot_id);
  EXPECT_EQ(list->manifests[1].sequence_number, 1);
  EXPECT_NE(list->manifests[0].manifest_path.find("-m0.avro"), std::string::npos);

  // Raw entries carry nulls; read through the list they inherit.
  auto in = io->OpenInput(list->manifests[0].manifest_path);
  ASSERT_OK(in);
  auto raw = manifest::ManifestReader::Open(std::shared_ptr<io::InputFile>(std::move(*in)));
  ASSERT_OK(raw);
  auto raw_entries = (*raw)->ReadAll();
  ASSERT_OK(raw_entries);
  ASSERT_EQ(raw_entries->size(), 1u);
  EXPECT_FALSE((*raw_entries)[0].snapshot_id);
  EXPECT_FALSE((*raw_entries)[0].sequence_number);
  auto entries = manifest::ReadManifestEntries(*io, list->manifests[0]);
  ASSERT_OK(entries);
  EXPECT_EQ((*entries)[0].snapshot_id, r2->snapshot_id);
  EXPECT_EQ((*entries)[0].sequence_number, 2);
  EXPECT_EQ((*entries)[0].status, EntryStatus::kAdded);
  EXPECT_EQ(LiveEntries(ops).size(), 3u);
}

TEST(FastAppendTest, V1CarriesSnapshotIdsAndNoSequenceNumbers) {
  auto io = std::make_shared<io::MemoryFileIO>();
  FakeOps ops(io, NewTable(1));
  auto r = DoAppend<FastAppend>(ops, {File("a", "eu", 10)});
  ASSERT_OK(r);
  EXPECT_EQ(ops.metadata().CurrentSnapshot()->sequence_number, 0);
  EXPECT_EQ(ops.metadata().last_sequence_number, 0);
  auto entries = LiveEntries(ops);
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries[0].snapshot_id, r->snapshot_id);
}

TEST(FastAppendTest, V3RowLineage) {
  auto io = std::make_shared<io::MemoryFileIO>();
  FakeOps ops(io, NewTable(3));
  ASSERT_OK(DoAppend<FastAppend>(ops, {File("a", "eu", 10), File("b", "us", 5)}));
  auto r = DoAppend<FastAppend>(ops, {File("c", "eu", 7)});
  ASSERT_OK(r);
  const spec::Snapshot* s = ops.metadata().CurrentSnapshot();
  EXPECT_EQ(s->first_row_id, 15);
  EXPECT_EQ(s->added_rows, 7);
  EXPECT_EQ(ops.metadata().next_row_id, 22);
  auto list = manifest::ReadManifestList(*io, s->manifest_list);
  ASSERT_OK(list);
  EXPECT_EQ(list->manifests[0].first_row_id, 15);
  EXPECT_EQ(list->manifests[1].first_row_id, 0);
}

TEST(FastAppendTest, BranchAppendLeavesMain) {
  auto io = std::make_shared<io::MemoryFileIO>();
  FakeOps ops(io, NewTable(2));
  auto r1 = DoAppend<FastAppend>(ops, {File("a", "eu", 1)});
  ASSERT_OK(r1);
  FastAppend a(ops);
  a.ToBranch("dev");
  a.AppendFile(File("b", "eu", 2));
  auto r2 = a.Commit();
  ASSERT_OK(r2);
  EXPECT_EQ(ops.metadata().current_snapshot_id, r1->snapshot_id);
  EXPECT_EQ(ops.metadata().refs.at("dev").snapshot_id, r2->snapshot_id);
  EXPECT_EQ(ops.metadata().SnapshotById(r2->snapshot_id)->parent_snapshot_id, r1->snapshot_id);
}

TEST(MergeAppendTest, MergesAtMinCount) {
  auto io = std::make_shared<io::MemoryFileIO>();
  FakeOps ops(io, NewTable(2));
  for (int i = 0; i < 99; ++i) {
    auto r = DoAppend<MergeAppend>(ops, {File("f" + std::to_string(i), "eu", 1)});
    ASSERT_OK(r);
  }
  auto count = [&] {
    return manifest::ReadManifestList(*io, ops.metadata().CurrentSnapshot()->manifest_list)
        ->manifests.size();
  };
  EXPECT_EQ(count(), 99u);
  auto r = DoAppend<MergeAppend>(ops, {File("f99", "eu", 1)});
  ASSERT_OK(r);
  EXPECT_EQ(count(), 1u);
  auto entries = LiveEntries(ops);
  ASSERT_EQ(entries.size(), 100u);
  int added = 0;
  for (const auto& e : entries) {
    if (e.status == EntryStatus::kAdded) {
      ++added;
      EXPECT_EQ(e.snapshot_id, r->snapshot_id);
      EXPECT_EQ(e.sequence_number, 100);
    } else {
      EXPECT_EQ(e.status, EntryStatus::kExisting);
      EXPECT_LT(*e.sequence_number, 100);
    }
  }
  EXPECT_EQ(added, 1);
  EXPECT_EQ(Summary(*ops.metadata().CurrentSnapshot(), "total-data-files"), "100");
}

TEST(MergeAppendTest, DisabledIsFastAppend) {
  auto io = std::make_shared<io::MemoryFileIO>();
  FakeOps ops(io, NewTable(2, {{"commit.manifest-merge.enabled", "false"},
                               {"commit.manifest.min-count-to-merge", "2"}}));
  for (int i = 0; i < 3; ++i)
    ASSERT_OK(DoAppend<MergeAppend>(ops, {File(std::to_string(i), "eu", 1)}));
  EXPECT_EQ(manifest::ReadManifestList(*io, ops.metadata().CurrentSnapshot()->manifest_list)
                ->manifests.size(),
            3u);
}

TEST(MergeAppendTest, UnreadableMergePropertyFailsTheAppend) {
  auto io = std::make_shared<io::MemoryFileIO>();
  FakeOps ops(io, NewTable(2, {{"commit.manifest.min-count-to-merge", "few"}}));
  auto r = DoAppend<MergeAppend>(ops, {File("a", "eu", 1)});
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(r.error().message.starts_with(
      "table property commit.manifest.min-count-to-merge: \"few\" is not an integer;"))
      << r.error().message;
}

TEST(CommitRetryTest, ConflictRetriesWithTheSameSnapshotId) {
  auto io = std::make_shared<io::MemoryFileIO>();
  FakeOps ops(io, NewTable(2));
  FastAppend mine(ops);
  mine.AppendFile(File("mine", "eu", 3));
  int64_t id = mine.snapshot_id();
  bool raced = false;
  ops.before_commit = [&] {
    if (raced) return;
    raced = true;
    ASSERT_OK(DoAppend<FastAppend>(ops, {File("theirs", "us", 4)}));
  };
  auto r = mine.Commit();
  ASSERT_OK(r);
  EXPECT_EQ(r->snapshot_id, id);
  EXPECT_EQ(r->attempts, 2);
  const spec::Snapshot* s = ops.metadata().CurrentSnapshot();
  EXPECT_EQ(s->snapshot_id, id);
  EXPECT_EQ(s->sequence_number, 2);
  EXPECT_EQ(Summary(*s, "total-records"), "7");
  EXPECT_EQ(LiveEntries(ops).size(), 2u);
  // The first attempt's list is gone; the retry's list is attempt 2.
  EXPECT_NE(s->manifest_list.find("-2-"), std::string::npos);
  for (const auto& loc : io->Locations()) {
    EXPECT_EQ(loc.find("snap-" + std::to_string(id) + "-1-"), std::string::npos) << loc;
  }
}

TEST(CommitRetryTest, GivingUpDeletesManifestsNotData) {
  auto io = std::make_shared<io::MemoryFileIO>();
  io->Put("mem://t/data/mine.parquet", "data");
  FakeOps ops(io, NewTable(2, {{"commit.retry.num-retries", "2"}}));
  ASSERT_OK(DoAppend<FastAppend>(ops, {File("first", "eu", 1)}));
  size_t files_before = io->FileCount();
  ops.before_commit = [&] { ASSERT_OK(DoAppend<FastAppend>(ops, {File("x", "us", 1)})); };
  auto r = DoAppend<FastAppend>(ops, {File("mine", "eu", 3)});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCommitConflict);
  EXPECT_NE(r.error().message.find("data files given were kept"), std::string::npos);
  ops.before_commit = nullptr;
  EXPECT_TRUE(io->Get("mem://t/data/mine.parquet").has_value());
  // Only the three competing appends' files (manifest + list each) were added.
  EXPECT_EQ(io->FileCount(), files_before + 3 * 2);
}

// A table whose stored property the commit cannot read (another engine wrote it): the append fails
// with an error naming the property and leaves no file of its own behind.
TEST(CommitRetryTest, UnreadableRetryPropertyFailsTheAppend) {
  auto io = std::make_shared<io::MemoryFileIO>();
  spec::TableMetadata table = NewTable(2);
  table.properties["commit.retry.num-retries"] = "abc";
  FakeOps ops(io, std::move(table));
  auto r = DoAppend<FastAppend>(ops, {File("a", "eu", 1)});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kInvalidArgument);
  EXPECT_NE(r.error().message.find("table property commit.retry.num-retries: \"abc\" is not an "
                                   "integer"),
            std::string::npos)
      << r.error().message;
  EXPECT_FALSE(ops.metadata().current_snapshot_id);
  EXPECT_EQ(io->FileCount(), 0u);
}

TEST(CommitRetryTest, LostAnswerButLanded) {
  auto io = std::make_shared<io::MemoryFileIO>();
  FakeOps ops(io, NewTable(2));
  ops.lose_answers = 1;
  auto r = DoAppend<FastAppend>(ops, {File("a", "eu", 1)});
  ASSERT_OK(r);
  EXPECT_EQ(ops.commits, 1);
  EXPECT_EQ(ops.metadata().current_snapshot_id, r->snapshot_id);
  EXPECT_EQ(LiveEntries(ops).size(), 1u);
}

TEST(CommitRetryTest, UnknownOutcomeDeletesNothing) {
  auto io = std::make_shared<io::MemoryFileIO>();
  FakeOps ops(io, NewTable(2));
  ASSERT_OK(DoAppend<FastAppend>(ops, {File("a", "eu", 1)}));
  ops.lose_answers = 1;
  ops.before_commit = [&] { ops.fail_refreshes = 100; };
  size_t before = io->FileCount();
  auto r = DoAppend<FastAppend>(ops, {File("b", "eu", 1)});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCommitStateUnknown);
  EXPECT_EQ(io->FileCount(), before + 2);  // its manifest and list stay: it did land
  ops.fail_refreshes = 0;
  EXPECT_EQ(LiveEntries(ops).size(), 2u);
}

TEST(CommitRetryTest, SwapThatCertainlyFailedIsRetried) {
  auto io = std::make_shared<io::MemoryFileIO>();
  FakeOps ops(io, NewTable(2));
  ops.fail_swaps = 1;
  auto r = DoAppend<FastAppend>(ops, {File("a", "eu", 1)});
  ASSERT_OK(r);
  EXPECT_EQ(r->attempts, 2);
  EXPECT_EQ(LiveEntries(ops).size(), 1u);
  EXPECT_EQ(io->FileCount(), 2u);  // one manifest, one list: the first list was removed
}

// Fail every create (then every write) of an append in turn: the append fails cleanly or
// lands; committed rows are never lost and the table stays readable.
TEST(CommitRetryTest, FaultInjectionNeverLosesCommittedRows) {
  for (io::FileOp op : {io::FileOp::kCreate, io::FileOp::kWrite, io::FileOp::kClose}) {
    for (int n = 1; n <= 6; ++n) {
      auto mem = std::make_shared<io::MemoryFileIO>();
      auto faulty = std::make_shared<io::FaultInjectingFileIO>(mem);
      FakeOps ops(faulty, NewTable(2));
      ASSERT_OK(DoAppend<MergeAppend>(ops, {File("a", "eu", 1)}));
      faulty->FailNth(op, faulty->Count(op) + n);
      auto r = DoAppend<MergeAppend>(ops, {File("b", "eu", 1), File("c", "us", 1)});
      faulty->ClearFaults();
      auto entries = LiveEntries(ops);
      if (r.ok()) {
        EXPECT_EQ(entries.size(), 3u);
      } else {
        EXPECT_EQ(entries.size(), 1u) << r.error().message;
        EXPECT_NE(r.error().kind, ErrorKind::kCommitStateUnknown);
        // Nothing of the failed append is left behind (no open outputs either).
        EXPECT_EQ(mem->OpenOutputCount(), 0);
        EXPECT_EQ(mem->FileCount(), 2u) << r.error().message;
      }
    }
  }
}

}  // namespace
}  // namespace floe::update
