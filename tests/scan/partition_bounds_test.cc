#include "floe/scan/partition_bounds.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "floe/columnar/data_type.h"
#include "floe/expr/bounds_evaluator.h"
#include "floe/spec/single_value.h"
#include "floe/util/time.h"
#include "testing/result_matchers.h"

namespace floe::scan {
namespace {

using spec::Literal;
using spec::Transform;
using spec::Type;
using spec::TypeId;

constexpr int64_t kMicrosPerDay = 86400LL * 1000000;

int64_t AsInt(const std::optional<Literal>& v) {
  EXPECT_TRUE(v.has_value());
  if (!v) return 0;
  if (v->holds<int32_t>()) return v->get<int32_t>();
  return v->get<int64_t>();
}

TEST(PartitionBoundsTest, DayOfDateAndTimestamps) {
  // 2024-02-29 (leap day) is day 19782.
  int64_t d = DaysFromCivil(2024, 2, 29);
  SourceRange r = InverseRange(Transform::Day(), *Type::Date(), Literal::Date(int32_t(d)));
  EXPECT_EQ(AsInt(r.min), d);
  EXPECT_EQ(AsInt(r.max), d);
  r = InverseRange(Transform::Day(), *Type::Timestamp(), Literal::Date(int32_t(d)));
  EXPECT_EQ(AsInt(r.min), d * kMicrosPerDay);
  EXPECT_EQ(AsInt(r.max), (d + 1) * kMicrosPerDay - 1);
  r = InverseRange(Transform::Day(), *Type::Primitive(TypeId::kTimestampTzNs),
                   Literal::Date(int32_t(d)));
  EXPECT_EQ(AsInt(r.min), d * kMicrosPerDay * 1000);
  EXPECT_EQ(AsInt(r.max), (d + 1) * kMicrosPerDay * 1000 - 1);
  // Before 1970: day -1 is 1969-12-31, its last micro is -1.
  r = InverseRange(Transform::Day(), *Type::TimestampTz(), Literal::Date(-1));
  EXPECT_EQ(AsInt(r.min), -kMicrosPerDay);
  EXPECT_EQ(AsInt(r.max), -1);
}

TEST(PartitionBoundsTest, MonthAndYearBoundaries) {
  // Month 649 = 2024-02: a leap February.
  SourceRange r = InverseRange(Transform::Month(), *Type::Date(), Literal::Int(649));
  EXPECT_EQ(AsInt(r.min), DaysFromCivil(2024, 2, 1));
  EXPECT_EQ(AsInt(r.max), DaysFromCivil(2024, 2, 29));
  // Month 647 = 2023-12: ends on Dec 31.
  r = InverseRange(Transform::Month(), *Type::Date(), Literal::Int(647));
  EXPECT_EQ(AsInt(r.max), DaysFromCivil(2023, 12, 31));
  // Month -1 = 1969-12.
  r = InverseRange(Transform::Month(), *Type::Timestamp(), Literal::Int(-1));
  EXPECT_EQ(AsInt(r.min), -31 * kMicrosPerDay);
  EXPECT_EQ(AsInt(r.max), -1);
  // Year 54 = 2024 (leap): 366 days.
  r = InverseRange(Transform::Year(), *Type::Date(), Literal::Int(54));
  EXPECT_EQ(AsInt(r.min), DaysFromCivil(2024, 1, 1));
  EXPECT_EQ(AsInt(r.max), DaysFromCivil(2024, 12, 31));
  EXPECT_EQ(AsInt(r.max) - AsInt(r.min), 365);
  // Year -1 = 1969.
  r = InverseRange(Transform::Year(), *Type::Date(), Literal::Int(-1));
  EXPECT_EQ(AsInt(r.min), -365);
  EXPECT_EQ(AsInt(r.max), -1);
}

TEST(PartitionBoundsTest, Hour) {
  SourceRange r = InverseRange(Transform::Hour(), *Type::Timestamp(), Literal::Int(-1));
  EXPECT_EQ(AsInt(r.min), -3600LL * 1000000);
  EXPECT_EQ(AsInt(r.max), -1);
  r = InverseRange(Transform::Hour(), *Type::Primitive(TypeId::kTimestampNs), Literal::Int(10));
  EXPECT_EQ(AsInt(r.min), 10 * 3600LL * 1000000000);
  EXPECT_EQ(AsInt(r.max), 11 * 3600LL * 1000000000 - 1);
}

// For random source values x with transform(x) = v: min <= x <= max, and min and max map to v
// themselves (the range is tight).
TEST(PartitionBoundsTest, TimeRangesContainAndAreTightBruteForce) {
  std::mt19937_64 rng(7);
  const TypeId sources[] = {TypeId::kDate, TypeId::kTimestamp, TypeId::kTimestampTz,
                            TypeId::kTimestampNs};
  const Transform transforms[] = {Transform::Year(), Transform::Month(), Transform::Day(),
                                  Transform::Hour()};
  for (TypeId id : sources) {
    spec::TypePtr type = Type::Primitive(id);
    for (const Transform& t : transforms) {
      if (!t.CanTransform(*type)) continue;
      for (int i = 0; i < 300; ++i) {
        // Around 1900..2100, plus values near the epoch and month ends.
        int64_t days = static_cast<int64_t>(rng() % 73000) - 25550;
        if (i % 3 == 0) days = static_cast<int64_t>(rng() % 5) - 2;
        Literal x;
        if (id == TypeId::kDate) {
          x = Literal::Date(static_cast<int32_t>(days));
        } else {
          int64_t unit = id == TypeId::kTimestampNs ? 1000 : 1;
          int64_t within = static_cast<int64_t>(rng() % static_cast<uint64_t>(kMicrosPerDay));
          if (i % 5 == 0) within = 0;
          if (i % 5 == 1) within = kMicrosPerDay - 1;
          x = Literal::Timestamp((days * kMicrosPerDay + within) * unit +
                                 (i % 5 == 1 ? unit - 1 : 0));
        }
        Result<Literal> v = t.Apply(*type, x);
        ASSERT_OK(v);
        SourceRange r = InverseRange(t, *type, *v);
        ASSERT_TRUE(r.min && r.max) << t.ToString();
        EXPECT_LE(AsInt(r.min), AsInt(x)) << t.ToString() << " " << type->ToString();
        EXPECT_GE(AsInt(r.max), AsInt(x)) << t.ToString() << " " << type->ToString();
        EXPECT_EQ(*t.Apply(*type, *r.min), *v) << t.ToString();
        EXPECT_EQ(*t.Apply(*type, *r.max), *v) << t.ToString();
      }
    }
  }
}

TEST(PartitionBoundsTest, TruncateNumbers) {
  // truncate[10] of -1 is -10: [-10, -1].
  Result<Literal> v = Transform::Truncate(10).Apply(*Type::Int(), Literal::Int(-1));
  ASSERT_OK(v);
  SourceRange r = InverseRange(Transform::Truncate(10), *Type::Int(), *v);
  EXPECT_EQ(AsInt(r.min), -10);
  EXPECT_EQ(AsInt(r.max), -1);
  r = InverseRange(Transform::Truncate(10), *Type::Long(), Literal::Long(120));
  EXPECT_EQ(AsInt(r.min), 120);
  EXPECT_EQ(AsInt(r.max), 129);
  // Near the top the range is clamped, not wrapped.
  r = InverseRange(Transform::Truncate(10), *Type::Int(), Literal::Int(2147483640));
  EXPECT_EQ(AsInt(r.max), 2147483647);
  // decimal(9,2) truncate[50]: 10.50 → [10.50, 10.99].
  r = InverseRange(Transform::Truncate(50), *Type::Decimal(9, 2), Literal::MakeDecimal(1050, 2));
  ASSERT_TRUE(r.max);
  EXPECT_EQ(r.max->get<spec::Decimal>(), (spec::Decimal{1099, 2}));
}

TEST(PartitionBoundsTest, TruncateStringsAndBinary) {
  Transform t = Transform::Truncate(3);
  SourceRange r = InverseRange(t, *Type::String(), Literal::String("abc"));
  EXPECT_EQ(r.min->get<std::string>(), "abc");
  EXPECT_EQ(r.max->get<std::string>(), "abd");  // above every "abc..."
  r = InverseRange(t, *Type::String(), Literal::String("ab"));
  EXPECT_EQ(r.max->get<std::string>(), "ab");  // shorter than 3: not cut
  // Three code points in more bytes: cut.
  r = InverseRange(t, *Type::String(), Literal::String("\xc3\xa9\xc3\xa9\xc3\xa9"));
  EXPECT_EQ(r.max->get<std::string>(), "\xc3\xa9\xc3\xa9\xc3\xaa");
  r = InverseRange(Transform::Truncate(2), *Type::Binary(), Literal::Binary({0xFF, 0xFF}));
  EXPECT_TRUE(r.min.has_value());
  EXPECT_FALSE(r.max.has_value());
  r = InverseRange(Transform::Truncate(2), *Type::Binary(), Literal::Binary({0x01, 0xFF}));
  EXPECT_EQ(r.max->get<spec::Bytes>().data, (std::vector<uint8_t>{0x02}));
}

TEST(PartitionBoundsTest, ValueBounds) {
  auto b = PartitionValueBounds(Transform::Identity(), *Type::String(), Literal::String("eu"), 7);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->min->get<std::string>(), "eu");
  EXPECT_EQ(b->max->get<std::string>(), "eu");
  EXPECT_EQ(b->null_count, 0);
  b = PartitionValueBounds(Transform::Day(), *Type::Date(), Literal::Null(), 7);
  EXPECT_EQ(b->null_count, 7);
  b = PartitionValueBounds(Transform::Bucket(4), *Type::Long(), Literal::Int(3), 7);
  EXPECT_EQ(b->null_count, 0);
  EXPECT_FALSE(b->min || b->max);
  b = PartitionValueBounds(Transform::Identity(), *Type::Double(), Literal::Double(NAN), 7);
  EXPECT_EQ(b->nan_count, 7);
  EXPECT_FALSE(b->min || b->max);
  EXPECT_FALSE(PartitionValueBounds(Transform::Void(), *Type::Long(), Literal::Null(), 7));
}

TEST(PartitionBoundsTest, SummaryBounds) {
  manifest::PartitionFieldSummary s;
  s.contains_null = false;
  s.lower_bound = *spec::ToBinary(*Type::Int(), Literal::Int(647));  // 2023-12
  s.upper_bound = *spec::ToBinary(*Type::Int(), Literal::Int(649));  // 2024-02
  auto b = PartitionSummaryBounds(Transform::Month(), *Type::Date(), s, 100);
  ASSERT_TRUE(b);
  EXPECT_EQ(AsInt(b->min), DaysFromCivil(2023, 12, 1));
  EXPECT_EQ(AsInt(b->max), DaysFromCivil(2024, 2, 29));
  EXPECT_EQ(b->null_count, 0);
  // Only nulls.
  manifest::PartitionFieldSummary nulls;
  nulls.contains_null = true;
  b = PartitionSummaryBounds(Transform::Month(), *Type::Date(), nulls, 100);
  EXPECT_EQ(b->null_count, 100);
  // A double with no bounds and contains_nan unknown may hold NaN: not all null.
  b = PartitionSummaryBounds(Transform::Identity(), *Type::Double(), nulls, 100);
  EXPECT_FALSE(b->null_count.has_value());
  // Bucket summaries give no range.
  b = PartitionSummaryBounds(Transform::Bucket(4), *Type::Long(), s, 100);
  EXPECT_FALSE(b->min || b->max);
}

TEST(PartitionBoundsTest, Intersect) {
  columnar::DataTypePtr int64 = columnar::Int64();
  expr::ColumnBounds a{Literal::Long(0), Literal::Long(100), std::nullopt, std::nullopt};
  expr::ColumnBounds b{Literal::Long(10), std::nullopt, 0, std::nullopt};
  expr::ColumnBounds r = IntersectBounds(*int64, a, b);
  EXPECT_EQ(AsInt(r.min), 10);
  EXPECT_EQ(AsInt(r.max), 100);
  EXPECT_EQ(r.null_count, 0);
}

TEST(PartitionBoundsTest, BucketWalk) {
  spec::TypePtr long_type = Type::Long();
  Transform bucket = Transform::Bucket(4);
  int32_t b5 = bucket.Apply(*long_type, Literal::Long(5))->get<int32_t>();
  expr::BoundReference ref;
  ref.column.path = {"id"};
  ref.path = {0};
  ref.type = columnar::Int64();
  auto provider = [&](const expr::BoundReference&) {
    return std::vector<BucketField>{
        BucketField{long_type.get(), 4, [&](int32_t b) { return b == b5; }}};
  };
  using E = expr::BoundExpression;
  auto impossible = [&](const E& e) {
    return PruneBucketPredicates(e, provider).op() == expr::Operation::kFalse;
  };
  E eq5 = E::Predicate(expr::Operation::kEq, ref, {Literal::Long(5)});
  EXPECT_FALSE(impossible(eq5));
  EXPECT_EQ(PruneBucketPredicates(eq5, provider), eq5);
  // A value in another bucket cannot match; with OR the other side may.
  int64_t other = 6;
  while (bucket.Apply(*long_type, Literal::Long(other))->get<int32_t>() == b5) ++other;
  E eq_other = E::Predicate(expr::Operation::kEq, ref, {Literal::Long(other)});
  EXPECT_TRUE(impossible(eq_other));
  EXPECT_EQ(PruneBucketPredicates(E::Or(eq_other, eq5), provider), eq5);
  EXPECT_TRUE(impossible(E::And(eq5, eq_other)));
  EXPECT_FALSE(impossible(
      E::Predicate(expr::Operation::kIn, ref, {Literal::Long(other), Literal::Long(5)})));
  EXPECT_TRUE(impossible(E::Predicate(expr::Operation::kIn, ref, {Literal::Long(other)})));
  EXPECT_FALSE(impossible(E::Predicate(expr::Operation::kNotEq, ref, {Literal::Long(other)})));
}

}  // namespace
}  // namespace floe::scan
