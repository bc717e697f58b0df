// Golden tests for the Spark functions of issue #25: concat_ws, lpad/rpad, nvl2, greatest/least
// and hash (bit-exact with Spark: the values are Spark 3.5's own outputs, from its documentation
// and a Spark shell).
#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

class SparkFunctionsTest : public SqlScriptTest {};

TEST_F(SparkFunctionsTest, ConcatWsSkipsNulls) {
  EXPECT_EQ(Run("SELECT concat_ws('-', 'a', NULL, 'b', 'c') AS a, concat_ws(NULL, 'a') AS b, "
                "concat_ws(',') AS c, concat_ws('', 'x', 1, 2.5) AS d, "
                "concat_ws('|', NULL, NULL) AS e"),
            "a,b,c,d,e\na-b-c,,\"\",x12.5,\"\"\n");
}

TEST_F(SparkFunctionsTest, PadCutsAndRepeats) {
  EXPECT_EQ(Run("SELECT lpad('hi', 5, 'ab') AS a, rpad('hi', 5, 'ab') AS b, lpad('hello', 3) AS c, "
                "rpad('hello', 2, 'x') AS d, lpad('hi', 4) AS e, lpad('hi', 0, 'x') AS f, "
                "lpad('hi', -1) AS g, lpad('hi', 5, '') AS h, lpad(NULL, 3) AS i, "
                "rpad('é', 3, 'ü') AS j, lpad('x', NULL) AS k"),
            "a,b,c,d,e,f,g,h,i,j,k\nabahi,hiaba,hel,he,  hi,\"\",\"\",hi,,éüü,\n");
}

TEST_F(SparkFunctionsTest, Nvl2GreatestLeast) {
  EXPECT_EQ(Run("SELECT nvl2(NULL, 1, 2) AS a, nvl2('x', 1, 2) AS b, nvl2(1, 'y', NULL) AS c, "
                "greatest(1, 3, 2) AS d, least(1, 3, 2) AS e, greatest(NULL, 2, NULL) AS f, "
                "least(CAST(NULL AS INT), NULL) AS g, greatest(1, 2.5) AS h, "
                "greatest('b', 'ab') AS i, greatest(1.0, CAST('NaN' AS DOUBLE)) AS j, "
                "least(DATE '2026-01-02', DATE '2025-12-31') AS k"),
            "a,b,c,d,e,f,g,h,i,j,k\n2,1,y,3,1,2,,2.5,b,NaN,2025-12-31\n");
  EXPECT_NE(Run("SELECT greatest(1)").find("greatest takes at least two arguments"),
            std::string::npos);
  EXPECT_NE(Run("SELECT nvl2(1, 2)").find("nvl2 takes three arguments"), std::string::npos);
}

TEST_F(SparkFunctionsTest, HashIsSparks) {
  // Spark: hash('ABC') = -757602832, hash('ABC', 'DEF') = 599895104 (pyspark's documentation),
  // hash(1) = -559580957, hash('Spark') = 228093765.
  EXPECT_EQ(Run("SELECT hash('ABC') AS a, hash('ABC', 'DEF') AS b, hash(1) AS c, "
                "hash('Spark') AS d, hash(NULL) AS e, hash('ABC', NULL) AS f"),
            "a,b,c,d,e,f\n-757602832,599895104,-559580957,228093765,42,-757602832\n");
  // Equal values of one type hash alike; -0.0 as 0.0; a bigint is hashed as a long.
  EXPECT_EQ(Run("SELECT hash(CAST(0.0 AS DOUBLE)) = hash(CAST(-0.0 AS DOUBLE)) AS a, "
                "hash(CAST(1 AS BIGINT)) = hash(1) AS b, hash(true) = hash(1) AS c"),
            "a,b,c\ntrue,false,true\n");
  std::string error = Run("SELECT hash(array(1))");
  EXPECT_NE(error.find("hash of array<int> is not supported yet"), std::string::npos) << error;
}

// Errors a new user meets first: an unknown function is named as such (also where its argument
// would not bind, as in a GROUP BY query) with close names; Spark statements floe does not run yet
// say so.
TEST_F(SparkFunctionsTest, UnknownFunctionsAndStatements) {
  EXPECT_EQ(Run("SELECT concat_wss('-', 'a')"),
            "error: line 1, column 8: unknown function concat_wss(string, string); did you mean "
            "concat_ws?");
  EXPECT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.t (k string, amount int); "
                "SELECT k, medain(amount) FROM s.t GROUP BY k"),
            "-- created namespace s\n-- created table s.t\nerror: line 1, column 72: unknown "
            "function medain; did you mean mean or median?");
  EXPECT_EQ(Run("SELECT frobnicate(nope)"), "error: line 1, column 8: unknown function frobnicate");
  EXPECT_EQ(Run("DELETE FROM t WHERE k = 'a'"),
            "error: line 1, column 1: DELETE is not supported yet");
  EXPECT_EQ(Run("SELECT 1 AS x; merge into t using s on t.k = s.k"),
            "x\n1\nerror: line 1, column 16: MERGE is not supported yet");
}

}  // namespace
}  // namespace floe::sql
