// Metadata tables of a table built here through a SQLite catalog with three known appends
// (CSV inputs, partitioned by identity(region), manifest merging off so each append keeps its
// manifest): every number below follows from the rows appended.
//   append 1: (1, seoul, 10), (2, seoul, 20), (3, paris, 5)
//   append 2: (4, paris, 7), (5, lima, 1)
//   append 3: (6, seoul, 100)
#include <gtest/gtest.h>

#include <fstream>

#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/update/append_files.h"
#include "inspect/inspect_test_util.h"
#include "testing/result_matchers.h"

namespace floe::inspect {
namespace {

using testing_util::ReadRows;
using testing_util::TableRows;

int Count(const std::vector<std::string>& rows, const std::string& part) {
  int n = 0;
  for (const std::string& r : rows) n += r.find(part) != std::string::npos ? 1 : 0;
  return n;
}

TEST(CatalogTableTest, ThreeAppendsShowInEveryMetadataTable) {
  testing::TempDir dir;
  auto local = io::LocalFileIO();
  catalog::sql::SqlCatalogOptions options{"lake", dir.Join("catalog.db"), dir.Join("wh"), local};
  auto catalog = catalog::sql::SqlCatalog::Open(options);
  ASSERT_OK(catalog);
  ASSERT_OK((*catalog)->CreateNamespace({"eng"}, {}));
  catalog::TableIdentifier id{{"eng"}, "orders"};
  catalog::CreateTableOptions create;
  create.table.schema.fields = {spec::NestedField{1, "id", true, spec::Type::Long()},
                                spec::NestedField{2, "region", false, spec::Type::String()},
                                spec::NestedField{3, "amount", false, spec::Type::Int()}};
  create.table.spec.fields = {
      spec::PartitionField{2, {}, 1000, "region", spec::Transform::Identity()}};
  create.table.properties["commit.manifest-merge.enabled"] = "false";
  ASSERT_OK((*catalog)->CreateTable(id, create));
  catalog::CatalogTableOperations ops(**catalog, id);

  const std::vector<std::string> inputs = {"id,region,amount\n1,seoul,10\n2,seoul,20\n3,paris,5\n",
                                           "id,region,amount\n4,paris,7\n5,lima,1\n",
                                           "id,region,amount\n6,seoul,100\n"};
  std::vector<int64_t> snapshots;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const std::string path = dir.Join("in" + std::to_string(i) + ".csv");
    std::ofstream(path) << inputs[i];
    auto appended = update::AppendFiles(ops, *local, {path});
    ASSERT_OK(appended);
    snapshots.push_back(appended->snapshot_id);
  }
  auto loaded = (*catalog)->LoadTable(id);
  ASSERT_OK(loaded);
  const spec::TableMetadata& metadata = loaded->metadata;
  auto read = [&](MetadataTableKind kind, std::optional<int64_t> snapshot = std::nullopt) {
    Result<TableRows> rows = ReadRows(*local, metadata, loaded->metadata_location, kind, snapshot);
    EXPECT_OK(rows) << MetadataTableName(kind);
    return rows.ok() ? rows->json : std::vector<std::string>{};
  };
  const std::string s1 = std::to_string(snapshots[0]), s2 = std::to_string(snapshots[1]),
                    s3 = std::to_string(snapshots[2]);

  std::vector<std::string> snaps = read(MetadataTableKind::kSnapshots);
  ASSERT_EQ(snaps.size(), 3u);
  EXPECT_EQ(Count(snaps, R"("operation":"append")"), 3);
  EXPECT_EQ(Count(snaps, "\"snapshot_id\":" + s2 + ",\"parent_id\":" + s1 + ","), 1);
  EXPECT_EQ(Count(snaps, "\"snapshot_id\":" + s3 + ",\"parent_id\":" + s2 + ","), 1);
  EXPECT_EQ(Count(snaps, R"({"key":"added-records","value":"3"})"), 1);
  EXPECT_EQ(Count(snaps, R"({"key":"total-records","value":"6"})"), 1);

  std::vector<std::string> history = read(MetadataTableKind::kHistory);
  ASSERT_EQ(history.size(), 3u);
  EXPECT_EQ(Count(history, R"("is_current_ancestor":true)"), 3);
  EXPECT_EQ(
      read(MetadataTableKind::kRefs),
      (std::vector<std::string>{
          R"({"name":"main","type":"BRANCH","snapshot_id":)" + s3 +
          R"(,"max_reference_age_in_ms":null,"min_snapshots_to_keep":null,"max_snapshot_age_in_ms":null})"}));
  std::vector<std::string> log = read(MetadataTableKind::kMetadataLogEntries);
  ASSERT_EQ(log.size(), metadata.metadata_log.size() + 1);
  EXPECT_NE(log.back().find("\"file\":\"" + loaded->metadata_location +
                            "\",\"latest_snapshot_id\":" + s3 +
                            ",\"latest_schema_id\":0,\"latest_sequence_number\":3}"),
            std::string::npos)
      << log.back();

