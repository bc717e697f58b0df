// INSERT converts values as Spark's ANSI store assignment (issue 24): a number that does not fit
// its column is an error naming the column and the value, and nothing is written; explicit CAST
// keeps its non-ANSI rules (cast.h) and try_cast gives NULL.
#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

class StoreAssignmentTest : public SqlScriptTest {
 protected:
  void SetUp() override {
    SqlScriptTest::SetUp();
    ASSERT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.t (i int, l bigint, d decimal(5,2), "
                  "st struct<x: int>)"),
              "-- created namespace s\n-- created table s.t\n");
  }
  std::string Count() { return Run("SELECT count(*) AS n FROM s.t"); }
};

TEST_F(StoreAssignmentTest, IntegerOutOfRangeIsAnError) {
  EXPECT_EQ(Run("INSERT INTO s.t (i) VALUES (99999999999)"),
            "error: line 1, column 1: INSERT INTO s.t: column i: 99999999999 (bigint) does not fit "
            "int (an INSERT "
            "converts as Spark's ANSI store assignment); write try_cast(... AS int) to store NULL "
            "instead");
  // One row out of range in many: the VALUES column is bigint, every row is checked.
  EXPECT_EQ(Run("INSERT INTO s.t (i) VALUES (1), (2147483648)"),
            "error: line 1, column 1: INSERT INTO s.t: column i: 2147483648 (bigint) does not fit "
            "int (an INSERT converts as Spark's ANSI store assignment); write try_cast(... AS "
            "int) to store NULL instead");
  EXPECT_EQ(Count(), "n\n0\n");
  EXPECT_EQ(Run("INSERT INTO s.t (i, l) VALUES (2147483647, 1), (-2147483648L, 2)"),
            "-- inserted 2 rows into s.t\n");
  EXPECT_EQ(Run("SELECT i, l FROM s.t ORDER BY i"), "i,l\n-2147483648,2\n2147483647,1\n");
}

TEST_F(StoreAssignmentTest, InsertSelectChecksEveryRow) {
  ASSERT_EQ(Run("CREATE TABLE s.src (v bigint); INSERT INTO s.src VALUES (1), (2), (4294967297)"),
            "-- created table s.src\n-- inserted 3 rows into s.src\n");
  EXPECT_EQ(Run("INSERT INTO s.t (i) SELECT v FROM s.src"),
            "error: line 1, column 1: INSERT INTO s.t: column i: 4294967297 (bigint) does not fit "
            "int (an INSERT "
            "converts as Spark's ANSI store assignment); write try_cast(... AS int) to store NULL "
            "instead");
  EXPECT_EQ(Count(), "n\n0\n");
  EXPECT_EQ(Run("INSERT INTO s.t (i) SELECT try_cast(v AS int) FROM s.src"),
            "-- inserted 3 rows into s.t\n");
  EXPECT_EQ(Run("SELECT i FROM s.t ORDER BY i NULLS FIRST"), "i\n\n1\n2\n");
}

TEST_F(StoreAssignmentTest, DoublesIntoIntegers) {
  EXPECT_EQ(Run("INSERT INTO s.t (i, l) VALUES (1.9D, -2.9D)"), "-- inserted 1 rows into s.t\n");
  EXPECT_EQ(Run("SELECT i, l FROM s.t"), "i,l\n1,-2\n");
  for (const char* bad : {"CAST('NaN' AS DOUBLE)", "CAST('Infinity' AS DOUBLE)", "3e9D"}) {
    std::string out = Run(std::string("INSERT INTO s.t (i) VALUES (") + bad + ")");
    EXPECT_NE(out.find("error: line 1, column 1: INSERT INTO s.t: column i: "), std::string::npos)
        << bad << out;
    EXPECT_NE(out.find("(double) does not fit int"), std::string::npos) << bad << out;
  }
  EXPECT_EQ(Run("INSERT INTO s.t (l) VALUES (9.3e18D)"),
            "error: line 1, column 1: INSERT INTO s.t: column l: 9.3E18 (double) does not fit "
            "bigint (an INSERT "
            "converts as Spark's ANSI store assignment); write try_cast(... AS bigint) to store "
            "NULL instead");
  EXPECT_EQ(Count(), "n\n1\n");
}

