#include "floe/columnar/value_text.h"

#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <optional>
#include <random>

#include "columnar/make_array.h"
#include "floe/columnar/array_builder.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::columnar {
namespace {

ArrayPtr MakeDecimal(DataTypePtr type, const std::vector<std::optional<__int128>>& values) {
  Decimal128Builder b(std::move(type));
  for (const auto& v : values) {
    if (!v) {
      Check(b.AppendNull());
    } else {
      auto u = static_cast<unsigned __int128>(*v);
      Check(b.Append(static_cast<uint64_t>(u), static_cast<int64_t>(u >> 64)));
    }
  }
  return Get(b.Finish());
}

std::vector<std::string> Json(const ArrayData& a, ValueTextOptions options = {}) {
  std::vector<std::string> out;
  for (int64_t i = 0; i < a.length; ++i) {
    std::string s;
    EXPECT_TRUE(AppendJsonValue(a, i, &s, options)) << "row " << i;
    out.push_back(s);
  }
  return out;
}

std::vector<std::string> Text(const ArrayData& a, ValueTextOptions options = {}) {
  std::vector<std::string> out;
  for (int64_t i = 0; i < a.length; ++i) {
    std::string s;
    EXPECT_TRUE(AppendValueText(a, i, &s, options)) << "row " << i;
    out.push_back(s);
  }
  return out;
}

std::vector<std::string> Csv(const ArrayData& a, ValueTextOptions options = {}) {
  std::vector<std::string> out;
  for (int64_t i = 0; i < a.length; ++i) {
    std::string s;
    EXPECT_TRUE(AppendCsvField(a, i, &s, options)) << "row " << i;
    out.push_back(s);
  }
  return out;
}

using Strings = std::vector<std::string>;

TEST(ValueTextTest, IntegersExactInEveryWidth) {
  auto i8 = MakePrimitive<int8_t>(Int8(), {-128, 127, std::nullopt});
  EXPECT_EQ(Json(*i8), (Strings{"-128", "127", "null"}));
  EXPECT_EQ(Csv(*i8), (Strings{"-128", "127", ""}));
  auto u8 = MakePrimitive<uint8_t>(UInt8(), {0, 255});
  EXPECT_EQ(Json(*u8), (Strings{"0", "255"}));
  auto i16 = MakePrimitive<int16_t>(Int16(), {-32768, 32767});
  EXPECT_EQ(Json(*i16), (Strings{"-32768", "32767"}));
  auto u16 = MakePrimitive<uint16_t>(UInt16(), {65535});
  EXPECT_EQ(Json(*u16), (Strings{"65535"}));
  auto i32 = MakePrimitive<int32_t>(Int32(), {INT32_MIN, INT32_MAX});
  EXPECT_EQ(Json(*i32), (Strings{"-2147483648", "2147483647"}));
  auto u32 = MakePrimitive<uint32_t>(UInt32(), {UINT32_MAX});
  EXPECT_EQ(Json(*u32), (Strings{"4294967295"}));
  auto i64 = MakePrimitive<int64_t>(Int64(), {INT64_MIN, INT64_MAX, 0});
  EXPECT_EQ(Json(*i64), (Strings{"-9223372036854775808", "9223372036854775807", "0"}));
  auto u64 = MakePrimitive<uint64_t>(UInt64(), {UINT64_MAX});
  EXPECT_EQ(Json(*u64), (Strings{"18446744073709551615"}));
  EXPECT_EQ(Text(*u64), (Strings{"18446744073709551615"}));
}

TEST(ValueTextTest, Booleans) {
  BooleanBuilder b;
  Check(b.Append(true));
  Check(b.AppendNull());
  Check(b.Append(false));
  auto a = Get(b.Finish());
  EXPECT_EQ(Json(*a), (Strings{"true", "null", "false"}));
  EXPECT_EQ(Csv(*a), (Strings{"true", "", "false"}));
  // A bit offset that is not a multiple of 8.
  EXPECT_EQ(Json(*a->Slice(1, 2)), (Strings{"null", "false"}));
}

TEST(ValueTextTest, DoublesShortestRoundTrip) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  auto a = MakePrimitive<double>(Float64(), {0.1, 1e300, -0.0, 0.0, 1.0, nan, inf, -inf, 5e-324,
                                             1e16, 123456.5, -2.5e-7, std::nullopt});
  EXPECT_EQ(Json(*a),
            (Strings{"0.1", "1e+300", "-0.0", "0.0", "1.0", "\"NaN\"", "\"Infinity\"",
                     "\"-Infinity\"", "5e-324", "1e+16", "123456.5", "-2.5e-07", "null"}));
  EXPECT_EQ(Csv(*a), (Strings{"0.1", "1e+300", "-0.0", "0.0", "1.0", "NaN", "Infinity", "-Infinity",
                              "5e-324", "1e+16", "123456.5", "-2.5e-07", ""}));
}

