// Generators in the select list (explode, posexplode and their _outer forms) with Spark's
// semantics: one row per array element (column `col`) or map entry (`key`, `value`); a NULL or
// empty container gives no row (one NULL row for _outer); aliases, WHERE before, ORDER BY and
// LIMIT after, GROUP BY over a FROM subquery; Spark's errors for misplaced generators.
#include "sql/sql_script_fixture.h"
#include "testing/result_matchers.h"

namespace floe::sql {
namespace {

class GenerateTest : public SqlScriptTest {
 protected:
  // id 1: two tags and two entries; id 2: two tags, one entry; id 3: NULLs; id 4: empty.
  const std::string with_ =
      "WITH t AS (SELECT 1 AS id, array('a', 'b') AS tags, map('x', 1, 'y', 2) AS m "
      "UNION ALL SELECT 2, array('a', 'c'), map('z', 3) "
      "UNION ALL SELECT 3, CAST(NULL AS array<string>), CAST(NULL AS map<string, int>) "
      "UNION ALL SELECT 4, CAST(array() AS array<string>), CAST(map() AS map<string, int>)) ";
};

TEST_F(GenerateTest, ExplodeArray) {
  EXPECT_EQ(Run(with_ + "SELECT id, explode(tags) FROM t ORDER BY id, col"),
            "id,col\n1,a\n1,b\n2,a\n2,c\n");
  EXPECT_EQ(Run(with_ + "SELECT explode(tags) AS tag FROM t WHERE id = 1"), "tag\na\nb\n");
  EXPECT_EQ(Run(with_ + "SELECT *, explode(tags) AS tag FROM t WHERE id = 2"),
            "id,tags,m,tag\n"
            "2,\"[\"\"a\"\",\"\"c\"\"]\",\"[{\"\"key\"\":\"\"z\"\",\"\"value\"\":3}]\",a\n"
            "2,\"[\"\"a\"\",\"\"c\"\"]\",\"[{\"\"key\"\":\"\"z\"\",\"\"value\"\":3}]\",c\n");
  EXPECT_EQ(Run("SELECT explode(array(1, NULL, 3))"), "col\n1\n\n3\n");
}

TEST_F(GenerateTest, ExplodeMap) {
  EXPECT_EQ(Run(with_ + "SELECT id, explode(m) FROM t ORDER BY id, key"),
            "id,key,value\n1,x,1\n1,y,2\n2,z,3\n");
  EXPECT_EQ(Run(with_ + "SELECT explode(m) AS (k, v) FROM t WHERE id = 2"), "k,v\nz,3\n");
  EXPECT_EQ(Run(with_ + "SELECT id, posexplode(m) AS (i, k, v) FROM t WHERE id = 1"),
            "id,i,k,v\n1,0,x,1\n1,1,y,2\n");
}

TEST_F(GenerateTest, PosExplodeAndOuter) {
  EXPECT_EQ(Run(with_ + "SELECT id, posexplode(tags) FROM t ORDER BY id, pos"),
            "id,pos,col\n1,0,a\n1,1,b\n2,0,a\n2,1,c\n");
  EXPECT_EQ(Run(with_ + "SELECT id, explode_outer(tags) AS tag FROM t ORDER BY id, tag"),
            "id,tag\n1,a\n1,b\n2,a\n2,c\n3,\n4,\n");
  EXPECT_EQ(Run(with_ + "SELECT id, posexplode_outer(m) FROM t WHERE id >= 2 ORDER BY id"),
            "id,pos,key,value\n2,0,z,3\n3,,,\n4,,,\n");
}

TEST_F(GenerateTest, OrderLimitAndGroupingOverASubquery) {
  EXPECT_EQ(Run(with_ + "SELECT explode(tags) AS tag FROM t ORDER BY tag DESC LIMIT 3"),
            "tag\nc\nb\na\n");
  EXPECT_EQ(Run(with_ + "SELECT DISTINCT explode(tags) AS tag FROM t ORDER BY tag"),
            "tag\na\nb\nc\n");
  EXPECT_EQ(Run(with_ +
                "SELECT tag, count(*) AS n FROM (SELECT explode(tags) AS tag FROM t) GROUP BY tag "
                "ORDER BY n DESC, tag"),
            "tag,n\na,2\nb,1\nc,1\n");
  EXPECT_EQ(Run(with_ + "SELECT sum(value) AS total FROM (SELECT explode(m) FROM t)"),
            "total\n6\n");
}

TEST_F(GenerateTest, TableScanLimitCountsGeneratedRows) {
  // The first rows have empty arrays: a LIMIT pushed into the scan would lose the later rows.
  EXPECT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.t (id int, tags array<string>); "
                "INSERT INTO s.t SELECT 1, CAST(array() AS array<string>) UNION ALL "
                "SELECT 2, CAST(array() AS array<string>) UNION ALL SELECT 3, array('p', 'q')"),
            "-- created namespace s\n-- created table s.t\n-- inserted 3 rows into s.t\n");
  EXPECT_EQ(Run("SELECT id, explode(tags) FROM s.t LIMIT 1"), "id,col\n3,p\n");
  EXPECT_EQ(Run("SELECT explode(summary) FROM s.t.snapshots WHERE operation = 'append' ORDER BY "
                "key LIMIT 2"),
            "key,value\nadded-data-files,1\nadded-files-size," +
                Rows("SELECT summary['added-files-size'] FROM s.t.snapshots"));
}

TEST_F(GenerateTest, AliasListPrintsBack) {
  auto statement = syntax::ParseStatement("select explode(m) as (k, `v w`) from t");
  ASSERT_OK(statement);
  EXPECT_EQ(syntax::ToSql(*statement), "SELECT explode(m) AS (k, `v w`) FROM t");
}

TEST_F(GenerateTest, Errors) {
  // Positions count from the start of the statement: the WITH part comes first.
  auto at = [&](const std::string& before) {
    return std::to_string(with_.size() + before.size() + 1);
  };
  EXPECT_EQ(Run(with_ + "SELECT explode(tags), explode(m) FROM t"),
            "error: line 1, column " + at("SELECT explode(tags), ") +
                ": only one generator is allowed per SELECT, found explode(tags) and explode(m)");
  EXPECT_EQ(Run("SELECT explode(array(1)) + 1"),
            "error: line 1, column 8: the generator explode(array(1)) is not supported nested in "
            "the expression "
            "(explode(array(1)) + 1)");
  EXPECT_EQ(Run("SELECT explode('abc')"),
            "error: line 1, column 8: explode takes an array or a map, not string ('abc')");
  EXPECT_EQ(
      Run("SELECT explode(map(1, 2)) AS k"),
      "error: line 1, column 8: explode(map(1, 2)) makes 2 columns (key, value) but AS names 1");
  EXPECT_EQ(Run("SELECT 1 AS (a, b)"),
            "error: line 1, column 8: AS (…) names the columns of a generator such as explode; 1 "
            "is one column");
  EXPECT_EQ(Run(with_ + "SELECT id FROM t WHERE explode(tags) = 'a'"),
            "error: line 1, column " + at("SELECT id FROM t WHERE ") +
                ": the generator explode(tags) is not supported in WHERE, only in the select list");
  EXPECT_EQ(Run(with_ + "SELECT explode(tags), count(*) FROM t"),
            "error: line 1, column " + at("SELECT ") +
                ": explode(tags) with GROUP BY or aggregates in the same SELECT is not supported: "
                "explode in a FROM subquery and group its rows");
}

}  // namespace
}  // namespace floe::sql
