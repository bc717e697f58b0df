#include "floe/sql/filter_pushdown.h"

#include <gtest/gtest.h>

#include "floe/expr/parser.h"
#include "floe/expr/syntax/expression_parser.h"
#include "floe/spec/schema_text.h"
#include "floe/table/schema_conversion.h"
#include "testing/result_matchers.h"

namespace floe::sql {
namespace {

// The scan of table t: its columns in scope as a query sees them.
class FilterPushdownTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto schema = spec::ParseSchemaText(
        "id long, k int, tier string, day date, amount decimal(9, 2), ts timestamptz, "
        "local timestamp_ntz, flag boolean, ratio double, st struct<x: int, Name: string>");
    ASSERT_OK(schema);
    schema_ = *schema;
    auto columnar = table::ToColumnarSchema(schema_);
    ASSERT_OK(columnar);
    for (const columnar::Field& f : (*columnar)->fields()) {
      scope_.columns.push_back({"t", f.name, f.type});
    }
  }

  std::optional<PushedFilter> Push(std::string_view conjunct) {
    auto tree = expr::syntax::ParseExpression(conjunct);
    EXPECT_OK(tree) << conjunct;
    if (!tree.ok()) return std::nullopt;
    ExpressionBinder binder(scope_, std::make_shared<EvalContext>());
    return PushableFilter(**tree, binder, scope_, schema_, /*session_is_utc=*/true);
  }

  spec::Schema schema_;
  Scope scope_;
};

// The pushed expression is the filter its EXPLAIN text says (the text the scan parsed before
// expressions crossed the layers): the table's own names, literals flipped to the right,
// BETWEEN as two comparisons, LIKE as starts_with or equality.
TEST_F(FilterPushdownTest, PushedExpressionIsWhatItsTextSays) {
  for (const char* conjunct : {"t.ID = 5",
                               "5 > id",
                               "-9223372036854775808 <= id",
                               "K != 7 OR NOT (id < 3)",
                               "tier IN ('a', 'b''c') AND tier IS NOT NULL",
                               "id NOT IN (1, 2)",
                               "day IS NULL",
                               "day BETWEEN DATE '2026-03-02' AND DATE '2026-03-03'",
                               "id NOT BETWEEN 1 AND 10",
                               "day >= '2026-03-05'",
                               "amount > 1.50",
                               "amount = 2",
                               "tier LIKE 'ab%'",
                               "tier NOT LIKE 'abc'",
                               "tier LIKE '%'",
                               "ts < TIMESTAMP '2026-03-05 10:00:00'",
                               "ts >= TIMESTAMPTZ '2026-03-05 10:00:00'",
                               "ts > '2026-03-05 10:00:00+01:00'",
                               "local = TIMESTAMP_NTZ '2026-03-05 10:00:00'",
                               "flag = TRUE",
                               "st.x = 3",
                               "t.st.name = 'q'"}) {
    SCOPED_TRACE(conjunct);
    std::optional<PushedFilter> pushed = Push(conjunct);
    ASSERT_TRUE(pushed.has_value());
    auto parsed = expr::ParseFilter(pushed->text);
    ASSERT_OK(parsed) << pushed->text;
    EXPECT_EQ(pushed->filter, *parsed)
        << pushed->text << " pushed as " << expr::ToString(pushed->filter);
  }
  EXPECT_EQ(Push("t.ID = 5")->text, "(id = 5)");
  EXPECT_EQ(Push("5 > id")->text, "(5 > id)");
}

// What the filter cannot say, or reads otherwise, stays above the scan.
TEST_F(FilterPushdownTest, OthersStayAboveTheScan) {
  for (const char* conjunct :
       {"length(tier) = 6", "id + 1 > 3", "ratio > 0.5", "tier LIKE 'a_c'", "tier LIKE '%a'",
        "day = DATE '2026-02-30'", "local = TIMESTAMP_NTZ '2026-03-05 10:00:00+01:00'", "id = k",
        "day = 'tomorrow'"}) {
    SCOPED_TRACE(conjunct);
    EXPECT_FALSE(Push(conjunct).has_value());
  }
}

}  // namespace
}  // namespace floe::sql