TEST(ValueTextTest, FloatsShortestInTheirOwnWidth) {
  auto a = MakePrimitive<float>(Float32(), {0.1f, 3.4028235e38f, 1.0f / 3.0f, 16777216.0f, -0.0f,
                                            1e-45f, std::numeric_limits<float>::quiet_NaN(),
                                            -std::numeric_limits<float>::infinity()});
  EXPECT_EQ(Json(*a), (Strings{"0.1", "3.4028235e+38", "0.33333334", "16777216.0", "-0.0", "1e-45",
                               "\"NaN\"", "\"-Infinity\""}));
}

TEST(ValueTextTest, HalfFloatsShortestInTheirOwnWidth) {
  // Expected texts from Python: the shortest '%.*g' whose struct.pack('<e') gives the bits back.
  auto a = MakePrimitive<uint16_t>(
      Float16(), {0x3C00, 0x2E66, 0x7BFF, 0x0001, 0x3555, 0x03FF, 0x0400, 0x5640, 0xC500, 0x7BFE,
                  0x1400, 0x8000, 0x0000, 0x7C00, 0xFC00, 0x7E00, std::nullopt});
  EXPECT_EQ(Json(*a), (Strings{"1.0", "0.1", "65500.0", "6e-08", "0.3333", "6.1e-05", "6.104e-05",
                               "100.0", "-5.0", "65470.0", "0.000977", "-0.0", "0.0",
                               "\"Infinity\"", "\"-Infinity\"", "\"NaN\"", "null"}));
}

// Random bit patterns: the text reads back (std::from_chars) to the same bits in the same width.
template <typename F, typename Bits>
void CheckRandomRoundTrips(DataTypePtr type) {
  std::mt19937_64 rng(42);
  std::vector<std::optional<F>> values;
  for (int i = 0; i < 20000; ++i) {
    auto bits = static_cast<Bits>(rng());
    F v;
    std::memcpy(&v, &bits, sizeof(v));
    if (std::isfinite(v)) values.push_back(v);
  }
  auto a = MakePrimitive<F>(type, values);
  auto texts = Json(*a);
  for (size_t i = 0; i < texts.size(); ++i) {
    F back = 0;
    auto [end, ec] = std::from_chars(texts[i].data(), texts[i].data() + texts[i].size(), back);
    ASSERT_EQ(ec, std::errc()) << texts[i];
    ASSERT_EQ(end, texts[i].data() + texts[i].size()) << texts[i];
    ASSERT_EQ(std::memcmp(&back, &*values[i], sizeof(F)), 0) << texts[i];
  }
}

TEST(ValueTextTest, RandomFloatsAndDoublesReadBack) {
  CheckRandomRoundTrips<double, uint64_t>(Float64());
  CheckRandomRoundTrips<float, uint32_t>(Float32());
}

// Every finite half: Python's struct 'e' reads the text back to the same bits, and the text has
// exactly as many significant digits as the shortest '%.*g' that does so.
TEST(ValueTextTest, EveryHalfIsShortestPerPython) {
  std::vector<std::optional<uint16_t>> values;
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    if ((bits & 0x7C00) != 0x7C00) values.push_back(static_cast<uint16_t>(bits));
  }
  auto texts = Json(*MakePrimitive<uint16_t>(Float16(), values));
  testing::TempDir dir;
  std::string lines;
  for (size_t i = 0; i < texts.size(); ++i) lines += fmt::format("{} {}\n", *values[i], texts[i]);
  std::FILE* f = std::fopen(dir.Join("halves.txt").c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fwrite(lines.data(), 1, lines.size(), f);
  std::fclose(f);
  auto result = testing::RunCommand(
      "python3 -c 'import struct,sys,re\n"
      "def digits(t):\n"
      "  m = re.sub(\"e.*\", \"\", t).lstrip(\"-\").replace(\".\", "
      "\"\").lstrip(\"0\").rstrip(\"0\")\n"
      "  return max(len(m), 1)\n"
      "def pack(x):\n"
      "  try: return struct.pack(\"<e\", x)\n"
      "  except OverflowError: return None\n"
      "bad = 0\n"
      "for line in open(sys.argv[1]):\n"
      "  bits, text = line.split()\n"
      "  raw = struct.pack(\"<H\", int(bits)); v = struct.unpack(\"<e\", raw)[0]\n"
      "  p = next(p for p in range(1, 6) if pack(float(\"%.*g\" % (p, v))) == raw)\n"
      "  if pack(float(text)) != raw or (v != 0 and digits(text) != p):\n"
      "    bad += 1; print(bits, text, p)\n"
      "sys.exit(1 if bad else 0)' " +
      testing::ShellQuote(dir.Join("halves.txt")));
  EXPECT_EQ(result.exit_code, 0) << result.out.substr(0, 2000) << result.err;
}

