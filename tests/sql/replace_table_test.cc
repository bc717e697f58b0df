// REPLACE TABLE and CREATE OR REPLACE TABLE [AS SELECT] (Spark's atomic replace): new columns,
// partitioning and rows in ONE commit; the table keeps its uuid and its history, and columns
// that keep their name keep their field id. A failing query changes nothing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/config/catalog_config.h"
#include "floe/commit/replacing_table_operations.h"
#include "sql_script_fixture.h"

namespace floe::sql {
namespace {

using floe::testing::FilesUnder;

class ReplaceTableTest : public SqlScriptTest {
 protected:
  Result<catalog::LoadedTable> Load(const std::string& name) {
    FLOE_ASSIGN_OR_RETURN(auto catalog, catalog::OpenCatalog(config_));
    return catalog->LoadTable(catalog::TableIdentifier{{"s"}, name});
  }
};

TEST_F(ReplaceTableTest, AsSelectIsOneCommitKeepingHistoryAndIds) {
  ASSERT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.t (id INT, name STRING, gone DOUBLE) "
                "PARTITIONED BY (bucket(4, id)) TBLPROPERTIES ('owner' = 'ann'); "
                "INSERT INTO s.t VALUES (1, 'a', 1.5), (2, 'b', 2.5)"),
            "-- created namespace s\n-- created table s.t\n-- inserted 2 rows into s.t\n");
  auto before = Load("t");
  ASSERT_OK(before);
  const int64_t old_snapshot = *before->metadata.current_snapshot_id;

  EXPECT_EQ(Run("CREATE OR REPLACE TABLE s.t PARTITIONED BY (name) TBLPROPERTIES ('tier' = 'gold') "
                "AS SELECT id * 10 AS id, name, 'x' AS extra FROM s.t"),
            "-- replaced table s.t with 2 rows\n");
  EXPECT_EQ(Rows("SELECT id, name, extra FROM s.t ORDER BY id"), "10,a,x\n20,b,x\n");
  // The old snapshot still reads with its own columns.
  EXPECT_EQ(
      Rows("SELECT * FROM s.t VERSION AS OF " + std::to_string(old_snapshot) + " ORDER BY id"),
      "1,a,1.5\n2,b,2.5\n");

  auto after = Load("t");
  ASSERT_OK(after);
  const spec::TableMetadata& m = after->metadata;
  EXPECT_EQ(m.table_uuid, before->metadata.table_uuid);
  EXPECT_EQ(m.location, before->metadata.location);
  ASSERT_EQ(m.snapshots.size(), 2u);
  EXPECT_FALSE(m.snapshots[1].parent_snapshot_id.has_value());  // a new line of history
  EXPECT_EQ(m.metadata_log.size(), 2u);  // create, insert: the replace is one more file
  const spec::Schema* schema = m.CurrentSchema();
  ASSERT_NE(schema, nullptr);
  ASSERT_EQ(schema->fields.size(), 3u);
  EXPECT_EQ(schema->fields[0].id, 1);  // id and name keep their ids; extra is new
  EXPECT_EQ(schema->fields[1].id, 2);
  EXPECT_EQ(schema->fields[2].id, 4);
  EXPECT_EQ(m.last_column_id, 4);
  EXPECT_EQ(m.schemas.size(), 2u);
  ASSERT_NE(m.DefaultSpec(), nullptr);
  EXPECT_EQ(m.DefaultSpec()->spec_id, 1);
  ASSERT_EQ(m.DefaultSpec()->fields.size(), 1u);
  EXPECT_EQ(m.DefaultSpec()->fields[0].field_id, 1001);
  EXPECT_EQ(m.properties.at("owner"), "ann");  // kept, as Java's buildReplacement merges
  EXPECT_EQ(m.properties.at("tier"), "gold");
  EXPECT_EQ(FilesUnder(dir_.Join("s/t"), ".metadata.json").size(), 3u);
}

