// Golden tests over tables without rows (and queries whose WHERE keeps none): aggregates
// without GROUP BY give one row (count 0, the others NULL), with GROUP BY none; the table
// format still prints the header and "(0 rows)".
#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

class EmptyTableTest : public SqlScriptTest {
 protected:
  void SetUp() override {
    SqlScriptTest::SetUp();
    ASSERT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.e (k string, v int, d decimal(10,2), tags "
                  "array<string>); "
                  "CREATE TABLE s.one (k string, v int); INSERT INTO s.one VALUES ('a', 1)"),
              "-- created namespace s\n-- created table s.e\n-- created table s.one\n-- inserted 1 "
              "rows into s.one\n");
  }
};

TEST_F(EmptyTableTest, AggregatesWithoutGroupByGiveOneRow) {
  EXPECT_EQ(Run("SELECT count(*), count(v), sum(v), avg(v), min(v), max(k), sum(d), avg(d), "
                "count(DISTINCT k) FROM s.e"),
            "count(1),count(v),sum(v),avg(v),min(v),max(k),sum(d),avg(d),count(DISTINCT "
            "k)\n0,0,,,,,,,0\n");
  EXPECT_EQ(Run("SELECT count(*) AS n, sum(v) AS s FROM s.one WHERE v > 5"), "n,s\n0,\n");
  EXPECT_EQ(Run("SELECT count(*) AS n FROM s.e HAVING count(*) > 0"), "n\n");
}

TEST_F(EmptyTableTest, AggregatesWithGroupByGiveNoRow) {
  EXPECT_EQ(Run("SELECT k, count(*), sum(v) FROM s.e GROUP BY k"), "k,count(1),sum(v)\n");
  EXPECT_EQ(Run("SELECT k, count(*) FROM s.one WHERE v > 5 GROUP BY k"), "k,count(1)\n");
  EXPECT_EQ(Run("SELECT DISTINCT k FROM s.e"), "k\n");
}

TEST_F(EmptyTableTest, QueriesOverNoRows) {
  EXPECT_EQ(Run("SELECT * FROM s.e"), "k,v,d,tags\n");
  EXPECT_EQ(Run("SELECT * FROM s.e ORDER BY k LIMIT 1"), "k,v,d,tags\n");
  EXPECT_EQ(Run("SELECT k, explode(tags) FROM s.e"), "k,col\n");
  EXPECT_EQ(Run("SELECT o.k, e.v FROM s.one o JOIN s.e e USING (k)"), "k,v\n");
  EXPECT_EQ(Run("SELECT o.k, e.v FROM s.one o LEFT JOIN s.e e ON o.k = e.k"), "k,v\na,\n");
  EXPECT_EQ(Run("SELECT k FROM s.e UNION ALL SELECT k FROM s.one"), "k\na\n");
  EXPECT_EQ(Run("SELECT count(*) FROM s.e.files"), "count(1)\n0\n");
  EXPECT_EQ(Run("SELECT count(*) FROM s.e.snapshots"), "count(1)\n0\n");
}

TEST_F(EmptyTableTest, FormatsPrintTheHeader) {
  EXPECT_EQ(Run("SELECT k, v FROM s.e", columnar::RowFormat::kTable), "k | v\n--+--\n(0 rows)\n");
  EXPECT_EQ(Run("SELECT k, v FROM s.e", columnar::RowFormat::kJson),
            "");  // JSON: no rows, no header
  EXPECT_EQ(Run("SELECT count(*) AS n, sum(v) AS s FROM s.e", columnar::RowFormat::kTable),
            "n |    s\n--+-----\n0 | NULL\n(1 row)\n");
  EXPECT_EQ(Run("SELECT count(*) AS n, sum(v) AS s FROM s.e", columnar::RowFormat::kJson),
            "{\"n\":0,\"s\":null}\n");
}

}  // namespace
}  // namespace floe::sql
