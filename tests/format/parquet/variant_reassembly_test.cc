// Variants reassembled from the columns of a VARIANT group (VariantShredding.md), on arrays built
// by hand after the spec's own examples: a value shredded as int64 (34, null, "n/a", 100) and the
// event object with shredded event_type and event_ts (fully and partially shredded, a missing
// field, a field present and null, a non-object); bad bytes and invalid combinations are Corrupt.
#include "floe/format/parquet/variant_reassembly.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "columnar/make_array.h"
#include "floe/columnar/variant/variant_array.h"
#include "floe/columnar/variant/variant_json.h"
#include "testing/result_matchers.h"

namespace floe::parquet {
namespace {

namespace col = columnar;
using col::ArrayPtr;
using col::Field;

const std::string kVrEmptyMetadata("\x01\x00\x00", 3);

// The JSON of each row of a variant array ("NULL" for a null slot).
std::vector<std::string> VariantRowsJson(const col::ArrayData& a) {
  std::vector<std::string> out;
  EXPECT_TRUE(a.type->is_variant());
  for (int64_t i = 0; i < a.length; ++i) {
    if (a.IsNull(i)) {
      out.push_back("NULL");
      continue;
    }
    col::variant::VariantBytes b = col::variant::VariantAt(a, i);
    Result<std::string> j = col::variant::ToJson(b.metadata, b.value);
    EXPECT_OK(j);
    out.push_back(j.ok() ? *j : "<error>");
  }
  return out;
}

ArrayPtr VrStructOf(std::vector<std::pair<std::string, ArrayPtr>> children, int64_t length) {
  std::vector<Field> fields;
  std::vector<ArrayPtr> arrays;
  for (auto& [name, a] : children) {
    fields.emplace_back(name, a->type, true);
    arrays.push_back(a);
  }
  return col::ArrayData::Make(col::Struct(std::move(fields)), length, {nullptr}, 0, 0,
                              std::move(arrays));
}

std::string VrEncoded(std::string_view json, std::string* metadata = nullptr) {
  Result<col::variant::EncodedVariant> e = col::variant::ParseJson(json);
  EXPECT_OK(e);
  if (metadata != nullptr) *metadata = e->metadata;
  return e->value;
}

TEST(VariantReassemblyTest, ValueShreddedAsInt64) {
  ArrayPtr metadata = col::MakeBinary(
      col::Binary(), {kVrEmptyMetadata, kVrEmptyMetadata, kVrEmptyMetadata, kVrEmptyMetadata});
  ArrayPtr value =
      col::MakeBinary(col::Binary(), {std::nullopt, std::string(1, '\0'), "\x0dn/a", std::nullopt});
  ArrayPtr typed = col::MakePrimitive<int64_t>(col::Int64(), {34, std::nullopt, std::nullopt, 100});
  ArrayPtr stored =
      VrStructOf({{"metadata", metadata}, {"value", value}, {"typed_value", typed}}, 4);
  Result<ArrayPtr> v = ReassembleVariant(*stored);
  ASSERT_OK(v);
  EXPECT_EQ(VariantRowsJson(**v), (std::vector<std::string>{"34", "null", "\"n/a\"", "100"}));
}

TEST(VariantReassemblyTest, EventObjectFullyAndPartiallyShredded) {
  std::string email_meta, error_meta, click_meta;
  std::string email = VrEncoded(R"({"email": "user@example.com"})", &email_meta);
  std::string error = VrEncoded(R"({"error_msg": "malformed"})", &error_meta);
  std::string click = VrEncoded(R"({"click": "_button"})", &click_meta);
  std::string not_object_meta;
  std::string not_object = VrEncoded(R"("not an object")", &not_object_meta);
  const std::string null_value(1, '\0');
  // Rows: fully shredded; partially (email in value); all shredded fields missing; not an
  // object; event_type missing; event_type present and null; event_ts not a timestamp.
  ArrayPtr metadata =
      col::MakeBinary(col::Binary(), {kVrEmptyMetadata, email_meta, error_meta, not_object_meta,
                                      click_meta, kVrEmptyMetadata, kVrEmptyMetadata});
  ArrayPtr value = col::MakeBinary(
      col::Binary(), {std::nullopt, email, error, not_object, click, std::nullopt, std::nullopt});
  ArrayPtr type_value =
      col::MakeBinary(col::Binary(), {std::nullopt, std::nullopt, std::nullopt, std::nullopt,
                                      std::nullopt, null_value, std::nullopt});
  ArrayPtr type_typed = col::MakeBinary(col::Utf8(), {"noop", "login", std::nullopt, std::nullopt,
                                                      std::nullopt, std::nullopt, "noop"});
  std::string date_text = VrEncoded(R"("2024-10-24")");
  ArrayPtr ts_value =
      col::MakeBinary(col::Binary(), {std::nullopt, std::nullopt, std::nullopt, std::nullopt,
                                      std::nullopt, std::nullopt, date_text});
  ArrayPtr ts_typed =
      col::MakePrimitive<int64_t>(col::Timestamp(col::TimeUnit::kMicro, "UTC"),
                                  {1729794114937000, 1729794146402000, std::nullopt, std::nullopt,
                                   1729794240241000, 1729794954163000, std::nullopt});
  ArrayPtr event_type = VrStructOf({{"value", type_value}, {"typed_value", type_typed}}, 7);
  ArrayPtr event_ts = VrStructOf({{"value", ts_value}, {"typed_value", ts_typed}}, 7);
  // typed_value is null where the value is not an object (row 3).
  ArrayPtr typed_struct = VrStructOf({{"event_type", event_type}, {"event_ts", event_ts}}, 7);
  Result<col::BufferPtr> bits = col::Buffer::Allocate(1);
  ASSERT_OK(bits);
  (*bits)->mutable_data()[0] = 0x7F & ~0x08;
  auto typed = std::make_shared<col::ArrayData>(*typed_struct);
  typed->buffers[0] = *bits;
  typed->null_count = 1;
  ArrayPtr stored =
      VrStructOf({{"metadata", metadata}, {"value", value}, {"typed_value", typed}}, 7);

  Result<ArrayPtr> v = ReassembleVariant(*stored);
  ASSERT_OK(v);
  EXPECT_EQ(
      VariantRowsJson(**v),
      (std::vector<std::string>{
          R"({"event_ts":"2024-10-24T18:21:54.937000+00:00","event_type":"noop"})",
          R"({"email":"user@example.com","event_ts":"2024-10-24T18:22:26.402000+00:00","event_type":"login"})",
          R"({"error_msg":"malformed"})",
          R"("not an object")",
          R"({"click":"_button","event_ts":"2024-10-24T18:24:00.241000+00:00"})",
          R"({"event_ts":"2024-10-24T18:35:54.163000+00:00","event_type":null})",
          R"({"event_ts":"2024-10-24","event_type":"noop"})",
      }));
}

TEST(VariantReassemblyTest, BadBytesAndInvalidCombinationsAreCorrupt) {
  // Unshredded, row 1's object claims a field past its bytes.
  std::string good = VrEncoded(R"({"a": 1})");
  std::string good_meta;
  VrEncoded(R"({"a": 1})", &good_meta);
  std::string bad = good;
  bad[bad.size() - 3] = '\x09';  // the end offset
  ArrayPtr metadata = col::MakeBinary(col::Binary(), {good_meta, good_meta});
  ArrayPtr value = col::MakeBinary(col::Binary(), {good, bad});
  Result<ArrayPtr> v =
      ReassembleVariant(*VrStructOf({{"metadata", metadata}, {"value", value}}, 2));
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(v.error().message.find("variant row 1"), std::string::npos) << v.error().message;

  // value and a primitive typed_value both set.
  ArrayPtr m1 = col::MakeBinary(col::Binary(), {kVrEmptyMetadata});
  ArrayPtr v1 = col::MakeBinary(col::Binary(), {std::string(1, '\0')});
  ArrayPtr t1 = col::MakePrimitive<int64_t>(col::Int64(), {5});
  v = ReassembleVariant(*VrStructOf({{"metadata", m1}, {"value", v1}, {"typed_value", t1}}, 1));
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error().kind, ErrorKind::kCorrupt);

  // No metadata field.
  v = ReassembleVariant(*VrStructOf({{"value", v1}}, 1));
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error().kind, ErrorKind::kCorrupt);
}

}  // namespace
}  // namespace floe::parquet
