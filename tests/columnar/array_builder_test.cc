#include "floe/columnar/array_builder.h"

#include <gtest/gtest.h>

#include <random>

#include "columnar/make_array.h"
#include "floe/columnar/record_batch.h"
#include "testing/result_matchers.h"

namespace floe::columnar {
namespace {

void ExpectValid(const ArrayPtr& a) {
  Status st = a->Validate();
  EXPECT_OK(st);
}

TEST(ArrayBuilderTest, Int64WithNulls) {
  Int64Builder b(Int64());
  ASSERT_OK(b.Append(1));
  ASSERT_OK(b.Append(2));
  ASSERT_OK(b.AppendNull());
  int64_t more[] = {4, 5, 6};
  ASSERT_OK(b.AppendValues(more, 3));
  ArrayPtr a = Get(b.Finish());
  ExpectValid(a);
  EXPECT_EQ(a->length, 6);
  EXPECT_EQ(a->null_count, 1);
  ASSERT_EQ(a->buffers.size(), 2u);
  ASSERT_NE(a->buffers[0], nullptr);
  EXPECT_EQ(a->buffers[0]->data()[0], 0b111011);  // LSB-first validity
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a->buffers[1]->data()) % 64, 0u);
  const int64_t* v = a->values<int64_t>();
  EXPECT_EQ(v[0], 1);
  EXPECT_EQ(v[2], 0);
  EXPECT_EQ(v[5], 6);
  EXPECT_TRUE(a->IsNull(2));
  EXPECT_TRUE(a->IsValid(3));
  // The builder is reusable after Finish.
  ASSERT_OK(b.Append(9));
  ArrayPtr a2 = Get(b.Finish());
  EXPECT_EQ(a2->length, 1);
  EXPECT_EQ(a2->buffers[0], nullptr);
  EXPECT_EQ(a2->values<int64_t>()[0], 9);
}

TEST(ArrayBuilderTest, NoBitmapWithoutNulls) {
  Int32Builder b(Date32());
  auto out = Get(b.AppendUninitialized(1000));
  for (int i = 0; i < 1000; ++i) out[i] = i;
  ArrayPtr a = Get(b.Finish());
  ExpectValid(a);
  EXPECT_EQ(a->type->id(), TypeId::kDate32);
  EXPECT_EQ(a->buffers[0], nullptr);
  EXPECT_EQ(a->null_count, 0);
  EXPECT_EQ(a->values<int32_t>()[999], 999);
}

TEST(ArrayBuilderTest, LateFirstNullAfterManyValues) {
  DoubleBuilder b(Float64());
  for (int i = 0; i < 1000; ++i) ASSERT_OK(b.Append(i * 0.5));
  ASSERT_OK(b.AppendNulls(3));
  ASSERT_OK(b.Append(1.0));
  ArrayPtr a = Get(b.Finish());
  ExpectValid(a);
  EXPECT_EQ(a->null_count, 3);
  for (int i = 0; i < 1000; ++i) ASSERT_TRUE(a->IsValid(i)) << i;
  EXPECT_TRUE(a->IsNull(1000));
  EXPECT_TRUE(a->IsNull(1002));
  EXPECT_TRUE(a->IsValid(1003));
}

