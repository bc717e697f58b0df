// Failures come back as errors naming what is wrong: a manifest list that is not there, a
// snapshot id the table does not have, and an error from the caller's batch callback (which
// stops the read and is returned unchanged).
#include <gtest/gtest.h>

#include "inspect/inspect_test_util.h"
#include "testing/result_matchers.h"

namespace floe::inspect {
namespace {

using testing_util::LoadCorpusTable;
using testing_util::ReadRows;

TEST(MetadataTableErrorsTest, MissingManifestListIsNamed) {
  auto t = LoadCorpusTable("iceberg/lineitem_iceberg", "data/persistent/iceberg");
  ASSERT_FALSE(t.location.empty());
  spec::TableMetadata broken = t.metadata;
  for (spec::Snapshot& s : broken.snapshots)
    s.manifest_list = "lineitem_iceberg/metadata/gone.avro";
  for (auto kind : {MetadataTableKind::kFiles, MetadataTableKind::kManifests,
                    MetadataTableKind::kEntries, MetadataTableKind::kPartitions,
                    MetadataTableKind::kAllFiles, MetadataTableKind::kAllManifests}) {
    Result<testing_util::TableRows> rows = ReadRows(*t.io, broken, t.location, kind);
    ASSERT_FALSE(rows.ok()) << MetadataTableName(kind);
    EXPECT_NE(rows.error().message.find("gone.avro"), std::string::npos) << rows.error().message;
  }
  // The tables read from metadata alone do not open it.
  Result<testing_util::TableRows> snapshots =
      ReadRows(*t.io, broken, t.location, MetadataTableKind::kSnapshots);
  ASSERT_OK(snapshots);
  EXPECT_EQ(snapshots->json.size(), 2u);
}

TEST(MetadataTableErrorsTest, UnknownSnapshotIsNotFound) {
  auto t = LoadCorpusTable("iceberg/lineitem_iceberg", "data/persistent/iceberg");
  ASSERT_FALSE(t.location.empty());
  for (auto kind : {MetadataTableKind::kFiles, MetadataTableKind::kManifests,
                    MetadataTableKind::kPartitions, MetadataTableKind::kEntries}) {
    Result<testing_util::TableRows> rows = ReadRows(*t.io, t.metadata, t.location, kind, 12345);
    ASSERT_FALSE(rows.ok());
    EXPECT_EQ(rows.error().kind, ErrorKind::kNotFound);
    EXPECT_NE(rows.error().message.find("12345"), std::string::npos) << rows.error().message;
  }
}

TEST(MetadataTableErrorsTest, CallbackErrorStopsTheRead) {
  auto t = LoadCorpusTable("iceberg/lineitem_iceberg", "data/persistent/iceberg");
  ASSERT_FALSE(t.location.empty());
  int calls = 0;
  Status st = ReadMetadataTable(*t.io, t.metadata, t.location, MetadataTableKind::kFiles,
                                std::nullopt, [&](const columnar::RecordBatch&) -> Status {
                                  ++calls;
                                  return InvalidArgument("enough");
                                });
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().kind, ErrorKind::kInvalidArgument);
  EXPECT_EQ(st.error().message, "enough");
  EXPECT_EQ(calls, 1);
}

TEST(MetadataTableErrorsTest, TableWithoutSnapshotsHasEmptyTables) {
  spec::TableMetadata metadata;
  metadata.schemas = {spec::Schema{}};
  metadata.partition_specs = {spec::PartitionSpec{}};
  auto io = io::LocalFileIO();
  for (auto kind :
       {MetadataTableKind::kSnapshots, MetadataTableKind::kHistory, MetadataTableKind::kRefs,
        MetadataTableKind::kFiles, MetadataTableKind::kManifests, MetadataTableKind::kPartitions,
        MetadataTableKind::kEntries, MetadataTableKind::kAllFiles,
        MetadataTableKind::kAllManifests}) {
    Result<testing_util::TableRows> rows = ReadRows(*io, metadata, "m.json", kind);
    ASSERT_OK(rows) << MetadataTableName(kind);
    EXPECT_TRUE(rows->json.empty()) << MetadataTableName(kind);
    EXPECT_EQ(rows->batches, 0) << MetadataTableName(kind);
  }
  // metadata_log_entries always has the current file.
  Result<testing_util::TableRows> log =
      ReadRows(*io, metadata, "m.json", MetadataTableKind::kMetadataLogEntries);
  ASSERT_OK(log);
  ASSERT_EQ(log->json.size(), 1u);
  EXPECT_NE(log->json[0].find(R"("file":"m.json","latest_snapshot_id":null)"), std::string::npos)
      << log->json[0];
}

}  // namespace
}  // namespace floe::inspect
