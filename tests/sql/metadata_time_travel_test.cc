// Golden tests of time travel on metadata tables: `t.files VERSION AS OF <id | 'tag' | 'branch'>`,
// TIMESTAMP AS OF and the FOR SYSTEM_… forms read the files, data_files, delete_files, entries,
// manifests and partitions of the chosen snapshot, as Spark does with Iceberg's catalog
// (SparkCatalog.loadTable(ident, version) hands the snapshot or ref to the metadata table's
// scan); the tables that describe the whole table (snapshots, history, refs, …) refuse it.
#include <chrono>
#include <thread>

#include "floe/catalog/catalog_table_operations.h"
#include "sql/sql_script_fixture.h"
#include "testing/result_matchers.h"

namespace floe::sql {
namespace {

class MetadataTimeTravelTest : public SqlScriptTest {
 protected:
  void SetUp() override {
    SqlScriptTest::SetUp();
    ASSERT_EQ(
        Run("CREATE NAMESPACE s; CREATE TABLE s.t (id int, region string) PARTITIONED BY (region); "
            "INSERT INTO s.t VALUES (1, 'eu')"),
        "-- created namespace s\n-- created table s.t\n-- inserted 1 rows into s.t\n");
    first_id_ = Line(Rows("SELECT snapshot_id FROM s.t.snapshots"));
    first_time_ = Line(Rows("SELECT CAST(committed_at AS STRING) FROM s.t.snapshots"));
    // The second commit a few milliseconds later: TIMESTAMP AS OF the first one's time must not see
    // it.
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_EQ(Run("INSERT INTO s.t VALUES (2, 'us'), (3, 'us')"), "-- inserted 2 rows into s.t\n");
    // A tag on the first snapshot and a branch on the second, through the library (SQL has no
    // statement for refs yet).
    auto cat = catalog::OpenCatalog(config_);
    ASSERT_OK(cat);
    catalog::CatalogTableOperations ops(**cat, catalog::TableIdentifier{{"s"}, "t"});
    auto base = ops.Refresh();
    ASSERT_OK(base);
    spec::SnapshotRef tag;
    tag.snapshot_id = std::stoll(first_id_);
    tag.type = spec::SnapshotRefType::kTag;
    spec::SnapshotRef branch;
    branch.snapshot_id = *base->metadata.current_snapshot_id;
    std::vector<commit::TableRequirement> requirements{
        commit::AssertTableUuid{base->metadata.table_uuid}};
    std::vector<commit::TableUpdate> updates{commit::SetSnapshotRef{"v1", tag},
                                             commit::SetSnapshotRef{"dev", branch}};
    auto committed = ops.Commit(requirements, updates);
    ASSERT_OK(committed);
  }

  static std::string Line(std::string rows) {
    if (!rows.empty() && rows.back() == '\n') rows.pop_back();
    return rows;
  }

  std::string first_id_, first_time_;
};

TEST_F(MetadataTimeTravelTest, FilesOfAnEarlierSnapshot) {
  EXPECT_EQ(Run("SELECT partition.region, record_count FROM s.t.files ORDER BY 1"),
            "region,record_count\neu,1\nus,2\n");
  const std::string first = "region,record_count\neu,1\n";
  EXPECT_EQ(Run("SELECT partition.region, record_count FROM s.t.files VERSION AS OF " + first_id_),
            first);
  EXPECT_EQ(
      Run("SELECT partition.region, record_count FROM s.t.files VERSION AS OF '" + first_id_ + "'"),
      first);
  EXPECT_EQ(Run("SELECT partition.region, record_count FROM s.t.files VERSION AS OF 'v1'"), first);
  EXPECT_EQ(Run("SELECT partition.region, record_count FROM s.t.files FOR SYSTEM_VERSION AS OF " +
                first_id_),
            first);
  EXPECT_EQ(Run("SELECT partition.region, record_count FROM s.t.files TIMESTAMP AS OF '" +
                first_time_ + "'"),
            first);
  EXPECT_EQ(Run("SELECT partition.region, record_count FROM s.t.files FOR SYSTEM_TIME AS OF '" +
                first_time_ + "'"),
            first);
  // A branch reads its head; a time after every commit reads the current snapshot.
  EXPECT_EQ(Run("SELECT count(*) FROM s.t.files VERSION AS OF 'dev'"), "count(1)\n2\n");
  EXPECT_EQ(Run("SELECT count(*) FROM s.t.data_files TIMESTAMP AS OF 4102444800"),
            "count(1)\n2\n");  // 2100-01-01
}

TEST_F(MetadataTimeTravelTest, EveryPerSnapshotTable) {
  EXPECT_EQ(Run("SELECT count(*) FROM s.t.data_files VERSION AS OF 'v1'"), "count(1)\n1\n");
  EXPECT_EQ(Run("SELECT count(*) FROM s.t.delete_files VERSION AS OF 'v1'"), "count(1)\n0\n");
  EXPECT_EQ(Run("SELECT status, snapshot_id = " + first_id_ +
                " AS first, data_file.record_count FROM s.t.entries "
                "VERSION AS OF 'v1'"),
            "status,first,record_count\n1,true,1\n");
  EXPECT_EQ(Run("SELECT added_snapshot_id = " + first_id_ +
                " AS first, added_data_files_count FROM s.t.manifests "
                "VERSION AS OF 'v1'"),
            "first,added_data_files_count\ntrue,1\n");
  EXPECT_EQ(Run("SELECT partition.region, record_count, file_count FROM s.t.partitions VERSION AS "
                "OF 'v1'"),
            "region,record_count,file_count\neu,1,1\n");
  EXPECT_EQ(Run("SELECT partition.region, record_count FROM s.t.partitions ORDER BY 1"),
            "region,record_count\neu,1\nus,2\n");
  // The same table twice, at two snapshots.
  EXPECT_EQ(Run("SELECT a.file_path = b.file_path AS same FROM s.t.files VERSION AS OF 'v1' AS a "
                "JOIN s.t.files AS b ON a.partition.region = b.partition.region"),
            "same\ntrue\n");
}

TEST_F(MetadataTimeTravelTest, Errors) {
  EXPECT_EQ(Run("SELECT * FROM s.t.files VERSION AS OF 12345"),
            "error: line 1, column 15: snapshot 12345 does not exist in this table");
  EXPECT_EQ(Run("SELECT * FROM s.t.files VERSION AS OF 'nope'"),
            "error: line 1, column 15: no branch or tag named \"nope\"");
  const std::string before = "error: line 1, column 15: no snapshot was current at ";
  EXPECT_EQ(Run("SELECT * FROM s.t.manifests TIMESTAMP AS OF 0").substr(0, before.size()), before);
  EXPECT_EQ(
      Run("SELECT * FROM s.t.snapshots VERSION AS OF 'v1'"),
      "error: line 1, column 29: s.t.snapshots has no time travel (it describes the whole table); "
      "files, "
      "data_files, delete_files, entries, manifests and partitions take VERSION/TIMESTAMP AS OF");
  EXPECT_EQ(Run("SELECT * FROM s.t.all_files VERSION AS OF 'v1'").substr(0, 55),
            "error: line 1, column 29: s.t.all_files has no time tra");
}

}  // namespace
}  // namespace floe::sql
