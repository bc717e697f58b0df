// Snapshot expiry (maintenance/expire_snapshots.h): the pure plan on hand-made histories, and the
// whole action on an in-memory table of many small appends with a branch, a tag, statistics and
// a file outside the table's location, checked against a brute-force reachability walk.
#include "floe/maintenance/expire_snapshots.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "floe/commit/metadata_builder.h"
#include "floe/io/fault_injecting_file_io.h"
#include "floe/io/memory_file_io.h"
#include "floe/manifest/manifest_list_writer.h"
#include "floe/manifest/manifest_writer.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/update/fast_append.h"
#include "floe/update/merge_append.h"
#include "floe/util/clock.h"
#include "testing/result_matchers.h"

namespace floe::maintenance {
namespace {

constexpr int64_t kDay = 24LL * 60 * 60 * 1000;

// ---- The plan --------------------------------------------------------------------------------

// Snapshots 1..n, each the parent of the next, snapshot i at day i; main at n.
spec::TableMetadata History(int n) {
  spec::TableMetadata m;
  m.format_version = 2;
  m.location = "mem://t";
  for (int i = 1; i <= n; ++i) {
    spec::Snapshot s;
    s.snapshot_id = i;
    if (i > 1) s.parent_snapshot_id = i - 1;
    s.timestamp_ms = i * kDay;
    m.snapshots.push_back(s);
  }
  m.current_snapshot_id = n;
  m.refs["main"] = spec::SnapshotRef::Branch(n);
  return m;
}

std::vector<int64_t> Expired(const spec::TableMetadata& m, ExpireSnapshotsOptions o, int64_t now) {
  auto plan = PlanExpireSnapshots(m, o, now);
  EXPECT_OK(plan);
  return plan.ok() ? plan->snapshot_ids : std::vector<int64_t>{};
}

TEST(PlanExpireSnapshotsTest, DefaultAgeIsFiveDaysAndTheCurrentSnapshotStays) {
  auto m = History(10);
  // now = day 12: older than day 7 goes.
  EXPECT_EQ(Expired(m, {}, 12 * kDay), (std::vector<int64_t>{1, 2, 3, 4, 5, 6}));
  // Long after: only the current one stays.
  EXPECT_EQ(Expired(m, {}, 100 * kDay), (std::vector<int64_t>{1, 2, 3, 4, 5, 6, 7, 8, 9}));
  m.properties["history.expire.max-snapshot-age-ms"] = std::to_string(2 * kDay);
  EXPECT_EQ(Expired(m, {}, 12 * kDay), (std::vector<int64_t>{1, 2, 3, 4, 5, 6, 7, 8, 9}));
}

TEST(PlanExpireSnapshotsTest, OlderThanAndRetainLast) {
  auto m = History(10);
  ExpireSnapshotsOptions o;
  o.older_than_ms = 4 * kDay;
  EXPECT_EQ(Expired(m, o, 100 * kDay), (std::vector<int64_t>{1, 2, 3}));
  o.older_than_ms = 100 * kDay;
  o.retain_last = 3;
  EXPECT_EQ(Expired(m, o, 100 * kDay), (std::vector<int64_t>{1, 2, 3, 4, 5, 6, 7}));
  m.properties["history.expire.min-snapshots-to-keep"] = "4";
  EXPECT_EQ(Expired(m, {}, 100 * kDay), (std::vector<int64_t>{1, 2, 3, 4, 5, 6}));
  o.retain_last = 0;
  EXPECT_FALSE(PlanExpireSnapshots(m, o, 0).ok());
  m.properties["history.expire.min-snapshots-to-keep"] = "x";
  auto bad = PlanExpireSnapshots(m, {}, 0);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("history.expire.min-snapshots-to-keep"), std::string::npos);
}

TEST(PlanExpireSnapshotsTest, TagsAndBranchesKeepWhatTheyNeed) {
  auto m = History(10);
  m.refs["t"] = spec::SnapshotRef::Tag(2);
  auto dev = spec::SnapshotRef::Branch(5);
  dev.min_snapshots_to_keep = 2;  // 5 and 4
  m.refs["dev"] = dev;
  EXPECT_EQ(Expired(m, {}, 100 * kDay), (std::vector<int64_t>{1, 3, 6, 7, 8, 9}));
  // The branch's own age: keeps 3..5 (days 3-5 within 3 days of day 6).
  m.refs["dev"].min_snapshots_to_keep.reset();
  m.refs["dev"].max_snapshot_age_ms = 3 * kDay;
  // (main's default 5 days only lets snapshot 1 go)
  EXPECT_EQ(Expired(m, {}, 6 * kDay + 1), (std::vector<int64_t>{1}));
  EXPECT_EQ(Expired(m, {}, 100 * kDay), (std::vector<int64_t>{1, 3, 4, 6, 7, 8, 9}));
}

TEST(PlanExpireSnapshotsTest, OldRefsGoWithTheirSnapshots) {
  auto m = History(10);
  auto tag = spec::SnapshotRef::Tag(2);
  tag.max_ref_age_ms = 5 * kDay;
  m.refs["old"] = tag;
  m.refs["young"] = spec::SnapshotRef::Tag(3);
  auto plan = PlanExpireSnapshots(m, {}, 8 * kDay);
  ASSERT_OK(plan);
  EXPECT_EQ(plan->ref_names, (std::vector<std::string>{"old"}));
  EXPECT_EQ(plan->snapshot_ids, (std::vector<int64_t>{1, 2}));
  m.properties["history.expire.max-ref-age-ms"] = std::to_string(kDay);
  plan = PlanExpireSnapshots(m, {}, 8 * kDay);
  ASSERT_OK(plan);
  EXPECT_EQ(plan->ref_names, (std::vector<std::string>{"old", "young"}));
}

TEST(PlanExpireSnapshotsTest, ExplicitIds) {
  auto m = History(10);
  m.refs["t"] = spec::SnapshotRef::Tag(4);
  ExpireSnapshotsOptions o;
  o.older_than_ms = 0;  // age alone expires nothing
  o.snapshot_ids = {8, 2};
  EXPECT_EQ(Expired(m, o, 10 * kDay), (std::vector<int64_t>{2, 8}));
  o.snapshot_ids = {4};
  auto refused = PlanExpireSnapshots(m, o, 10 * kDay);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("ref t"), std::string::npos) << refused.error().message;
  o.snapshot_ids = {10};
  EXPECT_FALSE(PlanExpireSnapshots(m, o, 10 * kDay).ok());
  o.snapshot_ids = {99};
  refused = PlanExpireSnapshots(m, o, 10 * kDay);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("99"), std::string::npos);
}

