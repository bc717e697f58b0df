// Text read as declared column types (`floe parquet write --schema`): each type's accepted forms
// and edges against values worked out by hand, refusals naming the value, and the CSV / NDJSON
// readers applying a declared type to its column only.
#include "floe/format/csv/text_values.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "floe/columnar/value_text.h"
#include "floe/format/csv/csv_reader.h"
#include "floe/format/ndjson/ndjson_reader.h"
#include "testing/result_matchers.h"

namespace floe::textformat {
namespace {

namespace col = floe::columnar;

// The values the texts read as, through a builder of `type`; the first failure's message instead.
Result<col::ArrayPtr> Read(const col::DataTypePtr& type, std::initializer_list<const char*> texts) {
  FLOE_ASSIGN_OR_RETURN(auto builder, col::MakeBuilder(type));
  for (const char* t : texts) FLOE_RETURN_IF_ERROR(AppendTextAs(*type, t, builder.get()));
  return builder->Finish();
}

std::string ErrorOf(const col::DataTypePtr& type, const char* text) {
  auto r = Read(type, {text});
  return r.ok() ? "(read)" : r.error().message;
}

TEST(TextValuesTest, IntegersAndFloats) {
  auto ints = Read(col::Int32(), {"2147483647", "-2147483648", "+7", "007"});
  ASSERT_OK(ints);
  const int32_t* i = (*ints)->values<int32_t>();
  EXPECT_EQ(i[0], INT32_MAX);
  EXPECT_EQ(i[1], INT32_MIN);
  EXPECT_EQ(i[2], 7);
  EXPECT_EQ(i[3], 7);
  EXPECT_EQ(ErrorOf(col::Int32(), "2147483648"), "\"2147483648\" is not a valid int value");
  EXPECT_NE(ErrorOf(col::Int64(), "1.0"), "(read)");
  EXPECT_NE(ErrorOf(col::Int64(), ""), "(read)");
  // Spaces around a number are trimmed (issue 25); the error quotes the text as it was.
  auto spaced = Read(col::Int64(), {" 1", "2\t", " -3 "});
  ASSERT_OK(spaced);
  EXPECT_EQ((*spaced)->values<int64_t>()[2], -3);
  EXPECT_EQ(ErrorOf(col::Int64(), " 1 2"), "\" 1 2\" is not a valid long value");
  // Whole numbers are doubles.
  auto whole = Read(col::Float64(), {"1", "-0", " 7 "});
  ASSERT_OK(whole);
  EXPECT_EQ((*whole)->values<double>()[0], 1.0);
  EXPECT_EQ((*whole)->values<double>()[2], 7.0);

  // Just below the midpoint of two floats: rounding once gives the lower one; rounding to a
  // double first would land on the midpoint and then round to even (the upper one).
  auto floats = Read(col::Float32(),
                     {"1.000000178813934326171874999", "NaN", "-Infinity", "inf", "1e-50",
                      "-0.00000000000000000000000000000000000000000000000001", "3e38", "4e38"});
  ASSERT_OK(floats);
  const float* f = (*floats)->values<float>();
  EXPECT_EQ(f[0], 1.0f + std::ldexp(1.0f, -23));
  EXPECT_TRUE(std::isnan(f[1]));
  EXPECT_EQ(f[2], -INFINITY);
  EXPECT_EQ(f[3], INFINITY);
  EXPECT_EQ(f[4], 0.0f);
  EXPECT_TRUE(f[5] == 0.0f && std::signbit(f[5]));  // below the range without an exponent
  EXPECT_EQ(f[6], 3e38f);
  EXPECT_EQ(f[7], INFINITY);
  auto doubles = Read(col::Float64(), {"0.1", "-2.5e300", "+.5"});
  ASSERT_OK(doubles);
  EXPECT_EQ((*doubles)->values<double>()[0], 0.1);
  EXPECT_EQ((*doubles)->values<double>()[1], -2.5e300);
  EXPECT_EQ((*doubles)->values<double>()[2], 0.5);
  EXPECT_NE(ErrorOf(col::Float64(), "0x1p3"), "(read)");
  EXPECT_NE(ErrorOf(col::Float64(), "1,5"), "(read)");
}

TEST(TextValuesTest, DecimalsAreExactOrRefused) {
  auto type = col::Decimal128(5, 2);
  auto d = Read(type, {"123.45", "-0.5", "+7", "000999.00", ".01", "-0"});
  ASSERT_OK(d);
  const int64_t expected[] = {12345, -50, 700, 99900, 1, 0};
  for (int k = 0; k < 6; ++k) {
    __int128 v;
    std::memcpy(&v, (*d)->values<uint8_t>() + 16 * k, 16);
    EXPECT_TRUE(v == expected[k]) << k;
  }
  EXPECT_EQ(ErrorOf(type, "1.234"),
            "\"1.234\" is not a valid decimal(5, 2) value (more than 2 fraction digits)");
  EXPECT_EQ(ErrorOf(type, "1000"),
            "\"1000\" is not a valid decimal(5, 2) value (more than 3 digits before the point)");
  EXPECT_NE(ErrorOf(type, "1e3"), "(read)");
  EXPECT_NE(ErrorOf(type, "."), "(read)");
  EXPECT_NE(ErrorOf(type, "-"), "(read)");
  // 38 digits: the widest decimal.
  auto wide = Read(col::Decimal128(38, 0), {"-99999999999999999999999999999999999999"});
  ASSERT_OK(wide);
  __int128 v;
  std::memcpy(&v, (*wide)->values<uint8_t>(), 16);
  __int128 nines = 0;
  for (int k = 0; k < 38; ++k) nines = nines * 10 + 9;
  EXPECT_TRUE(v == -nines);
}

TEST(TextValuesTest, DatesTimesAndTimestamps) {
  auto date = Read(col::Date32(), {"1970-01-02", "1969-12-31"});
  ASSERT_OK(date);
  EXPECT_EQ((*date)->values<int32_t>()[0], 1);
  EXPECT_EQ((*date)->values<int32_t>()[1], -1);
  auto time = Read(col::Time64(col::TimeUnit::kMicro), {"00:00:01.000002", "23:59"});
  ASSERT_OK(time);
  EXPECT_EQ((*time)->values<int64_t>()[0], 1000002);
  EXPECT_EQ((*time)->values<int64_t>()[1], (23 * 60 + 59) * 60 * int64_t{1000000});
  EXPECT_NE(ErrorOf(col::Time64(col::TimeUnit::kMicro), "00:00:00.0000001"), "(read)");

  auto tz = col::Timestamp(col::TimeUnit::kMicro, "UTC");
  auto ntz = col::Timestamp(col::TimeUnit::kMicro);
  auto tz_ns = col::Timestamp(col::TimeUnit::kNano, "UTC");
  auto a = Read(tz, {"1970-01-01T01:00:00+01:00", "1970-01-01 00:00:00.000001Z"});
  ASSERT_OK(a);
  EXPECT_EQ((*a)->values<int64_t>()[0], 0);
  EXPECT_EQ((*a)->values<int64_t>()[1], 1);
  auto b = Read(ntz, {"1970-01-01T00:00:01"});
  ASSERT_OK(b);
  EXPECT_EQ((*b)->values<int64_t>()[0], 1000000);
  auto c = Read(tz_ns, {"1970-01-01T00:00:00.000000007Z"});
  ASSERT_OK(c);
  EXPECT_EQ((*c)->values<int64_t>()[0], 7);
  EXPECT_NE(ErrorOf(tz, "1970-01-01T00:00:00").find("no UTC offset"), std::string::npos);
  EXPECT_NE(ErrorOf(ntz, "1970-01-01T00:00:00Z").find("has a UTC offset"), std::string::npos);
  EXPECT_NE(ErrorOf(tz, "1970-01-01T00:00:00.0000001Z").find("finer than microseconds"),
            std::string::npos);
  EXPECT_NE(ErrorOf(tz_ns, "2300-01-01T00:00:00Z").find("nanosecond range"), std::string::npos);
}

TEST(TextValuesTest, BooleansStringsAndUnreadableTypes) {
  auto b = Read(col::Boolean(), {"TRUE", "false"});
  ASSERT_OK(b);
  EXPECT_NE(ErrorOf(col::Boolean(), "1"), "(read)");
  auto s = Read(col::Utf8(), {"02134", ""});
  ASSERT_OK(s);
  EXPECT_EQ((*s)->GetView(0), "02134");
  EXPECT_TRUE(CanReadTextAs(*col::Binary()));
  EXPECT_TRUE(CanReadTextAs(*col::FixedSizeBinary(16)));
  EXPECT_TRUE(CanReadTextAs(*col::Decimal128(10, 2)));
  EXPECT_FALSE(CanReadTextAs(*col::Float16()));
}

// Reads texts through a builder of `field`'s type with the field's own rules (uuid) and options.
Result<col::ArrayPtr> ReadField(const col::Field& field, std::initializer_list<const char*> texts,
                                const TextReadOptions& options = {}) {
  FLOE_ASSIGN_OR_RETURN(auto builder, col::MakeBuilder(field.type));
  for (const char* t : texts) FLOE_RETURN_IF_ERROR(AppendTextAs(field, t, builder.get(), options));
  return builder->Finish();
}

std::string JsonOf(const col::ArrayPtr& array, int64_t row, bool uuid = false) {
  std::string out;
  col::AppendJsonValue(*array, row, &out, {.uuid = uuid});
  return out;
}

TEST(TextValuesTest, UuidsAndBinaryAsHexOrBase64) {
  col::Field uuid = col::WithUuidExtension(col::Field("u", col::Uuid(), true));
  auto u = ReadField(
      uuid, {"f79c3e09-677c-4bbd-a479-3f349cb785e7", " F79C3E09-677C-4BBD-A479-3F349CB785E7 "});
  ASSERT_OK(u);
  EXPECT_EQ(JsonOf(*u, 0, true), "\"f79c3e09-677c-4bbd-a479-3f349cb785e7\"");
  EXPECT_EQ(JsonOf(*u, 1, true), "\"f79c3e09-677c-4bbd-a479-3f349cb785e7\"");
  EXPECT_EQ(ReadField(uuid, {"f79c3e09677c"}).error().message,
            "\"f79c3e09677c\" is not a valid uuid value (expected 8-4-4-4-12 hex digits)");
  EXPECT_EQ(ReadField(uuid, {"x"}).error().kind, ErrorKind::kCorrupt);

  col::Field bin("b", col::Binary(), true);
  auto hex = ReadField(bin, {"00ff10", "", "ABcd"});
  ASSERT_OK(hex);
  EXPECT_EQ(JsonOf(*hex, 0), "\"00ff10\"");
  EXPECT_EQ(JsonOf(*hex, 1), "\"\"");
  EXPECT_EQ(JsonOf(*hex, 2), "\"abcd\"");
  EXPECT_NE(ReadField(bin, {"abc"}).error().message.find("--binary-encoding base64"),
            std::string::npos);
  TextReadOptions base64{.binary = BinaryEncoding::kBase64};
  auto b64 = ReadField(bin, {"AP8Q", "AP8=", "AP8", "aGVsbG8="}, base64);
  ASSERT_OK(b64);
  EXPECT_EQ(JsonOf(*b64, 0), "\"00ff10\"");
  EXPECT_EQ(JsonOf(*b64, 1), "\"00ff\"");
  EXPECT_EQ(JsonOf(*b64, 2), "\"00ff\"");
  EXPECT_EQ(JsonOf(*b64, 3), "\"68656c6c6f\"");
  EXPECT_FALSE(ReadField(bin, {"A"}, base64).ok());
  EXPECT_FALSE(ReadField(bin, {"A*=="}, base64).ok());

  col::Field fixed("f", col::FixedSizeBinary(2), true);
  ASSERT_OK(ReadField(fixed, {"0102"}));
  EXPECT_EQ(ReadField(fixed, {"010203"}).error().message,
            "\"010203\" is not a valid fixed[2] value (3 bytes, the type holds 2)");
}

TEST(TextValuesTest, NestedValuesFromJsonKeepDecimalDigits) {
  auto list = col::List(col::Field("element", col::Decimal128(38, 2), true));
  col::Field tags("tags", list, true);
  auto l = ReadField(tags, {"[1.25, -0.5, null, 123456789012345678901234567890.12]", "[]", "null"});
  ASSERT_OK(l);
  EXPECT_EQ(JsonOf(*l, 0), "[\"1.25\",\"-0.50\",null,\"123456789012345678901234567890.12\"]");
  EXPECT_EQ(JsonOf(*l, 1), "[]");
  EXPECT_EQ(JsonOf(*l, 2), "null");
  EXPECT_EQ(ReadField(tags, {"[1.255]"}).error().message,
            "\"[1.255]\" is not a valid list value (field element: \"1.255\" is not a valid "
            "decimal(38, 2) value (more than 2 fraction digits))");
  EXPECT_NE(ReadField(tags, {"[1,"}).error().message.find("invalid JSON at byte 4"),
            std::string::npos);

  auto st = col::Struct({col::Field("a", col::Int32(), true), col::Field("d", col::Date32(), true),
                         col::Field("s", col::Utf8(), true)});
  col::Field point("p", st, true);
  auto s = ReadField(point, {R"({"d": "2026-03-01", "A": 7, "s": "x\u00e9\"y"})", R"({})",
                             R"({"s": {"k": [1, 2]}})"});
  ASSERT_OK(s);
  EXPECT_EQ(JsonOf(*s, 0), "{\"a\":7,\"d\":\"2026-03-01\",\"s\":\"x\u00e9\\\"y\"}");
  EXPECT_EQ(JsonOf(*s, 1), "{\"a\":null,\"d\":null,\"s\":null}");
  EXPECT_EQ(JsonOf(*s, 2), "{\"a\":null,\"d\":null,\"s\":\"{\\\"k\\\": [1, 2]}\"}");
  EXPECT_NE(ReadField(point, {R"({"b": 1})"})
                .error()
                .message.find("the struct has no field \"b\" (its fields: a, d, s)"),
            std::string::npos);