TEST_F(ReplaceTableTest, ReplaceWithoutRowsEmptiesTheTable) {
  ASSERT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.t (a INT); INSERT INTO s.t VALUES (1)"),
            "-- created namespace s\n-- created table s.t\n-- inserted 1 rows into s.t\n");
  EXPECT_EQ(Run("REPLACE TABLE s.t (a BIGINT, b STRING)"), "-- replaced table s.t\n");
  EXPECT_EQ(Rows("SELECT count(*) FROM s.t"), "0\n");
  EXPECT_EQ(Rows("SHOW COLUMNS IN s.t"), "a\nb\n");
  auto t = Load("t");
  ASSERT_OK(t);
  EXPECT_FALSE(t->metadata.current_snapshot_id.has_value());
  EXPECT_EQ(t->metadata.snapshots.size(), 1u);
  // An empty query result still replaces.
  EXPECT_EQ(Run("INSERT INTO s.t VALUES (5, 'x')"), "-- inserted 1 rows into s.t\n");
  EXPECT_EQ(Run("CREATE OR REPLACE TABLE s.t AS SELECT a FROM s.t WHERE a > 9"),
            "-- replaced table s.t with 0 rows\n");
  EXPECT_EQ(Rows("SELECT count(*) FROM s.t"), "0\n");
  EXPECT_EQ(Rows("SHOW COLUMNS IN s.t"), "a\n");
}

TEST_F(ReplaceTableTest, CreatesWhenAbsentAndRefusesWhatItCannotDo) {
  ASSERT_EQ(Run("CREATE NAMESPACE s; CREATE OR REPLACE TABLE s.n AS SELECT 1 AS one"),
            "-- created namespace s\n-- created table s.n with 1 rows\n");
  EXPECT_EQ(Rows("SELECT one FROM s.n"), "1\n");
  std::string out = Run("REPLACE TABLE s.none (a INT)");
  EXPECT_NE(out.find("REPLACE TABLE s.none: there is no such table"), std::string::npos) << out;
  out = Run("CREATE OR REPLACE TABLE IF NOT EXISTS s.n (a INT)");
  EXPECT_EQ(out.rfind("error: ", 0), 0u) << out;
}

TEST_F(ReplaceTableTest, FailingQueryChangesNothing) {
  ASSERT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.t (n INT); INSERT INTO s.t VALUES (1), (0)"),
            "-- created namespace s\n-- created table s.t\n-- inserted 2 rows into s.t\n");
  auto before = Load("t");
  ASSERT_OK(before);
  const std::vector<std::string> files = FilesUnder(dir_.path(), "");
  std::string out =
      Run("CREATE OR REPLACE TABLE s.t AS SELECT element_at(array(10, 20), n) AS v FROM s.t");
  EXPECT_EQ(out.rfind("error: ", 0), 0u) << out;
  auto after = Load("t");
  ASSERT_OK(after);
  EXPECT_EQ(after->metadata_location, before->metadata_location);
  EXPECT_EQ(FilesUnder(dir_.path(), ""), files);
  EXPECT_EQ(Rows("SELECT n FROM s.t ORDER BY n"), "0\n1\n");
}

// A table that changes between the replace's plan and its commit is not replaced: the commit
// fails with a conflict and the other writer's rows stay.
TEST_F(ReplaceTableTest, ConcurrentChangeFailsTheReplace) {
  ASSERT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.t (a INT)"),
            "-- created namespace s\n-- created table s.t\n");
  auto catalog = catalog::OpenCatalog(config_);
  ASSERT_OK(catalog);
  catalog::CatalogTableOperations table(**catalog, catalog::TableIdentifier{{"s"}, "t"});
  commit::NewTableRequest request;
  request.schema.fields = {spec::NestedField{1, "b", false, spec::Type::String()}};
  auto ops = commit::ReplacingTableOperations::Make(table, request, 1000);
  ASSERT_OK(ops);
  EXPECT_EQ(Run("INSERT INTO s.t VALUES (1)"), "-- inserted 1 rows into s.t\n");
  auto committed = (*ops)->CommitReplacement();
  ASSERT_FALSE(committed.ok());
  EXPECT_EQ(committed.error().kind, ErrorKind::kCommitConflict) << committed.error().message;
  EXPECT_NE(committed.error().message.find("changed while it was being replaced"),
            std::string::npos)
      << committed.error().message;
  EXPECT_EQ(Rows("SELECT a FROM s.t"), "1\n");
  EXPECT_EQ(FilesUnder(dir_.Join("s/t"), ".metadata.json").size(), 2u);
}

}  // namespace
}  // namespace floe::sql