TEST(ValueTextTest, DecimalsKeepTheirScale) {
  auto small = MakeDecimal(Decimal128(4, 2), {150, -5, 0, -100, 12345, std::nullopt});
  EXPECT_EQ(Json(*small),
            (Strings{"\"1.50\"", "\"-0.05\"", "\"0.00\"", "\"-1.00\"", "\"123.45\"", "null"}));
  EXPECT_EQ(Csv(*small), (Strings{"1.50", "-0.05", "0.00", "-1.00", "123.45", ""}));

  // decimal(38, 10) at its extremes: 10^38 - 1 unscaled.
  __int128 max = 1;
  for (int i = 0; i < 38; ++i) max *= 10;
  max -= 1;
  auto big = MakeDecimal(Decimal128(38, 10), {max, -max, 1, -1});
  EXPECT_EQ(Json(*big), (Strings{"\"9999999999999999999999999999.9999999999\"",
                                 "\"-9999999999999999999999999999.9999999999\"", "\"0.0000000001\"",
                                 "\"-0.0000000001\""}));

  // Scale 0 and the full int128 range (beyond any precision, still exact).
  const __int128 min128 = static_cast<__int128>(static_cast<unsigned __int128>(1) << 127);
  auto whole = MakeDecimal(Decimal128(38, 0), {-12, min128, min128 + 1});
  EXPECT_EQ(Json(*whole), (Strings{"\"-12\"", "\"-170141183460469231731687303715884105728\"",
                                   "\"-170141183460469231731687303715884105727\""}));
  // Scale equal to precision.
  auto fraction = MakeDecimal(Decimal128(3, 3), {999, -1});
  EXPECT_EQ(Json(*fraction), (Strings{"\"0.999\"", "\"-0.001\""}));
}

