#include "floe/expr/row_evaluator.h"

#include <gtest/gtest.h>

#include "expr/random_batch.h"
#include "floe/expr/binder.h"
#include "floe/expr/filter_batch.h"
#include "floe/expr/parser.h"
#include "testing/result_matchers.h"

namespace floe::expr {
namespace {

using columnar::ArrayData;
using columnar::RecordBatch;
using columnar::TypeId;
using testing::Row;
using testing::Tri;

Selection Select(std::string_view text, const RecordBatch& batch) {
  auto e = ParseFilter(text);
  EXPECT_OK(e) << text;
  auto bound = Bind(*e, *batch.schema());
  EXPECT_OK(bound) << text;
  auto s = EvaluateRows(*bound, batch);
  EXPECT_OK(s) << text;
  return *s;
}

// Element i of a and element j of b hold the same value (validity included), recursively.
bool SameValue(const ArrayData& a, int64_t i, const ArrayData& b, int64_t j) {
  if (a.IsValid(i) != b.IsValid(j)) return false;
  if (a.IsNull(i)) return true;
  switch (a.type->id()) {
    case TypeId::kBool:
      return a.GetBool(i) == b.GetBool(j);
    case TypeId::kString:
    case TypeId::kBinary:
      return a.GetView(i) == b.GetView(j);
    case TypeId::kFixedSizeBinary:
    case TypeId::kDecimal128:
      return a.GetFixed(i) == b.GetFixed(j);
    case TypeId::kStruct:
      for (size_t k = 0; k < a.children.size(); ++k) {
        if (!SameValue(*a.children[k], a.offset + i, *b.children[k], b.offset + j)) return false;
      }
      return true;
    case TypeId::kList:
    case TypeId::kMap: {
      int64_t n = a.ListEnd(i) - a.ListStart(i);
      if (n != b.ListEnd(j) - b.ListStart(j)) return false;
      for (int64_t k = 0; k < n; ++k) {
        if (!SameValue(*a.children[0], a.ListStart(i) + k, *b.children[0], b.ListStart(j) + k)) {
          return false;
        }
      }
      return true;
    }
    default: {
      int w = a.type->byte_width();
      return std::memcmp(a.buffers[1]->data() + (a.offset + i) * w,
                         b.buffers[1]->data() + (b.offset + j) * w, static_cast<size_t>(w)) == 0;
    }
  }
}

void ExpectFilteredRows(const RecordBatch& batch, const Selection& sel) {
  auto out = FilterBatch(batch, sel);
  ASSERT_OK(out);
  ASSERT_EQ(out->num_rows(), sel.count);
  std::vector<int64_t> idx = sel.Indices();
  for (int c = 0; c < batch.num_columns(); ++c) {
    const ArrayData& in = *batch.column(c);
    const ArrayData& got = *out->column(c);
    ASSERT_OK(got.Validate());
    for (size_t k = 0; k < idx.size(); ++k) {
      ASSERT_TRUE(SameValue(in, idx[k], got, static_cast<int64_t>(k)))
          << "column " << batch.schema()->field(c).name << " row " << idx[k];
    }
  }
}

TEST(RowEvaluatorTest, MatchesPerRowReference) {
  std::mt19937 rng(42);
  int checked = 0, kept = 0;
  for (int round = 0; round < 40; ++round) {
    std::vector<Row> rows = testing::RandomRows(rng, 1 + static_cast<int>(rng() % 200));
    RecordBatch full = testing::BuildBatch(rows);
    // Also a slice, so that array offsets are exercised.
    int64_t off = static_cast<int64_t>(rng() % rows.size());
    int64_t len = static_cast<int64_t>(rng() % (rows.size() - static_cast<size_t>(off) + 1));
    RecordBatch batch = round % 2 ? full.Slice(off, len) : full;
    int64_t base = round % 2 ? off : 0;
    for (int q = 0; q < 50; ++q) {
      std::string text = testing::RandomFilter(rng, 3);
      auto e = ParseFilter(text);
      ASSERT_OK(e) << text;
      Selection sel = Select(text, batch);
      ASSERT_EQ(sel.num_rows, batch.num_rows());
      int64_t count = 0;
      for (int64_t i = 0; i < batch.num_rows(); ++i) {
        bool want = testing::Reference(*e, rows[static_cast<size_t>(base + i)]) == Tri::kTrue;
        ASSERT_EQ(sel.selected(i), want) << text << " row " << base + i;
        count += want;
        ++checked;
      }
      EXPECT_EQ(sel.count, count);
      kept += static_cast<int>(count);
      if (q % 10 == 0) ExpectFilteredRows(batch, sel);
    }
  }
  EXPECT_GT(kept, checked / 20);  // the filters are not all trivially empty
}

TEST(RowEvaluatorTest, HandCases) {
  std::vector<Row> rows(4);
  rows[0].f = NAN;
  rows[1].f = -0.0;
  rows[2].f = 1.0;
  rows[0].i = 1;
  rows[1].i = 2;
  rows[3].st_valid = false;
  rows[3].st_x = 7;  // hidden by the null struct
  rows[2].st_x = 7;
  RecordBatch batch = testing::BuildBatch(rows);
  auto idx = [&](std::string_view text) { return Select(text, batch).Indices(); };
  using V = std::vector<int64_t>;
  EXPECT_EQ(idx("f = 0"), V({1}));
  EXPECT_EQ(idx("f != 0"), V({0, 2}));  // NaN != 0
  EXPECT_EQ(idx("f < 5"), V({1, 2}));
  EXPECT_EQ(idx("NOT f < 5"), V({0}));  // NaN: not (false)
  EXPECT_EQ(idx("f IS NAN"), V({0}));
  EXPECT_EQ(idx("f IS NOT NAN"), V({1, 2, 3}));  // a null is not NaN
  EXPECT_EQ(idx("i = NULL"), V());
  EXPECT_EQ(idx("NOT i = NULL"), V());
  EXPECT_EQ(idx("i NOT IN (1, NULL)"), V());
  EXPECT_EQ(idx("i IN (1, NULL)"), V({0}));
  EXPECT_EQ(idx("NOT i IN (1, NULL)"), V());
  EXPECT_EQ(idx("i NOT IN (1)"), V({1}));
  EXPECT_EQ(idx("i = 1 OR i IS NULL"), V({0, 2, 3}));
  EXPECT_EQ(idx("NOT (i = 1 AND f IS NAN)"), V({1, 2, 3}));
  EXPECT_EQ(idx("st.x = 7"), V({2}));
  EXPECT_EQ(idx("st.x IS NULL"), V({0, 1, 3}));
  EXPECT_EQ(idx("b < 1000"), V());  // all null
  EXPECT_EQ(idx("TRUE"), V({0, 1, 2, 3}));
  EXPECT_EQ(idx("FALSE OR i = 2"), V({1}));
}

TEST(RowEvaluatorTest, WrongBatchIsAnError) {
  std::vector<Row> rows(2);
  RecordBatch batch = testing::BuildBatch(rows);
  columnar::Schema other({columnar::Field("i", columnar::Utf8())});
  auto bound = Bind(*ParseFilter("i = 'x'"), other);
  ASSERT_OK(bound);
  auto r = EvaluateRows(*bound, batch);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kInvalidArgument);
}

TEST(FilterBatchTest, EveryTypeAndEdgeSelections) {
  std::mt19937 rng(3);
  std::vector<Row> rows = testing::RandomRows(rng, 300);
  RecordBatch batch = testing::BuildBatch(rows);
  RecordBatch slice = batch.Slice(17, 200);
  for (const RecordBatch* b : {&batch, &slice}) {
    ExpectFilteredRows(*b, Select("TRUE", *b));
    ExpectFilteredRows(*b, Select("FALSE", *b));
    ExpectFilteredRows(*b, Select("i > 0 OR st.x = 1", *b));
    ExpectFilteredRows(*b, Select("l IS NULL", *b));
  }
  Selection all = Select("TRUE", batch);
  EXPECT_EQ(FilterBatch(batch, all)->column(0), batch.column(0));  // no copy
  Selection wrong;
  wrong.num_rows = 3;
  EXPECT_FALSE(FilterBatch(batch, wrong).ok());
}

}  // namespace
}  // namespace floe::expr