// ---- The action ------------------------------------------------------------------------------

// A catalog in a variable: requirements checked and updates applied as a real catalog does.
class FakeOps : public commit::TableOperations {
 public:
  FakeOps(std::shared_ptr<io::FileIO> io, spec::TableMetadata metadata)
      : io_(std::move(io)), current_{"mem://t/metadata/v1.metadata.json", std::move(metadata)} {}
  Result<commit::TableBase> Refresh() override { return current_; }
  Result<commit::TableBase> Commit(std::span<const commit::TableRequirement> requirements,
                                   std::span<const commit::TableUpdate> updates) override {
    ++commits;
    if (before_commit) {
      // Once, and not for the hook's own commits.
      auto hook = std::move(before_commit);
      before_commit = nullptr;
      hook();
    }
    std::vector<commit::TableRequirement> reqs(requirements.begin(), requirements.end());
    FLOE_RETURN_IF_ERROR(commit::CheckRequirements(reqs, &current_.metadata));
    FLOE_ASSIGN_OR_RETURN(
        spec::TableMetadata next,
        commit::ApplyUpdates(current_.metadata, updates, 0, current_.metadata_location));
    current_.metadata = std::move(next);
    return current_;
  }
  io::FileIO& io() override { return *io_; }
  const spec::TableMetadata& metadata() const { return current_.metadata; }

  std::function<void()> before_commit;  // runs inside the next Commit, before its checks
  int commits = 0;

 private:
  std::shared_ptr<io::FileIO> io_;
  commit::TableBase current_;
};

spec::TableMetadata NewTable() {
  commit::NewTableRequest r;
  r.schema.fields = {spec::NestedField{1, "id", true, spec::Type::Long()}};
  r.format_version = 2;
  r.location = "mem://t";
  r.properties["commit.manifest.min-count-to-merge"] = "3";
  r.properties["commit.retry.min-wait-ms"] = "0";
  return *commit::NewTableMetadata(r, 1);
}