TEST(ValueTextTest, StringsEscapedAndRepaired) {
  auto a = MakeBinary(Utf8(), {std::string("h\xC3\xA9llo"), std::string("a\"b\\c\n\t\x01\x7F"),
                               std::string(""), std::nullopt});
  EXPECT_EQ(Json(*a),
            (Strings{"\"h\xC3\xA9llo\"", "\"a\\\"b\\\\c\\n\\t\\u0001\\u007f\"", "\"\"", "null"}));
  EXPECT_EQ(Text(*a), (Strings{"h\xC3\xA9llo", "a\"b\\c\n\t\x01\x7F", "", ""}));
  EXPECT_EQ(Csv(*a), (Strings{"h\xC3\xA9llo", "\"a\"\"b\\c\n\t\x01\x7F\"", "\"\"", ""}));

  // Invalid UTF-8 (a lone continuation byte, a truncated sequence, an overlong form, a
  // surrogate) becomes U+FFFD, and the functions say so.
  auto bad = MakeBinary(Utf8(), {std::string("x\x80y"), std::string("\xE2\x82"),
                                 std::string("\xC0\xAF"), std::string("\xED\xA0\x80")});
  std::string s;
  EXPECT_FALSE(AppendJsonValue(*bad, 0, &s));
  EXPECT_EQ(s, "\"x\xEF\xBF\xBDy\"");
  s.clear();
  EXPECT_FALSE(AppendJsonValue(*bad, 1, &s));
  EXPECT_EQ(s, "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");
  s.clear();
  EXPECT_FALSE(AppendValueText(*bad, 2, &s));
  EXPECT_EQ(s, "\xEF\xBF\xBD\xEF\xBF\xBD");
  s.clear();
  EXPECT_FALSE(AppendCsvField(*bad, 3, &s));
  EXPECT_EQ(s, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(ValueTextTest, BinaryFixedAndUuid) {
  auto bin = MakeBinary(Binary(), {std::string("\x00\xAB\xFF", 3), std::string(), std::nullopt});
  EXPECT_EQ(Json(*bin), (Strings{"\"00abff\"", "\"\"", "null"}));
  EXPECT_EQ(Csv(*bin), (Strings{"00abff", "\"\"", ""}));  // empty is "", null is nothing
  auto fixed = MakeFixed(FixedSizeBinary(3), {std::string("\x01\x02\xFE"), std::nullopt});
  EXPECT_EQ(Json(*fixed), (Strings{"\"0102fe\"", "null"}));

  const std::string uuid_bytes("\x12\x3e\x45\x67\xe8\x9b\x12\xd3\xa4\x56\x42\x66\x14\x17\x40\x00",
                               16);
  auto uuid = MakeFixed(Uuid(), {uuid_bytes, std::nullopt});
  // Without the uuid mark a fixed(16) stays hex.
  EXPECT_EQ(Json(*uuid), (Strings{"\"123e4567e89b12d3a456426614174000\"", "null"}));
  ValueTextOptions as_uuid;
  as_uuid.uuid = true;
  EXPECT_EQ(Json(*uuid, as_uuid), (Strings{"\"123e4567-e89b-12d3-a456-426614174000\"", "null"}));
  EXPECT_EQ(Csv(*uuid, as_uuid), (Strings{"123e4567-e89b-12d3-a456-426614174000", ""}));

  Field plain("id", Uuid());
  EXPECT_FALSE(IsUuidField(plain));
  Field marked = WithUuidExtension(plain.WithFieldId(7));
  EXPECT_TRUE(IsUuidField(marked));
  EXPECT_EQ(marked.field_id(), 7);
  EXPECT_FALSE(IsUuidField(WithUuidExtension(Field("x", FixedSizeBinary(8)))));
}

TEST(ValueTextTest, DatesAndTimes) {
  auto dates = MakePrimitive<int32_t>(
      Date32(), {0, -1, 19000, -719162, -719163, -719529, 2932896, 2932897, std::nullopt});
  EXPECT_EQ(Json(*dates), (Strings{"\"1970-01-01\"", "\"1969-12-31\"", "\"2022-01-08\"",
                                   "\"0001-01-01\"", "\"+000000-12-31\"", "\"-000001-12-31\"",
                                   "\"9999-12-31\"", "\"+010000-01-01\"", "null"}));
  EXPECT_EQ(Csv(*dates)[0], "1970-01-01");

  auto secs = MakePrimitive<int32_t>(Time32(TimeUnit::kSecond), {0, 3661, 86399});
  EXPECT_EQ(Text(*secs), (Strings{"00:00:00.000000", "01:01:01.000000", "23:59:59.000000"}));
  auto millis = MakePrimitive<int32_t>(Time32(TimeUnit::kMilli), {1, 86399999});
  EXPECT_EQ(Text(*millis), (Strings{"00:00:00.001000", "23:59:59.999000"}));
  auto micros = MakePrimitive<int64_t>(Time64(TimeUnit::kMicro), {0, 86399999999, 45296789012});
  EXPECT_EQ(Json(*micros),
            (Strings{"\"00:00:00.000000\"", "\"23:59:59.999999\"", "\"12:34:56.789012\""}));
  auto nanos = MakePrimitive<int64_t>(Time64(TimeUnit::kNano), {1, 86399999999999});
  EXPECT_EQ(Text(*nanos), (Strings{"00:00:00.000000001", "23:59:59.999999999"}));
}

TEST(ValueTextTest, TimestampsInEveryUnit) {
  auto us = MakePrimitive<int64_t>(Timestamp(TimeUnit::kMicro),
                                   {0, -1, 1700000000123456, -62135596800000000});
  EXPECT_EQ(Text(*us), (Strings{"1970-01-01T00:00:00.000000", "1969-12-31T23:59:59.999999",
                                "2023-11-14T22:13:20.123456", "0001-01-01T00:00:00.000000"}));
  auto utc = MakePrimitive<int64_t>(Timestamp(TimeUnit::kMicro, "UTC"), {0, std::nullopt});
  EXPECT_EQ(Json(*utc), (Strings{"\"1970-01-01T00:00:00.000000+00:00\"", "null"}));
  // Any zone: the values are UTC instants and print as such.
  auto zoned = MakePrimitive<int64_t>(Timestamp(TimeUnit::kMilli, "Europe/Paris"), {-1});
  EXPECT_EQ(Text(*zoned), (Strings{"1969-12-31T23:59:59.999000+00:00"}));

  // Seconds reach years int64 microseconds cannot; the year 10000 and year 0 get six digits.
  auto s = MakePrimitive<int64_t>(Timestamp(TimeUnit::kSecond),
                                  {253402300800, -62135596801, INT64_MAX, -62198755200});
  EXPECT_EQ(Text(*s),
            (Strings{"+010000-01-01T00:00:00.000000", "+000000-12-31T23:59:59.000000",
                     "+292277026596-12-04T15:30:07.000000", "-000001-01-01T00:00:00.000000"}));

  auto ns =
      MakePrimitive<int64_t>(Timestamp(TimeUnit::kNano, "UTC"), {1, -1, INT64_MIN, INT64_MAX});
  EXPECT_EQ(Json(*ns), (Strings{"\"1970-01-01T00:00:00.000000001+00:00\"",
                                "\"1969-12-31T23:59:59.999999999+00:00\"",
                                "\"1677-09-21T00:12:43.145224192+00:00\"",
                                "\"2262-04-11T23:47:16.854775807+00:00\""}));
}

TEST(ValueTextTest, NullType) {
  NullBuilder b;
  Check(b.AppendNulls(2));
  auto a = Get(b.Finish());
  EXPECT_EQ(Json(*a), (Strings{"null", "null"}));
  EXPECT_EQ(Csv(*a), (Strings{"", ""}));
}

// struct<a: int32, b: list<item: string>> with nulls at each level:
//   {a: 1, b: ["x", null]}, null, {a: null, b: null}, {a: 3, b: []}, {a: 5, b: ["y,\"z"]}
ArrayPtr MakeNestedStruct() {
  auto type = Struct({Field("a", Int32()), Field("b", List(Field("item", Utf8())))});
  auto builder = Get(MakeBuilder(type));
  auto* sb = static_cast<StructBuilder*>(builder.get());
  auto* a = static_cast<Int32Builder*>(sb->child(0));
  auto* b = static_cast<ListBuilder*>(sb->child(1));
  auto* items = static_cast<BinaryBuilder*>(b->value_builder());
  Check(sb->Append());
  Check(a->Append(1));
  Check(b->Append());
  Check(items->Append("x"));
  Check(items->AppendNull());
  Check(sb->AppendNull());
  Check(sb->Append());
  Check(a->AppendNull());
  Check(b->AppendNull());
  Check(sb->Append());
  Check(a->Append(3));
  Check(b->Append());
  Check(sb->Append());
  Check(a->Append(5));
  Check(b->Append());
  Check(items->Append("y,\"z"));
  auto array = Get(builder->Finish());
  EXPECT_OK(array->Validate());
  return array;
}

TEST(ValueTextTest, StructsAndListsWithNullsAtEachLevel) {
  auto a = MakeNestedStruct();
  EXPECT_EQ(Json(*a), (Strings{"{\"a\":1,\"b\":[\"x\",null]}", "null", "{\"a\":null,\"b\":null}",
                               "{\"a\":3,\"b\":[]}", "{\"a\":5,\"b\":[\"y,\\\"z\"]}"}));
  // CSV: the JSON text, quoted since it holds commas and quotes.
  EXPECT_EQ(Csv(*a),
            (Strings{"\"{\"\"a\"\":1,\"\"b\"\":[\"\"x\"\",null]}\"", "",
                     "\"{\"\"a\"\":null,\"\"b\"\":null}\"", "\"{\"\"a\"\":3,\"\"b\"\":[]}\"",
                     "\"{\"\"a\"\":5,\"\"b\"\":[\"\"y,\\\"\"z\"\"]}\""}));
  // Slices: the struct's offset reaches its children, the list's offsets stay absolute.
  EXPECT_EQ(Json(*a->Slice(2, 3)), (Strings{"{\"a\":null,\"b\":null}", "{\"a\":3,\"b\":[]}",
                                            "{\"a\":5,\"b\":[\"y,\\\"z\"]}"}));
  auto list = a->children[1]->Slice(4, 1);
  EXPECT_EQ(Json(*list), (Strings{"[\"y,\\\"z\"]"}));
}

TEST(ValueTextTest, MapsAsKeyValueArrays) {
  auto type = Map(Field("key", Utf8()), Field("value", Int64()));
  auto builder = Get(MakeBuilder(type));
  auto* mb = static_cast<MapBuilder*>(builder.get());
  auto* keys = static_cast<BinaryBuilder*>(mb->key_builder());
  auto* values = static_cast<Int64Builder*>(mb->item_builder());
  Check(mb->Append());
  for (int i = 0; i < 2; ++i) Check(mb->entries_builder()->Append());
  Check(keys->Append("k1"));
  Check(values->Append(1));
  Check(keys->Append("k2"));
  Check(values->AppendNull());
  Check(mb->AppendNull());
  Check(mb->Append());
  Check(mb->Append());
  Check(mb->entries_builder()->Append());
  Check(keys->Append("k3"));
  Check(values->Append(-3));
  auto a = Get(builder->Finish());
  ASSERT_OK(a->Validate());
  EXPECT_EQ(Json(*a), (Strings{"[{\"key\":\"k1\",\"value\":1},{\"key\":\"k2\",\"value\":null}]",
                               "null", "[]", "[{\"key\":\"k3\",\"value\":-3}]"}));
  EXPECT_EQ(Json(*a->Slice(3, 1)), (Strings{"[{\"key\":\"k3\",\"value\":-3}]"}));
}

TEST(ValueTextTest, NestedUuidFieldsFollowTheirMetadata) {
  Field id = WithUuidExtension(Field("id", Uuid()));
  auto type = List(Field("element", Struct({id, Field("raw", Uuid())})));
  auto builder = Get(MakeBuilder(type));
  auto* lb = static_cast<ListBuilder*>(builder.get());
  auto* sb = static_cast<StructBuilder*>(lb->value_builder());
  const std::string bytes(16, '\xAB');
  Check(lb->Append());
  Check(sb->Append());
  for (int k = 0; k < 2; ++k) {
    Check(static_cast<FixedSizeBinaryBuilder*>(sb->child(k))
              ->Append(reinterpret_cast<const uint8_t*>(bytes.data())));
  }
  auto a = Get(builder->Finish());
  EXPECT_EQ(Json(*a), (Strings{"[{\"id\":\"abababab-abab-abab-abab-abababababab\","
                               "\"raw\":\"abababababababababababababababab\"}]"}));
}

TEST(ValueTextTest, SlicedScalars) {
  auto strings = MakeBinary(Utf8(), {std::string("a"), std::nullopt, std::string("c,d")});
  EXPECT_EQ(Json(*strings->Slice(1, 2)), (Strings{"null", "\"c,d\""}));
  EXPECT_EQ(Csv(*strings->Slice(2, 1)), (Strings{"\"c,d\""}));
  auto dec = MakeDecimal(Decimal128(5, 1), {1, 2, -3});
  EXPECT_EQ(Json(*dec->Slice(2, 1)), (Strings{"\"-0.3\""}));
  auto ts = MakePrimitive<int64_t>(Timestamp(TimeUnit::kNano), {0, 1});
  EXPECT_EQ(Text(*ts->Slice(1, 1)), (Strings{"1970-01-01T00:00:00.000000001"}));
}

TEST(ValueTextTest, CsvTextQuoting) {
  auto quote = [](std::string_view s) {
    std::string out;
    AppendCsvText(s, &out);
    return out;
  };
  EXPECT_EQ(quote("plain text"), "plain text");
  EXPECT_EQ(quote(""), "");
  EXPECT_EQ(quote("a,b"), "\"a,b\"");
  EXPECT_EQ(quote("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(quote("line\nbreak"), "\"line\nbreak\"");
  EXPECT_EQ(quote("cr\r"), "\"cr\r\"");
}

TEST(ValueTextTest, NumericTypesAlignRight) {
  EXPECT_TRUE(IsNumericType(*Int8()));
  EXPECT_TRUE(IsNumericType(*UInt64()));
  EXPECT_TRUE(IsNumericType(*Float16()));
  EXPECT_TRUE(IsNumericType(*Decimal128(9, 2)));
  EXPECT_FALSE(IsNumericType(*Utf8()));
  EXPECT_FALSE(IsNumericType(*Date32()));
  EXPECT_FALSE(IsNumericType(*Boolean()));
}

}  // namespace
}  // namespace floe::columnar
