// SHOW COLUMNS, SHOW PARTITIONS [PARTITION (…)] and CREATE TABLE … LIKE, with Spark's result
// columns (col_name, partition) and refusals.
#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

class ShowStatementsTest : public SqlScriptTest {
 protected:
  void SetUp() override {
    SqlScriptTest::SetUp();
    ASSERT_EQ(Run("CREATE NAMESPACE db;"
                  "CREATE TABLE db.t (id bigint, region string, ts timestamp) "
                  "PARTITIONED BY (region, days(ts)) TBLPROPERTIES ('format-version' = '3', "
                  "'owner' = 'ann');"
                  "INSERT INTO db.t VALUES (1, 'eu', TIMESTAMP '2026-03-01 10:00:00'), "
                  "(2, 'us', TIMESTAMP '2026-03-02 10:00:00'), "
                  "(3, 'eu', TIMESTAMP '2026-03-01 11:00:00'), (4, NULL, NULL)")
                  .find("error"),
              std::string::npos);
  }
};

TEST_F(ShowStatementsTest, ShowColumns) {
  EXPECT_EQ(Run("SHOW COLUMNS IN db.t"), "col_name\nid\nregion\nts\n");
  EXPECT_EQ(Run("SHOW COLUMNS FROM t IN db"), "col_name\nid\nregion\nts\n");
  EXPECT_EQ(Run("SHOW COLUMNS db.t"),
            "error: line 1, column 14: expected FROM or IN after SHOW COLUMNS, found \"db\"");
}

TEST_F(ShowStatementsTest, ShowPartitions) {
  EXPECT_EQ(Run("SHOW PARTITIONS db.t"),
            "partition\nregion=eu/ts_day=2026-03-01\nregion=null/ts_day=null\n"
            "region=us/ts_day=2026-03-02\n");
  EXPECT_EQ(Run("SHOW PARTITIONS db.t PARTITION (region = 'eu')"),
            "partition\nregion=eu/ts_day=2026-03-01\n");
  ASSERT_EQ(Run("CREATE TABLE db.flat (a int)"), "-- created table db.flat\n");
  EXPECT_EQ(Run("SHOW PARTITIONS db.flat"),
            "error: line 1, column 1: SHOW PARTITIONS: db.flat is not partitioned");
}

TEST_F(ShowStatementsTest, CreateTableLike) {
  EXPECT_EQ(Run("CREATE TABLE db.copy LIKE db.t TBLPROPERTIES ('team' = 'lake')"),
            "-- created table db.copy like db.t\n");
  EXPECT_EQ(Run("SHOW COLUMNS IN db.copy"), "col_name\nid\nregion\nts\n");
  EXPECT_EQ(Run("SELECT count(*) AS n FROM db.copy"), "n\n0\n");
  EXPECT_EQ(Run("SHOW TBLPROPERTIES db.copy"), "key,value\nformat-version,3\nteam,lake\n");
  // The partitioning is the source's: a row lands in the source's kind of partition.
  ASSERT_EQ(Run("INSERT INTO db.copy VALUES (9, 'eu', TIMESTAMP '2026-03-04 00:00:00')"),
            "-- inserted 1 rows into db.copy\n");
  EXPECT_EQ(Run("SHOW PARTITIONS db.copy"), "partition\nregion=eu/ts_day=2026-03-04\n");
  EXPECT_EQ(Run("CREATE TABLE db.bad LIKE db.t PARTITIONED BY (id)"),
            "error: line 1, column 1: CREATE TABLE … LIKE takes the columns and partitioning of "
            "the table it copies");
  EXPECT_EQ(Run("CREATE TABLE db.copy LIKE db.t"),
            "error: line 1, column 1: table db.copy already exists");
}

}  // namespace
}  // namespace floe::sql