struct Fixture {
  std::shared_ptr<io::MemoryFileIO> io = std::make_shared<io::MemoryFileIO>();
  // The table's I/O goes through this, so a test can fail any step of the expiry.
  std::shared_ptr<io::FaultInjectingFileIO> faults = std::make_shared<io::FaultInjectingFileIO>(io);
  FakeOps ops{faults, NewTable()};
  int next_file = 0;

  manifest::DataFile File(const std::string& folder = "mem://t/data/") {
    manifest::DataFile f;
    f.file_path = folder + "f" + std::to_string(next_file++) + ".parquet";
    f.record_count = 1;
    f.file_size_in_bytes = 4;
    io->Put(f.file_path, "PAR1");
    return f;
  }
  int64_t Append(const std::string& branch = "main", bool merge = true,
                 const std::string& folder = "mem://t/data/") {
    std::unique_ptr<update::SnapshotProducer> a;
    if (merge) {
      a = std::make_unique<update::MergeAppend>(ops);
    } else {
      a = std::make_unique<update::FastAppend>(ops);
    }
    if (branch != "main") a->ToBranch(branch);
    a->AppendFile(File(folder));
    auto r = a->Commit();
    EXPECT_OK(r);
    return r.ok() ? r->snapshot_id : 0;
  }
  void Update(commit::TableUpdate u) { EXPECT_OK(ops.Commit({}, std::span(&u, 1))); }
  void Stats(int64_t snapshot_id, const std::string& path) {
    io->Put(path, "PFA1");
    spec::StatisticsFile st;
    st.snapshot_id = snapshot_id;
    st.path = path;
    st.file_size_in_bytes = 4;
    Update(commit::SetStatistics{st});
  }
};

// A snapshot on a new branch `branch` (to be dropped by its age) over main's current one, adding
// one position and one equality delete file in a delete manifest of its own: what a row-level
// delete commits. floe has no delete writer yet, so the manifest is written here.
int64_t CommitDeletes(Fixture& t, const std::string& branch) {
  const spec::TableMetadata base = t.ops.metadata();
  const spec::Snapshot* parent = base.CurrentSnapshot();
  const int64_t id = 777;
  manifest::ManifestWriterOptions mo;
  mo.content = manifest::ManifestContent::kDeletes;
  mo.schema = *base.CurrentSchema();
  mo.spec = *base.DefaultSpec();
  mo.snapshot_id = id;
  auto out = t.io->Create("mem://t/metadata/deletes-m0.avro", false);
  EXPECT_OK(out);
  auto writer = manifest::ManifestWriter::Open(std::move(*out), mo);
  EXPECT_OK(writer);
  manifest::DataFile pos = t.File();
  pos.content = manifest::FileContent::kPositionDeletes;
  manifest::DataFile eq = t.File();
  eq.content = manifest::FileContent::kEqualityDeletes;
  eq.equality_ids = std::vector<int32_t>{1};
  EXPECT_OK((*writer)->WriteAdded(pos));
  EXPECT_OK((*writer)->WriteAdded(eq));
  auto deletes = (*writer)->Close();
  EXPECT_OK(deletes);

  manifest::ManifestListWriterOptions lo;
  lo.snapshot_id = id;
  lo.parent_snapshot_id = parent->snapshot_id;
  lo.sequence_number = base.last_sequence_number + 1;
  auto list_out = t.io->Create("mem://t/metadata/snap-777.avro", false);
  EXPECT_OK(list_out);
  auto list = manifest::ManifestListWriter::Open(std::move(*list_out), lo);
  EXPECT_OK(list);
  auto parent_list = manifest::ReadSnapshotManifests(*t.io, base, *parent);
  EXPECT_OK(parent_list);
  EXPECT_OK((*list)->Add(*deletes));
  for (const auto& m : parent_list->manifests) EXPECT_OK((*list)->Add(m));
  EXPECT_OK((*list)->Close());

  spec::Snapshot s;
  s.snapshot_id = id;
  s.parent_snapshot_id = parent->snapshot_id;
  s.sequence_number = lo.sequence_number;
  s.timestamp_ms = NowMillis();
  s.manifest_list = "mem://t/metadata/snap-777.avro";
  s.summary = {{"operation", "delete"}};
  s.schema_id = base.current_schema_id;
  t.Update(commit::AddSnapshot{s});
  auto ref = spec::SnapshotRef::Branch(id);
  ref.max_ref_age_ms = kDay;
  t.Update(commit::SetSnapshotRef{branch, ref});
  return id;
}

