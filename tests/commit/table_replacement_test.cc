// ReplaceTableChanges (commit/table_replacement.h): the REST updates that replace a table as
// Java's TableMetadata.buildReplacement does, applied with ApplyUpdates.
#include "floe/commit/table_replacement.h"

#include <gtest/gtest.h>

#include <vector>

#include "testing/result_matchers.h"

namespace floe::commit {
namespace {

using spec::NestedField;
using spec::Type;

spec::PartitionField Partition(int32_t source, spec::Transform transform, std::string name) {
  spec::PartitionField f;
  f.source_id = source;
  f.transform = transform;
  f.name = std::move(name);
  return f;
}

// id long, point struct<x, y>, ts timestamptz; partitioned by day(ts).
NewTableRequest Original(int format_version) {
  NewTableRequest r;
  r.schema.fields = {
      NestedField{1, "id", true, Type::Long()},
      NestedField{2, "point", false,
                  Type::Struct({NestedField{3, "x", false, Type::Double()},
                                NestedField{4, "y", false, Type::Double()}})},
      NestedField{5, "ts", false, Type::TimestampTz()},
  };
  r.spec.fields.push_back(Partition(5, spec::Transform::Day(), "ts_day"));
  r.properties = {{"owner", "ann"}};
  r.format_version = format_version;
  r.location = "mem://warehouse/db/t";
  return r;
}

spec::TableMetadata Table(int format_version) {
  auto m = NewTableMetadata(Original(format_version), 1000);
  EXPECT_OK(m);
  spec::Snapshot s;
  s.snapshot_id = 7;
  s.sequence_number = format_version > 1 ? 1 : 0;
  s.timestamp_ms = 1500;
  s.manifest_list = "mem://warehouse/db/t/metadata/snap-7.avro";
  s.summary = {{"operation", "append"}};
  std::vector<TableUpdate> add = {AddSnapshot{s}, SetSnapshotRef{"main", {7}}};
  auto with_snapshot = ApplyUpdates(*m, add, 1500, std::nullopt);
  EXPECT_OK(with_snapshot);
  return *with_snapshot;
}

// ts, point struct<y, z>, extra string (ids given by the caller are ignored); partitioned by
// day(ts) and bucket(4, extra).
NewTableRequest Replacement(int format_version) {
  NewTableRequest r;
  r.schema.fields = {
      NestedField{10, "ts", false, Type::TimestampTz()},
      NestedField{11, "point", false,
                  Type::Struct({NestedField{12, "y", false, Type::Double()},
                                NestedField{13, "z", false, Type::Double()}})},
      NestedField{14, "extra", false, Type::String()},
  };
  r.spec.fields.push_back(Partition(10, spec::Transform::Day(), "ts_day"));
  r.spec.fields.push_back(Partition(14, spec::Transform::Bucket(4), "extra_bucket"));
  r.properties = {{"tier", "gold"}};
  r.format_version = format_version;
  return r;
}

TEST(TableReplacementTest, KeepsIdsByNameHistoryAndProperties) {
  const spec::TableMetadata base = Table(2);
  auto changes = ReplaceTableChanges(base, Replacement(2));
  ASSERT_OK(changes);
  auto m = ApplyUpdates(base, changes->updates, 2000, "mem://warehouse/db/t/metadata/v1.json");
  ASSERT_OK(m);
  const spec::Schema* schema = m->CurrentSchema();
  ASSERT_NE(schema, nullptr);
  EXPECT_EQ(schema->schema_id, 1);
  // The table's ids are id 1, point 2, ts 3, point.x 4, point.y 5: ts keeps 3, point 2 and
  // point.y 5; extra and then z (fields before children) are new after last-column-id 5.
  EXPECT_EQ(schema->fields[0].id, 3);
  EXPECT_EQ(schema->fields[1].id, 2);
  EXPECT_EQ(schema->fields[1].type->fields()[0].id, 5);
  EXPECT_EQ(schema->fields[1].type->fields()[1].id, 7);
  EXPECT_EQ(schema->fields[2].id, 6);
  EXPECT_EQ(m->last_column_id, 7);
  // day(ts) keeps its partition field id 1000; bucket(extra) is new.
  const spec::PartitionSpec* spec = m->DefaultSpec();
  ASSERT_NE(spec, nullptr);
  EXPECT_EQ(spec->spec_id, 1);
  ASSERT_EQ(spec->fields.size(), 2u);
  EXPECT_EQ(spec->fields[0].field_id, 1000);
  EXPECT_EQ(spec->fields[0].source_id, 3);
  EXPECT_EQ(spec->fields[1].field_id, 1001);
  EXPECT_EQ(spec->fields[1].source_id, 6);
  EXPECT_EQ(m->last_partition_id, 1001);
  EXPECT_TRUE(m->DefaultSortOrder()->IsUnsorted());
  // History stays; main is gone until rows are appended in the same commit.
  EXPECT_FALSE(m->current_snapshot_id.has_value());
  EXPECT_EQ(m->refs.count("main"), 0u);
  EXPECT_EQ(m->snapshots.size(), 1u);
  EXPECT_EQ(m->table_uuid, base.table_uuid);
  EXPECT_EQ(m->location, base.location);
  EXPECT_EQ(m->properties.at("owner"), "ann");
  EXPECT_EQ(m->properties.at("tier"), "gold");
  // The requirements hold on the base and fail once the table moved on.
  EXPECT_OK(CheckRequirements(changes->requirements, &base));
  spec::TableMetadata moved = base;
  moved.refs["main"].snapshot_id = 8;
  EXPECT_EQ(CheckRequirements(changes->requirements, &moved).error().kind,
            ErrorKind::kCommitConflict);
}

TEST(TableReplacementTest, FormatVersionsAndLocation) {
  // v1 partition field ids are positional, as v1 specs are numbered.
  const spec::TableMetadata v1 = Table(1);
  NewTableRequest request = Replacement(1);
  std::swap(request.spec.fields[0], request.spec.fields[1]);
  request.location = "mem://elsewhere/t";
  auto changes = ReplaceTableChanges(v1, request);
  ASSERT_OK(changes);
  auto m = ApplyUpdates(v1, changes->updates, 2000, std::nullopt);
  ASSERT_OK(m);
  EXPECT_EQ(m->DefaultSpec()->fields[0].field_id, 1000);
  EXPECT_EQ(m->DefaultSpec()->fields[0].name, "extra_bucket");
  EXPECT_EQ(m->DefaultSpec()->fields[1].field_id, 1001);
  EXPECT_EQ(m->location, "mem://elsewhere/t");
  EXPECT_EQ(m->format_version, 1);

  // format-version among the properties upgrades; it is never stored as a property.
  request = Replacement(1);
  request.properties["format-version"] = "2";
  changes = ReplaceTableChanges(v1, request);
  ASSERT_OK(changes);
  m = ApplyUpdates(v1, changes->updates, 2000, std::nullopt);
  ASSERT_OK(m);
  EXPECT_EQ(m->format_version, 2);
  EXPECT_EQ(m->properties.count("format-version"), 0u);

  // Never downward.
  request = Replacement(2);
  request.properties["format-version"] = "1";
  changes = ReplaceTableChanges(Table(2), request);
  ASSERT_OK(changes);
  auto down = ApplyUpdates(Table(2), changes->updates, 2000, std::nullopt);
  ASSERT_FALSE(down.ok());
  EXPECT_NE(down.error().message.find("cannot downgrade"), std::string::npos)
      << down.error().message;
}

}  // namespace
}  // namespace floe::commit
