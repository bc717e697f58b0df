#include "floe/expr/binder.h"

#include <gtest/gtest.h>

#include "floe/expr/parser.h"
#include "testing/result_matchers.h"

namespace floe::expr {
namespace {

using namespace floe::columnar;  // NOLINT
using spec::Literal;

Schema TestSchema() {
  return Schema({
      Field("i8", Int8()),
      Field("i16", Int16()),
      Field("i32", Int32()),
      Field("i64", Int64()),
      Field("u8", UInt8()),
      Field("u64", UInt64()),
      Field("f32", Float32()),
      Field("f64", Float64()),
      Field("dec", Decimal128(9, 2)),
      Field("s", Utf8()),
      Field("bin", Binary()),
      Field("fix", FixedSizeBinary(3)),
      Field("id", columnar::Uuid()),
      Field("flag", Boolean()),
      Field("d", Date32()),
      Field("t", Time64(TimeUnit::kMicro)),
      Field("ts", Timestamp(TimeUnit::kMicro)),
      Field("tstz", Timestamp(TimeUnit::kMicro, "UTC")),
      Field("tsns", Timestamp(TimeUnit::kNano, "UTC")),
      Field("tss", Timestamp(TimeUnit::kSecond)),
      Field("Name", Utf8()),
      Field("st", Struct({Field("x", Int32()), Field("Inner", Struct({Field("y", Utf8())}))})),
      Field("l", List(Field("item", Int32()))),
  });
}

Result<BoundExpression> BindText(std::string_view text, BindOptions options = {}) {
  auto e = ParseFilter(text);
  if (!e.ok()) return std::move(e).error();
  return Bind(*e, TestSchema(), options);
}

BoundExpression MustBind(std::string_view text) {
  auto r = BindText(text);
  EXPECT_OK(r) << text;
  return r.ok() ? *r : BoundExpression::False();
}

std::string BindError(std::string_view text, BindOptions options = {}) {
  auto r = BindText(text, options);
  EXPECT_FALSE(r.ok()) << text;
  return r.ok() ? "" : r.error().message;
}

// The bound predicate's operation and single value.
void ExpectBound(std::string_view text, Operation op, const Literal& v) {
  BoundExpression e = MustBind(text);
  ASSERT_TRUE(e.is_predicate()) << text;
  EXPECT_EQ(e.op(), op) << text << " bound as " << ToString(e);
  ASSERT_EQ(e.values().size(), 1u) << text;
  EXPECT_EQ(e.value(), v) << text << " bound as " << ToString(e);
}

TEST(BinderTest, Integers) {
  ExpectBound("i32 = 5", Operation::kEq, Literal::Int(5));
  ExpectBound("i8 = -128", Operation::kEq, Literal::Int(-128));
  ExpectBound("i64 = 9223372036854775807", Operation::kEq, Literal::Long(INT64_MAX));
  ExpectBound("u64 = 18446744073709551615", Operation::kEq, Literal::Long(-1));  // the bits
  ExpectBound("i32 = 1e3", Operation::kEq, Literal::Int(1000));
  ExpectBound("i32 = 2.00", Operation::kEq, Literal::Int(2));
}

TEST(BinderTest, OutOfRangeIntegersKeepTheirMeaning) {
  // Above the maximum: always (unless null) or never.
  ExpectBound("i8 < 1000", Operation::kLtEq, Literal::Int(127));
  ExpectBound("i8 != 1000", Operation::kLtEq, Literal::Int(127));
  ExpectBound("i8 >= 1000", Operation::kGt, Literal::Int(127));
  ExpectBound("i8 = 1000", Operation::kGt, Literal::Int(127));
  ExpectBound("1000 > i8", Operation::kLtEq, Literal::Int(127));
  // Below the minimum.
  ExpectBound("i8 > -129", Operation::kGtEq, Literal::Int(-128));
  ExpectBound("i8 < -129", Operation::kLt, Literal::Int(-128));
  ExpectBound("u8 >= -1", Operation::kGtEq, Literal::Int(0));
  ExpectBound("u64 < -1", Operation::kLt, Literal::Long(0));
  ExpectBound("i64 < 99999999999999999999999999999999999999999", Operation::kLtEq,
              Literal::Long(INT64_MAX));
  // Between two integers.
  ExpectBound("i32 < 1.5", Operation::kLtEq, Literal::Int(1));
  ExpectBound("i32 >= 1.5", Operation::kGt, Literal::Int(1));
  ExpectBound("i32 > -1.5", Operation::kGt, Literal::Int(-2));
  ExpectBound("i32 = 1.5", Operation::kLt, Literal::Int(INT32_MIN));
  ExpectBound("i32 != 1.5", Operation::kGtEq, Literal::Int(INT32_MIN));
  // IN drops values no row can equal.
  BoundExpression in = MustBind("i8 IN (1, 1000, 2.5, 3)");
  EXPECT_EQ(in.values(), (std::vector<Literal>{Literal::Int(1), Literal::Int(3)}));
  EXPECT_EQ(MustBind("i8 IN (1000)").op(), Operation::kLt);        // never
  EXPECT_EQ(MustBind("i8 NOT IN (1000)").op(), Operation::kGtEq);  // always unless null
}

TEST(BinderTest, DecimalsAndFloats) {
  ExpectBound("dec = 1.50", Operation::kEq, Literal::MakeDecimal(150, 2));
  ExpectBound("dec = 1.5", Operation::kEq, Literal::MakeDecimal(150, 2));
  ExpectBound("dec = 7", Operation::kEq, Literal::MakeDecimal(700, 2));
  ExpectBound("dec = -1.505", Operation::kLt, Literal::MakeDecimal(-999999999, 2));
  ExpectBound("dec <= -1.505", Operation::kLtEq, Literal::MakeDecimal(-151, 2));
  ExpectBound("dec > 10000000", Operation::kGt, Literal::MakeDecimal(999999999, 2));
  ExpectBound("dec = 1.5e1", Operation::kEq, Literal::MakeDecimal(1500, 2));
  ExpectBound("f64 = 0.1", Operation::kEq, Literal::Double(0.1));
  ExpectBound("f32 = 0.1", Operation::kEq, Literal::Float(0.1f));
  ExpectBound("f32 < 1e300", Operation::kLt,
              Literal::Float(std::numeric_limits<float>::infinity()));
  ExpectBound("f64 >= -2", Operation::kGtEq, Literal::Double(-2));
}

TEST(BinderTest, StringsAndBytes) {
  ExpectBound("s = 'abc'", Operation::kEq, Literal::String("abc"));
  ExpectBound("bin = 'ab'", Operation::kEq, Literal::Binary({'a', 'b'}));
  ExpectBound("fix = 'xyz'", Operation::kEq, Literal::Binary({'x', 'y', 'z'}));
  ExpectBound("bin = X'00ff'", Operation::kEq, Literal::Binary({0x00, 0xff}));
  ExpectBound("fix = X'0102ff'", Operation::kEq, Literal::Binary({0x01, 0x02, 0xff}));
  ExpectBound("starts_with(s, 'ab')", Operation::kStartsWith, Literal::String("ab"));
  ExpectBound("starts_with(bin, 'ab')", Operation::kStartsWith, Literal::Binary({'a', 'b'}));
  BoundExpression u = MustBind("id = '00112233-4455-6677-8899-aabbccddeeff'");
  std::vector<uint8_t> bytes = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
  EXPECT_EQ(u.value(), Literal::Binary(bytes));
  ExpectBound("flag = TRUE", Operation::kEq, Literal::Boolean(true));
  ExpectBound("flag", Operation::kEq, Literal::Boolean(true));
}

TEST(BinderTest, DatesTimesTimestamps) {
  const int64_t day = 20517;  // 2026-03-05
  const int64_t us = day * 86400000000LL;
  ExpectBound("d = '2026-03-05'", Operation::kEq, Literal::Date(static_cast<int32_t>(day)));
  ExpectBound("d = DATE '2026-03-05'", Operation::kEq, Literal::Date(static_cast<int32_t>(day)));
  // A timestamp against a date: the day it falls in, rounded like any inexact value.
  ExpectBound("d < TIMESTAMP '2026-03-05 12:00:00'", Operation::kLtEq,
              Literal::Date(static_cast<int32_t>(day)));
  ExpectBound("d >= TIMESTAMP '2026-03-05 12:00:00'", Operation::kGt,
              Literal::Date(static_cast<int32_t>(day)));
  ExpectBound("t = '10:00:01.5'", Operation::kEq, Literal::Long(36001500000LL));
  ExpectBound("t = TIME '00:00:00.0000015'", Operation::kLt, Literal::Long(INT64_MIN));
  // A date against a timestamp column is midnight.
  ExpectBound("ts >= DATE '2026-03-05'", Operation::kGtEq, Literal::Long(us));
  ExpectBound("ts >= '2026-03-05'", Operation::kGtEq, Literal::Long(us));
  ExpectBound("ts = '2026-03-05 01:02:03.000004'", Operation::kEq,
              Literal::Long(us + 3723000004LL));
  ExpectBound("tss = '2026-03-05 00:00:01'", Operation::kEq, Literal::Long(day * 86400 + 1));
  ExpectBound("tss > '2026-03-05 00:00:01.5'", Operation::kGt, Literal::Long(day * 86400 + 1));
  // Zoned column: an offset is honoured, no offset is UTC.
  ExpectBound("tstz = '2026-03-05 01:00:00+01:00'", Operation::kEq, Literal::Long(us));
  ExpectBound("tstz = '2026-03-05 00:00:00'", Operation::kEq, Literal::Long(us));
  ExpectBound("tstz = TIMESTAMP '2026-03-04T19:00:00-05:00'", Operation::kEq, Literal::Long(us));
  ExpectBound("tsns = '2026-03-05 00:00:00.000000001Z'", Operation::kEq,
              Literal::Long(us * 1000 + 1));
  // Without a zone: an offset is refused.
  EXPECT_EQ(BindError("ts = '2026-03-05 01:00:00+01:00'"),
            "filter: column ts is a timestamp without time zone (timestamp[us]); the value "
            "'2026-03-05 01:00:00+01:00' carries a zone offset: write the local time without "
            "one");
  EXPECT_NE(BindError("ts = TIMESTAMP '2026-03-05 01:00:00Z'").find("zone offset"),
            std::string::npos);
}

TEST(BinderTest, Nulls) {
  BoundExpression e = MustBind("i32 = NULL");
  EXPECT_TRUE(e.value().is_null());
  BoundExpression in = MustBind("s IN ('a', NULL)");
  EXPECT_EQ(in.values(), (std::vector<Literal>{Literal::String("a"), Literal::Null()}));
}

TEST(BinderTest, Names) {
  BoundExpression e = MustBind("st.inner.Y = 'q'");
  EXPECT_EQ(e.term().path, (std::vector<int>{21, 1, 0}));
  EXPECT_EQ(e.term().name(), "st.Inner.y");
  EXPECT_EQ(e.term().type->id(), TypeId::kString);
  EXPECT_EQ(MustBind("NAME IS NULL").term().path, std::vector<int>{20});
  BindOptions cs;
  cs.case_sensitive = true;
  EXPECT_EQ(BindError("NAME IS NULL", cs), "filter: no column \"NAME\"; did you mean \"Name\"?");
  EXPECT_EQ(BindError("nmae = 'x'"), "filter: no column \"nmae\"; did you mean \"Name\"?");
  EXPECT_EQ(BindError("st.zz = 1"),
            "filter: no column \"st.zz\" (struct st has no field \"zz\"); the fields are "
            "\"x\", \"Inner\"");
  EXPECT_NE(BindError("l.item = 1").find("not a struct"), std::string::npos);
  EXPECT_TRUE(MustBind("st IS NULL").is_predicate());
  EXPECT_TRUE(MustBind("l IS NOT NULL").is_predicate());
  // Ambiguous without case.
  Schema two({Field("a", Int32()), Field("A", Int32()), Field("b", Int32()), Field("B", Int32())});
  auto exact = Bind(*ParseFilter("A = 1"), two);
  ASSERT_OK(exact);
  EXPECT_EQ(exact->term().path, std::vector<int>{1});
  Schema amb({Field("Ab", Int32()), Field("aB", Int32())});
  auto r = Bind(*ParseFilter("ab = 1"), amb);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("ambiguous"), std::string::npos);
}

TEST(BinderTest, TypeErrors) {
  EXPECT_EQ(BindError("i32 = 'abc'"), "filter: column i32 is int32; cannot compare it with 'abc'");
  EXPECT_EQ(BindError("s = 5"), "filter: column s is string; cannot compare it with 5");
  EXPECT_NE(BindError("flag = 1").find("bool"), std::string::npos);
  EXPECT_NE(BindError("d = 'tomorrow'").find("expected a date"), std::string::npos);
  EXPECT_NE(BindError("fix = 'ab'").find("expected 3 bytes"), std::string::npos);
  EXPECT_NE(BindError("i32 IS NAN").find("IS NAN needs a float"), std::string::npos);
  EXPECT_NE(BindError("starts_with(i32, 'a')").find("starts_with needs"), std::string::npos);
  auto nested = BindText("st = 1");
  ASSERT_FALSE(nested.ok());
  EXPECT_EQ(nested.error().kind, ErrorKind::kNotSupported);
  EXPECT_EQ(BindText("i32 = 'abc'").error().kind, ErrorKind::kInvalidArgument);
}

TEST(BinderTest, BoundTextBindsAgain) {
  for (const char* text :
       {"i32 = 5 AND NOT s IN ('a', 'b''c')", "dec >= 1.50 OR f64 < 0.25 OR f32 > 1e30",
        "d = DATE '2026-03-05' AND ts > '2026-03-05 01:02:03.5'",
        "tstz <= '2026-03-05 01:00:00+01:00' OR tsns IS NULL",
        "id = '00112233-4455-6677-8899-aabbccddeeff' AND starts_with(s, 'x')",
        "t < '10:00:00' AND flag = FALSE AND u64 = 18446744073709551615", "i8 < 1000"}) {
    BoundExpression e = MustBind(text);
    std::string printed = ToString(e);
    auto again = BindText(printed);
    ASSERT_OK(again) << printed;
    EXPECT_EQ(*again, e) << text << " printed as " << printed;
  }
}

// Unbind gives, without text, what parsing the printed bound expression gives: the value of
// every column type, nested and odd names, and each operation.
TEST(BinderTest, UnbindIsParsingThePrintedText) {
  for (const char* text :
       {"i32 = 5 AND NOT s IN ('a', 'b''c')", "dec >= 1.50 OR f64 < 0.25 OR f32 > 1e30",
        "f64 > -1e999 AND f32 != 0.1 AND f64 = 3", "i16 NOT IN (1, 2, 70000) OR i64 = -42",
        "d = DATE '2026-03-05' AND ts > '2026-03-05 01:02:03.5'",
        "tstz <= '2026-03-05 01:00:00+01:00' OR tsns IS NULL OR tss >= '2026-03-05 00:00:01'",
        "id = '00112233-4455-6677-8899-aabbccddeeff' AND starts_with(s, 'x')",
        "fix = X'0102ff' OR bin != X'00' OR not_starts_with(Name, 'a\\b')",
        "t < '10:00:00' AND flag = FALSE AND u64 = 18446744073709551615", "i8 < 1000",
        "st.Inner.y = 'q' AND st.x IS NOT NULL AND NOT (f32 IS NAN OR f64 IS NOT NAN)",
        "u8 = 300 OR i32 = 1.5 OR s = NULL", "TRUE AND NOT FALSE"}) {
    BoundExpression e = MustBind(text);
    auto parsed = ParseFilter(ToString(e));
    ASSERT_OK(parsed) << ToString(e);
    EXPECT_EQ(Unbind(e), *parsed) << text << " printed as " << ToString(e);
  }
}

}  // namespace
}  // namespace floe::expr
