// TableRequirement checks (commit/table_requirement.h): each failure is a retryable conflict.
#include "floe/commit/table_requirement.h"

#include <gtest/gtest.h>

#include "testing/result_matchers.h"

namespace floe::commit {
namespace {

spec::TableMetadata Table() {
  spec::TableMetadata m;
  m.table_uuid = "u-1";
  m.last_column_id = 5;
  m.last_partition_id = 1000;
  spec::Snapshot s;
  s.snapshot_id = 7;
  m.snapshots.push_back(s);
  m.refs["main"] = spec::SnapshotRef::Branch(7);
  m.current_snapshot_id = 7;
  return m;
}

TEST(TableRequirementTest, Names) {
  EXPECT_EQ(RequirementName(AssertCreate{}), "assert-create");
  EXPECT_EQ(RequirementName(AssertRefSnapshotId{}), "assert-ref-snapshot-id");
  EXPECT_EQ(RequirementName(AssertDefaultSortOrderId{}), "assert-default-sort-order-id");
}

TEST(TableRequirementTest, Checks) {
  spec::TableMetadata m = Table();
  EXPECT_OK(CheckRequirement(AssertCreate{}, nullptr));
  EXPECT_EQ(CheckRequirement(AssertCreate{}, &m).error().kind, ErrorKind::kCommitConflict);
  EXPECT_EQ(CheckRequirement(AssertTableUuid{"u-1"}, nullptr).error().kind,
            ErrorKind::kCommitConflict);
  EXPECT_OK(CheckRequirement(AssertTableUuid{"u-1"}, &m));
  EXPECT_FALSE(CheckRequirement(AssertTableUuid{"u-2"}, &m).ok());
  EXPECT_OK(CheckRequirement(AssertRefSnapshotId{"main", 7}, &m));
  Status changed = CheckRequirement(AssertRefSnapshotId{"main", 6}, &m);
  ASSERT_FALSE(changed.ok());
  EXPECT_EQ(changed.error().kind, ErrorKind::kCommitConflict);
  EXPECT_EQ(changed.error().message, "branch main has changed: expected snapshot 6, found 7");
  EXPECT_FALSE(CheckRequirement(AssertRefSnapshotId{"main", std::nullopt}, &m).ok());
  EXPECT_OK(CheckRequirement(AssertRefSnapshotId{"dev", std::nullopt}, &m));
  EXPECT_FALSE(CheckRequirement(AssertRefSnapshotId{"dev", 7}, &m).ok());
  EXPECT_OK(CheckRequirement(AssertLastAssignedFieldId{5}, &m));
  EXPECT_FALSE(CheckRequirement(AssertLastAssignedFieldId{6}, &m).ok());
  EXPECT_OK(CheckRequirement(AssertLastAssignedPartitionId{1000}, &m));
  EXPECT_FALSE(CheckRequirement(AssertCurrentSchemaId{1}, &m).ok());
  EXPECT_FALSE(CheckRequirement(AssertDefaultSpecId{1}, &m).ok());
  EXPECT_FALSE(CheckRequirement(AssertDefaultSortOrderId{1}, &m).ok());
  EXPECT_FALSE(CheckRequirements({AssertTableUuid{"u-1"}, AssertCurrentSchemaId{3}}, &m).ok());
  EXPECT_OK(CheckRequirements({AssertTableUuid{"u-1"}, AssertCurrentSchemaId{0}}, &m));
}

}  // namespace
}  // namespace floe::commit
