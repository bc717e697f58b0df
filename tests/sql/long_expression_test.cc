// Statements with very long operator chains (issue 24): AND / OR chains of any length run (the
// parser balances them, and the planner combines pushed conjuncts as balanced trees); other
// operators chained deeper than the binder's recursion allows are a clear error, not a crash.
// The deepest accepted tree is run here too, so the ASan build checks it fits the stack.
#include <string>

#include "sql/sql_script_fixture.h"

namespace floe::sql {
namespace {

std::string Repeat(const std::string& first, const std::string& sep_term, int terms) {
  std::string out = first;
  for (int k = 1; k < terms; ++k) out += sep_term;
  return out;
}

// "v = 0 OR v = 1 OR ..." with `terms` terms from `first` (`term` holds the column's text).
std::string Chain(const char* compare, const char* op, int first, int terms,
                  const std::string& term = "v") {
  std::string text;
  for (int k = first; k < first + terms; ++k) {
    if (!text.empty()) text += op;
    text += term + " " + compare + " " + std::to_string(k);
  }
  return text;
}

class LongExpressionTest : public SqlScriptTest {
 protected:
  void SetUp() override {
    SqlScriptTest::SetUp();
    std::string values;
    for (int v = -10; v < 10; ++v)
      values += (values.empty() ? "(" : ", (") + std::to_string(v) + ")";
    ASSERT_EQ(Run("CREATE NAMESPACE s; CREATE TABLE s.t (v int); INSERT INTO s.t VALUES " + values),
              "-- created namespace s\n-- created table s.t\n-- inserted 20 rows into s.t\n");
  }
};

TEST_F(LongExpressionTest, TenThousandTermOrInWhere) {
  EXPECT_EQ(Run("SELECT count(*) AS n FROM s.t WHERE " + Chain("=", " OR ", 5, 10000)), "n\n5\n");
  // Not pushable into the scan (a function of v): the same chain filtered above it.
  EXPECT_EQ(Run("SELECT count(*) AS n FROM s.t WHERE " + Chain("=", " OR ", 8, 10000, "abs(v)")),
            "n\n5\n");
}

TEST_F(LongExpressionTest, TwentyThousandTermAndInWhereAndOn) {
  // v <> -5 AND ... AND v <> 19994: the rows below -5.
  EXPECT_EQ(Run("SELECT count(*) AS n FROM s.t WHERE " + Chain("<>", " AND ", -5, 20000)),
            "n\n5\n");
  EXPECT_EQ(Run("SELECT count(*) AS n FROM s.t a JOIN s.t b ON a.v = b.v AND a.v + b.v <> 0 AND " +
                Repeat("a.v + b.v <> 2", " AND a.v + b.v <> 2", 2000)),
            "n\n18\n");
  EXPECT_EQ(Run("SELECT count(*) AS n FROM s.t a JOIN s.t b ON a.v = -b.v AND (" +
                Repeat("a.v < b.v", " AND a.v < b.v", 20000) + ")"),
            "n\n9\n");
}

TEST_F(LongExpressionTest, DeepestAcceptedChainRunsAndDeeperIsAnError) {
  // 256 terms: a tree 256 levels deep, the most the parser accepts (ASan's frames of the
  // binder are ~10 KB: 1000 levels overflowed its 8 MB stack).
  EXPECT_EQ(Run("SELECT " + Repeat("1", " + 1", 256) + " AS n"), "n\n256\n");
  EXPECT_EQ(Run("SELECT max(" + Repeat("v", " + v", 255) + ") AS n FROM s.t WHERE " +
                Repeat("v", " - v", 255) + " < 100"),
            "n\n2295\n");
  EXPECT_EQ(Run("SELECT " + Repeat("1", " + 1", 10000)),
            "error: line 1, column 8: the expression is nested too deeply (more than 256 levels "
            "of operators, calls and parentheses; AND and OR chains of any length are fine); "
            "split it up");
  // In a subquery too (its expressions are checked as they are read).
  std::string sub =
      Run("SELECT * FROM (SELECT v FROM s.t WHERE " + Repeat("v", " * 1", 1001) + " > 0) q");
  EXPECT_NE(sub.find("error: line 1, column 40: the expression is nested too deeply"),
            std::string::npos)
      << sub.substr(0, 200);
  EXPECT_EQ(Run("SELECT count(*) FROM s.t WHERE " + Repeat("v", " * 1", 1001) + " > 0"),
            "error: line 1, column 32: the expression is nested too deeply (more than 256 levels "
            "of operators, calls and parentheses; AND and OR chains of any length are fine); "
            "split it up");
}

}  // namespace
}  // namespace floe::sql
