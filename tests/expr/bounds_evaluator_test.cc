#include "floe/expr/bounds_evaluator.h"

#include <gtest/gtest.h>

#include <map>

#include "expr/random_batch.h"
#include "floe/expr/binder.h"
#include "floe/expr/parser.h"
#include "floe/expr/rewrite_not.h"
#include "floe/expr/row_evaluator.h"
#include "testing/result_matchers.h"

namespace floe::expr {
namespace {

using spec::Literal;
using testing::Row;

// True statistics of rows [begin, end) for every comparable column, by column name.
std::map<std::string, ColumnBounds> ChunkStats(const std::vector<Row>& rows, size_t begin,
                                               size_t end) {
  std::map<std::string, ColumnBounds> out;
  auto add = [&](const std::string& name, std::optional<Literal> v, bool nan = false) {
    ColumnBounds& b = out[name];
    if (!b.null_count) b.null_count = 0;
    if (!b.nan_count) b.nan_count = 0;
    if (!v) {
      ++*b.null_count;
      return;
    }
    if (nan) {
      ++*b.nan_count;
      return;
    }
    columnar::DataTypePtr type = name == "u" ? columnar::UInt64() : columnar::Int64();
    if (!b.min || *CompareValues(*type, *v, *b.min) < 0) b.min = v;
    if (!b.max || *CompareValues(*type, *v, *b.max) > 0) b.max = v;
  };
  auto opt = [](bool has, Literal v) { return has ? std::optional<Literal>(v) : std::nullopt; };
  for (size_t k = begin; k < end; ++k) {
    const Row& r = rows[k];
    add("i", opt(r.i.has_value(), Literal::Int(r.i.value_or(0))));
    add("b", opt(r.b.has_value(), Literal::Int(r.b.value_or(0))));
    add("u", opt(r.u.has_value(), Literal::Long(static_cast<int64_t>(r.u.value_or(0)))));
    add("f", opt(r.f.has_value(), Literal::Double(r.f.value_or(0))), r.f && std::isnan(*r.f));
    add("g", opt(r.g.has_value(), Literal::Float(r.g.value_or(0))), r.g && std::isnan(*r.g));
    add("s", opt(r.s.has_value(), Literal::String(r.s.value_or(""))));
    add("dec", opt(r.dec.has_value(), Literal::MakeDecimal(r.dec.value_or(0), 2)));
    add("flag", opt(r.flag.has_value(), Literal::Boolean(r.flag.value_or(false))));
    add("ts", opt(r.ts.has_value(), Literal::Long(r.ts.value_or(0))));
    add("st.x", opt(r.st_valid && r.st_x, Literal::Int(r.st_x.value_or(0))));
    add("st.y", opt(r.st_valid && r.st_y, Literal::String(r.st_y.value_or(""))));
  }
  return out;
}

TEST(BoundsEvaluatorTest, NeverPrunesAChunkWithAMatch) {
  std::mt19937 rng(11);
  int64_t chunks = 0, pruned = 0;
  for (int round = 0; round < 20; ++round) {
    std::vector<Row> rows = testing::RandomRows(rng, 240);
    columnar::RecordBatch batch = testing::BuildBatch(rows);
    const size_t chunk = 1 + rng() % 12;
    std::vector<std::map<std::string, ColumnBounds>> all_stats;
    for (size_t begin = 0; begin < rows.size(); begin += chunk) {
      all_stats.push_back(ChunkStats(rows, begin, std::min(rows.size(), begin + chunk)));
    }
    for (int q = 0; q < 60; ++q) {
      std::string text = testing::RandomFilter(rng, 3);
      auto bound = Bind(*ParseFilter(text), *batch.schema());
      ASSERT_OK(bound) << text;
      for (size_t begin = 0; begin < rows.size(); begin += chunk) {
        size_t end = std::min(rows.size(), begin + chunk);
        const std::map<std::string, ColumnBounds>& stats = all_stats[begin / chunk];
        // Sometimes some statistics are unknown.
        unsigned drop = q % 3 == 0 ? static_cast<unsigned>(rng()) : 0;
        BoundsProvider provider = [&](const BoundReference& ref) -> std::optional<ColumnBounds> {
          auto it = stats.find(ref.name());
          if (it == stats.end() || (drop & 1)) return std::nullopt;
          ColumnBounds b = it->second;
          if (drop & 2) b.min.reset();
          if (drop & 4) b.max.reset();
          if (drop & 8) b.null_count.reset();
          if (drop & 16) b.nan_count.reset();
          return b;
        };
        bool might = MightMatch(*bound, static_cast<int64_t>(end - begin), provider);
        auto sel = EvaluateRows(
            *bound, batch.Slice(static_cast<int64_t>(begin), static_cast<int64_t>(end - begin)));
        ASSERT_OK(sel);
        if (sel->count > 0) {
          ASSERT_TRUE(might) << text << " rows " << begin << ".." << end << " bound as "
                             << ToString(RewriteNot(*bound));
        }
        ++chunks;
        pruned += !might;
      }
    }
  }
  EXPECT_GT(pruned, chunks / 10);  // it does prune
}

BoundExpression BindOne(std::string_view text, const columnar::Schema& schema) {
  auto e = ParseFilter(text);
  EXPECT_OK(e) << text;
  auto b = Bind(*e, schema);
  EXPECT_OK(b) << text;
  return *b;
}

TEST(BoundsEvaluatorTest, HandCases) {
  using namespace columnar;  // NOLINT
  Schema schema({Field("i", Int32()), Field("f", Float64()), Field("s", Utf8())});
  ColumnBounds ib{Literal::Int(10), Literal::Int(20), 0, std::nullopt};
  ColumnBounds fb{Literal::Double(-0.0), Literal::Double(0.0), 0, 0};
  ColumnBounds sb{Literal::String("apple"), Literal::String("apricot"), 2, std::nullopt};
  BoundsProvider p = [&](const BoundReference& r) -> std::optional<ColumnBounds> {
    if (r.name() == "i") return ib;
    if (r.name() == "f") return fb;
    return sb;
  };
  auto might = [&](std::string_view text, int64_t rows = 10) {
    return MightMatch(BindOne(text, schema), rows, p);
  };
  EXPECT_FALSE(might("i < 10"));
  EXPECT_TRUE(might("i <= 10"));
  EXPECT_FALSE(might("i > 20"));
  EXPECT_TRUE(might("i >= 20"));
  EXPECT_FALSE(might("i = 21"));
  EXPECT_TRUE(might("i = 15"));
  EXPECT_FALSE(might("i IN (1, 5, 30)"));
  EXPECT_TRUE(might("i IN (1, 15)"));
  EXPECT_FALSE(might("i IS NULL"));
  EXPECT_FALSE(might("NOT i >= 10"));  // pushed down: i < 10
  EXPECT_FALSE(might("NOT (i > 5 AND i < 30)"));
  EXPECT_FALSE(might("i < 1000 AND i > 50"));
  EXPECT_FALSE(might("i = NULL"));
  EXPECT_FALSE(might("i = 1.5"));  // true for no row
  EXPECT_TRUE(might("i != 15"));
  // -0.0 and 0.0 are equal: every value is zero.
  EXPECT_FALSE(might("f != 0"));
  EXPECT_FALSE(might("f > 0"));
  EXPECT_TRUE(might("f = 0"));
  EXPECT_FALSE(might("f IS NAN"));
  EXPECT_FALSE(might("NOT f <= 0"));  // no NaN, so nothing is above zero
  fb.nan_count = 3;
  EXPECT_TRUE(might("f != 0"));      // NaN != 0
  EXPECT_TRUE(might("NOT f <= 0"));  // NaN satisfies NOT (f <= 0)
  EXPECT_TRUE(might("f IS NAN"));
  fb.nan_count.reset();
  EXPECT_TRUE(might("f IS NAN"));
  // Strings: prefixes against min/max.
  EXPECT_TRUE(might("starts_with(s, 'ap')"));
  EXPECT_TRUE(might("starts_with(s, 'apr')"));
  EXPECT_FALSE(might("starts_with(s, 'b')"));
  EXPECT_FALSE(might("starts_with(s, 'aa')"));
  EXPECT_FALSE(might("not_starts_with(s, 'ap')"));
  EXPECT_FALSE(might("s NOT LIKE 'ap%'"));
  EXPECT_TRUE(might("not_starts_with(s, 'app')"));
  EXPECT_FALSE(might("NOT starts_with(s, 'ap')"));
  EXPECT_TRUE(might("s IS NULL"));
  EXPECT_FALSE(might("s IS NULL", 0));  // an empty chunk
  // All null.
  sb.null_count = 10;
  EXPECT_FALSE(might("s = 'apple'"));
  EXPECT_FALSE(might("s IS NOT NULL"));
  EXPECT_TRUE(might("s IS NULL"));
  // NOT IN: every value is the one excluded.
  ib = ColumnBounds{Literal::Int(7), Literal::Int(7), 0, std::nullopt};
  EXPECT_FALSE(might("i NOT IN (7, 8)"));
  EXPECT_FALSE(might("i != 7"));
  EXPECT_TRUE(might("i NOT IN (8)"));
  EXPECT_FALSE(might("i NOT IN (8, NULL)"));
  // Unknown statistics never prune.
  ib = ColumnBounds{};
  EXPECT_TRUE(might("i = 3"));
  EXPECT_TRUE(might("i IS NULL"));
}

TEST(BoundsEvaluatorTest, CompareValues) {
  using namespace columnar;  // NOLINT
  EXPECT_EQ(CompareValues(*Utf8(), Literal::String("\xff"), Literal::String("a")), 1);
  EXPECT_EQ(CompareValues(*UInt64(), Literal::Long(-1), Literal::Long(1)), 1);
  EXPECT_EQ(CompareValues(*Int64(), Literal::Long(-1), Literal::Long(1)), -1);
  EXPECT_EQ(CompareValues(*Float64(), Literal::Double(-0.0), Literal::Double(0.0)), 0);
  EXPECT_EQ(CompareValues(*Float64(), Literal::Double(NAN), Literal::Double(0.0)), std::nullopt);
  EXPECT_EQ(CompareValues(*Int32(), Literal::Int(1), Literal::String("1")), std::nullopt);
}

// A variant_get term is a residual: statistics of the variant column (here: every row null,
// bounds 0..0, which would drop a chunk for a plain int column) never drop a chunk for it.
TEST(BoundsEvaluatorTest, VariantGetTermsNeverPrune) {
  using namespace columnar;  // NOLINT
  Schema schema({Field("i", Int32()), Field("v", Variant())});
  ColumnBounds all_null{Literal::Int(0), Literal::Int(0), 10, std::nullopt};
  BoundsProvider p = [&](const BoundReference&) -> std::optional<ColumnBounds> { return all_null; };
  auto might = [&](std::string_view text) {
    return MightMatch(RewriteNot(BindOne(text, schema)), 10, p);
  };
  EXPECT_FALSE(might("i > 3"));  // the same statistics prune a plain column
  EXPECT_FALSE(might("i IS NOT NULL"));
  EXPECT_TRUE(might("variant_get(v, '$.a', 'int') > 3"));
  EXPECT_TRUE(might("try_variant_get(v, '$.a', 'int') IS NOT NULL"));
  EXPECT_TRUE(might("variant_get(v, '$.a', 'bigint') IN (5, 7)"));
  EXPECT_TRUE(might("NOT variant_get(v, '$.a', 'int') <= 0"));
  EXPECT_TRUE(might("variant_get(v, '$.s', 'string') = 'x' OR i > 3"));
  EXPECT_FALSE(might("variant_get(v, '$.a', 'int') > 3 AND i > 3"));  // i still prunes
}

}  // namespace
}  // namespace floe::expr
