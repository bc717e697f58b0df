// CALL [catalog.]system.<name>(…) (sql/procedures.h): arguments by name or by position, map(…)
// values, Spark's result columns, and refusals that name the valid procedures and arguments.
#include <filesystem>

#include "sql/sql_script_fixture.h"
#include "testing/result_matchers.h"

namespace floe::sql {
namespace {

class ProceduresTest : public SqlScriptTest {
 protected:
  // One CSV cell of a single-row, single-column result.
  std::string Value(const std::string& query) {
    std::string out = Run(query);
    size_t header = out.find('\n');
    EXPECT_NE(header, std::string::npos) << out;
    std::string value = out.substr(header + 1);
    while (!value.empty() && value.back() == '\n') value.pop_back();
    return value;
  }
};

TEST_F(ProceduresTest, AddFilesFromAFileAndAFolder) {
  ASSERT_EQ(Run("CREATE NAMESPACE db; CREATE TABLE db.src (id bigint, region string);"
                "INSERT INTO db.src VALUES (1, 'eu'), (2, 'us');"
                "INSERT INTO db.src VALUES (3, 'eu');"
                "CREATE TABLE db.t (id bigint, region string)"),
            "-- created namespace db\n-- created table db.src\n-- inserted 2 rows into db.src\n"
            "-- inserted 1 rows into db.src\n-- created table db.t\n");
  std::string files = Run("SELECT file_path FROM db.src.files ORDER BY record_count DESC");
  std::vector<std::string> paths;
  size_t pos = files.find('\n') + 1;
  while (pos < files.size()) {
    size_t end = files.find('\n', pos);
    paths.push_back(files.substr(pos, end - pos));
    pos = end + 1;
  }
  ASSERT_EQ(paths.size(), 2u) << files;

  // By name, one file: Spark's result columns.
  EXPECT_EQ(Run("CALL system.add_files(table => 'db.t', source_table => '" + paths[0] + "')"),
            "added_files_count,changed_partition_count\n1,0\n");
  EXPECT_EQ(Value("SELECT count(*) FROM db.t"), "2");
  // The same file again is refused (check_duplicate_files defaults to true) ...
  std::string again = Run("CALL system.add_files('db.t', '" + paths[0] + "')");
  EXPECT_NE(again.find("is already in the table"), std::string::npos) << again;
  // ... unless check_duplicate_files => false.
  EXPECT_EQ(Run("CALL default.system.add_files(table => 'db.t', source_table => '`parquet`.`" +
                paths[0] + "`', check_duplicate_files => false)"),
            "added_files_count,changed_partition_count\n1,0\n");
  EXPECT_EQ(Value("SELECT count(*) FROM db.t"), "4");

  // A folder: every .parquet file below it; partition_filter keeps those in k=v folders.
  const std::string folder = dir_.Join("incoming");
  std::filesystem::create_directories(folder + "/region=eu");
  std::filesystem::create_directories(folder + "/region=us");
  std::filesystem::copy_file(paths[0], folder + "/region=eu/a.parquet");
  std::filesystem::copy_file(paths[1], folder + "/region=us/b.parquet");
  ASSERT_EQ(Run("CREATE TABLE db.u (id bigint, region string)"), "-- created table db.u\n");
  EXPECT_EQ(Run("CALL system.add_files(table => 'db.u', source_table => '" + folder +
                "', partition_filter => map('region', 'us'))"),
            "added_files_count,changed_partition_count\n1,0\n");
  EXPECT_EQ(Run("SELECT id FROM db.u"), "id\n3\n");
  EXPECT_EQ(Run("CALL system.add_files('db.u', '`parquet`.`" + folder + "`')"),
            "error: line 1, column 1: add-files: " + folder +
                "/region=us/b.parquet is already in the table (adding it again would count its "
                "rows twice; add it anyway with --allow-duplicates, or check_duplicate_files => "
                "false in CALL system.add_files)");
}

TEST_F(ProceduresTest, RegisterTableAndAncestorsOf) {
  ASSERT_EQ(Run("CREATE NAMESPACE db; CREATE TABLE db.t (id bigint);"
                "INSERT INTO db.t VALUES (1); INSERT INTO db.t VALUES (2), (3)")
                .find("error"),
            std::string::npos);
  std::string snapshots = Run("SELECT snapshot_id, committed_at FROM db.t.snapshots");
  const std::string first = Value(
      "SELECT snapshot_id FROM db.t.snapshots ORDER BY committed_at "
      "LIMIT 1");
  const std::string second = Value(
      "SELECT snapshot_id FROM db.t.snapshots ORDER BY committed_at "
      "DESC LIMIT 1");
  // The timestamps in milliseconds: those of the snapshots table, whose seconds CAST gives.
  auto seconds = [&](const std::string& id) {
    return Value("SELECT CAST(committed_at AS BIGINT) FROM db.t.snapshots WHERE snapshot_id = " +
                 id);
  };
  std::string ancestors = Run("CALL system.ancestors_of('db.t')");
  ASSERT_EQ(ancestors.substr(0, ancestors.find('\n')), "snapshot_id,timestamp");
  std::vector<std::pair<std::string, std::string>> rows;
  for (size_t pos = ancestors.find('\n') + 1; pos < ancestors.size();) {
    size_t comma = ancestors.find(',', pos);
    size_t end = ancestors.find('\n', pos);
    rows.emplace_back(ancestors.substr(pos, comma - pos),
                      ancestors.substr(comma + 1, end - comma - 1));
    pos = end + 1;
  }
  ASSERT_EQ(rows.size(), 2u) << ancestors << snapshots;
  EXPECT_EQ(rows[0].first, second);
  EXPECT_EQ(rows[1].first, first);
  EXPECT_EQ(std::to_string(std::stoll(rows[0].second) / 1000), seconds(second));
  EXPECT_EQ(std::to_string(std::stoll(rows[1].second) / 1000), seconds(first));
  EXPECT_EQ(Run("CALL system.ancestors_of(snapshot_id => " + first + ", table => 'db.t')"),
            "snapshot_id,timestamp\n" + first + "," + rows[1].second + "\n");

  const std::string metadata = Value(
      "SELECT file FROM db.t.metadata_log_entries ORDER BY "
      "timestamp DESC LIMIT 1");
  EXPECT_EQ(
      Run("CALL system.register_table(table => 'db.copy', metadata_file => '" + metadata + "')"),
      "current_snapshot_id,total_records_count,total_data_files_count\n" + second + ",3,2\n");
  EXPECT_EQ(Value("SELECT count(*) FROM db.copy"), "3");
}

TEST_F(ProceduresTest, ExpireSnapshotsReturnsSparksCounts) {
  ASSERT_EQ(Run("CREATE NAMESPACE db; CREATE TABLE db.t (id bigint);"
                "INSERT INTO db.t VALUES (1); INSERT INTO db.t VALUES (2);"
                "INSERT INTO db.t VALUES (3); INSERT INTO db.t VALUES (4)")
                .find("error"),
            std::string::npos);
  const std::string columns =
      "deleted_data_files_count,deleted_position_delete_files_count,"
      "deleted_equality_delete_files_count,deleted_manifest_files_count,"
      "deleted_manifest_lists_count,deleted_statistics_files_count\n";
  // Every snapshot is younger than 5 days: nothing goes by default.
  EXPECT_EQ(Run("CALL system.expire_snapshots('db.t')"), columns + "0,0,0,0,0,0\n");
  EXPECT_EQ(Value("SELECT count(*) FROM db.t.snapshots"), "4");
  // The four appends share their manifests; the two oldest lists go.
  EXPECT_EQ(Run("CALL system.expire_snapshots(table => 'db.t', older_than => TIMESTAMP "
                "'2100-01-01 00:00:00', retain_last => 2)"),
            columns + "0,0,0,0,2,0\n");
  EXPECT_EQ(Value("SELECT count(*) FROM db.t.snapshots"), "2");
  EXPECT_EQ(Value("SELECT sum(id) FROM db.t"), "10");
  const std::string current = Value("SELECT snapshot_id FROM db.t.refs WHERE name = 'main'");
  EXPECT_EQ(
      Run("CALL system.expire_snapshots(table => 'db.t', snapshot_ids => array(" + current + "))"),
      "error: line 1, column 1: expire snapshots: cannot expire snapshot " + current +
          ": ref main still points at it");
  EXPECT_EQ(Run("CALL system.expire_snapshots(table => 'db.t', retain_last => 0)"),
            "error: line 1, column 1: expire_snapshots: retain_last must be at least 1, got 0");
  EXPECT_EQ(Run("CALL system.expire_snapshots(table => 'db.t', older_than => '2026-01-01')"),
            "error: line 1, column 1: expire_snapshots: argument older_than must be a TIMESTAMP "
            "(TIMESTAMP '2026-03-01 00:00:00')");
  EXPECT_NE(Run("CALL system.expire_snapshots(table => 'db.t', clean_expired_metadata => true)")
                .find("clean_expired_metadata => true (removing unused partition specs and "
                      "schemas) is not supported yet"),
            std::string::npos);
  EXPECT_EQ(Value("SELECT count(*) FROM db.t.snapshots"), "2");
}

TEST_F(ProceduresTest, RefusalsNameWhatIsValid) {
  ASSERT_EQ(Run("CREATE NAMESPACE db; CREATE TABLE db.t (id bigint)").find("error"),
            std::string::npos);
  EXPECT_EQ(
      Run("CALL system.ancestor_of('db.t')"),
      "error: line 1, column 1: unknown procedure system.ancestor_of (the procedures are "
      "register_table, add_files, ancestors_of, expire_snapshots); did you mean ancestors_of?");
  EXPECT_EQ(Run("CALL system.ancestors_of(tabel => 'db.t')"),
            "error: line 1, column 26: ancestors_of has no argument tabel (its arguments are "
            "table, snapshot_id); did you mean table?");
  EXPECT_EQ(Run("CALL system.ancestors_of('db.t', 1, 2)"),
            "error: line 1, column 37: ancestors_of takes at most 2 arguments (table, "
            "snapshot_id)");
  EXPECT_EQ(Run("CALL system.register_table(table => 'db.x')"),
            "error: line 1, column 1: register_table: argument metadata_file is missing "
            "(arguments: table, metadata_file)");
  EXPECT_EQ(Run("CALL system.ancestors_of(table => 'db.t', table => 'db.t')"),
            "error: line 1, column 43: ancestors_of: argument table is given twice");
  EXPECT_EQ(Run("CALL system.ancestors_of('db.t', snapshot_id => 1)"),
            "error: line 1, column 34: CALL: give every argument by name (name => value) or "
            "every one by position, not a mix");
  EXPECT_EQ(Run("CALL ancestors_of('db.t')"),
            "error: line 1, column 1: CALL ancestors_of: procedures are called as "
            "[catalog.]system.<name>(…)");
  EXPECT_EQ(Run("CALL system.ancestors_of(table => 'db.t', snapshot_id => 'x')"),
            "error: line 1, column 1: ancestors_of: argument snapshot_id must be an integer");
  EXPECT_EQ(Run("CALL system.add_files('db.t', 'hive_db.events')"),
            "error: line 1, column 1: add_files: source_table hive_db.events: only Parquet files "
            "are supported as a source (`parquet`.`/path/to/folder`, a folder or a file), not a "
            "table");
}

TEST_F(ProceduresTest, CallPrintsBack) {
  auto parsed = syntax::ParseStatement(
      "call lake.system.add_files(table => 'db.t', source_table => '`parquet`.`/x`', "
      "partition_filter => map('k', 'v'))");
  ASSERT_OK(parsed);
  EXPECT_EQ(syntax::ToSql(*parsed),
            "CALL lake.system.add_files(table => 'db.t', source_table => '`parquet`.`/x`', "
            "partition_filter => map('k', 'v'))");
}

}  // namespace
}  // namespace floe::sql
