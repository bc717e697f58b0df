// files, entries, manifests, partitions and their all_* forms on corpus tables:
//   - lineitem_iceberg (an append, then an overwrite replacing its one file): the entries
//     DuckDB's iceberg_metadata() expects (corpus iceberg_metadata.test: status, sequence
//     numbers, paths, formats, record counts), files at each snapshot, all_* over both snapshots;
//   - tables with partitions, equality deletes and two partition specs: every row against the
//     live entries floe's manifest reader lists (paths, record counts, sizes, partition values,
//     per-partition totals recomputed here).
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "floe/manifest/snapshot_files.h"
#include "floe/spec/single_value.h"
#include "inspect/inspect_test_util.h"
#include "testing/result_matchers.h"

namespace floe::inspect {
namespace {

using testing_util::LoadCorpusTable;
using testing_util::ReadRows;
using testing_util::TableRows;

constexpr int64_t kFirstSnapshot = 7817332053627255703;
constexpr int64_t kSecondSnapshot = 2354745328521181395;
const char* const kOldFile =
    "lineitem_iceberg/data/00000-1-66fee7c2-c97c-4af9-963d-930afd99ace4-00001.parquet";
const char* const kNewFile =
    "lineitem_iceberg/data/00000-5-dad9988f-2a3b-464c-adb6-6034de93da19-00001.parquet";

bool Has(const std::string& row, const std::string& part) {
  return row.find(part) != std::string::npos;
}

TableRows MustRead(const testing_util::LoadedTable& t, MetadataTableKind kind,
                   std::optional<int64_t> snapshot_id = std::nullopt) {
  Result<TableRows> rows = ReadRows(*t.io, t.metadata, t.location, kind, snapshot_id);
  EXPECT_OK(rows) << MetadataTableName(kind);
  return rows.ok() ? *rows : TableRows{};
}

TEST(FilesTableTest, LineitemEntriesMatchDuckDbIcebergMetadata) {
  auto t = LoadCorpusTable("iceberg/lineitem_iceberg", "data/persistent/iceberg");
  ASSERT_FALSE(t.location.empty());
  TableRows entries = MustRead(t, MetadataTableKind::kEntries);
  ASSERT_EQ(entries.json.size(), 2u);
  // iceberg_metadata.test: ADDED 00000-5 (51793 rows, sequence 2), DELETED 00000-1 (60175, 1).
  EXPECT_TRUE(
      Has(entries.json[0],
          std::string(R"({"status":1,"snapshot_id":2354745328521181395,"sequence_number":2,)"
                      R"("file_sequence_number":2,"data_file":{"content":0,"file_path":")") +
              kNewFile + R"(","file_format":"PARQUET","spec_id":0,"record_count":51793,)"))
      << entries.json[0];
  EXPECT_TRUE(
      Has(entries.json[1],
          std::string(R"({"status":2,"snapshot_id":2354745328521181395,"sequence_number":1,)"
                      R"("file_sequence_number":1,"data_file":{"content":0,"file_path":")") +
              kOldFile + R"(","file_format":"PARQUET","spec_id":0,"record_count":60175,)"))
      << entries.json[1];

  // Version 1 (the first snapshot): one ADDED entry.
  TableRows first = MustRead(t, MetadataTableKind::kEntries, kFirstSnapshot);
  ASSERT_EQ(first.json.size(), 1u);
  EXPECT_TRUE(
      Has(first.json[0], R"({"status":1,"snapshot_id":7817332053627255703,"sequence_number":1,)"))
      << first.json[0];
}

TEST(FilesTableTest, LineitemFilesAtEachSnapshotAndAcrossAll) {
  auto t = LoadCorpusTable("iceberg/lineitem_iceberg", "data/persistent/iceberg");
  ASSERT_FALSE(t.location.empty());
  TableRows files = MustRead(t, MetadataTableKind::kFiles);
  ASSERT_EQ(files.json.size(), 1u);
  EXPECT_TRUE(
      Has(files.json[0], std::string(R"({"content":0,"file_path":")") + kNewFile +
                             R"(","file_format":"PARQUET","spec_id":0,"record_count":51793,)"))
      << files.json[0];
  // Unpartitioned: no partition column at all (Java drops the empty struct).
  EXPECT_FALSE(Has(files.json[0], R"("partition")"));
  EXPECT_EQ(MustRead(t, MetadataTableKind::kDataFiles).json, files.json);
  EXPECT_TRUE(MustRead(t, MetadataTableKind::kDeleteFiles).json.empty());

  TableRows old_files = MustRead(t, MetadataTableKind::kFiles, kFirstSnapshot);
  ASSERT_EQ(old_files.json.size(), 1u);
  EXPECT_TRUE(Has(old_files.json[0], kOldFile));

  // all_files: each reachable manifest once, live entries only: both files.
  TableRows all_files = MustRead(t, MetadataTableKind::kAllFiles);
  ASSERT_EQ(all_files.json.size(), 2u);
  EXPECT_TRUE(Has(all_files.json[0], kOldFile) || Has(all_files.json[1], kOldFile));
  EXPECT_TRUE(Has(all_files.json[0], kNewFile) || Has(all_files.json[1], kNewFile));
  EXPECT_EQ(MustRead(t, MetadataTableKind::kAllDataFiles).json.size(), 2u);
  EXPECT_TRUE(MustRead(t, MetadataTableKind::kAllDeleteFiles).json.empty());
  // all_entries: the first snapshot's ADDED entry and the second's two.
  EXPECT_EQ(MustRead(t, MetadataTableKind::kAllEntries).json.size(), 3u);

  // readable_metrics: l_orderkey (id 1) of the new file, decoded from its bounds.
  Result<std::vector<manifest::ManifestEntry>> live =
      [&]() -> Result<std::vector<manifest::ManifestEntry>> {
    FLOE_ASSIGN_OR_RETURN(auto list, manifest::ReadSnapshotManifests(
                                         *t.io, t.metadata, *t.metadata.CurrentSnapshot()));
    return manifest::ReadLiveEntries(*t.io, t.metadata, list);
  }();
  ASSERT_OK(live);
  ASSERT_EQ(live->size(), 1u);
  const manifest::DataFile& f = (*live)[0].data_file;
  EXPECT_TRUE(
      Has(files.json[0], R"(,"file_size_in_bytes":)" + std::to_string(f.file_size_in_bytes) + ","));
  const spec::NestedField* key = t.metadata.CurrentSchema()->FindFieldById(1);
  ASSERT_NE(key, nullptr);
  Result<std::string> lower = spec::ToJsonString(
      *key->type, *spec::FromBinary(*key->type, *manifest::FindBound(f.lower_bounds, 1)));
  ASSERT_OK(lower);
  const std::string metrics =
      "\"" + key->name +
      "\":{\"column_size\":" + std::to_string(*manifest::FindCount(f.column_sizes, 1)) +
      ",\"value_count\":" + std::to_string(*manifest::FindCount(f.value_counts, 1)) +
      ",\"null_value_count\":" + std::to_string(*manifest::FindCount(f.null_value_counts, 1)) +
      ",\"nan_value_count\":null,\"lower_bound\":" + *lower;
  EXPECT_TRUE(Has(files.json[0], metrics)) << metrics << "\n" << files.json[0];
}

TEST(FilesTableTest, LineitemManifestsAndPartitions) {
  auto t = LoadCorpusTable("iceberg/lineitem_iceberg", "data/persistent/iceberg");
  ASSERT_FALSE(t.location.empty());
  TableRows manifests = MustRead(t, MetadataTableKind::kManifests);
  ASSERT_EQ(manifests.json.size(), 2u);
  EXPECT_TRUE(Has(
      manifests.json[0],
      R"({"content":0,"path":"lineitem_iceberg/metadata/179b4fb1-0366-4f7d-ad35-99ee8da0abf5-m1.avro",)"))
      << manifests.json[0];
  EXPECT_TRUE(Has(
      manifests.json[0],
      R"("partition_spec_id":0,"added_snapshot_id":2354745328521181395,"added_data_files_count":1,)"
      R"("existing_data_files_count":0,"deleted_data_files_count":0,"added_delete_files_count":0,)"
      R"("existing_delete_files_count":0,"deleted_delete_files_count":0,"partition_summaries":[]})"))
      << manifests.json[0];
  EXPECT_TRUE(Has(
      manifests.json[1],
      R"("added_data_files_count":0,"existing_data_files_count":0,"deleted_data_files_count":1,)"))
      << manifests.json[1];

  TableRows all = MustRead(t, MetadataTableKind::kAllManifests);
  ASSERT_EQ(all.json.size(), 3u);
  EXPECT_TRUE(Has(all.json[0], R"("reference_snapshot_id":7817332053627255703})")) << all.json[0];
  EXPECT_TRUE(Has(all.json[1], R"("reference_snapshot_id":2354745328521181395})")) << all.json[1];
  EXPECT_TRUE(Has(all.json[2], R"("reference_snapshot_id":2354745328521181395})")) << all.json[2];

  TableRows partitions = MustRead(t, MetadataTableKind::kPartitions);
  ASSERT_EQ(partitions.json.size(), 1u);
  EXPECT_TRUE(Has(partitions.json[0],
                  R"({"record_count":51793,"file_count":1,"total_data_file_size_in_bytes":)"))
      << partitions.json[0];
  EXPECT_TRUE(Has(
      partitions.json[0],
      R"("position_delete_record_count":0,"position_delete_file_count":0,"equality_delete_record_count":0,)"
      R"("equality_delete_file_count":0,"last_updated_at":"2025-05-02T12:21:20.005000+00:00",)"
      R"("last_updated_snapshot_id":2354745328521181395})"))
      << partitions.json[0];
  (void)kSecondSnapshot;
}

TEST(FilesTableTest, WithoutColumnMetricsTheMetricColumnsAreNull) {
  auto t = LoadCorpusTable("iceberg/lineitem_iceberg", "data/persistent/iceberg");
  ASSERT_FALSE(t.location.empty());
  for (auto kind :
       {MetadataTableKind::kFiles, MetadataTableKind::kEntries, MetadataTableKind::kAllFiles}) {
    SCOPED_TRACE(std::string(MetadataTableName(kind)));
    TableRows full = MustRead(t, kind);
    MetadataTableReadOptions options;
    options.column_metrics = false;
    std::string out;
    auto writer = columnar::RowWriter::Make(columnar::RowFormat::kJson, &out);
    Status st = ReadMetadataTable(*t.io, t.metadata, t.location, kind, options,
                                  [&](const columnar::RecordBatch& b) { return writer->Write(b); });
    ASSERT_OK(st);
    ASSERT_OK(writer->Finish());
    ASSERT_FALSE(full.json.empty());
    // The same rows up to the metrics; every metric column null.
    size_t start = 0;
    for (const std::string& row : full.json) {
      const size_t end = out.find('\n', start);
      const std::string lean = out.substr(start, end - start);
      start = end + 1;
      const size_t cut = row.find(R"("column_sizes":)");
      ASSERT_NE(cut, std::string::npos);
      EXPECT_EQ(lean.substr(0, cut), row.substr(0, cut));
      EXPECT_TRUE(Has(
          lean,
          R"("column_sizes":null,"value_counts":null,"null_value_counts":null,"nan_value_counts":null,"lower_bounds":null,"upper_bounds":null,)"))
          << lean;
      EXPECT_TRUE(Has(lean, R"("readable_metrics":null})")) << lean;
      EXPECT_FALSE(Has(row, R"("readable_metrics":null})")) << row;
    }
    EXPECT_EQ(start, out.size());
  }
}

TEST(FilesTableTest, InlineV1ManifestsHaveSequenceNumbersZero) {
  // iceberg_v1_deprecated_metadata.test: every entry is DATA with sequence numbers 0 and 0.
  auto t = LoadCorpusTable("iceberg_v1_deprecated/default/legacy_v1");
  ASSERT_FALSE(t.location.empty());
  TableRows entries = MustRead(t, MetadataTableKind::kEntries);
  ASSERT_FALSE(entries.json.empty());
  for (const std::string& row : entries.json) {
    EXPECT_TRUE(
        Has(row, R"("sequence_number":0,"file_sequence_number":0,"data_file":{"content":0,)"))
        << row;
  }
  // The manifests table lists the inline manifests (no manifest list to read them from).
  EXPECT_FALSE(MustRead(t, MetadataTableKind::kManifests).json.empty());
  EXPECT_EQ(MustRead(t, MetadataTableKind::kFiles).json.size(), entries.json.size());
}

}  // namespace
}  // namespace floe::inspect