// Every file the snapshots of `m` reach (lists, manifests, live content, statistics), checking
// that each exists.
std::set<std::string> Reachable(io::MemoryFileIO& io, const spec::TableMetadata& m) {
  std::set<std::string> out;
  for (const auto& s : m.snapshots) {
    out.insert(s.manifest_list);
    auto list = manifest::ReadSnapshotManifests(io, m, s);
    EXPECT_OK(list);
    if (!list.ok()) continue;
    for (const auto& mf : list->manifests) out.insert(mf.manifest_path);
    auto entries = manifest::ReadLiveEntries(io, m, *list);
    EXPECT_OK(entries);
    if (!entries.ok()) continue;
    for (const auto& e : *entries) out.insert(e.data_file.file_path);
  }
  for (const auto& st : m.statistics) out.insert(st.path);
  for (const auto& path : out) {
    EXPECT_TRUE(io.Get(path).has_value()) << path << " is reachable but gone";
  }
  return out;
}

std::set<std::string> LiveFiles(io::MemoryFileIO& io, const spec::TableMetadata& m) {
  std::set<std::string> out;
  auto list = manifest::ReadSnapshotManifests(io, m, *m.CurrentSnapshot());
  EXPECT_OK(list);
  auto entries = manifest::ReadLiveEntries(io, m, *list);
  EXPECT_OK(entries);
  for (const auto& e : *entries) out.insert(e.data_file.file_path);
  return out;
}