  auto map = col::Map(col::Field("key", col::Int32(), false),
                      col::Field("value", col::Utf8(), true), false);
  col::Field m("m", map, true);
  auto mv = ReadField(m, {R"({"2": "b", "1": null})", R"([{"key": 3, "value": "c"}])"});
  ASSERT_OK(mv);
  EXPECT_EQ(JsonOf(*mv, 0), "[{\"key\":2,\"value\":\"b\"},{\"key\":1,\"value\":null}]");
  EXPECT_EQ(JsonOf(*mv, 1), "[{\"key\":3,\"value\":\"c\"}]");
  EXPECT_NE(ReadField(m, {R"({"x": "b"})"}).error().message.find("a map key"), std::string::npos);
}

TEST(TextValuesTest, NullTexts) {
  col::Field n("n", col::Int64(), true);
  col::Field s("s", col::Utf8(), true);
  TextReadOptions defaults;
  EXPECT_TRUE(ReadsAsNull(n, "", defaults));
  EXPECT_TRUE(ReadsAsNull(n, " NULL ", defaults));
  EXPECT_FALSE(ReadsAsNull(n, "0", defaults));
  EXPECT_FALSE(ReadsAsNull(s, "", defaults));  // "" is the empty string
  EXPECT_FALSE(ReadsAsNull(s, "NULL", defaults));
  TextReadOptions na{.null_string = "NA", .null_string_in_strings = true};
  EXPECT_TRUE(ReadsAsNull(s, "NA", na));
  EXPECT_TRUE(ReadsAsNull(n, "NA", na));
  EXPECT_FALSE(ReadsAsNull(n, "NULL", na));
}

