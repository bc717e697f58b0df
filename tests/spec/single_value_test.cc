#include "floe/spec/single_value.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "floe/util/time.h"
#include "testing/result_matchers.h"

namespace floe::spec {
namespace {

std::string Hex(std::string_view bytes) {
  std::string out;
  for (unsigned char c : bytes) out += fmt::format("{:02x}", c);
  return out;
}

std::string Unhex(std::string_view hex) {
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) {
    out.push_back(static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  }
  return out;
}

Result<Literal> FromJsonText(const Type& type, std::string_view text) {
  FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(text));
  return FromJson(type, doc->root());
}

// JSON text → Literal → JSON text must give back the same text.
void ExpectJsonRoundTrip(const TypePtr& type, std::string_view text) {
  auto v = FromJsonText(*type, text);
  ASSERT_OK(v) << type->ToString() << " " << text;
  auto back = ToJsonString(*type, *v);
  ASSERT_OK(back);
  EXPECT_EQ(*back, text) << type->ToString();
}

// Literal → binary → Literal must give back the same value and the expected bytes.
void ExpectBinary(const TypePtr& type, const Literal& v, std::string_view hex) {
  auto bytes = ToBinary(*type, v);
  ASSERT_OK(bytes) << type->ToString();
  EXPECT_EQ(Hex(*bytes), hex) << type->ToString();
  auto back = FromBinary(*type, *bytes);
  ASSERT_OK(back);
  EXPECT_EQ(*back, v) << type->ToString();
}

TEST(SingleValueTest, BinaryFormOfEveryPrimitive) {
  ExpectBinary(Type::Boolean(), Literal::Boolean(true), "01");
  ExpectBinary(Type::Boolean(), Literal::Boolean(false), "00");
  ExpectBinary(Type::Int(), Literal::Int(-2), "feffffff");
  ExpectBinary(Type::Long(), Literal::Long(34), "2200000000000000");
  ExpectBinary(Type::Float(), Literal::Float(1.0f), "0000803f");
  ExpectBinary(Type::Double(), Literal::Double(-2.5), "00000000000004c0");
  ExpectBinary(Type::Date(), Literal::Date(-1), "ffffffff");
  ExpectBinary(Type::Time(), Literal::Time(81068123456), "406509e012000000");
  ExpectBinary(Type::Timestamp(), Literal::Timestamp(-1), "ffffffffffffffff");
  ExpectBinary(Type::Primitive(TypeId::kTimestampTzNs), Literal::Timestamp(1), "0100000000000000");
  ExpectBinary(Type::String(), Literal::String("\xC3\xA9t\xC3\xA9"), "c3a974c3a9");
  ExpectBinary(Type::Uuid(),
               Literal::MakeUuid(*Uuid::Parse("f79c3e09-677c-4bbd-a479-3f349cb785e7")),
               "f79c3e09677c4bbda4793f349cb785e7");
  ExpectBinary(Type::Fixed(3), Literal::Binary({0, 0xab, 0xff}), "00abff");
  ExpectBinary(Type::Binary(), Literal::Binary({}), "");
}

TEST(SingleValueTest, DecimalsAreMinimalBigEndianTwosComplement) {
  auto dec = Type::Decimal(38, 2);
  ExpectBinary(dec, Literal::MakeDecimal(1420, 2), "058c");
  ExpectBinary(dec, Literal::MakeDecimal(0, 2), "00");
  ExpectBinary(dec, Literal::MakeDecimal(-1, 2), "ff");
  ExpectBinary(dec, Literal::MakeDecimal(127, 2), "7f");
  ExpectBinary(dec, Literal::MakeDecimal(128, 2), "0080");
  ExpectBinary(dec, Literal::MakeDecimal(-128, 2), "80");
  ExpectBinary(dec, Literal::MakeDecimal(-129, 2), "ff7f");
  ExpectBinary(dec, Literal::MakeDecimal(-1420, 2), "fa74");
  __int128 big = static_cast<__int128>(1) << 120;
  ExpectBinary(dec, Literal::MakeDecimal(big, 2), "01000000000000000000000000000000");
  ExpectBinary(dec, Literal::MakeDecimal(-big, 2), "ff000000000000000000000000000000");
}

TEST(SingleValueTest, WidensPromotedBounds) {
  auto long_from_int = FromBinary(*Type::Long(), Unhex("feffffff"));
  ASSERT_OK(long_from_int);
  EXPECT_EQ(*long_from_int, Literal::Long(-2));
  auto double_from_float = FromBinary(*Type::Double(), Unhex("0000803f"));
  ASSERT_OK(double_from_float);
  EXPECT_EQ(*double_from_float, Literal::Double(1.0));
}

TEST(SingleValueTest, BadBinaryIsCorrupt) {
  auto short_int = FromBinary(*Type::Int(), Unhex("0102"));
  ASSERT_FALSE(short_int.ok());
  EXPECT_EQ(short_int.error().kind, ErrorKind::kCorrupt);
  EXPECT_EQ(short_int.error().message, "int value 0x0102: expected 4 bytes, got 2");
  EXPECT_FALSE(FromBinary(*Type::Uuid(), Unhex("00")).ok());
  EXPECT_FALSE(FromBinary(*Type::Fixed(4), Unhex("000102")).ok());
  EXPECT_FALSE(FromBinary(*Type::Decimal(9, 2), "").ok());
  EXPECT_FALSE(FromBinary(*Type::Decimal(9, 2), std::string(17, '\x01')).ok());
  auto wrong = ToBinary(*Type::Int(), Literal::String("x"));
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.error().message, "value x does not hold a int");
  EXPECT_FALSE(ToBinary(*Type::Int(), Literal::Null()).ok());
}

