// snapshots, history, refs and metadata_log_entries on corpus tables: rows against the values in
// their metadata files (read here with python-free expectations written out by hand), the v1
// table whose snapshot lists manifests inline (no manifest list: DuckDB's iceberg_snapshots
// expects NULL there), and name lookup.
#include <gtest/gtest.h>

#include "floe/io/memory_file_io.h"
#include "inspect/inspect_test_util.h"
#include "testing/result_matchers.h"

namespace floe::inspect {
namespace {

using testing_util::LoadCorpusTable;
using testing_util::ReadRows;

TEST(MetadataTableNameTest, KnownNamesRoundTripAndUnknownListsThem) {
  for (auto kind : {MetadataTableKind::kSnapshots, MetadataTableKind::kAllDataFiles,
                    MetadataTableKind::kMetadataLogEntries, MetadataTableKind::kPartitions}) {
    Result<MetadataTableKind> back = MetadataTableKindFromName(MetadataTableName(kind));
    ASSERT_OK(back);
    EXPECT_EQ(*back, kind);
  }
  EXPECT_EQ(*MetadataTableKindFromName("SNAPSHOTS"), MetadataTableKind::kSnapshots);
  Result<MetadataTableKind> bad = MetadataTableKindFromName("snapshot");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().kind, ErrorKind::kNotFound);
  EXPECT_NE(bad.error().message.find("\"snapshot\""), std::string::npos) << bad.error().message;
  EXPECT_NE(bad.error().message.find("all_entries"), std::string::npos) << bad.error().message;
}

TEST(HistoryTablesTest, LineitemSnapshotsHistoryRefsAndMetadataLog) {
  auto t = LoadCorpusTable("iceberg/lineitem_iceberg", "data/persistent/iceberg");
  ASSERT_FALSE(t.location.empty());

  Result<testing_util::TableRows> snapshots =
      ReadRows(*t.io, t.metadata, t.location, MetadataTableKind::kSnapshots);
  ASSERT_OK(snapshots);
  ASSERT_EQ(snapshots->json.size(), 2u);
  EXPECT_EQ(
      snapshots->json[0],
      R"({"committed_at":"2025-05-02T12:21:19.060000+00:00","snapshot_id":7817332053627255703,)"
      R"("parent_id":null,"operation":"append","manifest_list":"lineitem_iceberg/metadata/)"
      R"(snap-7817332053627255703-1-787a5996-87e9-4d93-b258-066d524e82cc.avro","summary":[)"
      R"({"key":"added-data-files","value":"1"},{"key":"added-files-size","value":"1406875"},)"
      R"({"key":"added-records","value":"60175"},{"key":"changed-partition-count","value":"1"},)"
      R"({"key":"operation","value":"append"},{"key":"spark.app.id","value":"local-1746188475876"},)"
      R"({"key":"total-data-files","value":"1"},{"key":"total-delete-files","value":"0"},)"
      R"({"key":"total-equality-deletes","value":"0"},{"key":"total-files-size","value":"1406875"},)"
      R"({"key":"total-position-deletes","value":"0"},{"key":"total-records","value":"60175"}]})");
  EXPECT_NE(
      snapshots->json[1].find(
          R"("snapshot_id":2354745328521181395,"parent_id":7817332053627255703,"operation":"overwrite")"),
      std::string::npos)
      << snapshots->json[1];

  Result<testing_util::TableRows> history =
      ReadRows(*t.io, t.metadata, t.location, MetadataTableKind::kHistory);
  ASSERT_OK(history);
  EXPECT_EQ(
      history->json,
      (std::vector<std::string>{
          R"({"made_current_at":"2025-05-02T12:21:19.060000+00:00","snapshot_id":7817332053627255703,"parent_id":null,"is_current_ancestor":true})",
          R"({"made_current_at":"2025-05-02T12:21:20.005000+00:00","snapshot_id":2354745328521181395,"parent_id":7817332053627255703,"is_current_ancestor":true})"}));

  Result<testing_util::TableRows> refs =
      ReadRows(*t.io, t.metadata, t.location, MetadataTableKind::kRefs);
  ASSERT_OK(refs);
  EXPECT_EQ(
      refs->json,
      (std::vector<std::string>{
          R"({"name":"main","type":"BRANCH","snapshot_id":2354745328521181395,"max_reference_age_in_ms":null,"min_snapshots_to_keep":null,"max_snapshot_age_in_ms":null})"}));

  Result<testing_util::TableRows> log =
      ReadRows(*t.io, t.metadata, t.location, MetadataTableKind::kMetadataLogEntries);
  ASSERT_OK(log);
  ASSERT_EQ(log->json.size(), 2u);
  EXPECT_EQ(
      log->json[0],
      R"({"timestamp":"2025-05-02T12:21:19.060000+00:00","file":"lineitem_iceberg/metadata/v1.metadata.json",)"
      R"("latest_snapshot_id":7817332053627255703,"latest_schema_id":0,"latest_sequence_number":1})");
  EXPECT_EQ(
      log->json[1],
      R"({"timestamp":"2025-05-02T12:21:20.005000+00:00","file":")" + t.location +
          R"(","latest_snapshot_id":2354745328521181395,"latest_schema_id":0,"latest_sequence_number":2})");
}

TEST(HistoryTablesTest, InlineManifestsHaveNoManifestList) {
  auto t = LoadCorpusTable("iceberg_v1_deprecated/default/legacy_v1");
  ASSERT_FALSE(t.location.empty());
  Result<testing_util::TableRows> snapshots =
      ReadRows(*t.io, t.metadata, t.location, MetadataTableKind::kSnapshots);
  ASSERT_OK(snapshots);
  ASSERT_EQ(snapshots->json.size(), t.metadata.snapshots.size());
  for (const std::string& row : snapshots->json) {
    EXPECT_NE(row.find(R"("manifest_list":null)"), std::string::npos) << row;
  }
}

TEST(HistoryTablesTest, ManyRowsComeInBoundedBatches) {
  spec::TableMetadata metadata;
  for (int i = 0; i < 2500; ++i) {
    spec::Snapshot s;
    s.snapshot_id = 1000 + i;
    if (i > 0) s.parent_snapshot_id = 999 + i;
    s.timestamp_ms = 1000 * i;
    metadata.snapshots.push_back(s);
    metadata.snapshot_log.push_back({s.timestamp_ms, s.snapshot_id});
  }
  metadata.current_snapshot_id = 1000 + 1999;  // a rollback: the last 500 are not ancestors
  io::MemoryFileIO io;
  int64_t batches = 0, rows = 0, ancestors = 0;
  Status st = ReadMetadataTable(io, metadata, "m.json", MetadataTableKind::kHistory, std::nullopt,
                                [&](const columnar::RecordBatch& b) -> Status {
                                  EXPECT_LE(b.num_rows(), kMetadataBatchRows);
                                  ++batches;
                                  rows += b.num_rows();
                                  for (int64_t i = 0; i < b.num_rows(); ++i) {
                                    ancestors += b.column(3)->GetBool(i) ? 1 : 0;
                                  }
                                  return Ok();
                                });
  ASSERT_OK(st);
  EXPECT_EQ(rows, 2500);
  EXPECT_EQ(batches, (2500 + kMetadataBatchRows - 1) / kMetadataBatchRows);
  EXPECT_EQ(ancestors, 2000);
}

}  // namespace
}  // namespace floe::inspect