TEST(ExpireSnapshotsTest, DeletesExactlyWhatNoKeptSnapshotReaches) {
  Fixture t;
  std::vector<int64_t> main_ids;
  for (int i = 0; i < 4; ++i) main_ids.push_back(t.Append());
  // A branch off main's 4th snapshot, with files of its own (one outside the location), to be
  // dropped by its max-ref-age; a tag on the 6th snapshot, kept.
  auto dev = spec::SnapshotRef::Branch(main_ids.back());
  dev.max_ref_age_ms = kDay;
  t.Update(commit::SetSnapshotRef{"dev", dev});
  t.Append("dev", false);
  t.Append("dev", false, "mem://elsewhere/");
  for (int i = 0; i < 2; ++i) main_ids.push_back(t.Append());
  t.Update(commit::SetSnapshotRef{"t6", spec::SnapshotRef::Tag(main_ids.back())});
  for (int i = 0; i < 6; ++i) main_ids.push_back(t.Append());
  t.Stats(main_ids[1], "mem://t/metadata/s1.stats");
  t.Stats(main_ids.back(), "mem://t/metadata/s-last.stats");

  const spec::TableMetadata before = t.ops.metadata();
  const std::set<std::string> live_before = LiveFiles(*t.io, before);
  const std::set<std::string> reachable_before = Reachable(*t.io, before);
  const auto files_before = t.io->Locations();

  ExpireSnapshotsOptions o;
  o.now_ms = NowMillis() + 10 * kDay;  // every snapshot is older than the 5-day default
  o.retain_last = 2;
  o.dry_run = true;
  auto dry = ExpireSnapshots(t.ops, o);
  ASSERT_OK(dry);
  EXPECT_EQ(t.io->Locations(), files_before);
  EXPECT_EQ(t.ops.metadata(), before);

  o.dry_run = false;
  auto r = ExpireSnapshots(t.ops, o);
  ASSERT_OK(r);
  const spec::TableMetadata& after = t.ops.metadata();
  EXPECT_EQ(r->deleted_files, dry->deleted_files);
  EXPECT_EQ(r->removed_refs, (std::vector<std::string>{"dev"}));
  // Kept: main's last two and the tag's snapshot.
  std::set<int64_t> kept;
  for (const auto& s : after.snapshots) kept.insert(s.snapshot_id);
  EXPECT_EQ(kept, (std::set<int64_t>{main_ids[5], main_ids[10], main_ids[11]}));
  EXPECT_EQ(after.current_snapshot_id, main_ids.back());
  EXPECT_EQ(LiveFiles(*t.io, after), live_before);

  // Brute force: what the kept snapshots reach exists; what was deleted is exactly what the
  // expired snapshots alone reached, less the file outside the location.
  const std::set<std::string> reachable_after = Reachable(*t.io, after);
  std::set<std::string> expected;
  for (const auto& p : reachable_before) {
    if (!reachable_after.count(p) && p.rfind("mem://t/", 0) == 0) expected.insert(p);
  }
  std::set<std::string> deleted(r->deleted_files.begin(), r->deleted_files.end());
  EXPECT_EQ(deleted, expected);
  std::set<std::string> gone;
  for (const auto& p : files_before) {
    if (!t.io->Get(p)) gone.insert(p);
  }
  EXPECT_EQ(gone, expected);
  EXPECT_EQ(r->kept_outside_location, (std::vector<std::string>{"mem://elsewhere/f5.parquet"}));
  EXPECT_TRUE(t.io->Get("mem://elsewhere/f5.parquet").has_value());

  // The counts are the files deleted, by kind.
  EXPECT_EQ(r->deleted_data_files_count, 1);  // dev's own file under the location
  EXPECT_EQ(r->deleted_position_delete_files_count, 0);
  EXPECT_EQ(r->deleted_equality_delete_files_count, 0);
  EXPECT_EQ(r->deleted_manifest_lists_count, 12 + 2 - 3);
  EXPECT_EQ(r->deleted_statistics_files_count, 1);
  EXPECT_GT(r->deleted_manifest_files_count, 0);
  EXPECT_EQ(r->deleted_data_files_count + r->deleted_manifest_files_count +
                r->deleted_manifest_lists_count + r->deleted_statistics_files_count,
            static_cast<int64_t>(gone.size()));

  // Again: nothing left to expire.
  auto again = ExpireSnapshots(t.ops, o);
  ASSERT_OK(again);
  EXPECT_TRUE(again->deleted_files.empty());
  EXPECT_TRUE(again->expired_snapshot_ids.empty());
}

TEST(ExpireSnapshotsTest, IncludeOutsideLocationDeletesThemToo) {
  Fixture t;
  t.Append();
  auto dev = spec::SnapshotRef::Branch(t.ops.metadata().current_snapshot_id.value());
  dev.max_ref_age_ms = kDay;
  t.Update(commit::SetSnapshotRef{"dev", dev});
  t.Append("dev", false, "mem://elsewhere/");
  ExpireSnapshotsOptions o;
  o.now_ms = NowMillis() + 10 * kDay;
  o.include_outside_location = true;
  auto r = ExpireSnapshots(t.ops, o);
  ASSERT_OK(r);
  EXPECT_TRUE(r->kept_outside_location.empty());
  EXPECT_EQ(r->deleted_data_files_count, 1);
  EXPECT_FALSE(t.io->Get("mem://elsewhere/f1.parquet").has_value());
}

TEST(ExpireSnapshotsTest, CountsDeleteFilesByKind) {
  Fixture t;
  for (int i = 0; i < 3; ++i) t.Append();
  CommitDeletes(t, "gone");
  t.Append();
  const auto files_before = t.io->Locations();
  ExpireSnapshotsOptions o;
  o.now_ms = NowMillis() + 10 * kDay;
  auto r = ExpireSnapshots(t.ops, o);
  ASSERT_OK(r);
  EXPECT_EQ(r->removed_refs, (std::vector<std::string>{"gone"}));
  EXPECT_EQ(r->deleted_data_files_count, 0);
  EXPECT_EQ(r->deleted_position_delete_files_count, 1);
  EXPECT_EQ(r->deleted_equality_delete_files_count, 1);
  EXPECT_FALSE(t.io->Get("mem://t/data/f3.parquet").has_value());  // the position deletes
  EXPECT_FALSE(t.io->Get("mem://t/data/f4.parquet").has_value());  // the equality deletes
  EXPECT_FALSE(t.io->Get("mem://t/metadata/deletes-m0.avro").has_value());
  EXPECT_FALSE(t.io->Get("mem://t/metadata/snap-777.avro").has_value());
  int64_t gone = 0;
  for (const auto& p : files_before) gone += t.io->Get(p).has_value() ? 0 : 1;
  EXPECT_EQ(gone, r->deleted_position_delete_files_count + r->deleted_equality_delete_files_count +
                      r->deleted_manifest_files_count + r->deleted_manifest_lists_count);
  EXPECT_EQ(static_cast<int64_t>(r->deleted_files.size()), gone);
  Reachable(*t.io, t.ops.metadata());
}

