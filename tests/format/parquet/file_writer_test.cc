// The Parquet writer against floe's reader: random schemas (every type, nested structs, lists and
// maps, nulls at every level, empty lists and strings, NaN, extremes) written with random codecs,
// page sizes, page versions and dictionary limits read back equal; metrics equal a brute-force
// pass; the page index and dictionary fallback are checked in the file's metadata.
#include "floe/format/parquet/file_writer.h"

#include <gtest/gtest.h>

#include "floe/columnar/array_equal.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/io/memory_file_io.h"
#include "format/parquet/random_batch.h"

namespace floe::parquet {
namespace {

using columnar::RecordBatch;
using columnar::testing::RandomData;

Result<FileMetrics> WriteBatches(io::FileIO& io, const std::string& path,
                                 const columnar::SchemaPtr& schema,
                                 const std::vector<RecordBatch>& batches,
                                 const ParquetWriterOptions& options) {
  FLOE_ASSIGN_OR_RETURN(auto file, io.Create(path));
  FLOE_ASSIGN_OR_RETURN(auto writer, ParquetWriter::Make(std::move(file), schema, options));
  for (const RecordBatch& b : batches) FLOE_RETURN_IF_ERROR(writer->Write(b));
  return writer->Close();
}

// Reads the whole file and compares it with the batches, row by row through slices.
void ExpectFileEquals(io::FileIO& io, const std::string& path, const std::vector<RecordBatch>& batches,
                      int64_t batch_size) {
  auto reader = FileReader::Open(io, path);
  ASSERT_TRUE(reader.ok()) << reader.error().message;
  BatchReaderOptions options;
  options.batch_size = batch_size;
  auto batch_reader = BatchReader::Make(**reader, options);
  ASSERT_TRUE(batch_reader.ok()) << batch_reader.error().message;
  const columnar::Schema& expected_schema = *batches[0].schema();
  const columnar::Schema& read_schema = *(*batch_reader)->schema();
  ASSERT_EQ(read_schema.num_fields(), expected_schema.num_fields());
  for (int f = 0; f < read_schema.num_fields(); ++f) {
    // Field ids and types; the metadata may come back in another order (uuid mark, field id).
    const columnar::Field &got = read_schema.field(f), &want = expected_schema.field(f);
    EXPECT_TRUE(got.type->Equals(*want.type, /*check_metadata=*/false))
        << got.type->ToString() << " vs " << want.type->ToString();
    EXPECT_EQ(got.name, want.name);
    EXPECT_EQ(got.nullable, want.nullable);
    EXPECT_EQ(got.field_id(), want.field_id());
    EXPECT_EQ(columnar::IsUuidField(got), columnar::IsUuidField(want));
  }
  size_t which = 0;
  int64_t offset = 0;  // into batches[which]
  int64_t total = 0;
  while (true) {
    auto next = (*batch_reader)->Next();
    ASSERT_TRUE(next.ok()) << next.error().message;
    if (!*next) break;
    const RecordBatch& got = **next;
    for (int64_t done = 0; done < got.num_rows();) {
      while (which < batches.size() && offset == batches[which].num_rows()) {
        ++which;
        offset = 0;
      }
      ASSERT_LT(which, batches.size()) << "more rows than written";
      int64_t n = std::min(got.num_rows() - done, batches[which].num_rows() - offset);
      for (int c = 0; c < got.num_columns(); ++c) {
        auto a = got.column(c)->Slice(done, n);
        auto b = batches[which].column(c)->Slice(offset, n);
        std::string diff = columnar::ArrayDifference(*a, *b);
        ASSERT_EQ(diff, "") << "column " << expected_schema.field(c).name << " ("
                            << expected_schema.field(c).type->ToString() << ") rows from "
                            << total + done;
      }
      done += n;
      offset += n;
    }
    total += got.num_rows();
  }
  int64_t expected_rows = 0;
  for (const RecordBatch& b : batches) expected_rows += b.num_rows();
  EXPECT_EQ(total, expected_rows);
}

const CompressionCodec kCodecs[] = {CompressionCodec::kUncompressed, CompressionCodec::kSnappy,
                                    CompressionCodec::kGzip, CompressionCodec::kZstd,
                                    CompressionCodec::kBrotli, CompressionCodec::kLz4Raw};

TEST(FileWriterTest, RandomSchemasRoundTrip) {
  for (uint64_t seed = 0; seed < 60; ++seed) {
    SCOPED_TRACE(seed);
    RandomData data(seed);
    auto schema = data.RandomSchema(1 + static_cast<int>(data.Next() % 6), 2);
    SCOPED_TRACE(schema->ToString());
    std::vector<RecordBatch> batches;
    int num_batches = 1 + static_cast<int>(data.Next() % 3);
    for (int i = 0; i < num_batches; ++i) {
      auto b = data.RandomBatch(schema, static_cast<int64_t>(data.Next() % 700), 1 + static_cast<int>(data.Next() % 6));
      ASSERT_TRUE(b.ok()) << b.error().message;
      batches.push_back(*b);
    }
    ParquetWriterOptions options;
    options.columns.codec = kCodecs[seed % 6];
    options.columns.data_page_v2 = data.OneIn(2);
    options.columns.page_crc = data.OneIn(2);
    options.columns.dictionary = !data.OneIn(4);
    if (data.OneIn(2)) {
      options.columns.page_bytes = 16 + static_cast<int64_t>(data.Next() % 2000);
      options.columns.page_row_limit = 1 + static_cast<int64_t>(data.Next() % 300);
    }
    if (data.OneIn(2)) options.columns.dictionary_page_bytes = static_cast<int64_t>(data.Next() % 300);
    if (data.OneIn(2)) options.row_group_rows = 1 + static_cast<int64_t>(data.Next() % 500);
    if (data.OneIn(4)) options.row_group_bytes = 1 + static_cast<int64_t>(data.Next() % 5000);
    io::MemoryFileIO io;
    auto metrics = WriteBatches(io, "t.parquet", schema, batches, options);
    ASSERT_TRUE(metrics.ok()) << metrics.error().message;
    ExpectFileEquals(io, "t.parquet", batches, 1 + static_cast<int64_t>(data.Next() % 1000));
  }
}

TEST(FileWriterTest, EveryCodecAndPageVersionOnEveryPrimitiveType) {
  std::vector<columnar::Field> fields;
  int id = 1;
  for (const auto& t : columnar::testing::PrimitiveTypes()) {
    columnar::Field f("c" + std::to_string(id), t, true);
    if (t->id() == columnar::TypeId::kFixedSizeBinary && t->byte_width() == 16) {
      f = columnar::WithUuidExtension(f);
    }
    fields.push_back(f.WithFieldId(id++));
  }
  auto schema = std::make_shared<columnar::Schema>(fields);
  RandomData data(7);
  auto batch = data.RandomBatch(schema, 3000);
  ASSERT_TRUE(batch.ok()) << batch.error().message;
  for (CompressionCodec codec : kCodecs) {
    for (bool v2 : {false, true}) {
      SCOPED_TRACE(CodecName(codec) + (v2 ? " v2" : " v1"));
      ParquetWriterOptions options;
      options.columns.codec = codec;
      options.columns.data_page_v2 = v2;
      options.columns.page_bytes = 1000;
      io::MemoryFileIO io;
      auto metrics = WriteBatches(io, "t.parquet", schema, {*batch}, options);
      ASSERT_TRUE(metrics.ok()) << metrics.error().message;
      ExpectFileEquals(io, "t.parquet", {*batch}, 777);
      auto reader = FileReader::Open(io, "t.parquet");
      ASSERT_TRUE(reader.ok());
      const FileMetaData& md = (*reader)->metadata();
      EXPECT_EQ(md.created_by, FloeCreatedBy());
      for (const ColumnChunk& c : md.row_groups[0].columns) EXPECT_EQ(c.meta_data->codec, codec);
    }
  }
}

TEST(FileWriterTest, DictionaryFallsBackToPlainPastItsLimit) {
  auto schema = std::make_shared<columnar::Schema>(
      std::vector<columnar::Field>{columnar::Field("s", columnar::Utf8(), false).WithFieldId(1)});
  columnar::BinaryBuilder b(columnar::Utf8());
  for (int i = 0; i < 20000; ++i) {
    // 100 distinct values first (the dictionary pays off), then only new ones (it outgrows its
    // limit and later pages are PLAIN).
    std::string v = i < 10000 ? "value-" + std::to_string(i % 100) : "other-" + std::to_string(i);
    ASSERT_TRUE(b.Append(v + "-with-some-padding").ok());
  }
  auto array = b.Finish();
  auto batch = RecordBatch::Make(schema, 20000, {*array});
  ASSERT_TRUE(batch.ok());
  ParquetWriterOptions options;
  options.columns.page_bytes = 4096;
  options.columns.dictionary_page_bytes = 8 * 1024;
  io::MemoryFileIO io;
  ASSERT_TRUE(WriteBatches(io, "t.parquet", schema, {*batch}, options).ok());
  ExpectFileEquals(io, "t.parquet", {*batch}, 5000);
  auto reader = FileReader::Open(io, "t.parquet");
  const ColumnMetaData& m = *(*reader)->metadata().row_groups[0].columns[0].meta_data;
  int dict_pages = 0, plain_pages = 0;
  for (const PageEncodingStats& s : *m.encoding_stats) {
    if (s.page_type == PageType::kDataPage && s.encoding == Encoding::kRleDictionary) dict_pages += s.count;
    if (s.page_type == PageType::kDataPage && s.encoding == Encoding::kPlain) plain_pages += s.count;
  }
  EXPECT_GT(dict_pages, 0);
  EXPECT_GT(plain_pages, 0);
  EXPECT_TRUE(m.dictionary_page_offset.has_value());
}

TEST(FileWriterTest, SchemaCarriesFieldIdsAndJavaListAndMapLayouts) {
  using columnar::Decimal128;
  using columnar::Field;
  using columnar::Float64;
  using columnar::Int32;
  using columnar::Int64;
  using columnar::List;
  using columnar::Map;
  using columnar::Schema;
  using columnar::TimeUnit;
  using columnar::Timestamp;
  using columnar::UInt32;
  using columnar::Utf8;
  using columnar::ArrayData;
  auto schema = std::make_shared<Schema>(std::vector<Field>{
      Field("id", Int64(), false).WithFieldId(1),
      Field("tags", List(Field("element", Utf8(), true).WithFieldId(3)), true).WithFieldId(2),
      Field("props", Map(Field("key", Utf8(), false).WithFieldId(5), Field("value", Int32(), true).WithFieldId(6)), true).WithFieldId(4),
      Field("ts", Timestamp(TimeUnit::kMicro, "UTC"), true).WithFieldId(7),
      Field("amount", Decimal128(30, 2), true).WithFieldId(8),
  });
  RandomData data(3);
  auto batch = data.RandomBatch(schema, 10);
  ASSERT_TRUE(batch.ok());
  ParquetWriterOptions options;
  options.key_value_metadata = {{"iceberg.schema", "{\"type\":\"struct\"}"}};
  io::MemoryFileIO io;
  ASSERT_TRUE(WriteBatches(io, "t.parquet", schema, {*batch}, options).ok());
  auto reader = FileReader::Open(io, "t.parquet");
  ASSERT_TRUE(reader.ok());
  const FileMetaData& md = (*reader)->metadata();
  std::vector<std::string> layout;
  for (const SchemaElement& e : md.schema) {
    layout.push_back(fmt::format("{} {} {}", e.name, e.field_id ? std::to_string(*e.field_id) : "-",
                                 e.repetition_type ? RepetitionName(*e.repetition_type) : "-"));
  }
  EXPECT_EQ(layout, (std::vector<std::string>{
                        "table - -", "id 1 REQUIRED", "tags 2 OPTIONAL", "list - REPEATED",
                        "element 3 OPTIONAL", "props 4 OPTIONAL", "key_value - REPEATED",
                        "key 5 REQUIRED", "value 6 OPTIONAL", "ts 7 OPTIONAL", "amount 8 OPTIONAL"}));
  EXPECT_EQ(md.schema[9].logical_type->kind, LogicalType::Kind::kTimestamp);
  EXPECT_TRUE(md.schema[9].logical_type->is_adjusted_to_utc);
  EXPECT_EQ(*md.schema[10].type, Type::kFixedLenByteArray);
  EXPECT_EQ(*md.schema[10].type_length, 13);
  ASSERT_TRUE(md.key_value_metadata);
  EXPECT_EQ((*md.key_value_metadata)[0].key, "iceberg.schema");
}

// Metrics and chunk statistics against a brute-force pass over the values.
TEST(FileWriterTest, MetricsEqualBruteForce) {
  using columnar::Decimal128;
  using columnar::Field;
  using columnar::Float64;
  using columnar::Int32;
  using columnar::Int64;
  using columnar::List;
  using columnar::Map;
  using columnar::Schema;
  using columnar::TimeUnit;
  using columnar::Timestamp;
  using columnar::UInt32;
  using columnar::Utf8;
  using columnar::ArrayData;
  for (uint64_t seed = 0; seed < 10; ++seed) {
    auto schema = std::make_shared<Schema>(std::vector<Field>{
        Field("i", Int32(), true).WithFieldId(1), Field("u", UInt32(), true).WithFieldId(2),
        Field("d", Float64(), true).WithFieldId(3), Field("s", Utf8(), true).WithFieldId(4),
        Field("l", List(Field("element", Int64(), true).WithFieldId(6)), true).WithFieldId(5)});
    RandomData data(seed);
    std::vector<RecordBatch> batches;
    for (int i = 0; i < 3; ++i) batches.push_back(*data.RandomBatch(schema, 500, 1 + static_cast<int>(seed % 4)));
    ParquetWriterOptions options;
    options.row_group_rows = 400;
    options.columns.page_row_limit = 50;
    io::MemoryFileIO io;
    auto metrics = WriteBatches(io, "t.parquet", schema, batches, options);
    ASSERT_TRUE(metrics.ok()) << metrics.error().message;
    EXPECT_EQ(metrics->row_count, 1500);
    EXPECT_EQ(metrics->split_offsets.size(), 4u);
    EXPECT_EQ(metrics->split_offsets[0], 4);

    std::optional<int32_t> imin, imax;
    std::optional<uint32_t> umin, umax;
    std::optional<double> dmin, dmax;
    std::optional<std::string> smin, smax;
    std::optional<int64_t> lmin, lmax;
    int64_t nulls[5] = {}, nans = 0, list_values = 0;
    for (const RecordBatch& b : batches) {
      for (int64_t r = 0; r < b.num_rows(); ++r) {
        for (int c = 0; c < 4; ++c) nulls[c] += b.column(c)->IsNull(r);
        auto upd = [](auto& mn, auto& mx, auto v) {
          if (!mn || v < *mn) mn = v;
          if (!mx || *mx < v) mx = v;
        };
        if (b.column(0)->IsValid(r)) upd(imin, imax, b.column(0)->values<int32_t>()[r]);
        if (b.column(1)->IsValid(r)) upd(umin, umax, b.column(1)->values<uint32_t>()[r]);
        if (b.column(2)->IsValid(r)) {
          double v = b.column(2)->values<double>()[r];
          if (std::isnan(v)) ++nans; else upd(dmin, dmax, v);
        }
        if (b.column(3)->IsValid(r)) upd(smin, smax, std::string(b.column(3)->GetView(r)));
        const ArrayData& l = *b.column(4);
        if (l.IsNull(r) || l.ListStart(r) == l.ListEnd(r)) {
          ++nulls[4];
          ++list_values;
        }
        if (l.IsValid(r)) {
          for (int32_t k = l.ListStart(r); k < l.ListEnd(r); ++k) {
            ++list_values;
            if (l.children[0]->IsNull(k)) ++nulls[4];
            else upd(lmin, lmax, l.children[0]->values<int64_t>()[k]);
          }
        }
      }
    }
    auto bytes = [](auto v) { return std::string(reinterpret_cast<const char*>(&v), sizeof(v)); };
    const auto& m = metrics->columns;
    ASSERT_EQ(m.size(), 5u);
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(m[c].value_count, 1500);
      EXPECT_EQ(m[c].null_count, nulls[c]) << c;
      EXPECT_EQ(m[c].field_id, c + 1);
    }
    EXPECT_EQ(m[4].field_id, 6);
    EXPECT_EQ(m[4].value_count, list_values);
    EXPECT_EQ(m[4].null_count, nulls[4]);
    EXPECT_EQ(m[0].min, imin ? std::optional(bytes(*imin)) : std::nullopt);
    EXPECT_EQ(m[0].max, imax ? std::optional(bytes(*imax)) : std::nullopt);
    EXPECT_EQ(m[1].min, umin ? std::optional(bytes(*umin)) : std::nullopt);
    EXPECT_EQ(m[1].max, umax ? std::optional(bytes(*umax)) : std::nullopt);
    if (dmin && *dmin == 0) dmin = -0.0;
    if (dmax && *dmax == 0) dmax = 0.0;
    EXPECT_EQ(m[2].min, dmin ? std::optional(bytes(*dmin)) : std::nullopt);
    EXPECT_EQ(m[2].max, dmax ? std::optional(bytes(*dmax)) : std::nullopt);
    EXPECT_EQ(m[2].nan_count, nans);
    EXPECT_EQ(m[3].min, smin);
    EXPECT_EQ(m[3].max, smax);
    EXPECT_EQ(m[4].min, lmin ? std::optional(bytes(*lmin)) : std::nullopt);
    EXPECT_EQ(m[4].max, lmax ? std::optional(bytes(*lmax)) : std::nullopt);
    EXPECT_FALSE(m[0].nan_count.has_value());

    // The page index: one entry per page, pages start at row boundaries, bounds hold the values.
    auto reader = FileReader::Open(io, "t.parquet");
    ASSERT_TRUE(reader.ok());
    for (int g = 0; g < 4; ++g) {
      auto oi = (*reader)->ReadOffsetIndex(g, 0);
      ASSERT_TRUE(oi.ok()) << oi.error().message;
      EXPECT_EQ(oi->page_locations.size(), g < 3 ? 8u : 6u);
      auto ci = (*reader)->ReadColumnIndex(g, 0);
      ASSERT_TRUE(ci.ok()) << ci.error().message;
      EXPECT_EQ(ci->null_pages.size(), oi->page_locations.size());
    }
  }
}

TEST(FileWriterTest, UnclosedOrFailedWriterLeavesNoFile) {
  auto schema = std::make_shared<columnar::Schema>(
      std::vector<columnar::Field>{columnar::Field("x", columnar::Int32(), false)});
  io::MemoryFileIO io;
  {
    auto file = io.Create("t.parquet");
    ASSERT_TRUE(file.ok());
    auto writer = ParquetWriter::Make(std::move(*file), schema);
    ASSERT_TRUE(writer.ok());
    RandomData data(1);
    ASSERT_TRUE((*writer)->Write(*data.RandomBatch(schema, 100)).ok());
  }
  EXPECT_FALSE(*io.Exists("t.parquet"));
  auto file = io.Create("u.parquet");
  auto writer = ParquetWriter::Make(std::move(*file), schema);
  auto other = std::make_shared<columnar::Schema>(
      std::vector<columnar::Field>{columnar::Field("x", columnar::Int64(), false)});
  RandomData data(2);
  EXPECT_FALSE((*writer)->Write(*data.RandomBatch(other, 10)).ok());
  EXPECT_FALSE(*io.Exists("u.parquet"));
}

}  // namespace
}  // namespace floe::parquet
