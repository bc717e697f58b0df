// ApplyUpdates and NewTableMetadata (commit/metadata_builder.h): the spec's bookkeeping per
// format version and the errors for updates that do not fit their base.
#include "floe/commit/metadata_builder.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <vector>

#include "floe/commit/table_properties.h"
#include "testing/result_matchers.h"

namespace floe::commit {
namespace {

using spec::NestedField;
using spec::Type;

NewTableRequest Request(int format_version) {
  NewTableRequest r;
  // Ids deliberately odd: NewTableMetadata assigns fresh ones.
  r.schema.fields = {
      NestedField{50, "id", true, Type::Long()},
      NestedField{51, "point", false,
                  Type::Struct({NestedField{60, "x", false, Type::Double()},
                                NestedField{61, "y", false, Type::Double()}})},
      NestedField{52, "ts", false, Type::TimestampTz()},
  };
  spec::PartitionField pf;
  pf.source_id = 52;
  pf.name = "ts_day";
  pf.transform = spec::Transform::Day();
  r.spec.fields.push_back(pf);
  spec::SortField sf;
  sf.source_id = 50;
  sf.transform = spec::Transform::Identity();
  r.sort_order.fields.push_back(sf);
  r.format_version = format_version;
  r.location = "mem://warehouse/db/t";
  return r;
}

spec::TableMetadata NewBuilderTable(int format_version) {
  auto m = NewTableMetadata(Request(format_version), 1000);
  EXPECT_OK(m);
  return *m;
}

spec::Snapshot MakeSnapshot(int64_t id, std::optional<int64_t> parent, int64_t seq, int64_t ts) {
  spec::Snapshot s;
  s.snapshot_id = id;
  s.parent_snapshot_id = parent;
  s.sequence_number = seq;
  s.timestamp_ms = ts;
  s.manifest_list = "mem://warehouse/db/t/metadata/snap-" + std::to_string(id) + ".avro";
  s.summary = {{"operation", "append"}};
  s.schema_id = 0;
  return s;
}

std::vector<TableUpdate> Append(const spec::Snapshot& s) {
  return {AddSnapshot{s}, SetSnapshotRef{"main", spec::SnapshotRef::Branch(s.snapshot_id)}};
}

TEST(NewTableMetadataTest, FreshIdsSpecAndOrder) {
  spec::TableMetadata m = NewBuilderTable(2);
  ASSERT_EQ(m.schemas.size(), 1u);
  const auto& f = m.schemas[0].fields;
  // Top-level fields first (1..3), then the struct's children (Java's assignFreshIds).
  EXPECT_EQ(f[0].id, 1);
  EXPECT_EQ(f[1].id, 2);
  EXPECT_EQ(f[2].id, 3);
  EXPECT_EQ(f[1].type->fields()[0].id, 4);
  EXPECT_EQ(f[1].type->fields()[1].id, 5);
  EXPECT_EQ(m.last_column_id, 5);
  ASSERT_EQ(m.partition_specs.size(), 1u);
  EXPECT_EQ(m.partition_specs[0].fields[0].source_id, 3);
  EXPECT_EQ(m.partition_specs[0].fields[0].field_id, 1000);
  EXPECT_EQ(m.last_partition_id, 1000);
  EXPECT_EQ(m.default_sort_order_id, 1);
  EXPECT_EQ(m.sort_orders[0].fields[0].source_id, 1);
  EXPECT_FALSE(m.current_snapshot_id);
  EXPECT_FALSE(m.table_uuid.empty());
  EXPECT_EQ(m.last_updated_ms, 1000);
  EXPECT_OK(m.Validate());
}

TEST(NewTableMetadataTest, UnpartitionedUnsortedAndFormatVersionProperty) {
  NewTableRequest r = Request(2);
  r.spec.fields.clear();
  r.sort_order.fields.clear();
  r.properties = {{"format-version", "1"}, {"k", "v"}};
  auto m = NewTableMetadata(r, 5);
  ASSERT_OK(m);
  EXPECT_EQ(m->format_version, 1);
  EXPECT_EQ(m->properties.count("format-version"), 0u);
  EXPECT_EQ(m->properties.at("k"), "v");
  EXPECT_EQ(m->last_partition_id, 999);
  EXPECT_EQ(m->default_sort_order_id, 0);
}

TEST(NewTableMetadataTest, Errors) {
  NewTableRequest r = Request(4);
  EXPECT_EQ(NewTableMetadata(r, 0).error().kind, ErrorKind::kNotSupported);
  r = Request(2);
  r.spec.fields[0].source_id = 99;
  EXPECT_EQ(NewTableMetadata(r, 0).error().kind, ErrorKind::kInvalidArgument);
  r = Request(2);
  r.location.clear();
  EXPECT_EQ(NewTableMetadata(r, 0).error().kind, ErrorKind::kInvalidArgument);
  r = Request(2);
  r.properties = {{"format-version", "two"}};
  EXPECT_EQ(NewTableMetadata(r, 0).error().message,
            "table property format-version: \"two\" is not an integer");
  r.properties = {{"commit.retry.num-retries", "abc"}};
  EXPECT_EQ(NewTableMetadata(r, 0).error().message,
            "table property commit.retry.num-retries: \"abc\" is not an integer");
}

// Java's Schema.checkCompatibility: v3 types and defaults need format version 3, at create and
// when a schema is added; after an upgrade in the same commit they are allowed.
TEST(NewTableMetadataTest, V3TypesNeedFormatVersion3) {
  for (spec::TypePtr type : {Type::Primitive(spec::TypeId::kVariant),
                             Type::Primitive(spec::TypeId::kTimestampNs), Type::Geometry("")}) {
    NewTableRequest r = Request(2);
    r.schema.fields[1].type = Type::Struct({NestedField{60, "x", false, type}});
    auto m = NewTableMetadata(r, 0);
    ASSERT_FALSE(m.ok()) << type->ToString();
    EXPECT_EQ(m.error().message,
              fmt::format("column point.x: type {} needs table format version 3 (this table is "
                          "v2; create it with --format-version 3 or upgrade it)",
                          type->ToString()));
    EXPECT_OK(NewTableMetadata(Request(3), 0));
    r.format_version = 3;
    EXPECT_OK(NewTableMetadata(r, 0));
  }
  spec::TableMetadata base = NewBuilderTable(2);
  spec::Schema s2 = base.schemas[0];
  s2.fields.push_back(NestedField{6, "v", false, Type::Primitive(spec::TypeId::kVariant)});
  std::vector<TableUpdate> add = {AddSchema{s2}, SetCurrentSchema{}};
  EXPECT_EQ(ApplyUpdates(base, add, 5, {}).error().message,
            "column v: type variant needs table format version 3 (this table is v2; create it "
            "with --format-version 3 or upgrade it)");
  std::vector<TableUpdate> upgrade_first = {UpgradeFormatVersion{3}, AddSchema{s2},
                                            SetCurrentSchema{}};
  EXPECT_OK(ApplyUpdates(base, upgrade_first, 5, {}));
  spec::Schema with_default = base.schemas[0];
  with_default.fields.push_back(NestedField{6, "n", false, Type::Int(), "", "1", "1"});
  std::vector<TableUpdate> add_default = {AddSchema{with_default}};
  EXPECT_EQ(ApplyUpdates(base, add_default, 5, {}).error().message,
            "column n: default values need table format version 3 (this table is v2)");
}

TEST(ApplyUpdatesTest, AppendV2MovesMainAndSequenceNumber) {
  spec::TableMetadata base = NewBuilderTable(2);
  auto s1 = MakeSnapshot(11, std::nullopt, 1, 2000);
  auto m1 = ApplyUpdates(base, Append(s1), 2001, "mem://v1.metadata.json");
  ASSERT_OK(m1);
  EXPECT_EQ(m1->current_snapshot_id, 11);
  EXPECT_EQ(m1->last_sequence_number, 1);
  EXPECT_EQ(m1->last_updated_ms, 2001);
  ASSERT_EQ(m1->snapshot_log.size(), 1u);
  EXPECT_EQ(m1->snapshot_log[0].snapshot_id, 11);
  EXPECT_EQ(m1->snapshot_log[0].timestamp_ms, 2000);  // the snapshot's own time
  ASSERT_EQ(m1->metadata_log.size(), 1u);
  EXPECT_EQ(m1->metadata_log[0].metadata_file, "mem://v1.metadata.json");
  EXPECT_EQ(m1->metadata_log[0].timestamp_ms, base.last_updated_ms);

  auto s2 = MakeSnapshot(12, 11, 2, 3000);
  auto m2 = ApplyUpdates(*m1, Append(s2), 3001, std::nullopt);
  ASSERT_OK(m2);
  EXPECT_EQ(m2->last_sequence_number, 2);
  EXPECT_EQ(m2->snapshot_log.size(), 2u);

  // A stale sequence number or an existing id is refused.
  auto stale = MakeSnapshot(13, 12, 2, 4000);
  EXPECT_EQ(ApplyUpdates(*m2, Append(stale), 0, {}).error().kind, ErrorKind::kInvalidArgument);
  auto dup = MakeSnapshot(12, 11, 3, 4000);
  EXPECT_EQ(ApplyUpdates(*m2, Append(dup), 0, {}).error().kind, ErrorKind::kInvalidArgument);
  auto orphan = MakeSnapshot(14, 999, 3, 4000);
  EXPECT_EQ(ApplyUpdates(*m2, Append(orphan), 0, {}).error().kind, ErrorKind::kInvalidArgument);
}

TEST(ApplyUpdatesTest, BranchOtherThanMainLeavesCurrentSnapshot) {
  spec::TableMetadata base = NewBuilderTable(2);
  auto s1 = MakeSnapshot(11, std::nullopt, 1, 2000);
  std::vector<TableUpdate> u = {AddSnapshot{s1},
                                SetSnapshotRef{"dev", spec::SnapshotRef::Branch(11)}};
  auto m = ApplyUpdates(base, u, 5, {});
  ASSERT_OK(m);
  EXPECT_FALSE(m->current_snapshot_id);
  EXPECT_TRUE(m->snapshot_log.empty());
  EXPECT_EQ(m->refs.at("dev").snapshot_id, 11);
}

TEST(ApplyUpdatesTest, V1HasNoSequenceNumbers) {
  spec::TableMetadata base = NewBuilderTable(1);
  auto s1 = MakeSnapshot(11, std::nullopt, 0, 2000);
  auto m = ApplyUpdates(base, Append(s1), 5, {});
  ASSERT_OK(m);
  EXPECT_EQ(m->last_sequence_number, 0);
  auto bad = MakeSnapshot(12, 11, 1, 2000);
  EXPECT_EQ(ApplyUpdates(*m, Append(bad), 5, {}).error().kind, ErrorKind::kInvalidArgument);
}

TEST(ApplyUpdatesTest, V3RowLineage) {
  spec::TableMetadata base = NewBuilderTable(3);
  EXPECT_EQ(base.next_row_id, 0);
  auto s1 = MakeSnapshot(11, std::nullopt, 1, 2000);
  s1.first_row_id = 0;
  s1.added_rows = 30;
  auto m1 = ApplyUpdates(base, Append(s1), 5, {});
  ASSERT_OK(m1);
  EXPECT_EQ(m1->next_row_id, 30);
  auto s2 = MakeSnapshot(12, 11, 2, 3000);
  s2.first_row_id = 0;  // behind next-row-id
  s2.added_rows = 5;
  EXPECT_EQ(ApplyUpdates(*m1, Append(s2), 5, {}).error().kind, ErrorKind::kInvalidArgument);
  s2.first_row_id = 30;
  auto m2 = ApplyUpdates(*m1, Append(s2), 5, {});
  ASSERT_OK(m2);
  EXPECT_EQ(m2->next_row_id, 35);
  auto s3 = MakeSnapshot(13, 12, 3, 4000);  // no lineage fields
  EXPECT_EQ(ApplyUpdates(*m2, Append(s3), 5, {}).error().kind, ErrorKind::kInvalidArgument);
}

TEST(ApplyUpdatesTest, SchemaSpecSortOrderWithLastAdded) {
  spec::TableMetadata base = NewBuilderTable(2);
  spec::Schema s2 = base.schemas[0];
  s2.fields.push_back(NestedField{6, "note", false, Type::String()});
  spec::PartitionSpec ps;
  spec::PartitionField pf;
  pf.source_id = 1;
  pf.field_id = 1001;
  pf.name = "id_bucket";
  pf.transform = spec::Transform::Bucket(8);
  ps.fields.push_back(pf);
  std::vector<TableUpdate> u = {AddSchema{s2},
                                SetCurrentSchema{},
                                AddPartitionSpec{ps},
                                SetDefaultSpec{},
                                AddSortOrder{spec::SortOrder::Unsorted()},
                                SetDefaultSortOrder{}};
  auto m = ApplyUpdates(base, u, 5, {});
  ASSERT_OK(m);
  EXPECT_EQ(m->current_schema_id, 1);
  EXPECT_EQ(m->last_column_id, 6);
  EXPECT_EQ(m->default_spec_id, 1);
  EXPECT_EQ(m->last_partition_id, 1001);
  EXPECT_EQ(m->default_sort_order_id, 0);
  // Re-adding the same schema reuses its id.
  std::vector<TableUpdate> again = {AddSchema{s2}};
  auto m2 = ApplyUpdates(*m, again, 6, {});
  ASSERT_OK(m2);
  EXPECT_EQ(m2->schemas.size(), 2u);

  std::vector<TableUpdate> bad = {SetCurrentSchema{7}};
  EXPECT_EQ(ApplyUpdates(base, bad, 5, {}).error().kind, ErrorKind::kInvalidArgument);
  std::vector<TableUpdate> no_added = {SetDefaultSpec{}};
  EXPECT_EQ(ApplyUpdates(base, no_added, 5, {}).error().kind, ErrorKind::kInvalidArgument);
}

TEST(ApplyUpdatesTest, FormatVersionUuidPropertiesLocation) {
  spec::TableMetadata base = NewBuilderTable(2);
  std::vector<TableUpdate> up = {UpgradeFormatVersion{3}, SetProperties{{{"a", "1"}, {"b", "2"}}},
                                 RemoveProperties{{"a"}}, SetLocation{"mem://elsewhere"},
                                 AssignUuid{base.table_uuid}};
  auto m = ApplyUpdates(base, up, 5, {});
  ASSERT_OK(m);
  EXPECT_EQ(m->format_version, 3);
  EXPECT_EQ(m->properties.count("a"), 0u);
  EXPECT_EQ(m->properties.at("b"), "2");
  EXPECT_EQ(m->location, "mem://elsewhere");
  std::vector<TableUpdate> down = {UpgradeFormatVersion{1}};
  EXPECT_EQ(ApplyUpdates(base, down, 5, {}).error().kind, ErrorKind::kInvalidArgument);
  std::vector<TableUpdate> v4 = {UpgradeFormatVersion{4}};
  EXPECT_EQ(ApplyUpdates(base, v4, 5, {}).error().kind, ErrorKind::kNotSupported);
  std::vector<TableUpdate> uuid = {AssignUuid{"00000000-0000-0000-0000-000000000000"}};
  EXPECT_EQ(ApplyUpdates(base, uuid, 5, {}).error().kind, ErrorKind::kInvalidArgument);
}

TEST(ApplyUpdatesTest, ReservedPropertiesAreNeverStored) {
  spec::TableMetadata base = NewBuilderTable(2);
  for (std::string_view key : kReservedProperties) {
    std::vector<TableUpdate> set = {SetProperties{{{std::string(key), "3"}}}};
    auto r = ApplyUpdates(base, set, 5, {});
    ASSERT_FALSE(r.ok()) << key;
    EXPECT_EQ(r.error().kind, ErrorKind::kInvalidArgument);
    EXPECT_NE(r.error().message.find(std::string(key) + " is reserved"), std::string::npos)
        << r.error().message;
    std::vector<TableUpdate> remove = {RemoveProperties{{std::string(key)}}};
    EXPECT_FALSE(ApplyUpdates(base, remove, 5, {}).ok()) << key;
  }
}

TEST(ApplyUpdatesTest, RemoveSnapshotsDropsRefsAndLog) {
  spec::TableMetadata m = NewBuilderTable(2);
  m = *ApplyUpdates(m, Append(MakeSnapshot(1, std::nullopt, 1, 10)), 11, {});
  m = *ApplyUpdates(m, Append(MakeSnapshot(2, 1, 2, 20)), 21, {});
  std::vector<TableUpdate> tag = {SetSnapshotRef{"t", spec::SnapshotRef::Tag(1)}};
  m = *ApplyUpdates(m, tag, 22, {});
  std::vector<TableUpdate> rm = {RemoveSnapshots{{1}}};
  auto r = ApplyUpdates(m, rm, 30, {});
  ASSERT_OK(r);
  EXPECT_EQ(r->snapshots.size(), 1u);
  EXPECT_EQ(r->refs.count("t"), 0u);
  ASSERT_EQ(r->snapshot_log.size(), 1u);
  EXPECT_EQ(r->snapshot_log[0].snapshot_id, 2);
  std::vector<TableUpdate> rm_main = {RemoveSnapshotRef{"main"}};
  auto r2 = ApplyUpdates(*r, rm_main, 31, {});
  ASSERT_OK(r2);
  EXPECT_FALSE(r2->current_snapshot_id);
}

TEST(ApplyUpdatesTest, MetadataLogTrimmed) {
  spec::TableMetadata m = NewBuilderTable(2);
  m.properties["write.metadata.previous-versions-max"] = "2";
  for (int i = 0; i < 5; ++i) {
    m = *ApplyUpdates(m, {}, 100 + i, "mem://v" + std::to_string(i) + ".metadata.json");
  }
  ASSERT_EQ(m.metadata_log.size(), 2u);
  EXPECT_EQ(m.metadata_log[0].metadata_file, "mem://v3.metadata.json");
  EXPECT_EQ(m.metadata_log[1].metadata_file, "mem://v4.metadata.json");
}

TEST(ApplyUpdatesTest, CommitPropertiesMustParse) {
  spec::TableMetadata m = NewBuilderTable(2);
  // A value the next commit could not read is refused when it is set...
  for (auto [key, value] : std::vector<std::pair<std::string, std::string>>{
           {"commit.retry.num-retries", "abc"},
           {"commit.status-check.max-wait-ms", "-1"},
           {"write.metadata.previous-versions-max", "many"},
           {"write.metadata.delete-after-commit.enabled", "yes"}}) {
    std::vector<TableUpdate> set = {SetProperties{{{key, value}}}};
    auto r = ApplyUpdates(m, set, 1, {});
    ASSERT_FALSE(r.ok()) << key;
    EXPECT_EQ(r.error().kind, ErrorKind::kInvalidArgument);
    EXPECT_NE(r.error().message.find("table property " + key + ": \"" + value + "\""),
              std::string::npos)
        << r.error().message;
  }
  // ... and one already stored is refused until it is fixed, which works.
  m.properties["commit.retry.num-retries"] = "abc";
  EXPECT_FALSE(ApplyUpdates(m, {}, 1, {}).ok());
  std::vector<TableUpdate> fix = {SetProperties{{{"commit.retry.num-retries", "3"}}}};
  EXPECT_OK(ApplyUpdates(m, fix, 1, {}));
  // Java clamps a previous-versions-max below 1 to 1.
  m = NewBuilderTable(2);
  m.properties["write.metadata.previous-versions-max"] = "-3";
  m = *ApplyUpdates(m, {}, 1, "mem://v0.metadata.json");
  m = *ApplyUpdates(m, {}, 2, "mem://v1.metadata.json");
  EXPECT_EQ(m.metadata_log.size(), 1u);
}

TEST(ActionNameTest, RestNames) {
  EXPECT_EQ(ActionName(AddSnapshot{}), "add-snapshot");
  EXPECT_EQ(ActionName(SetSnapshotRef{}), "set-snapshot-ref");
  EXPECT_EQ(ActionName(AddPartitionSpec{}), "add-spec");
  EXPECT_EQ(ActionName(RemoveStatistics{}), "remove-statistics");
}

}  // namespace
}  // namespace floe::commit