TEST(SingleValueTest, JsonFormOfEveryPrimitive) {
  ExpectJsonRoundTrip(Type::Boolean(), "true");
  ExpectJsonRoundTrip(Type::Int(), "-34");
  ExpectJsonRoundTrip(Type::Long(), "9007199254740993");  // above 2^53, kept exactly
  ExpectJsonRoundTrip(Type::Float(), "1.0");
  ExpectJsonRoundTrip(Type::Float(), "0.1");
  ExpectJsonRoundTrip(Type::Double(), "-2.5");
  ExpectJsonRoundTrip(Type::Double(), "\"NaN\"");
  ExpectJsonRoundTrip(Type::Double(), "\"-Infinity\"");
  ExpectJsonRoundTrip(Type::Decimal(4, 2), "\"14.20\"");
  ExpectJsonRoundTrip(Type::Decimal(9, 4), "\"-0.0005\"");
  ExpectJsonRoundTrip(Type::Decimal(9, 0), "\"-12\"");
  ExpectJsonRoundTrip(Type::Date(), "\"1969-12-31\"");
  ExpectJsonRoundTrip(Type::Time(), "\"22:31:08.123456\"");
  ExpectJsonRoundTrip(Type::Timestamp(), "\"1969-12-31T23:59:59.999999\"");
  ExpectJsonRoundTrip(Type::TimestampTz(), "\"2017-11-16T22:31:08.123456+00:00\"");
  ExpectJsonRoundTrip(Type::Primitive(TypeId::kTimestampNs), "\"2017-11-16T22:31:08.123456789\"");
  ExpectJsonRoundTrip(Type::Primitive(TypeId::kTimestampTzNs),
                      "\"2017-11-16T22:31:08.123456789+00:00\"");
  ExpectJsonRoundTrip(Type::String(), "\"iceberg\"");
  ExpectJsonRoundTrip(Type::Uuid(), "\"f79c3e09-677c-4bbd-a479-3f349cb785e7\"");
  ExpectJsonRoundTrip(Type::Fixed(4), "\"000102ff\"");
  ExpectJsonRoundTrip(Type::Binary(), "\"\"");
  ExpectJsonRoundTrip(Type::Int(), "null");
}

TEST(SingleValueTest, JsonReadsOtherSpellings) {
  EXPECT_EQ(*FromJsonText(*Type::Binary(), "\"000102FF\""), Literal::Binary({0, 1, 2, 0xff}));
  EXPECT_EQ(*FromJsonText(*Type::TimestampTz(), "\"2017-11-16T14:31:08-08:00\""),
            Literal::Timestamp(1510871468000000));
  EXPECT_EQ(*FromJsonText(*Type::TimestampTz(), "\"2017-11-16T22:31:08Z\""),
            Literal::Timestamp(1510871468000000));
  EXPECT_EQ(*FromJsonText(*Type::Time(), "\"22:31:08\""), Literal::Time(81068000000));
  EXPECT_EQ(*FromJsonText(*Type::Decimal(4, 2), "\"1420E-2\""), Literal::MakeDecimal(1420, 2));
  EXPECT_EQ(*FromJsonText(*Type::Double(), "1"), Literal::Double(1.0));
}

