// Every metadata table of a spread of duckdb-iceberg corpus tables reads without error — v1 lists
// without file counts, deletion vectors, nested columns, uuid, fixed and
// decimal partitions, tables without snapshots — each batch within the row
// bound and structurally valid, and the tables agree with each other: files = data_files +
// delete_files, snapshots and history match the metadata, and the partitions' record counts add up
// to the data files'. The all_* tables may find an old snapshot's manifest list missing from the
// corpus: that must be a not-found error naming the file.
#include <gtest/gtest.h>

#include <map>

#include "inspect/inspect_test_util.h"
#include "testing/result_matchers.h"

namespace floe::inspect {
namespace {

using testing_util::LoadCorpusTable;

struct SweepCounts {
  int64_t rows = 0;
  int64_t record_count_sum = 0;  // sum of the "record_count" column when there is one
};

Result<SweepCounts> Sweep(const testing_util::LoadedTable& t, MetadataTableKind kind) {
  SweepCounts counts;
  FLOE_RETURN_IF_ERROR(ReadMetadataTable(*t.io, t.metadata, t.location, kind, std::nullopt,
                                         [&](const columnar::RecordBatch& b) -> Status {
                                           if (b.num_rows() > kMetadataBatchRows)
                                             return Internal("batch of {} rows", b.num_rows());
                                           FLOE_RETURN_IF_ERROR(b.ToStructArray()->Validate());
                                           counts.rows += b.num_rows();
                                           const int c = b.schema()->FieldIndex("record_count");
                                           if (c >= 0) {
                                             for (int64_t i = 0; i < b.num_rows(); ++i)
                                               counts.record_count_sum +=
                                                   b.column(c)->values<int64_t>()[i];
                                           }
                                           return Ok();
                                         }));
  return counts;
}

bool IsAllTable(MetadataTableKind kind) { return MetadataTableName(kind).rfind("all_", 0) == 0; }

TEST(CorpusSweepTest, EveryMetadataTableOfManyCorpusTables) {
  const std::vector<std::string> folders = {
      "iceberg_v1_repro/repro/merch_v1",
      "legacy_bare_deletion_vector/warehouse/default/legacy_bare_deletion_vector",
      "add_columns_with_defaults_in_struct/default.db/add_columns_with_defaults_in_struct",
      "partition_decimal_hugeint",
      "partition_fixed_length_binary/default.db/partition_fixed_length_binary",
      "uuid",
      "timestamptz_ns",
  };
  for (const std::string& folder : folders) {
    SCOPED_TRACE(folder);
    testing_util::LoadedTable t = LoadCorpusTable(folder);
    ASSERT_FALSE(t.location.empty());
    std::map<MetadataTableKind, SweepCounts> got;
    for (int k = 0; k <= static_cast<int>(MetadataTableKind::kPartitions); ++k) {
      auto kind = static_cast<MetadataTableKind>(k);
      Result<SweepCounts> counts = Sweep(t, kind);
      if (!counts.ok() && IsAllTable(kind) && counts.error().kind == ErrorKind::kNotFound) {
        EXPECT_NE(counts.error().message.find(".avro"), std::string::npos)
            << counts.error().message;
        continue;
      }
      EXPECT_OK(counts) << MetadataTableName(kind);
      if (counts.ok()) got[kind] = *counts;
    }
    EXPECT_EQ(got[MetadataTableKind::kFiles].rows,
              got[MetadataTableKind::kDataFiles].rows + got[MetadataTableKind::kDeleteFiles].rows);
    EXPECT_EQ(got[MetadataTableKind::kSnapshots].rows,
              static_cast<int64_t>(t.metadata.snapshots.size()));
    EXPECT_EQ(got[MetadataTableKind::kHistory].rows,
              static_cast<int64_t>(t.metadata.snapshot_log.size()));
    EXPECT_EQ(got[MetadataTableKind::kPartitions].record_count_sum,
              got[MetadataTableKind::kDataFiles].record_count_sum);
  }
}

}  // namespace
}  // namespace floe::inspect