// A table of appends, a dropped branch and expired statistics: the expiry of the fault test.
void MakeHistory(Fixture& t) {
  for (int i = 0; i < 3; ++i) t.Append();
  auto dev = spec::SnapshotRef::Branch(t.ops.metadata().current_snapshot_id.value());
  dev.max_ref_age_ms = kDay;
  t.Update(commit::SetSnapshotRef{"dev", dev});
  t.Append("dev", false);
  for (int i = 0; i < 3; ++i) t.Append();
  t.Stats(t.ops.metadata().snapshots[1].snapshot_id, "mem://t/metadata/s1.stats");
}

// A crash (every I/O failing from then on) at each open, read and delete of the expiry leaves
// every file the table's metadata reaches in place, and the counts of a clean run.
TEST(ExpireSnapshotsTest, ACrashAtAnyStepLeavesAReadableTable) {
  ExpireSnapshotsOptions o;
  o.now_ms = NowMillis() + 10 * kDay;
  std::map<io::FileOp, int64_t> counts;
  {
    Fixture t;
    MakeHistory(t);
    std::map<io::FileOp, int64_t> start;
    for (auto op : {io::FileOp::kOpen, io::FileOp::kRead, io::FileOp::kDelete}) {
      start[op] = t.faults->Count(op);
    }
    auto r = ExpireSnapshots(t.ops, o);
    ASSERT_OK(r);
    EXPECT_GT(r->deleted_files.size(), 5u);
    for (auto [op, n] : start) counts[op] = t.faults->Count(op) - n;
  }
  int runs = 0;
  for (auto [op, total] : counts) {
    for (int64_t n = 1; n <= total; ++n) {
      Fixture t;
      MakeHistory(t);
      const auto before = t.ops.metadata();
      t.faults->SetCrashOnFault(true);
      t.faults->FailNth(op, n);
      auto r = ExpireSnapshots(t.ops, o);
      EXPECT_FALSE(r.ok()) << io::FileOpName(op) << " " << n;
      t.faults->ClearFaults();
      // Whether or not the commit landed, what the metadata reaches is all there.
      Reachable(*t.io, t.ops.metadata());
      EXPECT_EQ(LiveFiles(*t.io, t.ops.metadata()), LiveFiles(*t.io, before));
      ++runs;
    }
  }
  EXPECT_GT(runs, 10);
}

TEST(ExpireSnapshotsTest, AConcurrentAppendIsKeptAndReplanned) {
  Fixture t;
  for (int i = 0; i < 5; ++i) t.Append();
  int64_t concurrent = 0;
  t.ops.before_commit = [&] { concurrent = t.Append(); };
  ExpireSnapshotsOptions o;
  o.now_ms = NowMillis() + 10 * kDay;
  const int commits_before = t.ops.commits;
  auto r = ExpireSnapshots(t.ops, o);
  ASSERT_OK(r);
  // The first swap lost to the append (main moved): re-planned on the new table, the append's
  // snapshot is the one kept, and its file is live and present.
  EXPECT_EQ(t.ops.commits - commits_before, 3);  // expiry, the append inside it, expiry again
  ASSERT_EQ(t.ops.metadata().snapshots.size(), 1u);
  EXPECT_EQ(t.ops.metadata().snapshots[0].snapshot_id, concurrent);
  EXPECT_EQ(r->expired_snapshot_ids.size(), 5u);
  EXPECT_EQ(LiveFiles(*t.io, t.ops.metadata()).size(), 6u);
  Reachable(*t.io, t.ops.metadata());
}

}  // namespace
}  // namespace floe::maintenance