TEST(SingleValueTest, JsonErrorsNameTheTypeAndValue) {
  auto scale = FromJsonText(*Type::Decimal(4, 2), "\"14.2\"");
  ASSERT_FALSE(scale.ok());
  EXPECT_EQ(
      scale.error().message,
      "invalid decimal(4,2) value \"14.2\": invalid decimal \"14.2\" for scale 2: it has scale 1");
  auto zone = FromJsonText(*Type::TimestampTz(), "\"2017-11-16T22:31:08\"");
  ASSERT_FALSE(zone.ok());
  EXPECT_EQ(zone.error().message,
            "invalid timestamptz value \"2017-11-16T22:31:08\": a timestamptz needs a zone offset");
  EXPECT_FALSE(FromJsonText(*Type::Timestamp(), "\"2017-11-16T22:31:08+01:00\"").ok());
  EXPECT_FALSE(FromJsonText(*Type::Timestamp(), "\"2017-11-16T22:31:08.123456789\"").ok());
  EXPECT_FALSE(FromJsonText(*Type::Date(), "\"2017-13-01\"").ok());
  EXPECT_FALSE(FromJsonText(*Type::Int(), "3000000000").ok());
  EXPECT_FALSE(FromJsonText(*Type::Fixed(2), "\"000102\"").ok());
  EXPECT_FALSE(FromJsonText(*Type::Binary(), "\"0g\"").ok());
  EXPECT_FALSE(FromJsonText(*Type::Uuid(), "\"not-a-uuid\"").ok());
  EXPECT_FALSE(FromJsonText(*Type::String(), "1").ok());
}

TEST(SingleValueTest, DecimalText) {
  EXPECT_EQ(DecimalToString(1420, 2), "14.20");
  EXPECT_EQ(DecimalToString(-5, 3), "-0.005");
  EXPECT_EQ(DecimalToString(0, 2), "0.00");
  EXPECT_EQ(DecimalToString(2, -20), "2E+20");
  EXPECT_EQ(DecimalToString(-123, -2), "-1.23E+4");
  __int128 max38 = 0;
  for (int i = 0; i < 38; ++i) max38 = max38 * 10 + 9;
  EXPECT_EQ(DecimalToString(-max38, 0), "-" + std::string(38, '9'));
  EXPECT_EQ(*ParseDecimal("-" + std::string(38, '9'), 0), -max38);
  EXPECT_EQ(*ParseDecimal("2E+20", -20), 2);
  EXPECT_EQ(*ParseDecimal("0.00", 2), 0);
  EXPECT_FALSE(ParseDecimal("1" + std::string(38, '0'), 0).ok());
  EXPECT_FALSE(ParseDecimal("1.2.3", 1).ok());
  EXPECT_FALSE(ParseDecimal("", 0).ok());
  EXPECT_FALSE(ParseDecimal("-", 0).ok());
  EXPECT_FALSE(ParseDecimal(".", 0).ok());
  EXPECT_EQ(*ParseDecimal("000.50", 2), 50);
  EXPECT_FALSE(ParseDecimal("1e", 0).ok());
}

TEST(SingleValueTest, NestedJsonValues) {
  auto check = [](const TypePtr& type, std::string_view text) {
    auto doc = JsonDocument::Parse(text);
    EXPECT_OK(doc);
    return ValidateJsonValue(*type, (*doc)->root());
  };
  TypePtr st = Type::Struct(
      {NestedField{1, "a", true, Type::Int()}, NestedField{2, "b", false, Type::String()}});
  EXPECT_OK(check(st, R"({"1": 1, "2": "bar"})"));
  EXPECT_FALSE(check(st, R"({"3": 1})").ok());
  EXPECT_FALSE(check(st, R"({"1": "x"})").ok());
  TypePtr map = Type::Map(NestedField{3, "key", true, Type::String()},
                          NestedField{4, "value", false, Type::Int()});
  EXPECT_OK(check(map, R"({"keys": ["a", "b"], "values": [1, null]})"));
  EXPECT_FALSE(check(map, R"({"keys": ["a"], "values": [1, 2]})").ok());
  EXPECT_FALSE(check(map, R"({"keys": [null], "values": [1]})").ok());
  TypePtr list = Type::List(NestedField{5, "element", true, Type::Date()});
  EXPECT_OK(check(list, R"(["2017-11-16"])"));
  auto bad = check(list, R"(["2017-11-16", 3])");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "[1]: expected a string, got number");
}

TEST(SingleValueTest, HumanStrings) {
  EXPECT_EQ(ToHumanString(*Type::Date(), Literal::Date(17486)), "2017-11-16");
  EXPECT_EQ(ToHumanString(*Type::TimestampTz(), Literal::Timestamp(0)),
            "1970-01-01T00:00:00.000000+00:00");
  EXPECT_EQ(ToHumanString(*Type::Decimal(4, 2), Literal::MakeDecimal(1420, 2)), "14.20");
  EXPECT_EQ(ToHumanString(*Type::Double(), Literal::Double(1.0)), "1.0");
  EXPECT_EQ(ToHumanString(*Type::Fixed(2), Literal::Binary({0xff, 0xfe})), "//4=");
  EXPECT_EQ(ToHumanString(*Type::Int(), Literal::Null()), "null");
}

}  // namespace
}  // namespace floe::spec

