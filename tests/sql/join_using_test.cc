// JOIN … USING (k) as Spark outputs it: the USING columns once (from the left side; from the
// right side for a RIGHT JOIN), then the left side's other columns, then the right side's; a
// plain `k` and `*` are not ambiguous, and `l.k` / `r.k` still reach each side's own key.
#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

class JoinUsingTest : public SqlScriptTest {
 protected:
  // l: k = 1, 2, 3; r: k = 1, 3, 4 (the key is not the first column on the right).
  const std::string with_ =
      "WITH l AS (SELECT * FROM VALUES (1, 'a'), (2, 'b'), (3, 'c') AS t(k, lv)), "
      "r AS (SELECT * FROM VALUES ('x', 1), ('z', 3), ('w', 4) AS t(rv, k)) ";
};

TEST_F(JoinUsingTest, InnerJoinShowsTheKeyOnce) {
  EXPECT_EQ(Run(with_ + "SELECT * FROM l JOIN r USING (k) ORDER BY k"), "k,lv,rv\n1,a,x\n3,c,z\n");
  EXPECT_EQ(Run(with_ + "SELECT k, lv FROM l INNER JOIN r USING (k) WHERE k > 1"), "k,lv\n3,c\n");
  EXPECT_EQ(Run(with_ + "SELECT l.k, r.k, rv FROM l JOIN r USING (k) ORDER BY 1"),
            "k,k,rv\n1,1,x\n3,3,z\n");
  EXPECT_EQ(Run(with_ + "SELECT l.* FROM l JOIN r USING (k) ORDER BY k"), "k,lv\n1,a\n3,c\n");
  EXPECT_EQ(Run(with_ + "SELECT k, count(*) AS n FROM l JOIN r USING (k) GROUP BY k ORDER BY k"),
            "k,n\n1,1\n3,1\n");
}

TEST_F(JoinUsingTest, LeftJoinTakesTheKeyFromTheLeft) {
  EXPECT_EQ(Run(with_ + "SELECT * FROM l LEFT JOIN r USING (k) ORDER BY k"),
            "k,lv,rv\n1,a,x\n2,b,\n3,c,z\n");
  EXPECT_EQ(Run(with_ + "SELECT k, r.k AS rk FROM l LEFT OUTER JOIN r USING (k) ORDER BY k"),
            "k,rk\n1,1\n2,\n3,3\n");
}

TEST_F(JoinUsingTest, RightJoinTakesTheKeyFromTheRight) {
  EXPECT_EQ(Run(with_ + "SELECT * FROM l RIGHT JOIN r USING (k) ORDER BY k"),
            "k,lv,rv\n1,a,x\n3,c,z\n4,,w\n");
  EXPECT_EQ(Run(with_ + "SELECT l.k AS lk, k FROM l RIGHT JOIN r USING (k) ORDER BY k"),
            "lk,k\n1,1\n3,3\n,4\n");
}

TEST_F(JoinUsingTest, SeveralKeysAndChains) {
  const std::string with =
      "WITH a AS (SELECT * FROM VALUES (1, 1, 'a11'), (1, 2, 'a12') AS t(x, y, av)), "
      "b AS (SELECT * FROM VALUES (2, 1, 'b12'), (1, 1, 'b11') AS t(y, x, bv)), "
      "c AS (SELECT * FROM VALUES ('c1', 1) AS t(cv, x)) ";
  EXPECT_EQ(Run(with + "SELECT * FROM a JOIN b USING (x, y) ORDER BY y"),
            "x,y,av,bv\n1,1,a11,b11\n1,2,a12,b12\n");
  EXPECT_EQ(Run(with + "SELECT * FROM a JOIN b USING (x, y) JOIN c USING (x) ORDER BY y"),
            "x,y,av,bv,cv\n1,1,a11,b11,c1\n1,2,a12,b12,c1\n");
}

TEST_F(JoinUsingTest, TableScansReadTheKeys) {
  // Neither SELECT nor WHERE names k: the scans must still read it for USING.
  EXPECT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.a (k int, av string); CREATE TABLE s.b (bv "
                "string, k int); "
                "INSERT INTO s.a VALUES (1, 'a1'), (2, 'a2'); INSERT INTO s.b VALUES ('b2', 2), "
                "('b3', 3)"),
            "-- created namespace s\n-- created table s.a\n-- created table s.b\n-- inserted 2 "
            "rows into s.a\n"
            "-- inserted 2 rows into s.b\n");
  EXPECT_EQ(Run("SELECT av, bv FROM s.a JOIN s.b USING (k)"), "av,bv\na2,b2\n");
  EXPECT_EQ(Run("SELECT * FROM s.a FULL JOIN s.b USING (k)"),
            "error: line 1, column 15: FULL OUTER JOIN is not supported yet");
}

TEST_F(JoinUsingTest, Errors) {
  // Positions count from the start of the statement: the WITH part comes first.
  const size_t from = with_.size() + std::string("SELECT * FROM ").size() + 1;
  EXPECT_EQ(
      Run(with_ + "SELECT * FROM l JOIN r USING (lv)"),
      "error: line 1, column " + std::to_string(from) + ": USING column lv is not on both sides");
  const std::string no_column =
      "error: line 1, column " + std::to_string(with_.size() + 8) + ": no column x.k";
  EXPECT_EQ(Run(with_ + "SELECT x.k FROM l JOIN r USING (k)").substr(0, no_column.size()),
            no_column);
}

}  // namespace
}  // namespace floe::sql