TEST_F(StoreAssignmentTest, DecimalOverflowIsAnError) {
  EXPECT_EQ(Run("INSERT INTO s.t (d) VALUES (999.994), (-999.99)"),
            "-- inserted 2 rows into s.t\n");
  EXPECT_EQ(Run("INSERT INTO s.t (d) VALUES (999.995)"),
            "error: line 1, column 1: INSERT INTO s.t: column d: 999.995 (decimal(6,3)) does not "
            "fit decimal(5,2) (an "
            "INSERT converts as Spark's ANSI store assignment); write try_cast(... AS "
            "decimal(5,2)) to store NULL instead");
  EXPECT_EQ(Run("INSERT INTO s.t (d) VALUES (100000)"),
            "error: line 1, column 1: INSERT INTO s.t: column d: 100000 (int) does not fit "
            "decimal(5,2) (an INSERT "
            "converts as Spark's ANSI store assignment); write try_cast(... AS decimal(5,2)) to "
            "store NULL instead");
  EXPECT_EQ(Run("SELECT d FROM s.t ORDER BY d"), "d\n-999.99\n999.99\n");
}

// Found by the sql_session fuzz target: a double of 1e7 or more (or below 1e-3) cast to a decimal
// recursed until the stack overflowed (its Java text has an exponent, read back as a double).
TEST_F(StoreAssignmentTest, DoublesIntoDecimals) {
  EXPECT_EQ(Run("SELECT CAST(1e10D AS DECIMAL(12,1)) AS a, CAST(1.0E-4D AS DECIMAL(10,4)) AS b, "
                "CAST(1e308D AS DECIMAL(38,0)) AS c, CAST(0.125D AS DECIMAL(5,2)) AS d, "
                "CAST(-1.5E-1D AS DECIMAL(3,2)) AS e, CAST(1e-300D AS DECIMAL(5,2)) AS f"),
            "a,b,c,d,e,f\n10000000000.0,0.0001,,0.13,-0.15,0.00\n");
  EXPECT_EQ(Run("INSERT INTO s.t (d) VALUES (12.345D), (-0.001D)"),
            "-- inserted 2 rows into s.t\n");
  EXPECT_EQ(Run("SELECT d FROM s.t ORDER BY d"), "d\n0.00\n12.35\n");
  EXPECT_EQ(
      Run("INSERT INTO s.t (d) VALUES (1e10D)"),
      "error: line 1, column 1: INSERT INTO s.t: column d: 1.0E10 (double) does not fit "
      "decimal(5,2) (an INSERT converts as Spark's ANSI store assignment); write try_cast(... "
      "AS decimal(5,2)) to store NULL instead");
}

TEST_F(StoreAssignmentTest, NestedFieldsAreChecked) {
  EXPECT_EQ(Run("INSERT INTO s.t (st) VALUES (named_struct('x', 3000000000))"),
            "error: line 1, column 1: INSERT INTO s.t: column st.x: 3000000000 (bigint) does not "
            "fit int (an INSERT "
            "converts as Spark's ANSI store assignment); write try_cast(... AS int) to store NULL "
            "instead");
  EXPECT_EQ(Count(), "n\n0\n");
}

TEST_F(StoreAssignmentTest, ExplicitCastKeepsItsRules) {
  // CAST is Spark's non-ANSI cast (cast.h): integers wrap; try_cast gives NULL.
  EXPECT_EQ(Run("SELECT CAST(99999999999 AS INT) AS c, try_cast(99999999999 AS INT) AS t"),
            "c,t\n1215752191,\n");
}

}  // namespace
}  // namespace floe::sql