TEST(ArrayBuilderTest, AppendValuesWithValidityBitmap) {
  Int32Builder b(Int32());
  int32_t vals[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  uint8_t bitmap[2] = {0b10101010, 0b11};  // bit 1 of byte 0 = element 1 (offset 1 => element 0)
  ASSERT_OK(b.AppendValues(vals, 9, bitmap, 1));
  ArrayPtr a = Get(b.Finish());
  ExpectValid(a);
  // bits 1..9 of the bitmap: 1,0,1,0,1,0,1,1,1
  EXPECT_TRUE(a->IsValid(0));
  EXPECT_TRUE(a->IsNull(1));
  EXPECT_TRUE(a->IsValid(6));
  EXPECT_TRUE(a->IsValid(8));
  EXPECT_EQ(a->null_count, 3);
}

TEST(ArrayBuilderTest, BooleanBitPacked) {
  BooleanBuilder b;
  ASSERT_OK(b.Append(true));
  ASSERT_OK(b.Append(false));
  ASSERT_OK(b.AppendNull());
  uint8_t bytes[] = {1, 1, 0, 1};
  ASSERT_OK(b.AppendValues(bytes, 4));
  uint8_t bits[] = {0b00000101};
  ASSERT_OK(b.AppendBits(bits, 0, 3));
  ArrayPtr a = Get(b.Finish());
  ExpectValid(a);
  EXPECT_EQ(a->length, 10);
  EXPECT_EQ(a->null_count, 1);
  // values: 1 0 0 1 1 0 1 1 0 1
  EXPECT_EQ(a->buffers[1]->data()[0], 0b11011001);
  EXPECT_EQ(a->buffers[1]->data()[1], 0b10);
  EXPECT_TRUE(a->GetBool(0));
  EXPECT_FALSE(a->GetBool(5));
  EXPECT_TRUE(a->GetBool(9));
}

TEST(ArrayBuilderTest, StringsOffsetsAndData) {
  BinaryBuilder b(Utf8());
  ASSERT_OK(b.Append("hello"));
  ASSERT_OK(b.AppendNull());
  ASSERT_OK(b.Append(""));
  ASSERT_OK(b.Append("world!"));
  int32_t lens[] = {1, 2, 3};
  ASSERT_OK(b.AppendBulk(lens, 3, reinterpret_cast<const uint8_t*>("abbccc"), 6));
  EXPECT_FALSE(b.AppendBulk(lens, 3, reinterpret_cast<const uint8_t*>("abbcccd"), 7).ok());
  ArrayPtr a = Get(b.Finish());
  ExpectValid(a);
  ASSERT_EQ(a->buffers.size(), 3u);
  EXPECT_EQ(a->length, 7);
  EXPECT_EQ(a->null_count, 1);
  const int32_t* offs = a->values<int32_t>(1);
  std::vector<int32_t> expected = {0, 5, 5, 5, 11, 12, 14, 17};
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(offs[i], expected[i]) << i;
  EXPECT_EQ(a->GetView(0), "hello");
  EXPECT_EQ(a->GetView(3), "world!");
  EXPECT_EQ(a->GetView(6), "ccc");
  EXPECT_EQ(std::string_view(reinterpret_cast<const char*>(a->buffers[2]->data()), 17),
            "helloworld!abbccc");
}

TEST(ArrayBuilderTest, EmptyStringArrayHasOneOffset) {
  BinaryBuilder b(Binary());
  ArrayPtr a = Get(b.Finish());
  ExpectValid(a);
  EXPECT_EQ(a->length, 0);
  ASSERT_NE(a->buffers[1], nullptr);
  EXPECT_GE(a->buffers[1]->size(), 4);
  EXPECT_EQ(a->values<int32_t>(1)[0], 0);
}

TEST(ArrayBuilderTest, FixedSizeBinaryUuidAndDecimal) {
  FixedSizeBinaryBuilder u(Uuid());
  uint8_t id[16];
  for (int i = 0; i < 16; ++i) id[i] = static_cast<uint8_t>(i);
  ASSERT_OK(u.Append(id));
  ASSERT_OK(u.AppendNull());
  ArrayPtr a = Get(u.Finish());
  ExpectValid(a);
  EXPECT_EQ(a->GetFixed(0).size(), 16u);
  EXPECT_EQ(static_cast<uint8_t>(a->GetFixed(0)[15]), 15);
  EXPECT_TRUE(a->IsNull(1));

  Decimal128Builder d(Decimal128(38, 10));
  ASSERT_OK(d.AppendInt64(-1));
  const uint8_t be[] = {0x01, 0x02};  // 258
  ASSERT_OK(d.AppendBigEndian(be, 2));
  const uint8_t neg[] = {0xFF, 0x38};  // -200
  ASSERT_OK(d.AppendBigEndian(neg, 2));
  EXPECT_FALSE(d.AppendBigEndian(be, 17).ok());
  EXPECT_FALSE(d.AppendBigEndian(be, 0).ok());
  ArrayPtr dec = Get(d.Finish());
  ExpectValid(dec);
  ASSERT_EQ(dec->length, 3);
  const uint64_t* w = dec->values<uint64_t>();  // little-endian 128-bit: low, high
  EXPECT_EQ(w[0], ~uint64_t{0});
  EXPECT_EQ(w[1], ~uint64_t{0});
  EXPECT_EQ(w[2], 258u);
  EXPECT_EQ(w[3], 0u);
  EXPECT_EQ(static_cast<int64_t>(w[4]), -200);
  EXPECT_EQ(static_cast<int64_t>(w[5]), -1);
}

TEST(ArrayBuilderTest, StructListAndMap) {
  auto list_type = List(Field("element", Int32()));
  auto map_type = Map(Field("key", Utf8()), Field("value", Int64()));
  auto struct_type =
      Struct({Field("id", Int64(), false), Field("tags", list_type), Field("attrs", map_type)});
  auto builder = Get(MakeBuilder(struct_type));
  auto* sb = static_cast<StructBuilder*>(builder.get());
  auto* ids = static_cast<Int64Builder*>(sb->child(0));
  auto* tags = static_cast<ListBuilder*>(sb->child(1));
  auto* tag_values = static_cast<Int32Builder*>(tags->value_builder());
  auto* attrs = static_cast<MapBuilder*>(sb->child(2));
  auto* keys = static_cast<BinaryBuilder*>(attrs->key_builder());
  auto* vals = static_cast<Int64Builder*>(attrs->item_builder());

  // row 0: {1, [10, 20], {a: 1}}
  ASSERT_OK(sb->Append());
  ASSERT_OK(ids->Append(1));
  ASSERT_OK(tags->Append());
  ASSERT_OK(tag_values->Append(10));
  ASSERT_OK(tag_values->Append(20));
  ASSERT_OK(attrs->Append());
  ASSERT_OK(attrs->entries_builder()->Append());
  ASSERT_OK(keys->Append("a"));
  ASSERT_OK(vals->Append(1));
  // row 1: null struct
  ASSERT_OK(sb->AppendNull());
  // row 2: {3, [], null}
  ASSERT_OK(sb->Append());
  ASSERT_OK(ids->Append(3));
  ASSERT_OK(tags->Append());
  ASSERT_OK(attrs->AppendNull());

  ArrayPtr a = Get(builder->Finish());
  ExpectValid(a);
  EXPECT_EQ(a->length, 3);
  EXPECT_EQ(a->null_count, 1);
  ASSERT_EQ(a->children.size(), 3u);
  const ArrayPtr& t = a->children[1];
  EXPECT_EQ(t->length, 3);
  EXPECT_EQ(t->ListStart(0), 0);
  EXPECT_EQ(t->ListEnd(0), 2);
  EXPECT_EQ(t->ListStart(1), 2);
  EXPECT_EQ(t->ListEnd(1), 2);
  EXPECT_EQ(t->ListEnd(2), 2);
  EXPECT_TRUE(t->IsNull(1));
  EXPECT_EQ(t->children[0]->values<int32_t>()[1], 20);
  const ArrayPtr& m = a->children[2];
  EXPECT_EQ(m->type->id(), TypeId::kMap);
  EXPECT_EQ(m->ListEnd(0), 1);
  EXPECT_TRUE(m->IsNull(2));
  const ArrayPtr& entries = m->children[0];
  EXPECT_EQ(entries->children[0]->GetView(0), "a");
  EXPECT_EQ(entries->children[1]->values<int64_t>()[0], 1);
}

TEST(ArrayBuilderTest, StructChildLengthMismatchFails) {
  auto builder = Get(MakeBuilder(Struct({Field("a", Int32())})));
  auto* sb = static_cast<StructBuilder*>(builder.get());
  ASSERT_OK(sb->Append());
  EXPECT_FALSE(builder->Finish().ok());
}

TEST(ArrayBuilderTest, EveryTypeHasABuilder) {
  std::vector<DataTypePtr> types = {Null(),
                                    Boolean(),
                                    Int8(),
                                    Int16(),
                                    Int32(),
                                    Int64(),
                                    UInt8(),
                                    UInt16(),
                                    UInt32(),
                                    UInt64(),
                                    Float16(),
                                    Float32(),
                                    Float64(),
                                    Utf8(),
                                    Binary(),
                                    FixedSizeBinary(3),
                                    Decimal128(9, 2),
                                    Date32(),
                                    Time32(TimeUnit::kMilli),
                                    Time64(TimeUnit::kMicro),
                                    Timestamp(TimeUnit::kNano, "UTC"),
                                    Struct({Field("x", Int32())}),
                                    List(Field("element", Utf8())),
                                    Map(Field("key", Int32()), Field("value", Utf8()))};
  for (const auto& t : types) {
    auto b = Get(MakeBuilder(t));
    ASSERT_OK(b->AppendNulls(5)) << t->ToString();
    ArrayPtr a = Get(b->Finish());
    EXPECT_EQ(a->length, 5) << t->ToString();
    EXPECT_EQ(a->null_count, 5) << t->ToString();
    EXPECT_TRUE(a->type->Equals(*t));
    ExpectValid(a);
  }
}

TEST(ArrayBuilderTest, SliceRecountsNulls) {
  Int32Builder b(Int32());
  for (int i = 0; i < 100; ++i) {
    if (i % 3 == 0) {
      ASSERT_OK(b.AppendNull());
    } else {
      ASSERT_OK(b.Append(i));
    }
  }
  ArrayPtr a = Get(b.Finish());
  ArrayPtr s = a->Slice(10, 20);  // 10..29: multiples of 3: 12,15,...,27 = 6
  EXPECT_EQ(s->null_count, 6);
  EXPECT_EQ(s->values<int32_t>()[1], 11);
  EXPECT_EQ(s->buffers[1], a->buffers[1]);  // shared, not copied
  ExpectValid(s);
}

TEST(ArrayBuilderTest, ValidateCatchesBadOffsets) {
  BinaryBuilder b(Utf8());
  ASSERT_OK(b.Append("abc"));
  ASSERT_OK(b.Append("de"));
  ArrayPtr a = Get(b.Finish());
  a->buffers[1]->mutable_data_as<int32_t>()[1] = 9;  // beyond the data, then decreasing
  EXPECT_FALSE(a->Validate().ok());
}

TEST(ArrayBuilderTest, RandomRoundTripInt64) {
  std::mt19937_64 rng(42);
  Int64Builder b(Timestamp(TimeUnit::kMicro, "UTC"));
  std::vector<std::optional<int64_t>> expected;
  for (int i = 0; i < 10000; ++i) {
    if (rng() % 5 == 0) {
      expected.push_back(std::nullopt);
      ASSERT_OK(b.AppendNull());
    } else {
      int64_t v = static_cast<int64_t>(rng());
      expected.push_back(v);
      ASSERT_OK(b.Append(v));
    }
  }
  ArrayPtr a = Get(b.Finish());
  ExpectValid(a);
  for (size_t i = 0; i < expected.size(); ++i) {
    ASSERT_EQ(a->IsValid(static_cast<int64_t>(i)), expected[i].has_value());
    if (expected[i]) {
      ASSERT_EQ(a->values<int64_t>()[i], *expected[i]);
    }
  }
}

TEST(RecordBatchTest, MakeChecksColumns) {
  auto schema = std::make_shared<Schema>(std::vector<Field>{
      Field("id", Int64(), false).WithFieldId(1), Field("name", Utf8()).WithFieldId(2)});
  Int64Builder ids(Int64());
  ASSERT_OK(ids.Append(1));
  ASSERT_OK(ids.Append(2));
  BinaryBuilder names(Utf8());
  ASSERT_OK(names.Append("a"));
  ASSERT_OK(names.AppendNull());
  ArrayPtr id_col = Get(ids.Finish());
  ArrayPtr name_col = Get(names.Finish());
  auto batch = RecordBatch::Make(schema, 2, {id_col, name_col});
  ASSERT_OK(batch);
  EXPECT_EQ(batch->num_rows(), 2);
  EXPECT_EQ(batch->num_columns(), 2);
  EXPECT_EQ(schema->FieldIndex("name"), 1);
  EXPECT_EQ(batch->Slice(1, 1).column(1)->null_count, 1);
  EXPECT_FALSE(RecordBatch::Make(schema, 3, {id_col, name_col}).ok());
  EXPECT_FALSE(RecordBatch::Make(schema, 2, {name_col, id_col}).ok());
  EXPECT_FALSE(RecordBatch::Make(schema, 2, {id_col}).ok());
  // A non-nullable field with a null.
  auto strict = std::make_shared<Schema>(std::vector<Field>{Field("name", Utf8(), false)});
  EXPECT_FALSE(RecordBatch::Make(strict, 2, {name_col}).ok());
}

TEST(ArrayBuilderTest, EmptyBulkAppendsOnFreshBuilders) {
  BinaryBuilder b(Utf8());
  ASSERT_OK(b.AppendBulk(nullptr, 0, nullptr, 0));
  Int64Builder i(Int64());
  ASSERT_OK(i.AppendUninitialized(0));
  ASSERT_OK(i.AppendValues(nullptr, 0));
  FixedSizeBinaryBuilder f(Uuid());
  ASSERT_OK(f.AppendValues(nullptr, 0));
  BooleanBuilder bo;
  ASSERT_OK(bo.AppendBits(nullptr, 0, 0));
  ASSERT_OK(bo.AppendValues(nullptr, 0));
  EXPECT_EQ(b.Finish().value()->length, 0);
  EXPECT_EQ(i.Finish().value()->length, 0);
}

}  // namespace
}  // namespace floe::columnar
