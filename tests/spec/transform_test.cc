#include "floe/spec/transform.h"

#include <gtest/gtest.h>

#include "floe/util/murmur3.h"
#include "floe/util/time.h"
#include "testing/result_matchers.h"

namespace floe::spec {
namespace {

constexpr int64_t kMicrosPerHour = 3600LL * 1000000;
constexpr int64_t kMicrosPerDay = 24 * kMicrosPerHour;

int64_t Micros(int64_t y, int m, int d, int hh = 0, int mm = 0, int ss = 0, int64_t us = 0) {
  return DaysFromCivil(y, m, d) * kMicrosPerDay + (hh * 3600LL + mm * 60 + ss) * 1000000 + us;
}

Transform T(std::string_view text) {
  auto t = Transform::Parse(text);
  EXPECT_OK(t) << text;
  return t.ok() ? *t : Transform();
}

Literal Apply(std::string_view transform, const TypePtr& type, const Literal& v) {
  auto r = T(transform).Apply(*type, v);
  EXPECT_OK(r) << transform << " on " << type->ToString();
  return r.ok() ? *r : Literal::Null();
}

TEST(TransformTest, ParsesAndPrintsEveryKind) {
  for (std::string_view name :
       {"identity", "bucket[16]", "truncate[4]", "year", "month", "day", "hour", "void"}) {
    auto t = Transform::Parse(name);
    ASSERT_OK(t) << name;
    EXPECT_EQ(t->ToString(), name);
  }
  EXPECT_EQ(T("bucket[16]").kind(), TransformKind::kBucket);
  EXPECT_EQ(T("bucket[16]").param(), 16);
  EXPECT_EQ(T("truncate[4]").param(), 4);
  EXPECT_EQ(T("Identity"), Transform::Identity());
}

TEST(TransformTest, RejectsBadNames) {
  auto typo = Transform::Parse("bukket[16]");
  ASSERT_FALSE(typo.ok());
  EXPECT_EQ(typo.error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(typo.error().message, "unknown transform \"bukket[16]\"");
  for (std::string_view bad :
       {"bucket[0]", "bucket[-1]", "bucket[]", "truncate[x]", "bucket[16", ""}) {
    EXPECT_FALSE(Transform::Parse(bad).ok()) << bad;
  }
  EXPECT_EQ(Transform::Parse("bucket[0]").error().message,
            "invalid transform \"bucket[0]\": bucket needs a positive integer parameter");
}

TEST(TransformTest, KeepsUnknownTransformsByName) {
  auto t = Transform::ParseAllowUnknown("zorder");
  ASSERT_OK(t);
  EXPECT_TRUE(t->is_unknown());
  EXPECT_EQ(t->ToString(), "zorder");
  EXPECT_EQ(*Transform::ParseAllowUnknown("geohash[5]")->ToString().data(), 'g');
  // Typos of known transforms are still errors.
  EXPECT_FALSE(Transform::ParseAllowUnknown("bukket[16]").ok());
  EXPECT_FALSE(Transform::ParseAllowUnknown("days").ok());
  EXPECT_FALSE(Transform::ParseAllowUnknown("truncate[0]").ok());
  // Applying it is not supported; its result type is string, as in Java.
  auto applied = t->Apply(*Type::Int(), Literal::Int(1));
  ASSERT_FALSE(applied.ok());
  EXPECT_EQ(applied.error().kind, ErrorKind::kNotSupported);
  EXPECT_EQ((*t->ResultType(*Type::Int()))->id(), TypeId::kString);
}

TEST(TransformTest, ResultTypes) {
  EXPECT_EQ(**T("identity").ResultType(*Type::Decimal(9, 2)), *Type::Decimal(9, 2));
  EXPECT_EQ(**T("bucket[8]").ResultType(*Type::String()), *Type::Int());
  EXPECT_EQ(**T("truncate[8]").ResultType(*Type::String()), *Type::String());
  EXPECT_EQ(**T("year").ResultType(*Type::Timestamp()), *Type::Int());
  EXPECT_EQ(**T("month").ResultType(*Type::Date()), *Type::Int());
  EXPECT_EQ(**T("day").ResultType(*Type::Primitive(TypeId::kTimestampTzNs)), *Type::Date());
  EXPECT_EQ(**T("hour").ResultType(*Type::TimestampTz()), *Type::Int());
  EXPECT_EQ(**T("void").ResultType(*Type::Fixed(3)), *Type::Fixed(3));
}

TEST(TransformTest, RefusesTypesTheTransformDoesNotApplyTo) {
  struct Case {
    std::string_view transform;
    TypePtr type;
  };
  for (const Case& c :
       std::vector<Case>{{"bucket[16]", Type::Boolean()},
                         {"bucket[16]", Type::Float()},
                         {"bucket[16]", Type::Double()},
                         {"truncate[4]", Type::Date()},
                         {"truncate[4]", Type::Uuid()},
                         {"truncate[4]", Type::Fixed(4)},
                         {"year", Type::Time()},
                         {"month", Type::Long()},
                         {"day", Type::String()},
                         {"hour", Type::Date()},
                         {"identity", Type::Primitive(TypeId::kVariant)},
                         {"identity", Type::Geometry("")},
                         {"identity", Type::List(NestedField{1, "element", true, Type::Int()})}}) {
    Transform t = T(c.transform);
    EXPECT_FALSE(t.CanTransform(*c.type)) << c.transform << " " << c.type->ToString();
    auto r = t.ResultType(*c.type);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, ErrorKind::kInvalidArgument);
    EXPECT_EQ(r.error().message,
              fmt::format("{} cannot transform {}", c.transform, c.type->ToString()));
    EXPECT_FALSE(t.Apply(*c.type, Literal::Int(1)).ok());
  }
  EXPECT_EQ(T("bucket[16]").ResultType(*Type::Boolean()).error().message,
            "bucket[16] cannot transform boolean");
}

TEST(TransformTest, TimeTransformsFloorBeforeTheEpoch) {
  auto ts = Type::Timestamp();
  Literal minus_one_us = Literal::Timestamp(-1);  // 1969-12-31T23:59:59.999999
  EXPECT_EQ(Apply("year", ts, minus_one_us), Literal::Int(-1));
  EXPECT_EQ(Apply("month", ts, minus_one_us), Literal::Int(-1));
  EXPECT_EQ(Apply("day", ts, minus_one_us), Literal::Date(-1));
  EXPECT_EQ(Apply("hour", ts, minus_one_us), Literal::Int(-1));

  auto date = Type::Date();
  EXPECT_EQ(Apply("year", date, Literal::Date(-1)), Literal::Int(-1));
  EXPECT_EQ(Apply("month", date, Literal::Date(-1)), Literal::Int(-1));
  EXPECT_EQ(Apply("day", date, Literal::Date(-1)), Literal::Date(-1));
  int32_t d1900 = static_cast<int32_t>(DaysFromCivil(1900, 1, 1));
  EXPECT_EQ(Apply("year", date, Literal::Date(d1900)), Literal::Int(-70));
  EXPECT_EQ(Apply("month", date, Literal::Date(d1900)), Literal::Int(-840));
  EXPECT_EQ(Apply("month", date, Literal::Date(static_cast<int32_t>(DaysFromCivil(1969, 1, 15)))),
            Literal::Int(-12));

  // One hour and one microsecond before the epoch is in hour -2.
  EXPECT_EQ(Apply("hour", ts, Literal::Timestamp(-kMicrosPerHour - 1)), Literal::Int(-2));
  EXPECT_EQ(Apply("hour", ts, Literal::Timestamp(-kMicrosPerHour)), Literal::Int(-1));
  EXPECT_EQ(Apply("day", ts, Literal::Timestamp(Micros(1969, 12, 30, 23, 59, 59))),
            Literal::Date(-2));
}

TEST(TransformTest, TimeTransformsAfterTheEpoch) {
  auto tz = Type::TimestampTz();
  Literal v = Literal::Timestamp(Micros(2026, 3, 1, 10, 30, 5, 123));
  EXPECT_EQ(Apply("year", tz, v), Literal::Int(56));
  EXPECT_EQ(Apply("month", tz, v), Literal::Int(56 * 12 + 2));
  EXPECT_EQ(Apply("day", tz, v), Literal::Date(20513));
  EXPECT_EQ(Apply("hour", tz, v), Literal::Int(20513 * 24 + 10));
}

TEST(TransformTest, NanosecondTimestamps) {
  auto ns = Type::Primitive(TypeId::kTimestampNs);
  EXPECT_EQ(Apply("hour", ns, Literal::Timestamp(-1)), Literal::Int(-1));
  EXPECT_EQ(Apply("day", ns, Literal::Timestamp(-1)), Literal::Date(-1));
  EXPECT_EQ(Apply("year", ns, Literal::Timestamp(-1)), Literal::Int(-1));
  int64_t nanos = Micros(2026, 3, 1, 10) * 1000 + 999;
  EXPECT_EQ(Apply("hour", ns, Literal::Timestamp(nanos)), Literal::Int(20513 * 24 + 10));
  EXPECT_EQ(Apply("month", Type::Primitive(TypeId::kTimestampTzNs), Literal::Timestamp(nanos)),
            Literal::Int(56 * 12 + 2));
  // Identity keeps every nanosecond.
  EXPECT_EQ(Apply("identity", ns, Literal::Timestamp(nanos)), Literal::Timestamp(nanos));
}

TEST(TransformTest, TruncateIntegersWithFloorSemantics) {
  EXPECT_EQ(Apply("truncate[10]", Type::Int(), Literal::Int(1)), Literal::Int(0));
  EXPECT_EQ(Apply("truncate[10]", Type::Int(), Literal::Int(-1)), Literal::Int(-10));
  EXPECT_EQ(Apply("truncate[10]", Type::Int(), Literal::Int(-10)), Literal::Int(-10));
  EXPECT_EQ(Apply("truncate[10]", Type::Long(), Literal::Long(-11)), Literal::Long(-20));
  EXPECT_EQ(Apply("truncate[3]", Type::Long(), Literal::Long(INT64_MAX)),
            Literal::Long(INT64_MAX - 1));
}

TEST(TransformTest, TruncateDecimalsOnTheUnscaledValue) {
  auto dec = Type::Decimal(9, 2);
  EXPECT_EQ(Apply("truncate[50]", dec, Literal::MakeDecimal(1065, 2)),
            Literal::MakeDecimal(1050, 2));
  EXPECT_EQ(Apply("truncate[50]", dec, Literal::MakeDecimal(-1065, 2)),
            Literal::MakeDecimal(-1100, 2));
  EXPECT_EQ(Apply("truncate[10]", dec, Literal::MakeDecimal(-5, 2)), Literal::MakeDecimal(-10, 2));
  EXPECT_EQ(Apply("truncate[10]", dec, Literal::MakeDecimal(0, 2)), Literal::MakeDecimal(0, 2));
}

TEST(TransformTest, TruncateStringsByCodePoints) {
  auto s = Type::String();
  EXPECT_EQ(Apply("truncate[3]", s, Literal::String("iceberg")), Literal::String("ice"));
  EXPECT_EQ(Apply("truncate[2]", s, Literal::String("h\xC3\xA9llo")), Literal::String("h\xC3\xA9"));
  EXPECT_EQ(Apply("truncate[1]", s, Literal::String("\xE6\x97\xA5\xE6\x9C\xAC")),
            Literal::String("\xE6\x97\xA5"));
  // Code points outside the BMP (surrogate pairs in Java) count as one.
  EXPECT_EQ(Apply("truncate[2]", s, Literal::String("\xF0\x9F\x98\x80\xF0\x9F\x98\x80!")),
            Literal::String("\xF0\x9F\x98\x80\xF0\x9F\x98\x80"));
  EXPECT_EQ(Apply("truncate[10]", s, Literal::String("short")), Literal::String("short"));
}

TEST(TransformTest, TruncateBinaryByBytes) {
  EXPECT_EQ(Apply("truncate[3]", Type::Binary(), Literal::Binary({1, 2, 3, 4, 5})),
            Literal::Binary({1, 2, 3}));
  EXPECT_EQ(Apply("truncate[3]", Type::Binary(), Literal::Binary({1})), Literal::Binary({1}));
}

TEST(TransformTest, BucketOnEveryApplicableType) {
  // Hashes from the spec's Appendix B table; bucket = (hash & INT_MAX) % N.
  auto bucket = [](const TypePtr& type, const Literal& v) {
    auto r = Transform::Bucket(1 << 30).Apply(*type, v);
    EXPECT_OK(r) << type->ToString();
    return r.ok() ? r->get<int32_t>() : -1;
  };
  auto expect = [](int32_t hash) { return (hash & INT32_MAX) % (1 << 30); };
  EXPECT_EQ(bucket(Type::Int(), Literal::Int(34)), expect(2017239379));
  EXPECT_EQ(bucket(Type::Long(), Literal::Long(34)), expect(2017239379));
  EXPECT_EQ(bucket(Type::Decimal(4, 2), Literal::MakeDecimal(1420, 2)), expect(-500754589));
  EXPECT_EQ(bucket(Type::Date(), Literal::Date(17486)), expect(-653330422));
  EXPECT_EQ(bucket(Type::Time(), Literal::Time(81068000000)), expect(-662762989));
  int64_t ts = 1510871468000000;
  EXPECT_EQ(bucket(Type::Timestamp(), Literal::Timestamp(ts)), expect(-2047944441));
  EXPECT_EQ(bucket(Type::TimestampTz(), Literal::Timestamp(ts + 1)), expect(-1207196810));
  EXPECT_EQ(bucket(Type::Primitive(TypeId::kTimestampNs), Literal::Timestamp(ts * 1000 + 1001)),
            expect(-1207196810));
  EXPECT_EQ(bucket(Type::Primitive(TypeId::kTimestampTzNs), Literal::Timestamp(ts * 1000)),
            expect(-2047944441));
  EXPECT_EQ(bucket(Type::String(), Literal::String("iceberg")), expect(1210000089));
  EXPECT_EQ(
      bucket(Type::Uuid(), Literal::MakeUuid(*Uuid::Parse("f79c3e09-677c-4bbd-a479-3f349cb785e7"))),
      expect(1488055340));
  EXPECT_EQ(bucket(Type::Fixed(4), Literal::Binary({0, 1, 2, 3})), expect(-188683207));
  EXPECT_EQ(bucket(Type::Binary(), Literal::Binary({0, 1, 2, 3})), expect(-188683207));
  EXPECT_EQ(Apply("bucket[16]", Type::Int(), Literal::Int(34)), Literal::Int(3));
  EXPECT_EQ(Apply("bucket[16]", Type::String(), Literal::String("iceberg")), Literal::Int(9));
}

TEST(TransformTest, BucketOfNegativeDecimalsAndTimestampsBeforeTheEpoch) {
  // A negative unscaled value hashes its minimal two's complement bytes: -1 is 0xff.
  auto neg = BucketHash(*Type::Decimal(9, 2), Literal::MakeDecimal(-1, 2));
  ASSERT_OK(neg);
  EXPECT_EQ(*neg, static_cast<int32_t>(Murmur3X86_32(std::string_view("\xff", 1))));
  // A timestamp_ns before the epoch hashes its floored microseconds.
  auto ns = BucketHash(*Type::Primitive(TypeId::kTimestampNs), Literal::Timestamp(-1));
  auto us = BucketHash(*Type::Timestamp(), Literal::Timestamp(-1));
  EXPECT_EQ(*ns, *us);
}

TEST(TransformTest, NullsAndVoid) {
  EXPECT_TRUE(Apply("bucket[4]", Type::Int(), Literal::Null()).is_null());
  EXPECT_TRUE(Apply("day", Type::Date(), Literal::Null()).is_null());
  EXPECT_TRUE(Apply("void", Type::Int(), Literal::Int(5)).is_null());
  EXPECT_EQ(T("void").ToHumanString(*Type::Int(), Literal::Null()), "null");
}

TEST(TransformTest, ApplyChecksTheValueMatchesTheType) {
  auto r = T("truncate[4]").Apply(*Type::String(), Literal::Int(7));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "value 7 does not hold a string");
}

TEST(TransformTest, HumanStrings) {
  auto ts = Type::Timestamp();
  int64_t v = Micros(2026, 3, 1, 10, 30);
  auto human = [&](std::string_view t, const TypePtr& type, const Literal& value) {
    return T(t).ToHumanString(*type, Apply(t, type, value));
  };
  EXPECT_EQ(human("year", ts, Literal::Timestamp(v)), "2026");
  EXPECT_EQ(human("month", ts, Literal::Timestamp(v)), "2026-03");
  EXPECT_EQ(human("day", ts, Literal::Timestamp(v)), "2026-03-01");
  EXPECT_EQ(human("hour", ts, Literal::Timestamp(v)), "2026-03-01-10");
  EXPECT_EQ(human("hour", ts, Literal::Timestamp(-1)), "1969-12-31-23");
  EXPECT_EQ(human("month", ts, Literal::Timestamp(-1)), "1969-12");
  EXPECT_EQ(human("year", ts, Literal::Timestamp(-1)), "1969");
  EXPECT_EQ(human("bucket[16]", Type::Int(), Literal::Int(34)), "3");
  EXPECT_EQ(human("identity", ts, Literal::Timestamp(v)), "2026-03-01T10:30:00.000000");
  EXPECT_EQ(human("identity", Type::Date(), Literal::Date(20513)), "2026-03-01");
  EXPECT_EQ(human("identity", Type::Boolean(), Literal::Boolean(true)), "true");
  EXPECT_EQ(human("truncate[50]", Type::Decimal(9, 2), Literal::MakeDecimal(-1065, 2)), "-11.00");
  EXPECT_EQ(human("identity", Type::Binary(), Literal::Binary({0, 1, 2, 3})), "AAECAw==");
  EXPECT_EQ(human("identity", Type::String(), Literal::Null()), "null");
}

TEST(TransformTest, PartitionPathSegments) {
  EXPECT_EQ(PartitionPathSegment("order_ts_day", "2026-03-01"), "order_ts_day=2026-03-01");
  EXPECT_EQ(PartitionPathSegment("id_bucket", "3"), "id_bucket=3");
  EXPECT_EQ(PartitionPathSegment("name", "a b/c=d"), "name=a+b%2Fc%3Dd");
  EXPECT_EQ(PartitionPathSegment("ts", "2026-03-01T10:30:00.000000+00:00"),
            "ts=2026-03-01T10%3A30%3A00.000000%2B00%3A00");
  EXPECT_EQ(UrlEncode("\xC3\xA9"), "%C3%A9");
}

TEST(TransformTest, PathHasPartitionSegment) {
  EXPECT_TRUE(PathHasPartitionSegment("region=eu/day=2026-03-01", "region", "eu"));
  EXPECT_TRUE(PathHasPartitionSegment("region=eu/day=2026-03-01", "day", "2026-03-01"));
  EXPECT_TRUE(PathHasPartitionSegment("/t/data/region=eu/f.parquet", "region", "eu"));
  EXPECT_FALSE(PathHasPartitionSegment("region=eu2/day=1", "region", "eu"));
  EXPECT_FALSE(PathHasPartitionSegment("xregion=eu/day=1", "region", "eu"));
  EXPECT_TRUE(PathHasPartitionSegment("name=a+b/x=1", "name", "a b"));  // escaped as written
  EXPECT_FALSE(PathHasPartitionSegment("name=a b/x=1", "name", "a b"));
}

}  // namespace
}  // namespace floe::spec