namespace floe::spec {
namespace {

TEST(SingleValueTest, RandomValuesRoundTrip) {
  std::mt19937_64 rng(7);
  auto between = [&](int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(rng() % static_cast<uint64_t>(hi - lo + 1));
  };
  const int64_t kMinMicros = DaysFromCivil(1, 1, 1) * 86400000000LL;
  const int64_t kMaxMicros = DaysFromCivil(9999, 12, 31) * 86400000000LL;
  for (int round = 0; round < 2000; ++round) {
    std::vector<std::pair<TypePtr, Literal>> values;
    values.emplace_back(Type::Boolean(), Literal::Boolean(rng() % 2 == 0));
    values.emplace_back(Type::Int(), Literal::Int(static_cast<int32_t>(rng())));
    values.emplace_back(Type::Long(), Literal::Long(static_cast<int64_t>(rng())));
    uint32_t fbits = static_cast<uint32_t>(rng());
    float f;
    std::memcpy(&f, &fbits, 4);
    if (!std::isnan(f)) values.emplace_back(Type::Float(), Literal::Float(f));
    uint64_t dbits = rng();
    double d;
    std::memcpy(&d, &dbits, 8);
    if (!std::isnan(d)) values.emplace_back(Type::Double(), Literal::Double(d));
    int scale = static_cast<int>(rng() % 39);
    __int128 unscaled =
        (static_cast<__int128>(rng() % 1000000000000000000ULL) * 1000000000000000000LL +
         static_cast<__int128>(rng() % 1000000000000000000ULL)) %
        (static_cast<__int128>(1) << static_cast<int>(rng() % 126));
    if (rng() % 2) unscaled = -unscaled;
    values.emplace_back(Type::Decimal(38, scale), Literal::MakeDecimal(unscaled, scale));
    values.emplace_back(
        Type::Date(),
        Literal::Date(static_cast<int32_t>(between(kMinMicros, kMaxMicros) / 86400000000LL)));
    values.emplace_back(Type::Time(), Literal::Time(between(0, 86400000000LL - 1)));
    values.emplace_back(Type::Timestamp(), Literal::Timestamp(between(kMinMicros, kMaxMicros)));
    values.emplace_back(Type::TimestampTz(), Literal::Timestamp(between(kMinMicros, kMaxMicros)));
    values.emplace_back(Type::Primitive(TypeId::kTimestampNs),
                        Literal::Timestamp(static_cast<int64_t>(rng())));
    values.emplace_back(Type::Primitive(TypeId::kTimestampTzNs),
                        Literal::Timestamp(static_cast<int64_t>(rng())));
    std::string str;
    static const char* kPieces[] = {"a",  "\xC3\xA9", "\xE6\x97\xA5",    "\"",
                                    "\\", "\n",       "\xF0\x9F\x98\x80"};
    for (int i = static_cast<int>(rng() % 8); i > 0; --i) str += kPieces[rng() % 7];
    values.emplace_back(Type::String(), Literal::String(str));
    Uuid u;
    for (auto& b : u.bytes) b = static_cast<uint8_t>(rng());
    values.emplace_back(Type::Uuid(), Literal::MakeUuid(u));
    std::vector<uint8_t> bytes(rng() % 9);
    for (auto& b : bytes) b = static_cast<uint8_t>(rng());
    values.emplace_back(Type::Binary(), Literal::Binary(bytes));
    values.emplace_back(Type::Fixed(static_cast<int>(bytes.size()) + 1), Literal::Binary([&] {
                          auto b = bytes;
                          b.push_back(0x80);
                          return b;
                        }()));

    for (const auto& [type, value] : values) {
      SCOPED_TRACE(type->ToString() + " " + ToHumanString(*type, value));
      auto bin = ToBinary(*type, value);
      ASSERT_OK(bin);
      auto from_bin = FromBinary(*type, *bin);
      ASSERT_OK(from_bin);
      EXPECT_EQ(*from_bin, value);
      auto json = ToJsonString(*type, value);
      ASSERT_OK(json);
      auto from_json = FromJsonText(*type, *json);
      ASSERT_OK(from_json) << *json;
      EXPECT_EQ(*from_json, value) << *json;
    }
  }
}

}  // namespace
}  // namespace floe::spec
