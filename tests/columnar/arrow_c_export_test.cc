#include "floe/columnar/arrow_c_export.h"

#include <gtest/gtest.h>

#include <cstring>
#include <map>

#include "columnar/make_array.h"
#include "floe/columnar/array_builder.h"
#include "testing/result_matchers.h"

namespace floe::columnar {
namespace {

// Reads the C interface's binary metadata back, as a consumer would.
std::vector<std::pair<std::string, std::string>> DecodeMetadata(const char* p) {
  std::vector<std::pair<std::string, std::string>> out;
  if (p == nullptr) return out;
  auto read_int32 = [&p]() {
    int32_t v;
    std::memcpy(&v, p, 4);
    p += 4;
    return v;
  };
  int32_t n = read_int32();
  for (int32_t i = 0; i < n; ++i) {
    int32_t kl = read_int32();
    std::string k(p, static_cast<size_t>(kl));
    p += kl;
    int32_t vl = read_int32();
    std::string v(p, static_cast<size_t>(vl));
    p += vl;
    out.emplace_back(k, v);
  }
  return out;
}

TEST(ArrowCExportTest, FormatStrings) {
  std::vector<std::pair<DataTypePtr, std::string>> cases = {
      {Null(), "n"},
      {Boolean(), "b"},
      {Int8(), "c"},
      {UInt8(), "C"},
      {Int16(), "s"},
      {UInt16(), "S"},
      {Int32(), "i"},
      {UInt32(), "I"},
      {Int64(), "l"},
      {UInt64(), "L"},
      {Float16(), "e"},
      {Float32(), "f"},
      {Float64(), "g"},
      {Binary(), "z"},
      {Utf8(), "u"},
      {Uuid(), "w:16"},
      {FixedSizeBinary(3), "w:3"},
      {Decimal128(38, 10), "d:38,10"},
      {Date32(), "tdD"},
      {Time32(TimeUnit::kSecond), "tts"},
      {Time32(TimeUnit::kMilli), "ttm"},
      {Time64(TimeUnit::kMicro), "ttu"},
      {Time64(TimeUnit::kNano), "ttn"},
      {Timestamp(TimeUnit::kMicro, "UTC"), "tsu:UTC"},
      {Timestamp(TimeUnit::kMicro), "tsu:"},
      {Timestamp(TimeUnit::kNano, "+00:00"), "tsn:+00:00"},
      {Timestamp(TimeUnit::kMilli), "tsm:"},
      {Timestamp(TimeUnit::kSecond, "Asia/Seoul"), "tss:Asia/Seoul"},
      {Struct({}), "+s"},
      {List(Field("element", Int32())), "+l"},
      {Map(Field("key", Utf8()), Field("value", Int32())), "+m"},
  };
  for (const auto& [type, format] : cases) {
    EXPECT_EQ(Get(FormatString(*type)), format) << type->ToString();
  }
}

TEST(ArrowCExportTest, SchemaWithFieldIdsAndNesting) {
  auto map_type = Map(Field("key", Utf8()).WithFieldId(5), Field("value", Int64()).WithFieldId(6),
                      /*keys_sorted=*/true);
  Schema schema({Field("id", Int64(), false).WithFieldId(1),
                 Field("ts", Timestamp(TimeUnit::kMicro, "UTC")).WithFieldId(2),
                 Field("tags", List(Field("element", Utf8()).WithFieldId(4))).WithFieldId(3),
                 Field("attrs", map_type).WithFieldId(7)},
                {{"iceberg.schema", "{}"}});
  ArrowSchema c;
  ASSERT_OK(ExportSchema(schema, &c));
  EXPECT_STREQ(c.format, "+s");
  EXPECT_STREQ(c.name, "");
  EXPECT_EQ(c.flags, 0);
  EXPECT_EQ(DecodeMetadata(c.metadata),
            (std::vector<std::pair<std::string, std::string>>{{"iceberg.schema", "{}"}}));
  EXPECT_EQ(c.dictionary, nullptr);
  ASSERT_EQ(c.n_children, 4);

  ArrowSchema* id = c.children[0];
  EXPECT_STREQ(id->format, "l");
  EXPECT_STREQ(id->name, "id");
  EXPECT_EQ(id->flags & ARROW_FLAG_NULLABLE, 0);
  EXPECT_EQ(DecodeMetadata(id->metadata),
            (std::vector<std::pair<std::string, std::string>>{{"PARQUET:field_id", "1"}}));
  EXPECT_EQ(id->n_children, 0);

  ArrowSchema* ts = c.children[1];
  EXPECT_STREQ(ts->format, "tsu:UTC");
  EXPECT_EQ(ts->flags, ARROW_FLAG_NULLABLE);

  ArrowSchema* tags = c.children[2];
  EXPECT_STREQ(tags->format, "+l");
  ASSERT_EQ(tags->n_children, 1);
  EXPECT_STREQ(tags->children[0]->format, "u");
  EXPECT_STREQ(tags->children[0]->name, "element");
  EXPECT_EQ(DecodeMetadata(tags->children[0]->metadata)[0].second, "4");

  ArrowSchema* attrs = c.children[3];
  EXPECT_STREQ(attrs->format, "+m");
  EXPECT_EQ(attrs->flags, ARROW_FLAG_NULLABLE | ARROW_FLAG_MAP_KEYS_SORTED);
  ASSERT_EQ(attrs->n_children, 1);
  ArrowSchema* entries = attrs->children[0];
  EXPECT_STREQ(entries->format, "+s");
  EXPECT_STREQ(entries->name, "entries");
  EXPECT_EQ(entries->flags, 0);
  ASSERT_EQ(entries->n_children, 2);
  EXPECT_STREQ(entries->children[0]->name, "key");
  EXPECT_EQ(entries->children[0]->flags, 0);
  EXPECT_STREQ(entries->children[1]->format, "l");
  EXPECT_EQ(DecodeMetadata(entries->children[1]->metadata)[0].second, "6");

  c.release(&c);
  EXPECT_EQ(c.release, nullptr);  // LeakSanitizer checks that everything was freed
}

// A variant column is its struct<metadata, value> storage marked with Arrow's canonical
// arrow.parquet.variant extension, its field id kept.
TEST(ArrowCExportTest, VariantCarriesTheCanonicalExtensionName) {
  Schema schema({Field("v", Variant()).WithFieldId(3)});
  ArrowSchema c;
  ASSERT_OK(ExportSchema(schema, &c));
  ASSERT_EQ(c.n_children, 1);
  ArrowSchema* v = c.children[0];
  EXPECT_STREQ(v->format, "+s");
  EXPECT_EQ(DecodeMetadata(v->metadata), (std::vector<std::pair<std::string, std::string>>{
                                             {"PARQUET:field_id", "3"},
                                             {"ARROW:extension:name", "arrow.parquet.variant"},
                                             {"ARROW:extension:metadata", ""}}));
  ASSERT_EQ(v->n_children, 2);
  EXPECT_STREQ(v->children[0]->name, "metadata");
  EXPECT_STREQ(v->children[0]->format, "z");
  EXPECT_EQ(v->children[0]->flags & ARROW_FLAG_NULLABLE, 0);
  EXPECT_STREQ(v->children[1]->name, "value");
  c.release(&c);
}

TEST(ArrowCExportTest, PrimitiveArrayIsZeroCopy) {
  Int32Builder b(Int32());
  ASSERT_OK(b.Append(1));
  ASSERT_OK(b.AppendNull());
  ASSERT_OK(b.Append(3));
  ArrayPtr a = Get(b.Finish());
  std::weak_ptr<Buffer> values = a->buffers[1];
  ArrowArray c;
  ASSERT_OK(ExportArray(a, &c));
  EXPECT_EQ(c.length, 3);
  EXPECT_EQ(c.null_count, 1);
  EXPECT_EQ(c.offset, 0);
  ASSERT_EQ(c.n_buffers, 2);
  EXPECT_EQ(c.n_children, 0);
  EXPECT_EQ(c.buffers[0], a->buffers[0]->data());
  EXPECT_EQ(c.buffers[1], a->buffers[1]->data());
  a.reset();
  EXPECT_FALSE(values.expired());  // the export keeps the buffers alive
  EXPECT_EQ(static_cast<const int32_t*>(c.buffers[1])[2], 3);
  EXPECT_EQ(static_cast<const uint8_t*>(c.buffers[0])[0] & 0b111, 0b101);
  c.release(&c);
  EXPECT_EQ(c.release, nullptr);
  EXPECT_TRUE(values.expired());
}

TEST(ArrowCExportTest, NoNullsExportsNullValidity) {
  BinaryBuilder b(Utf8());
  ASSERT_OK(b.Append("x"));
  ASSERT_OK(b.Append("yz"));
  ArrayPtr a = Get(b.Finish());
  ArrowArray c;
  ASSERT_OK(ExportArray(a->Slice(1, 1), &c));
  ASSERT_EQ(c.n_buffers, 3);
  EXPECT_EQ(c.buffers[0], nullptr);
  EXPECT_EQ(c.offset, 1);
  EXPECT_EQ(c.length, 1);
  const int32_t* offs = static_cast<const int32_t*>(c.buffers[1]);
  const char* data = static_cast<const char*>(c.buffers[2]);
  EXPECT_EQ(
      std::string(data + offs[c.offset], static_cast<size_t>(offs[c.offset + 1] - offs[c.offset])),
      "yz");
  c.release(&c);
}

TEST(ArrowCExportTest, EveryTypeBufferCounts) {
  std::vector<std::pair<DataTypePtr, int>> cases = {
      {Null(), 0},
      {Boolean(), 2},
      {Int64(), 2},
      {Utf8(), 3},
      {Binary(), 3},
      {Uuid(), 2},
      {Decimal128(10, 2), 2},
      {Date32(), 2},
      {Time64(TimeUnit::kMicro), 2},
      {Timestamp(TimeUnit::kMicro, "UTC"), 2},
      {Struct({Field("a", Int32())}), 1},
      {List(Field("element", Int32())), 2},
      {Map(Field("key", Utf8()), Field("value", Utf8())), 2}};
  for (const auto& [type, n] : cases) {
    auto builder = Get(MakeBuilder(type));
    ASSERT_OK(builder->AppendNulls(2));
    ArrayPtr a = Get(builder->Finish());
    ArrowArray c;
    ASSERT_OK(ExportArray(a, &c)) << type->ToString();
    EXPECT_EQ(c.n_buffers, n) << type->ToString();
    EXPECT_EQ(c.null_count, 2);
    EXPECT_EQ(c.n_children, static_cast<int64_t>(a->children.size()));
    if (type->id() == TypeId::kMap) {
      // map: one child, the entries struct with key and value.
      ASSERT_EQ(c.n_children, 1);
      EXPECT_EQ(c.children[0]->n_children, 2);
      EXPECT_EQ(c.children[0]->n_buffers, 1);
    }
    c.release(&c);
  }
}

TEST(ArrowCExportTest, RecordBatchAndMovedChild) {
  auto schema = std::make_shared<Schema>(std::vector<Field>{
      Field("id", Int64(), false).WithFieldId(1), Field("name", Utf8()).WithFieldId(2),
      Field("amount", Decimal128(38, 10)).WithFieldId(3),
      Field("tags", List(Field("element", Int32()).WithFieldId(5))).WithFieldId(4)});
  Int64Builder ids(Int64());
  BinaryBuilder names(Utf8());
  Decimal128Builder amounts(Decimal128(38, 10));
  auto tag_builder = Get(MakeBuilder(schema->field(3).type));
  auto* tags = static_cast<ListBuilder*>(tag_builder.get());
  auto* tag_values = static_cast<Int32Builder*>(tags->value_builder());
  for (int i = 0; i < 5; ++i) {
    ASSERT_OK(ids.Append(i));
    ASSERT_OK(names.Append(std::string(static_cast<size_t>(i), 'x')));
    ASSERT_OK(amounts.AppendInt64(i * 100));
    ASSERT_OK(tags->Append(i != 2));
    for (int j = 0; j < i && i != 2; ++j) ASSERT_OK(tag_values->Append(j));
  }
  auto batch = Get(RecordBatch::Make(
      schema, 5,
      {Get(ids.Finish()), Get(names.Finish()), Get(amounts.Finish()), Get(tag_builder->Finish())}));
  ArrowArray c;
  ArrowSchema s;
  ASSERT_OK(ExportRecordBatch(batch, &c, &s));
  EXPECT_STREQ(s.format, "+s");
  ASSERT_EQ(s.n_children, 4);
  EXPECT_STREQ(s.children[2]->format, "d:38,10");
  EXPECT_STREQ(s.children[3]->format, "+l");
  EXPECT_EQ(c.length, 5);
  EXPECT_EQ(c.null_count, 0);
  ASSERT_EQ(c.n_buffers, 1);
  EXPECT_EQ(c.buffers[0], nullptr);
  ASSERT_EQ(c.n_children, 4);
  EXPECT_EQ(c.children[0]->buffers[1], batch.column(0)->buffers[1]->data());
  const ArrowArray* list = c.children[3];
  EXPECT_EQ(list->null_count, 1);
  ASSERT_EQ(list->n_children, 1);
  const int32_t* offs = static_cast<const int32_t*>(list->buffers[1]);
  EXPECT_EQ(offs[5], 0 + 1 + 3 + 4);
  EXPECT_EQ(list->children[0]->length, 8);
  const int64_t* amt = static_cast<const int64_t*>(c.children[2]->buffers[1]);
  EXPECT_EQ(amt[2 * 4], 400);

  // A consumer may move a child out and release it on its own (spec: "Moving child arrays").
  ArrowArray moved = *c.children[1];
  c.children[1]->release = nullptr;
  c.release(&c);
  EXPECT_EQ(c.release, nullptr);
  const int32_t* name_offs = static_cast<const int32_t*>(moved.buffers[1]);
  EXPECT_EQ(name_offs[4], 0 + 1 + 2 + 3);  // still alive
  moved.release(&moved);
  EXPECT_EQ(moved.release, nullptr);
  s.release(&s);
}

}  // namespace
}  // namespace floe::columnar
