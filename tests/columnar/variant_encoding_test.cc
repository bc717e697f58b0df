// The Parquet Variant binary encoding (VariantEncoding.md) read from bytes built by hand in this
// file, one case per primitive type id, short strings, objects with 1/2/3/4-byte field ids and
// offsets (values out of order), arrays (small and is_large), nesting; the builder's bytes
// checked the same way; parse_json's typing rules; paths; truncated bytes as clean errors.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "floe/columnar/variant/variant_builder.h"
#include "floe/columnar/variant/variant_json.h"
#include "floe/columnar/variant/variant_path.h"
#include "floe/columnar/variant/variant_value.h"
#include "testing/result_matchers.h"

// Declares `lhs` from a Result, failing the test when it is an error (undefined at the end).
#define VARIANT_ASSERT_ASSIGN(lhs, expr)                \
  auto FLOE_CONCAT(variant_result_, __LINE__) = (expr); \
  ASSERT_OK(FLOE_CONCAT(variant_result_, __LINE__));    \
  lhs = std::move(FLOE_CONCAT(variant_result_, __LINE__)).value()

namespace floe::columnar::variant {
namespace {

std::string Bytes(std::initializer_list<int> b) {
  std::string s;
  for (int x : b) s.push_back(static_cast<char>(x));
  return s;
}

template <typename T>
std::string Le(T v) {
  std::string s(sizeof(T), '\0');
  std::memcpy(s.data(), &v, sizeof(T));
  return s;
}

std::string LeN(uint64_t v, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
  return s;
}

const std::string kEmptyMetadata = Bytes({0x01, 0x00, 0x00});

std::string Json(const std::string& metadata, const std::string& value) {
  Result<std::string> j = ToJson(metadata, value);
  EXPECT_OK(j);
  return j.ok() ? *j : "<error>";
}

// Metadata of `keys` (unsorted flag) with `offset_size`-byte size and offsets.
std::string MetadataOf(const std::vector<std::string>& keys, int offset_size, bool sorted = false) {
  std::string m;
  m.push_back(static_cast<char>(1 | (sorted ? 0x10 : 0) | ((offset_size - 1) << 6)));
  m += LeN(keys.size(), offset_size);
  uint64_t off = 0;
  m += LeN(0, offset_size);
  for (const auto& k : keys) {
    off += k.size();
    m += LeN(off, offset_size);
  }
  for (const auto& k : keys) m += k;
  return m;
}

TEST(VariantEncodingTest, EveryPrimitiveTypeId) {
  const std::string& m = kEmptyMetadata;
  EXPECT_EQ(Json(m, Bytes({0x00})), "null");
  EXPECT_EQ(Json(m, Bytes({0x04})), "true");
  EXPECT_EQ(Json(m, Bytes({0x08})), "false");
  EXPECT_EQ(Json(m, Bytes({0x0C, 0xFE})), "-2");                         // int8
  EXPECT_EQ(Json(m, Bytes({0x10, 0x34, 0x12})), "4660");                 // int16
  EXPECT_EQ(Json(m, "\x14" + Le<int32_t>(-65536)), "-65536");            // int32
  EXPECT_EQ(Json(m, "\x18" + Le<int64_t>(1LL << 40)), "1099511627776");  // int64
  EXPECT_EQ(Json(m, "\x1C" + Le<double>(1.5)), "1.5");                   // double
  EXPECT_EQ(Json(m, "\x1C" + Le<double>(3.0)), "3.0");
  EXPECT_EQ(Json(m, Bytes({0x20, 0x02, 0x96, 0, 0, 0})), "1.50");          // decimal4
  EXPECT_EQ(Json(m, Bytes({0x24, 0x03}) + Le<int64_t>(-1234)), "-1.234");  // decimal8
  __int128 big = static_cast<__int128>(100000000000LL) * 1000000000LL;     // 1e20
  EXPECT_EQ(Json(m, Bytes({0x28, 0x00}) + Le<__int128>(big)), "100000000000000000000");
  EXPECT_EQ(Json(m, Bytes({0x28, 0x05}) + Le<__int128>(-5)), "-0.00005");  // decimal16
  EXPECT_EQ(Json(m, "\x2C" + Le<int32_t>(19723)), "\"2024-01-01\"");       // date
  EXPECT_EQ(Json(m, "\x30" + Le<int64_t>(1704067200000001LL)),             // timestamp
            "\"2024-01-01T00:00:00.000001+00:00\"");
  EXPECT_EQ(Json(m, "\x34" + Le<int64_t>(0)), "\"1970-01-01T00:00:00.000000\"");   // ntz
  EXPECT_EQ(Json(m, "\x38" + Le<float>(2.5f)), "2.5");                             // float
  EXPECT_EQ(Json(m, "\x3C" + Le<uint32_t>(3) + "abc"), "\"YWJj\"");                // binary
  EXPECT_EQ(Json(m, "\x40" + Le<uint32_t>(5) + "he\"lo"), "\"he\\\"lo\"");         // string
  EXPECT_EQ(Json(m, "\x44" + Le<int64_t>(45296000001LL)), "\"12:34:56.000001\"");  // time
  EXPECT_EQ(Json(m, "\x48" + Le<int64_t>(1000000001LL)),                           // ts nanos
            "\"1970-01-01T00:00:01.000000001+00:00\"");
  EXPECT_EQ(Json(m, "\x4C" + Le<int64_t>(-1LL)), "\"1969-12-31T23:59:59.999999999\"");
  EXPECT_EQ(Json(m, "\x50" + Bytes({0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0x01, 0x23,
                                    0x45, 0x67, 0x89, 0xab, 0xcd, 0xef})),
            "\"12345678-9abc-def0-0123-456789abcdef\"");                   // uuid
  EXPECT_EQ(Json(m, Bytes({0x01 | (3 << 2), 'a', 'b', 'c'})), "\"abc\"");  // short string
  EXPECT_EQ(Json(m, Bytes({0x01})), "\"\"");
}

TEST(VariantEncodingTest, NonFiniteDoublesAreStrings) {
  EXPECT_EQ(Json(kEmptyMetadata, "\x1C" + Le<double>(std::numeric_limits<double>::quiet_NaN())),
            "\"NaN\"");
  EXPECT_EQ(Json(kEmptyMetadata, "\x1C" + Le<double>(-std::numeric_limits<double>::infinity())),
            "\"-Infinity\"");
}

// An object of `names` (already in sorted order) whose values are int8 i, stored in reverse
// order so that the offsets are not ascending; ids index `dictionary`.
std::string ObjectOf(const std::vector<uint32_t>& ids, int id_size, int offset_size, bool large) {
  const size_t n = ids.size();
  std::string values;
  std::vector<size_t> offsets(n);
  for (size_t k = n; k-- > 0;) {
    offsets[k] = values.size();
    values += Bytes({0x0C, static_cast<int>(k)});
  }
  std::string out;
  out.push_back(static_cast<char>(
      2 | (((large ? 1 : 0) << 4 | (id_size - 1) << 2 | (offset_size - 1)) << 2)));
  out += LeN(n, large ? 4 : 1);
  for (uint32_t id : ids) out += LeN(id, id_size);
  for (size_t off : offsets) out += LeN(off, offset_size);
  out += LeN(values.size(), offset_size);
  return out + values;
}

TEST(VariantEncodingTest, ObjectsWithEveryIdAndOffsetWidth) {
  // Dictionary in unsorted order: "b" is id 0, "a" id 1, "c" id 2.
  std::string m1 = MetadataOf({"b", "a", "c"}, 1);
  for (int width = 1; width <= 4; ++width) {
    SCOPED_TRACE(width);
    std::string m = MetadataOf({"b", "a", "c"}, width);
    // Sorted by name: a (1), b (0), c (2).
    std::string obj = ObjectOf({1, 0, 2}, width, width, width == 4);
    EXPECT_EQ(Json(m, obj), "{\"a\":0,\"b\":1,\"c\":2}");
    VARIANT_ASSERT_ASSIGN(VariantMetadata meta, VariantMetadata::Make(m));
    VARIANT_ASSERT_ASSIGN(VariantValue v, VariantValue::Make(&meta, obj));
    ASSERT_EQ(v.kind(), ValueKind::kObject);
    VARIANT_ASSERT_ASSIGN(std::optional<VariantValue> c, v.Field("c"));
    ASSERT_TRUE(c.has_value());
    EXPECT_EQ(c->GetInt(), 2);
    VARIANT_ASSERT_ASSIGN(std::optional<VariantValue> z, v.Field("z"));
    EXPECT_FALSE(z.has_value());
  }
  // An empty object.
  EXPECT_EQ(Json(kEmptyMetadata, Bytes({0x02, 0x00, 0x00})), "{}");
}

TEST(VariantEncodingTest, ArraysSmallLargeAndNested) {
  // [true, 1]: header 0x03, 2 elements, offsets 0, 1, 3.
  EXPECT_EQ(Json(kEmptyMetadata, Bytes({0x03, 0x02, 0x00, 0x01, 0x03, 0x04, 0x0C, 0x01})),
            "[true,1]");
  // The same with is_large (4-byte count) and 2-byte offsets.
  EXPECT_EQ(Json(kEmptyMetadata, Bytes({0x03 | ((1 << 2 | 1) << 2), 0x02, 0, 0, 0, 0x00, 0x00, 0x01,
                                        0x00, 0x03, 0x00, 0x04, 0x0C, 0x01})),
            "[true,1]");
  EXPECT_EQ(Json(kEmptyMetadata, Bytes({0x03, 0x00, 0x00})), "[]");
  // {"k": [{"k": null}]} — the inner object reuses key id 0.
  std::string m = MetadataOf({"k"}, 1);
  std::string inner = Bytes({0x02, 0x01, 0x00, 0x00, 0x01, 0x00});
  std::string array = Bytes({0x03, 0x01, 0x00, static_cast<int>(inner.size())}) + inner;
  std::string outer = Bytes({0x02, 0x01, 0x00, 0x00, static_cast<int>(array.size())}) + array;
  EXPECT_EQ(Json(m, outer), "{\"k\":[{\"k\":null}]}");
}

TEST(VariantEncodingTest, BuilderWritesTheSpecBytes) {
  VARIANT_ASSERT_ASSIGN(EncodedVariant e, ParseJson(R"({"b": 1, "a": "x"})"));
  // Keys in the order met (b, a): not sorted.
  EXPECT_EQ(e.metadata, Bytes({0x01, 0x02, 0x00, 0x01, 0x02, 'b', 'a'}));
  // Fields sorted by name (a = id 1, b = id 0); values in the order written (b's int8 first).
  EXPECT_EQ(e.value, Bytes({0x02, 0x02, 0x01, 0x00, 0x02, 0x00, 0x04, 0x0C, 0x01, 0x05, 'x'}));
  VARIANT_ASSERT_ASSIGN(EncodedVariant s, ParseJson(R"({"a": 1, "b": 2})"));
  EXPECT_EQ(static_cast<uint8_t>(s.metadata[0]), 0x11);  // sorted_strings set
  // 300 elements: is_large and 2-byte offsets.
  std::string text = "[";
  for (int i = 0; i < 300; ++i) text += (i ? ",\"" : "\"") + std::string(10, 'x') + "\"";
  text += "]";
  VARIANT_ASSERT_ASSIGN(EncodedVariant a, ParseJson(text));
  EXPECT_EQ(static_cast<uint8_t>(a.value[0]), 0x03 | ((1 << 2 | 1) << 2));
  EXPECT_EQ(a.value.size(), 1 + 4 + 301 * 2 + 300 * 11u);
}

TEST(VariantEncodingTest, ParseJsonTypesNumbersAsSpark) {
  auto first_byte = [](std::string_view json) {
    Result<EncodedVariant> e = ParseJson(json);
    EXPECT_OK(e);
    return e.ok() ? static_cast<int>(static_cast<uint8_t>(e->value[0])) : -1;
  };
  EXPECT_EQ(first_byte("1"), 0x0C);                                 // int8
  EXPECT_EQ(first_byte("300"), 0x10);                               // int16
  EXPECT_EQ(first_byte("70000"), 0x14);                             // int32
  EXPECT_EQ(first_byte("5000000000"), 0x18);                        // int64
  EXPECT_EQ(first_byte("99999999999999999999"), 0x28);              // decimal16, scale 0
  EXPECT_EQ(first_byte("1.50"), 0x20);                              // decimal4
  EXPECT_EQ(first_byte("1e2"), 0x1C);                               // double
  EXPECT_EQ(first_byte("\"" + std::string(64, 'y') + "\""), 0x40);  // long string
  VARIANT_ASSERT_ASSIGN(std::string j, []() -> Result<std::string> {
    FLOE_ASSIGN_OR_RETURN(
        EncodedVariant e,
        ParseJson(R"( {"z":[1.50, -2e-3, "\u00e9\ud83d\ude00", null, false],"a":{}} )"));
    return ToJson(e.metadata, e.value);
  }());
  EXPECT_EQ(j, "{\"a\":{},\"z\":[1.50,-0.002,\"\xC3\xA9\xF0\x9F\x98\x80\",null,false]}");
}

TEST(VariantEncodingTest, ParseJsonRejectsBadText) {
  for (std::string_view bad :
       {"", "{", "[1,]", "{\"a\":1,\"a\":2}", "01", "tru", "1 2", "\"\\x\"", "{\"a\" 1}"}) {
    SCOPED_TRACE(bad);
    Result<EncodedVariant> e = ParseJson(bad);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().kind, ErrorKind::kInvalidArgument);
  }
  EXPECT_NE(ParseJson(R"({"a":1,"a":2})").error().message.find("\"a\" twice"), std::string::npos);
  std::string deep(600, '[');
  EXPECT_FALSE(ParseJson(deep).ok());
}

TEST(VariantEncodingTest, TruncatedBytesAreCorruptNotACrash) {
  std::string m = MetadataOf({"b", "a", "c"}, 2);
  std::string obj = ObjectOf({1, 0, 2}, 2, 2, false);
  for (size_t n = 0; n < obj.size(); ++n) {
    Result<std::string> j = ToJson(m, obj.substr(0, n));
    EXPECT_FALSE(j.ok()) << n;
  }
  for (size_t n = 0; n < m.size(); ++n) {
    Result<std::string> j = ToJson(m.substr(0, n), obj);
    EXPECT_FALSE(j.ok()) << n;
  }
  // A field id past the dictionary.
  EXPECT_FALSE(ToJson(MetadataOf({"a"}, 1), ObjectOf({5}, 1, 1, false)).ok());
  // Metadata version 2 is not read.
  EXPECT_EQ(ToJson(Bytes({0x02, 0x00, 0x00}), Bytes({0x00})).error().kind,
            ErrorKind::kNotSupported);
}

TEST(VariantEncodingTest, ValidateWalksEveryNestedValue) {
  std::string m = MetadataOf({"b", "a", "c"}, 1);
  VARIANT_ASSERT_ASSIGN(VariantMetadata meta, VariantMetadata::Make(m));
  // The values view their bytes: keep them alive.
  const std::string sorted_bytes = ObjectOf({1, 0, 2}, 1, 1, false);
  const std::string unsorted_bytes = ObjectOf({0, 1, 2}, 1, 1, false);
  VARIANT_ASSERT_ASSIGN(VariantValue good, VariantValue::Make(&meta, sorted_bytes));
  EXPECT_OK(Validate(good));
  // Field ids out of name order (b before a).
  VARIANT_ASSERT_ASSIGN(VariantValue unsorted, VariantValue::Make(&meta, unsorted_bytes));
  Status s = Validate(unsorted);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(s.error().message.find("not sorted"), std::string::npos) << s.error().message;
  // An array whose second element starts past the array's bytes: Make sees only the header.
  std::string arr = Bytes({0x03, 0x02, 0x00, 0x09, 0x02, 0x04, 0x04});
  VARIANT_ASSERT_ASSIGN(VariantValue bad_array, VariantValue::Make(&meta, arr));
  EXPECT_FALSE(Validate(bad_array).ok());
}

TEST(VariantEncodingTest, PathsAsSparkWritesThem) {
  VARIANT_ASSERT_ASSIGN(EncodedVariant e,
                        ParseJson(R"({"a": {"b c": [10, {"d": "x"}]}, "n": null})"));
  VARIANT_ASSERT_ASSIGN(VariantMetadata m, VariantMetadata::Make(e.metadata));
  VARIANT_ASSERT_ASSIGN(VariantValue root, VariantValue::Make(&m, e.value));
  auto at = [&](std::string_view path) -> std::string {
    Result<VariantPath> p = ParsePath(path);
    EXPECT_OK(p);
    if (!p.ok()) return "<bad path>";
    Result<std::optional<VariantValue>> v = Extract(root, *p);
    EXPECT_OK(v);
    if (!v.ok() || !v->has_value()) return "<none>";
    std::string out;
    EXPECT_OK(AppendJson(**v, &out));
    return out;
  };
  EXPECT_EQ(at("$"), "{\"a\":{\"b c\":[10,{\"d\":\"x\"}]},\"n\":null}");
  EXPECT_EQ(at("$.a['b c'][0]"), "10");
  EXPECT_EQ(at("$.a[\"b c\"][1].d"), "\"x\"");
  EXPECT_EQ(at("$.n"), "null");
  EXPECT_EQ(at("$.a['b c'][2]"), "<none>");
  EXPECT_EQ(at("$.missing"), "<none>");
  EXPECT_EQ(at("$[0]"), "<none>");
  for (std::string_view bad : {"", "a", "$.", "$[x]", "$['a'", "$a"}) {
    EXPECT_FALSE(ParsePath(bad).ok()) << bad;
  }
}

}  // namespace
}  // namespace floe::columnar::variant

#undef VARIANT_ASSERT_ASSIGN
