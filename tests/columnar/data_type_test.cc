#include "floe/columnar/data_type.h"

#include <gtest/gtest.h>

#include "floe/columnar/buffer.h"
#include "testing/result_matchers.h"

namespace floe::columnar {
namespace {

TEST(DataTypeTest, WidthsAndParameters) {
  EXPECT_EQ(Boolean()->bit_width(), 1);
  EXPECT_EQ(Int32()->byte_width(), 4);
  EXPECT_EQ(Int64()->bit_width(), 64);
  EXPECT_EQ(Date32()->byte_width(), 4);
  EXPECT_EQ(Uuid()->id(), TypeId::kFixedSizeBinary);
  EXPECT_EQ(Uuid()->byte_width(), 16);
  auto d = Decimal128(38, 10);
  EXPECT_EQ(d->byte_width(), 16);
  EXPECT_EQ(d->precision(), 38);
  EXPECT_EQ(d->scale(), 10);
  auto ts = Timestamp(TimeUnit::kMicro, "UTC");
  EXPECT_EQ(ts->unit(), TimeUnit::kMicro);
  EXPECT_EQ(ts->timezone(), "UTC");
  EXPECT_EQ(ts->ToString(), "timestamp[us, tz=UTC]");
  EXPECT_EQ(Time64(TimeUnit::kNano)->ToString(), "time64[ns]");
  EXPECT_EQ(Utf8()->byte_width(), 0);
  EXPECT_TRUE(Decimal128Valid(1, 0));
  EXPECT_FALSE(Decimal128Valid(39, 0));
  EXPECT_FALSE(Decimal128Valid(5, 6));
}

TEST(DataTypeTest, NestedTypesAndEquality) {
  auto m = Map(Field("key", Utf8(), true), Field("value", Int64()));
  ASSERT_EQ(m->num_children(), 1);
  EXPECT_EQ(m->child(0).name, "entries");
  EXPECT_FALSE(m->child(0).nullable);
  EXPECT_FALSE(m->key_field().nullable);  // forced
  EXPECT_EQ(m->item_field().type->id(), TypeId::kInt64);
  EXPECT_EQ(m->ToString(), "map<string, int64>");

  auto s1 = Struct({Field("a", Int32()), Field("b", List(Field("element", Utf8())))});
  auto s2 = Struct({Field("a", Int32()), Field("b", List(Field("element", Utf8())))});
  auto s3 = Struct({Field("a", Int32()), Field("b", List(Field("element", Binary())))});
  EXPECT_TRUE(s1->Equals(*s2));
  EXPECT_FALSE(s1->Equals(*s3));
  EXPECT_EQ(s1->ToString(), "struct<a: int32, b: list<element: string>>");
  EXPECT_FALSE(Timestamp(TimeUnit::kMicro)->Equals(*Timestamp(TimeUnit::kMicro, "UTC")));
  EXPECT_FALSE(Decimal128(10, 2)->Equals(*Decimal128(10, 3)));
}

TEST(DataTypeTest, FieldIdMetadata) {
  Field f("id", Int64(), false);
  EXPECT_FALSE(f.field_id().has_value());
  Field g = f.WithFieldId(7);
  ASSERT_TRUE(g.field_id().has_value());
  EXPECT_EQ(*g.field_id(), 7);
  EXPECT_EQ(*g.FindMetadata("PARQUET:field_id"), "7");
  Field h = g.WithFieldId(9);
  EXPECT_EQ(h.metadata.size(), 1u);
  EXPECT_EQ(*h.field_id(), 9);
  EXPECT_FALSE(g.Equals(h));
  EXPECT_TRUE(g.Equals(h, /*check_metadata=*/false));
  Field bad("x", Int32(), true, {{"PARQUET:field_id", "12a"}});
  EXPECT_FALSE(bad.field_id().has_value());
}

TEST(BufferTest, AlignedZeroedAndGrowable) {
  auto b = Buffer::Allocate(10);
  ASSERT_OK(b);
  BufferPtr buf = *b;
  EXPECT_EQ(reinterpret_cast<uintptr_t>(buf->data()) % 64, 0u);
  EXPECT_EQ(buf->size(), 10);
  EXPECT_GE(buf->capacity(), 64);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(buf->data()[i], 0);
  buf->mutable_data()[3] = 42;
  ASSERT_OK(buf->Resize(1000));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(buf->data()) % 64, 0u);
  EXPECT_EQ(buf->data()[3], 42);
  EXPECT_EQ(buf->data()[999], 0);
  EXPECT_EQ(buf->capacity() % 64, 0);

  auto empty = Buffer::Allocate(0);
  ASSERT_OK(empty);
  EXPECT_NE((*empty)->data(), nullptr);

  EXPECT_FALSE(Buffer::Allocate(-1).ok());
  EXPECT_FALSE(Buffer::Allocate(Buffer::kMaxSize + 1).ok());
}

TEST(BufferTest, WrapAndSliceKeepOwnerAlive) {
  auto owner = std::make_shared<std::string>("hello world");
  std::weak_ptr<std::string> weak = owner;
  BufferPtr w = Buffer::Wrap(reinterpret_cast<const uint8_t*>(owner->data()), 11, owner);
  owner.reset();
  EXPECT_FALSE(weak.expired());
  BufferPtr s = Buffer::Slice(w, 6, 5);
  w.reset();
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(s->data()), 5), "world");
  EXPECT_FALSE(s->is_owned());
  s.reset();
  EXPECT_TRUE(weak.expired());
}

}  // namespace
}  // namespace floe::columnar
