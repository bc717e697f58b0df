// CREATE TABLE ... AS SELECT is one commit (a staged create and its first snapshot): the table
// appears with its rows in its first metadata file, and a query that fails at run time leaves
// no table and no file behind.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "floe/catalog/config/catalog_config.h"
#include "sql_script_fixture.h"

namespace floe::sql {
namespace {

using floe::testing::FilesUnder;

class CreateTableAsSelectTest : public SqlScriptTest {
 protected:
  Result<catalog::LoadedTable> Load(const std::string& name) {
    FLOE_ASSIGN_OR_RETURN(auto catalog, catalog::OpenCatalog(config_));
    return catalog->LoadTable(catalog::TableIdentifier{{"s"}, name});
  }
};

TEST_F(CreateTableAsSelectTest, OneCommitOneSnapshotOneMetadataFile) {
  ASSERT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.src (n INT, name STRING); "
                "INSERT INTO s.src VALUES (1, 'a'), (2, 'b'), (3, 'c')"),
            "-- created namespace s\n-- created table s.src\n-- inserted 3 rows into s.src\n");
  EXPECT_EQ(Run("CREATE TABLE s.c PARTITIONED BY (name) AS SELECT n * 10 AS v, name FROM s.src "
                "WHERE n > 1"),
            "-- created table s.c with 2 rows\n");
  EXPECT_EQ(Rows("SELECT v, name FROM s.c ORDER BY v"), "20,b\n30,c\n");

  auto table = Load("c");
  ASSERT_OK(table);
  EXPECT_EQ(table->metadata.snapshots.size(), 1u);
  EXPECT_TRUE(table->metadata.metadata_log.empty());
  EXPECT_EQ(FilesUnder(dir_.Join("s/c"), ".metadata.json"),
            std::vector<std::string>{table->metadata_location});
  EXPECT_EQ(FilesUnder(dir_.Join("s/c"), ".parquet").size(), 2u);  // one per partition

  // No rows is still a table with its (empty) first snapshot.
  EXPECT_EQ(Run("CREATE TABLE s.e AS SELECT n FROM s.src WHERE n > 9"),
            "-- created table s.e with 0 rows\n");
  auto empty = Load("e");
  ASSERT_OK(empty);
  EXPECT_EQ(empty->metadata.snapshots.size(), 1u);
  EXPECT_EQ(FilesUnder(dir_.Join("s/e"), ".metadata.json").size(), 1u);
}

TEST_F(CreateTableAsSelectTest, FailingQueryLeavesNoTableAndNoFiles) {
  ASSERT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.src (n INT); "
                "INSERT INTO s.src VALUES (1), (2); INSERT INTO s.src VALUES (0)"),
            "-- created namespace s\n-- created table s.src\n-- inserted 2 rows into s.src\n"
            "-- inserted 1 rows into s.src\n");
  const std::vector<std::string> before = FilesUnder(dir_.path(), "");
  // Binds, then fails at run time on the row with n = 0, after the create was staged. (That
  // data files, manifests and the metadata file a failed create wrote are deleted is tested in
  // tests/catalog/staged_create_test.cc.)
  std::string out =
      Run("CREATE TABLE s.bad AS SELECT element_at(array(10, 20), n) AS v FROM s.src");
  EXPECT_EQ(out.rfind("error: ", 0), 0u) << out;
  EXPECT_NE(out.find("array index 0 is invalid"), std::string::npos) << out;

  EXPECT_EQ(Load("bad").error().kind, ErrorKind::kNotFound);
  EXPECT_EQ(Rows("SHOW TABLES IN s"), "s,src\n");
  EXPECT_EQ(FilesUnder(dir_.path(), ""), before);
  EXPECT_FALSE(std::filesystem::exists(dir_.Join("s/bad")));
}

TEST_F(CreateTableAsSelectTest, ExistingNameIsRefused) {
  ASSERT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.c AS SELECT 1 AS a"),
            "-- created namespace s\n-- created table s.c with 1 rows\n");
  auto first = Load("c");
  ASSERT_OK(first);
  std::string out = Run("CREATE TABLE s.c AS SELECT 2 AS a");
  EXPECT_EQ(out.rfind("error: ", 0), 0u) << out;
  EXPECT_NE(out.find("table s.c already exists"), std::string::npos) << out;
  EXPECT_EQ(Run("CREATE TABLE IF NOT EXISTS s.c AS SELECT 3 AS a"), "-- table s.c exists\n");

  EXPECT_EQ(Rows("SELECT a FROM s.c"), "1\n");
  auto after = Load("c");
  ASSERT_OK(after);
  EXPECT_EQ(after->metadata_location, first->metadata_location);
  EXPECT_EQ(FilesUnder(dir_.Join("s/c"), ".metadata.json").size(), 1u);
  EXPECT_EQ(FilesUnder(dir_.Join("s/c"), ".parquet").size(), 1u);
}

}  // namespace
}  // namespace floe::sql
