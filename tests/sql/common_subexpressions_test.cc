// Common subexpressions of an operator's expressions are computed once per batch, and the
// rewritten expressions give the same values as the originals.
#include "floe/sql/exec/common_subexpressions.h"

#include <gtest/gtest.h>

#include <memory>

#include "floe/columnar/array_builder.h"
#include "testing/result_matchers.h"

namespace floe::sql {
namespace {

// An int64 kernel adding `add` to its argument, counting its calls in *calls.
Kernel CountingAddKernel(int64_t add, int* calls) {
  return [add, calls](const std::vector<columnar::ArrayPtr>& args,
                      int64_t n) -> Result<columnar::ArrayPtr> {
    ++*calls;
    columnar::PrimitiveBuilder<int64_t> out(columnar::Int64());
    for (int64_t i = 0; i < n; ++i)
      FLOE_RETURN_IF_ERROR(out.Append(args[0]->values<int64_t>()[i] + add));
    return out.Finish();
  };
}

TEST(CommonSubexpressionsTest, SharedCallsAreComputedOnce) {
  int inner_calls = 0, outer_calls = 0;
  auto column = MakeColumnExpr(0, columnar::Int64());
  // Two separately built copies of plus1(#0): the same fingerprint.
  auto inner_a =
      MakeCallExpr("plus1", CountingAddKernel(1, &inner_calls), {column}, columnar::Int64());
  auto inner_b =
      MakeCallExpr("plus1", CountingAddKernel(1, &inner_calls), {column}, columnar::Int64());
  PhysicalExprPtr first =
      MakeCallExpr("plus10", CountingAddKernel(10, &outer_calls), {inner_a}, columnar::Int64());
  PhysicalExprPtr second = inner_b;
  PhysicalExprPtr alone =
      MakeCallExpr("plus100", CountingAddKernel(100, &outer_calls), {column}, columnar::Int64());
  ASSERT_EQ(inner_a->Fingerprint(), inner_b->Fingerprint());
  ASSERT_NE(first->Fingerprint(), alone->Fingerprint());

  auto shared = CommonSubexpressions::Extract({&first, &second, &alone}, 1);
  ASSERT_FALSE(shared.empty());

  columnar::PrimitiveBuilder<int64_t> values(columnar::Int64());
  for (int64_t v : {5, -3, 40}) ASSERT_OK(values.Append(v));
  auto schema = std::make_shared<columnar::Schema>(
      std::vector<columnar::Field>{columnar::Field("x", columnar::Int64())});
  auto batch = columnar::RecordBatch::Make(schema, 3, {*values.Finish()});
  ASSERT_OK(batch);
  auto extended = shared.Extend(*batch);
  ASSERT_OK(extended);
  EXPECT_EQ(extended->num_columns(), 2);  // x and plus1(x)
  std::vector<std::vector<int64_t>> want = {{16, 8, 51}, {6, -2, 41}, {105, 97, 140}};
  std::vector<PhysicalExprPtr> exprs = {first, second, alone};
  for (size_t e = 0; e < exprs.size(); ++e) {
    auto out = exprs[e]->Evaluate(*extended);
    ASSERT_OK(out);
    for (int64_t i = 0; i < 3; ++i)
      EXPECT_EQ((*out)->values<int64_t>()[i], want[e][static_cast<size_t>(i)]);
  }
  EXPECT_EQ(inner_calls, 1);  // plus1 once for both uses
  EXPECT_EQ(outer_calls, 2);

  // Nothing shared: the expressions and batches are left as they are.
  PhysicalExprPtr lone =
      MakeCallExpr("plus1", CountingAddKernel(1, &inner_calls), {column}, columnar::Int64());
  auto none = CommonSubexpressions::Extract({&lone}, 1);
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(none.Extend(*batch)->num_columns(), 1);
}

}  // namespace
}  // namespace floe::sql