TEST(TextValuesTest, ReadersApplyDeclaredTypesToTheirColumnsOnly) {
  std::vector<col::Field> declared = {col::Field("ZIP", col::Utf8(), true),
                                      col::Field("amount", col::Decimal128(6, 2), true)};
  auto csv = ParseCsv("zip,amount,n\n02134,1.5,3\n,,\n", declared);
  ASSERT_OK(csv);
  EXPECT_EQ(csv->schema()->field(0).type->id(), col::TypeId::kString);
  EXPECT_EQ(csv->schema()->field(1).type->id(), col::TypeId::kDecimal128);
  EXPECT_EQ(csv->schema()->field(2).type->id(), col::TypeId::kInt64);  // inferred
  EXPECT_EQ(csv->column(0)->GetView(0), "02134");
  EXPECT_TRUE(csv->column(1)->IsNull(1));
  auto bad = ParseCsv("zip,amount\n1,2\n3,4.567\n", declared);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message,
            "column amount, row 2: \"4.567\" is not a valid decimal(6, 2) value (more than 2 "
            "fraction digits)");
  auto ndjson = ParseNdjson("{\"zip\": 2134, \"amount\": 3}\n{\"zip\": \"x\"}\n", declared);
  ASSERT_OK(ndjson);
  EXPECT_EQ(ndjson->column(0)->GetView(0), "2134");
  EXPECT_EQ(ndjson->schema()->field(1).type->id(), col::TypeId::kDecimal128);
}

}  // namespace
}  // namespace floe::textformat