  // files: one per append and region; readable_metrics decode the amount bounds.
  std::vector<std::string> files = read(MetadataTableKind::kFiles);
  ASSERT_EQ(files.size(), 5u);
  EXPECT_EQ(Count(files, R"("partition":{"region":"seoul"},"record_count":2,)"), 1);
  EXPECT_EQ(Count(files, R"("partition":{"region":"seoul"},"record_count":1,)"), 1);
  EXPECT_EQ(Count(files, R"("partition":{"region":"paris"},"record_count":1,)"), 2);
  EXPECT_EQ(Count(files, R"("partition":{"region":"lima"},"record_count":1,)"), 1);
  EXPECT_EQ(Count(files, R"("amount":{"column_size":)"), 5);
  EXPECT_EQ(
      Count(
          files,
          R"("value_count":2,"null_value_count":0,"nan_value_count":null,"lower_bound":10,"upper_bound":20})"),
      1);
  EXPECT_EQ(Count(files, R"("lower_bound":"seoul","upper_bound":"seoul"})"), 2);
  EXPECT_EQ(read(MetadataTableKind::kDataFiles), files);
  EXPECT_TRUE(read(MetadataTableKind::kDeleteFiles).empty());
  EXPECT_EQ(read(MetadataTableKind::kFiles, snapshots[0]).size(), 2u);
  EXPECT_EQ(read(MetadataTableKind::kAllFiles).size(), 5u);
  std::vector<std::string> entries = read(MetadataTableKind::kEntries);
  ASSERT_EQ(entries.size(), 5u);
  EXPECT_EQ(Count(entries, "{\"status\":1,\"snapshot_id\":" + s2 +
                               ",\"sequence_number\":2,\"file_sequence_number\":2,"),
            2);

  // partitions, sorted by region.
  std::vector<std::string> partitions = read(MetadataTableKind::kPartitions);
  ASSERT_EQ(partitions.size(), 3u);
  EXPECT_EQ(
      partitions[0].rfind(
          R"({"partition":{"region":"lima"},"spec_id":0,"record_count":1,"file_count":1,)", 0),
      0u)
      << partitions[0];
  EXPECT_EQ(
      partitions[1].rfind(
          R"({"partition":{"region":"paris"},"spec_id":0,"record_count":2,"file_count":2,)", 0),
      0u)
      << partitions[1];
  EXPECT_EQ(
      partitions[2].rfind(
          R"({"partition":{"region":"seoul"},"spec_id":0,"record_count":3,"file_count":2,)", 0),
      0u)
      << partitions[2];
  EXPECT_NE(partitions[1].find("\"last_updated_snapshot_id\":" + s2 + "}"), std::string::npos)
      << partitions[1];
  EXPECT_NE(partitions[2].find("\"last_updated_snapshot_id\":" + s3 + "}"), std::string::npos)
      << partitions[2];

  // manifests: one per append (no merging), with their region bounds as text.
  std::vector<std::string> manifests = read(MetadataTableKind::kManifests);
  ASSERT_EQ(manifests.size(), 3u);
  EXPECT_EQ(Count(manifests, "\"added_snapshot_id\":" + s2 + ",\"added_data_files_count\":2,"), 1);
  EXPECT_EQ(
      Count(
          manifests,
          R"("partition_summaries":[{"contains_null":false,"contains_nan":false,"lower_bound":"lima","upper_bound":"paris"}]})"),
      1)
      << manifests[0] << "\n"
      << manifests[1];
  EXPECT_EQ(Count(manifests, R"("lower_bound":"paris","upper_bound":"seoul")"), 1);
  EXPECT_EQ(read(MetadataTableKind::kAllManifests).size(), 6u);
  EXPECT_EQ(read(MetadataTableKind::kManifests, snapshots[0]).size(), 1u);

  // Bounds that do not decode as the column's type (a 4-byte int read as a uuid) are corrupt,
  // named by file and column.
  spec::TableMetadata wrong = metadata;
  for (spec::Schema& schema : wrong.schemas) {
    for (spec::NestedField& f : schema.fields) {
      if (f.id == 3) f.type = spec::Type::Uuid();
    }
  }
  Result<TableRows> bad =
      ReadRows(*local, wrong, loaded->metadata_location, MetadataTableKind::kFiles);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(bad.error().message.find("bound of column amount (id 3)"), std::string::npos)
      << bad.error().message;
  EXPECT_NE(bad.error().message.find(".parquet"), std::string::npos) << bad.error().message;

  Result<TableRows> missing =
      ReadRows(*local, metadata, loaded->metadata_location, MetadataTableKind::kFiles, 42);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::kNotFound);
  EXPECT_NE(missing.error().message.find("42"), std::string::npos);
}

}  // namespace
}  // namespace floe::inspect
