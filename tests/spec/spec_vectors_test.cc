// Every vector of ../shared/corpus/iceberg-spec-vectors/spec_test_vectors.json: bucket hashes,
// truncation, and the JSON and binary single-value forms (spec Appendices B, C, D).
#include <gtest/gtest.h>

#include "floe/spec/single_value.h"
#include "floe/spec/transform.h"
#include "floe/util/json_reader.h"
#include "floe/util/murmur3.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::spec {
namespace {

class SpecVectorsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string text = floe::testing::ReadFileToString(
        floe::testing::CorpusPath("iceberg-spec-vectors/spec_test_vectors.json"));
    ASSERT_FALSE(text.empty());
    auto doc = JsonDocument::Parse(text);
    ASSERT_OK(doc);
    doc_ = std::move(doc).value();
  }

  std::vector<JsonValue> Section(std::string_view name) {
    auto section = doc_->root().Get(name);
    EXPECT_OK(section) << name;
    auto items = section->AsArray();
    EXPECT_OK(items);
    EXPECT_FALSE(items->empty()) << name;
    return *items;
  }

  std::unique_ptr<JsonDocument> doc_;
};

std::string FromHex(std::string_view hex) {
  std::string out;
  for (size_t i = 0; i < hex.size(); i += 2) {
    while (i < hex.size() && hex[i] == ' ') ++i;
    if (i + 1 >= hex.size()) break;
    out.push_back(static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  }
  return out;
}

std::string ToHex(std::string_view bytes) {
  std::string out;
  for (unsigned char c : bytes) out += fmt::format("{:02x}", c);
  return out;
}

// The vectors name types loosely: "fixed(4)", "decimal(?,2)", "float (not bucketable)",
// "decimal with negative scale -20", "struct<1:int,2:string>", "list<int>", "map<string,int>".
TypePtr VectorType(std::string_view name) {
  if (size_t paren = name.find(" ("); paren != std::string_view::npos) name = name.substr(0, paren);
  if (name == "fixed(4)") return Type::Fixed(4);
  if (name == "decimal(?,2)") return Type::Decimal(38, 2);
  if (name == "decimal with negative scale -20") return Type::Decimal(38, -20);
  if (name == "struct<1:int,2:string>") {
    return Type::Struct(
        {NestedField{1, "a", false, Type::Int()}, NestedField{2, "b", false, Type::String()}});
  }
  if (name == "list<int>") return Type::List(NestedField{1, "element", false, Type::Int()});
  if (name == "map<string,int>") {
    return Type::Map(NestedField{1, "key", true, Type::String()},
                     NestedField{2, "value", false, Type::Int()});
  }
  auto t = ParsePrimitiveType(name);
  EXPECT_OK(t) << name;
  return t.ok() ? *t : Type::Primitive(TypeId::kUnknown);
}

// A value given as text in a hash vector ("34L", "14.20", "00 01 02 03",
// "2017-11-16T14:31:08-08:00").
Result<Literal> VectorValue(const Type& type, std::string_view text) {
  std::string json;
  switch (type.id()) {
    case TypeId::kInt:
    case TypeId::kLong:
      json = std::string(text.substr(0, text.find('L')));
      break;
    case TypeId::kFixed:
    case TypeId::kBinary:
      json = "\"" + ToHex(FromHex(text)) + "\"";
      break;
    default:
      json = "\"" + std::string(text) + "\"";
  }
  FLOE_ASSIGN_OR_RETURN(auto doc, JsonDocument::Parse(json));
  return FromJson(type, doc->root());
}

TEST_F(SpecVectorsTest, HashVectors) {
  int bucketable = 0;
  for (const JsonValue& v : Section("hash_vectors")) {
    std::string type_name(*v.GetString("type"));
    std::string value(*v.GetString("value"));
    std::string bytes = FromHex(*v.GetString("hashed_bytes_hex"));
    auto expected = static_cast<int32_t>(*v.GetInt("murmur3_x86_32_seed0"));
    SCOPED_TRACE(type_name + " " + value);
    // The hash of the listed bytes.
    EXPECT_EQ(static_cast<int32_t>(Murmur3X86_32(bytes)), expected);

    TypePtr type = VectorType(type_name);
    if (type_name.find("not bucketable") != std::string::npos) {
      EXPECT_FALSE(Transform::Bucket(16).CanTransform(*type));
      EXPECT_FALSE(Transform::Bucket(16).Apply(*type, Literal::Boolean(true)).ok());
      continue;
    }
    // floe's own encoding of the value gives the same hash, and the bucket follows from it.
    auto literal = VectorValue(*type, value);
    ASSERT_OK(literal);
    auto hash = BucketHash(*type, *literal);
    ASSERT_OK(hash);
    EXPECT_EQ(*hash, expected);
    for (int32_t n : {1, 7, 16, 1000}) {
      auto bucket = Transform::Bucket(n).Apply(*type, *literal);
      ASSERT_OK(bucket);
      EXPECT_EQ(bucket->get<int32_t>(), (expected & INT32_MAX) % n);
    }
    ++bucketable;
  }
  EXPECT_EQ(bucketable, 15);
}

TEST_F(SpecVectorsTest, TruncateVectors) {
  int count = 0;
  for (const JsonValue& v : Section("truncate_vectors")) {
    std::string type_name(*v.GetString("type"));
    TypePtr type = VectorType(type_name);
    SCOPED_TRACE(type_name);
    auto width_or_length = v.FindInt32("width");
    int32_t width = width_or_length->has_value() ? **width_or_length : *v.GetInt32("length");
    Transform t = Transform::Truncate(width);
    Literal input, output;
    switch (type->id()) {
      case TypeId::kInt:
        input = Literal::Int(*v.GetInt32("input"));
        output = Literal::Int(*v.GetInt32("output"));
        break;
      case TypeId::kLong:
        input = Literal::Long(*v.GetInt("input"));
        output = Literal::Long(*v.GetInt("output"));
        break;
      case TypeId::kDecimal:
        input = Literal::MakeDecimal(*ParseDecimal(*v.GetString("input"), type->scale()),
                                     type->scale());
        output = Literal::MakeDecimal(*ParseDecimal(*v.GetString("output"), type->scale()),
                                      type->scale());
        break;
      case TypeId::kString:
        input = Literal::String(std::string(*v.GetString("input")));
        output = Literal::String(std::string(*v.GetString("output")));
        break;
      case TypeId::kBinary: {
        std::string in = FromHex(*v.GetString("input_hex")),
                    out = FromHex(*v.GetString("output_hex"));
        input = Literal::Binary(std::vector<uint8_t>(in.begin(), in.end()));
        output = Literal::Binary(std::vector<uint8_t>(out.begin(), out.end()));
        break;
      }
      default:
        FAIL() << "unexpected type";
    }
    auto result = t.Apply(*type, input);
    ASSERT_OK(result);
    EXPECT_EQ(*result, output);
    ++count;
  }
  EXPECT_EQ(count, 7);
}

TEST_F(SpecVectorsTest, JsonSingleValues) {
  int count = 0;
  for (const JsonValue& v : Section("json_single_value_examples")) {
    std::string type_name(*v.GetString("type"));
    TypePtr type = VectorType(type_name);
    JsonValue json = *v.Get("json");
    SCOPED_TRACE(type_name + " " + json.ToJson());
    ASSERT_OK(ValidateJsonValue(*type, json));
    if (type->is_primitive()) {
      // Read, write, and get the same JSON back.
      auto literal = FromJson(*type, json);
      ASSERT_OK(literal);
      auto written = ToJsonString(*type, *literal);
      ASSERT_OK(written);
      EXPECT_EQ(*written, json.ToJson());
    }
    ++count;
  }
  EXPECT_EQ(count, 20);
}

TEST_F(SpecVectorsTest, BinarySingleValues) {
  int count = 0;
  for (const JsonValue& v : Section("binary_single_value_examples_derived")) {
    std::string type_name(*v.GetString("type"));
    TypePtr type = VectorType(type_name);
    JsonValue value = *v.Get("value");
    std::string bytes = FromHex(*v.GetString("hex"));
    SCOPED_TRACE(type_name + " " + value.ToJson());
    auto literal = FromJson(*type, value);
    ASSERT_OK(literal);
    auto written = ToBinary(*type, *literal);
    ASSERT_OK(written);
    EXPECT_EQ(ToHex(*written), ToHex(bytes));
    auto read = FromBinary(*type, bytes);
    ASSERT_OK(read);
    EXPECT_EQ(*read, *literal);
    ++count;
  }
  EXPECT_EQ(count, 6);
}

}  // namespace
}  // namespace floe::spec
