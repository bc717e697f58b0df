// Batches are checked against the table schema before writing: messages name the column, both
// types and the fix; promotions are applied; missing optional columns become nulls; required
// columns are checked on the values.
#include "floe/table/batch_conformance.h"

#include <gtest/gtest.h>

#include "floe/columnar/array_builder.h"
#include "testing/result_matchers.h"

namespace floe::table {
namespace {

namespace col = floe::columnar;
using spec::NestedField;
using spec::Type;

template <typename T>
col::ArrayPtr Ints(col::DataTypePtr type, std::vector<std::optional<T>> values) {
  col::PrimitiveBuilder<T> b(std::move(type));
  for (auto& v : values) {
    if (v) {
      EXPECT_OK(b.Append(*v));
    } else {
      EXPECT_OK(b.AppendNull());
    }
  }
  return *b.Finish();
}

col::ArrayPtr Strings(std::vector<std::optional<std::string>> values) {
  col::BinaryBuilder b(col::Utf8());
  for (auto& v : values) {
    if (v) {
      EXPECT_OK(
          b.Append(reinterpret_cast<const uint8_t*>(v->data()), static_cast<int64_t>(v->size())));
    } else {
      EXPECT_OK(b.AppendNull());
    }
  }
  return *b.Finish();
}

col::RecordBatch Batch(std::vector<col::Field> fields, std::vector<col::ArrayPtr> columns) {
  int64_t rows = columns.empty() ? 0 : columns[0]->length;
  auto schema = std::make_shared<const col::Schema>(std::move(fields));
  auto b = col::RecordBatch::Make(schema, rows, std::move(columns));
  EXPECT_OK(b);
  return *b;
}

spec::Schema Orders() {
  spec::Schema s;
  s.fields = {NestedField{1, "order_id", true, Type::String()},
              NestedField{2, "customer_id", false, Type::Long()},
              NestedField{3, "amount", false, Type::Double()},
              NestedField{4, "order_ts", false, Type::TimestampTz()}};
  return s;
}

std::string MakeError(const spec::Schema& table, const col::Schema& data,
                      ConformOptions options = {}) {
  auto c = BatchConformer::Make(table, data, options);
  if (c.ok()) return "ok";
  EXPECT_EQ(c.error().kind, ErrorKind::kInvalidArgument);
  return c.error().message;
}

TEST(BatchConformanceTest, TimestampWithoutZoneForTimestamptzIsRefused) {
  col::Schema data({col::Field("order_id", col::Utf8()),
                    col::Field("order_ts", col::Timestamp(col::TimeUnit::kMicro))});
  EXPECT_EQ(MakeError(Orders(), data),
            "column order_ts: data has timestamp (no time zone), table has timestamptz; write the "
            "values with a UTC zone");
}

TEST(BatchConformanceTest, ZonedDataForTimestampNtzIsRefused) {
  spec::Schema t;
  t.fields = {NestedField{1, "ts", false, Type::Timestamp()}};
  col::Schema data({col::Field("ts", col::Timestamp(col::TimeUnit::kMicro, "UTC"))});
  EXPECT_EQ(MakeError(t, data),
            "column ts: data has timestamp (time zone UTC), table has timestamp; write the values "
            "without a zone (local date-times), or make the table column timestamptz");
}

TEST(BatchConformanceTest, MissingRequiredColumnIsRefused) {
  col::Schema data({col::Field("amount", col::Float64())});
  EXPECT_EQ(MakeError(Orders(), data),
            "column order_id: the table requires it (string) but the data has no such column; add "
            "the column to the data");
}

TEST(BatchConformanceTest, NarrowingIsRefused) {
  spec::Schema t;
  t.fields = {NestedField{1, "amount", false, Type::Int()}};
  col::Schema data({col::Field("AMOUNT", col::Int64())});
  EXPECT_EQ(MakeError(t, data),
            "column amount: data has long, table has int; a narrowing conversion could lose "
            "values: make the table column long (int→long is an allowed promotion) or write int "
            "values");
  spec::Schema f;
  f.fields = {NestedField{1, "x", false, Type::Float()}};
  EXPECT_NE(MakeError(f, col::Schema({col::Field("x", col::Float64())})).find("narrowing"),
            std::string::npos);
  spec::Schema d;
  d.fields = {NestedField{1, "x", false, Type::Decimal(9, 2)}};
  EXPECT_NE(MakeError(d, col::Schema({col::Field("x", col::Decimal128(12, 2))})).find("narrowing"),
            std::string::npos);
  EXPECT_EQ(MakeError(d, col::Schema({col::Field("x", col::Decimal128(7, 2))})), "ok");
}

TEST(BatchConformanceTest, ExtraAndDuplicateColumnsAreRefused) {
  col::Schema extra({col::Field("order_id", col::Utf8()), col::Field("note", col::Utf8())});
  EXPECT_EQ(MakeError(Orders(), extra),
            "column note: the table has no such column; add it to the table or remove it from "
            "the data");
  col::Schema dup({col::Field("order_id", col::Utf8()), col::Field("ORDER_ID", col::Utf8())});
  EXPECT_NE(MakeError(Orders(), dup).find("two columns"), std::string::npos);
}

TEST(BatchConformanceTest, PromotionsAndMissingOptionalColumns) {
  spec::Schema t;
  t.fields = {NestedField{1, "id", true, Type::String()}, NestedField{2, "n", false, Type::Long()},
              NestedField{3, "x", false, Type::Double()},
              NestedField{4, "gone", false, Type::Date()},
              NestedField{5, "ts", false, Type::TimestampTz()}};
  col::RecordBatch data = Batch(
      {col::Field("ID", col::Utf8()), col::Field("n", col::Int32()),
       col::Field("x", col::Float32()),
       col::Field("ts", col::Timestamp(col::TimeUnit::kMilli, "+01:00"))},
      {Strings({"a", "b", "c"}), Ints<int32_t>(col::Int32(), {1, std::nullopt, -3}),
       Ints<float>(col::Float32(), {1.5f, 2.5f, std::nullopt}),
       Ints<int64_t>(col::Timestamp(col::TimeUnit::kMilli, "+01:00"), {1000, 2, std::nullopt})});
  auto c = BatchConformer::Make(t, *data.schema());
  ASSERT_OK(c);
  auto out = c->Conform(data);
  ASSERT_OK(out);
  EXPECT_TRUE(out->schema()->Equals(*c->schema()));
  EXPECT_EQ(out->column(0)->GetView(2), "c");
  EXPECT_EQ(out->column(1)->values<int64_t>()[0], 1);
  EXPECT_TRUE(out->column(1)->IsNull(1));
  EXPECT_EQ(out->column(1)->values<int64_t>()[2], -3);
  EXPECT_EQ(out->column(2)->values<double>()[1], 2.5);
  EXPECT_EQ(out->column(3)->null_count, 3);
  EXPECT_EQ(out->column(4)->values<int64_t>()[0], 1000000);
  EXPECT_EQ(out->column(4)->values<int64_t>()[1], 2000);
  EXPECT_TRUE(out->column(4)->IsNull(2));
  EXPECT_EQ(out->schema()->field(1).field_id(), 2);
}

TEST(BatchConformanceTest, MatchesByFieldIdWhenTheDataHasIds) {
  col::RecordBatch data =
      Batch({col::Field("renamed", col::Utf8(), true).WithFieldId(1)}, {Strings({"a"})});
  auto c = BatchConformer::Make(Orders(), *data.schema());
  ASSERT_OK(c);
  auto out = c->Conform(data);
  ASSERT_OK(out);
  EXPECT_EQ(out->column(0)->GetView(0), "a");
}

TEST(BatchConformanceTest, NullsInRequiredColumnsAreCheckedOnTheValues) {
  spec::Schema t;
  t.fields = {NestedField{1, "id", true, Type::Long()}};
  // Declared optional, holds no nulls: accepted.
  col::RecordBatch good =
      Batch({col::Field("id", col::Int64())}, {Ints<int64_t>(col::Int64(), {1, 2})});
  auto c = BatchConformer::Make(t, *good.schema());
  ASSERT_OK(c);
  EXPECT_OK(c->Conform(good));
  col::RecordBatch bad =
      Batch({col::Field("id", col::Int64())}, {Ints<int64_t>(col::Int64(), {1, std::nullopt})});
  auto r = c->Conform(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message,
            "column id: the table requires a value but row 1 is null; fill the nulls or make the "
            "table column optional");
}

TEST(BatchConformanceTest, InferredLongsFillIntColumnsWhenTheyFit) {
  spec::Schema t;
  t.fields = {NestedField{1, "amount", false, Type::Int()}};
  ConformOptions o;
  o.inferred_types = true;
  col::RecordBatch data =
      Batch({col::Field("amount", col::Int64())}, {Ints<int64_t>(col::Int64(), {5, std::nullopt})});
  auto c = BatchConformer::Make(t, *data.schema(), o);
  ASSERT_OK(c);
  auto out = c->Conform(data);
  ASSERT_OK(out);
  EXPECT_EQ(out->column(0)->values<int32_t>()[0], 5);
  col::RecordBatch big = Batch({col::Field("amount", col::Int64())},
                               {Ints<int64_t>(col::Int64(), {int64_t{1} << 40})});
  auto r = c->Conform(big);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message,
            "column amount: value 1099511627776 at row 0 does not fit the table's int; make the "
            "table column long");
}

TEST(BatchConformanceTest, NestedFieldsAreConformed) {
  spec::Schema t;
  t.fields = {
      NestedField{1, "s", false,
                  Type::Struct({NestedField{2, "a", false, Type::Long()},
                                NestedField{3, "b", false, Type::String()}})},
      NestedField{4, "l", false, Type::List(NestedField{5, "element", false, Type::Long()})}};
  col::ArrayPtr a = Ints<int32_t>(col::Int32(), {7, 8});
  col::Field sf("s", col::Struct({col::Field("a", col::Int32())}));
  col::ArrayPtr s = col::ArrayData::Make(sf.type, 2, {nullptr}, 0, 0, {a});
  col::ArrayPtr e = Ints<int32_t>(col::Int32(), {1, 2, 3});
  auto offsets = *col::Buffer::Allocate(12);
  int32_t offs[3] = {0, 1, 3};
  std::memcpy(offsets->mutable_data(), offs, 12);
  col::Field lf("l", col::List(col::Field("element", col::Int32())));
  col::ArrayPtr l = col::ArrayData::Make(lf.type, 2, {nullptr, offsets}, 0, 0, {e});
  col::RecordBatch data = Batch({sf, lf}, {s, l});
  auto c = BatchConformer::Make(t, *data.schema());
  ASSERT_OK(c);
  auto out = c->Conform(data);
  ASSERT_OK(out);
  EXPECT_EQ(out->column(0)->children[0]->values<int64_t>()[1], 8);
  EXPECT_EQ(out->column(0)->children[1]->null_count, 2);
  EXPECT_EQ(out->column(1)->children[0]->values<int64_t>()[2], 3);
  EXPECT_OK(out->column(0)->Validate());
  EXPECT_OK(out->column(1)->Validate());
}

}  // namespace
}  // namespace floe::table
