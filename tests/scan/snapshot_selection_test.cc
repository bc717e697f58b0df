#include "floe/scan/snapshot_selection.h"

#include <gtest/gtest.h>

#include "testing/result_matchers.h"

namespace floe::scan {
namespace {

spec::Snapshot MakeSnapshot(int64_t id, int64_t ts, int32_t schema_id) {
  spec::Snapshot s;
  s.snapshot_id = id;
  s.timestamp_ms = ts;
  s.schema_id = schema_id;
  return s;
}

// Three snapshots; s1 was made current again at t=3000 (a rollback), so by snapshot timestamps
// alone t=3500 would wrongly pick s2.
spec::TableMetadata RolledBackTable() {
  spec::TableMetadata m;
  spec::Schema s0;
  s0.schema_id = 0;
  spec::Schema s1 = s0;
  s1.schema_id = 1;
  m.schemas = {s0, s1};
  m.current_schema_id = 1;
  m.snapshots = {MakeSnapshot(1, 1000, 0), MakeSnapshot(2, 2000, 1), MakeSnapshot(3, 4000, 1)};
  m.snapshot_log = {{1000, 1}, {2000, 2}, {3000, 1}, {4000, 3}};
  m.current_snapshot_id = 3;
  m.refs["main"] = spec::SnapshotRef::Branch(3);
  m.refs["audit"] = spec::SnapshotRef::Branch(2);
  spec::SnapshotRef tag = spec::SnapshotRef::Branch(1);
  tag.type = spec::SnapshotRefType::kTag;
  m.refs["v1"] = tag;
  return m;
}

int64_t Picked(const spec::TableMetadata& m, SnapshotSelector s) {
  auto choice = SelectSnapshot(m, s);
  EXPECT_OK(choice);
  return choice->snapshot ? choice->snapshot->snapshot_id : -1;
}

TEST(SnapshotSelectionTest, CurrentByDefault) {
  auto m = RolledBackTable();
  auto choice = SelectSnapshot(m, {});
  ASSERT_OK(choice);
  EXPECT_EQ(choice->snapshot->snapshot_id, 3);
  EXPECT_EQ(choice->schema->schema_id, 1);
}

TEST(SnapshotSelectionTest, AsOfFollowsTheSnapshotLogNotSnapshotTimestamps) {
  auto m = RolledBackTable();
  EXPECT_EQ(Picked(m, {.as_of_ms = 1000}), 1);
  EXPECT_EQ(Picked(m, {.as_of_ms = 1999}), 1);
  EXPECT_EQ(Picked(m, {.as_of_ms = 2500}), 2);
  EXPECT_EQ(Picked(m, {.as_of_ms = 3500}), 1);  // rolled back: s1, though s2 is newer
  EXPECT_EQ(Picked(m, {.as_of_ms = 9000}), 3);
  auto choice = SelectSnapshot(m, {.as_of_ms = 3500});
  ASSERT_OK(choice);
  EXPECT_EQ(choice->schema->schema_id, 0);  // the schema s1 was written with
}

TEST(SnapshotSelectionTest, AsOfBeforeTheLogSaysWhereItStarts) {
  auto m = RolledBackTable();
  auto choice = SelectSnapshot(m, {.as_of_ms = 999});
  ASSERT_FALSE(choice.ok());
  EXPECT_EQ(choice.error().kind, ErrorKind::kNotFound);
  EXPECT_NE(choice.error().message.find("the snapshot log starts at 1970-01-01T00:00:01"),
            std::string::npos)
      << choice.error().message;
  m.snapshot_log.clear();
  choice = SelectSnapshot(m, {.as_of_ms = 5000});
  ASSERT_FALSE(choice.ok());
  EXPECT_NE(choice.error().message.find("snapshot log is empty"), std::string::npos);
}

TEST(SnapshotSelectionTest, ExpiredSnapshotInTheLog) {
  auto m = RolledBackTable();
  m.snapshots.erase(m.snapshots.begin() + 1);  // s2 expired, still in the log
  auto choice = SelectSnapshot(m, {.as_of_ms = 2500});
  ASSERT_FALSE(choice.ok());
  EXPECT_EQ(choice.error().kind, ErrorKind::kNotFound);
  EXPECT_NE(choice.error().message.find("snapshot 2"), std::string::npos);
}

TEST(SnapshotSelectionTest, ByIdAndRef) {
  auto m = RolledBackTable();
  EXPECT_EQ(Picked(m, {.snapshot_id = 2}), 2);
  EXPECT_EQ(Picked(m, {.ref = "audit"}), 2);
  EXPECT_EQ(Picked(m, {.ref = "v1"}), 1);
  EXPECT_EQ(Picked(m, {.ref = "main"}), 3);
  // A branch reads with the table's current schema, a tag with the snapshot's own.
  EXPECT_EQ(SelectSnapshot(m, {.ref = "audit"})->schema->schema_id, 1);
  EXPECT_EQ(SelectSnapshot(m, {.ref = "v1"})->schema->schema_id, 0);
  EXPECT_EQ(SelectSnapshot(m, {.snapshot_id = 1})->schema->schema_id, 0);

  auto missing = SelectSnapshot(m, {.snapshot_id = 42});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::kNotFound);
  missing = SelectSnapshot(m, {.ref = "nope"});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::kNotFound);
  auto both = SelectSnapshot(m, {.snapshot_id = 1, .ref = "v1"});
  ASSERT_FALSE(both.ok());
  EXPECT_EQ(both.error().kind, ErrorKind::kInvalidArgument);
}

TEST(SnapshotSelectionTest, EmptyTableHasNoSnapshot) {
  spec::TableMetadata m;
  m.schemas.push_back(spec::Schema{});
  auto choice = SelectSnapshot(m, {});
  ASSERT_OK(choice);
  EXPECT_EQ(choice->snapshot, nullptr);
}

TEST(SnapshotSelectionTest, ParseAsOf) {
  EXPECT_EQ(*ParseAsOf("1772700000000"), 1772700000000);
  EXPECT_EQ(*ParseAsOf("1970-01-01T00:00:01Z"), 1000);
  EXPECT_EQ(*ParseAsOf("1970-01-01T01:00:01+01:00"), 1000);
  EXPECT_EQ(*ParseAsOf("1970-01-01T00:00:00.0015Z"), 1);
  EXPECT_FALSE(ParseAsOf("2026-03-05T10:00:00").ok());  // no offset
  EXPECT_FALSE(ParseAsOf("yesterday").ok());
}

}  // namespace
}  // namespace floe::scan
