// The Parquet writer against floe's reader: random schemas (every type, nested structs, lists and
// maps, nulls at every level, empty lists and strings, NaN, extremes) written with random codecs,
// page sizes, page versions and dictionary limits read back equal; metrics equal a brute-force
// pass; the page index and dictionary fallback are checked in the file's metadata.
#include "floe/format/parquet/file_writer.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "floe/columnar/array_equal.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/bloom_filter.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/io/memory_file_io.h"
#include "floe/util/thread_pool.h"
#include "format/parquet/random_batch.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

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
void ExpectFileEquals(io::FileIO& io, const std::string& path,
                      const std::vector<RecordBatch>& batches, int64_t batch_size) {
  auto reader = FileReader::Open(io, path);
  ASSERT_OK(reader);
  BatchReaderOptions options;
  options.batch_size = batch_size;
  auto batch_reader = BatchReader::Make(**reader, options);
  ASSERT_OK(batch_reader);
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
    ASSERT_OK(next);
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
                                    CompressionCodec::kGzip,         CompressionCodec::kZstd,
                                    CompressionCodec::kBrotli,       CompressionCodec::kLz4Raw};

TEST(FileWriterTest, RandomSchemasRoundTrip) {
  for (uint64_t seed = 0; seed < 60; ++seed) {
    SCOPED_TRACE(seed);
    RandomData data(seed);
    auto schema = data.RandomSchema(1 + static_cast<int>(data.Next() % 6), 2);
    SCOPED_TRACE(schema->ToString());
    std::vector<RecordBatch> batches;
    int num_batches = 1 + static_cast<int>(data.Next() % 3);
    for (int i = 0; i < num_batches; ++i) {
      auto b = data.RandomBatch(schema, static_cast<int64_t>(data.Next() % 700),
                                1 + static_cast<int>(data.Next() % 6));
      ASSERT_OK(b);
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
    if (data.OneIn(2))
      options.columns.dictionary_page_bytes = static_cast<int64_t>(data.Next() % 300);
    if (data.OneIn(2)) options.row_group_rows = 1 + static_cast<int64_t>(data.Next() % 500);
    if (data.OneIn(4)) options.row_group_bytes = 1 + static_cast<int64_t>(data.Next() % 5000);
    io::MemoryFileIO io;
    auto metrics = WriteBatches(io, "t.parquet", schema, batches, options);
    ASSERT_OK(metrics);
    ExpectFileEquals(io, "t.parquet", batches, 1 + static_cast<int64_t>(data.Next() % 1000));
  }
}

// Fields are encoded on several threads at once; the file must not depend on it.
TEST(FileWriterTest, ParallelEncodingWritesTheSameBytes) {
  ASSERT_OK(SetThreadCount(4));
  for (uint64_t seed = 100; seed < 110; ++seed) {
    SCOPED_TRACE(seed);
    RandomData data(seed);
    auto schema = data.RandomSchema(2 + static_cast<int>(data.Next() % 6), 2);
    std::vector<RecordBatch> batches;
    for (int i = 0; i < 3; ++i) {
      auto b = data.RandomBatch(schema, static_cast<int64_t>(data.Next() % 1500),
                                1 + static_cast<int>(data.Next() % 6));
      ASSERT_OK(b);
      batches.push_back(*b);
    }
    ParquetWriterOptions options;
    options.columns.codec = kCodecs[seed % 6];
    options.columns.page_row_limit = 1 + static_cast<int64_t>(data.Next() % 700);
    options.row_group_rows = 1 + static_cast<int64_t>(data.Next() % 2500);
    io::MemoryFileIO io;
    std::string files[2];
    FileMetrics metrics[2];
    for (int t = 0; t < 2; ++t) {
      options.threads = t == 0 ? 1 : 4;
      std::string path = fmt::format("t{}.parquet", t);
      auto m = WriteBatches(io, path, schema, batches, options);
      ASSERT_OK(m);
      metrics[t] = *m;
      auto bytes = io::ReadFile(io, path);
      ASSERT_OK(bytes);
      files[t] = *bytes;
    }
    EXPECT_TRUE(files[0] == files[1]) << "sizes " << files[0].size() << " and " << files[1].size();
    EXPECT_EQ(metrics[0].split_offsets, metrics[1].split_offsets);
    ExpectFileEquals(io, "t1.parquet", batches, 1000);
  }
  ASSERT_OK(SetThreadCount(0));
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
  ASSERT_OK(batch);
  for (CompressionCodec codec : kCodecs) {
    for (bool v2 : {false, true}) {
      SCOPED_TRACE(CodecName(codec) + (v2 ? " v2" : " v1"));
      ParquetWriterOptions options;
      options.columns.codec = codec;
      options.columns.data_page_v2 = v2;
      options.columns.page_bytes = 1000;
      io::MemoryFileIO io;
      auto metrics = WriteBatches(io, "t.parquet", schema, {*batch}, options);
      ASSERT_OK(metrics);
      ExpectFileEquals(io, "t.parquet", {*batch}, 777);
      auto reader = FileReader::Open(io, "t.parquet");
      ASSERT_OK(reader);
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
    ASSERT_OK(b.Append(v + "-with-some-padding"));
  }
  auto array = b.Finish();
  auto batch = RecordBatch::Make(schema, 20000, {*array});
  ASSERT_OK(batch);
  ParquetWriterOptions options;
  options.columns.page_bytes = 4096;
  options.columns.dictionary_page_bytes = 8 * 1024;
  io::MemoryFileIO io;
  ASSERT_OK(WriteBatches(io, "t.parquet", schema, {*batch}, options));
  ExpectFileEquals(io, "t.parquet", {*batch}, 5000);
  auto reader = FileReader::Open(io, "t.parquet");
  const ColumnMetaData& m = *(*reader)->metadata().row_groups[0].columns[0].meta_data;
  int dict_pages = 0, plain_pages = 0;
  for (const PageEncodingStats& s : *m.encoding_stats) {
    if (s.page_type == PageType::kDataPage && s.encoding == Encoding::kRleDictionary)
      dict_pages += s.count;
    if (s.page_type == PageType::kDataPage && s.encoding == Encoding::kPlain)
      plain_pages += s.count;
  }
  EXPECT_GT(dict_pages, 0);
  EXPECT_GT(plain_pages, 0);
  EXPECT_TRUE(m.dictionary_page_offset.has_value());
}

// A partitioned write keeps one writer per partition open under one memory budget, so what a
// writer holds must count: for a column of distinct values the dictionary's lookup map is larger
// than the values themselves (ingesting 116 days by day held 1 GB when it was not counted).
TEST(FileWriterTest, EstimatedSizeCountsTheDictionaryLookup) {
  auto schema = std::make_shared<columnar::Schema>(
      std::vector<columnar::Field>{columnar::Field("id", columnar::Int64(), false).WithFieldId(1)});
  constexpr int kRows = 20000;  // 160 KB of values: less than a page, so the dictionary stays
  columnar::PrimitiveBuilder<int64_t> b(columnar::Int64());
  for (int i = 0; i < kRows; ++i) ASSERT_OK(b.Append(int64_t{i} * 7919));
  auto array = b.Finish();
  auto batch = RecordBatch::Make(schema, kRows, {*array});
  ASSERT_OK(batch);
  io::MemoryFileIO io;
  auto file = io.Create("t.parquet");
  ASSERT_OK(file);
  auto writer = ParquetWriter::Make(std::move(*file), schema);  // default limits: one open page
  ASSERT_OK(writer);
  ASSERT_OK((*writer)->Write(*batch));
  // Per distinct value: its 8 bytes, an 8-byte offset and two 16-byte lookup slots (the table is
  // at most half full).
  EXPECT_GE((*writer)->EstimatedSize(), int64_t{kRows} * (8 + 8 + 32));
  ASSERT_OK((*writer)->Close());
  ExpectFileEquals(io, "t.parquet", {*batch}, 4096);
}

TEST(FileWriterTest, SchemaCarriesFieldIdsAndJavaListAndMapLayouts) {
  using columnar::ArrayData;
  using columnar::Decimal128;
  using columnar::Field;
  using columnar::Float64;
  using columnar::Int32;
  using columnar::Int64;
  using columnar::List;
  using columnar::Map;
  using columnar::Schema;
  using columnar::Timestamp;
  using columnar::TimeUnit;
  using columnar::UInt32;
  using columnar::Utf8;
  auto schema = std::make_shared<Schema>(std::vector<Field>{
      Field("id", Int64(), false).WithFieldId(1),
      Field("tags", List(Field("element", Utf8(), true).WithFieldId(3)), true).WithFieldId(2),
      Field("props",
            Map(Field("key", Utf8(), false).WithFieldId(5),
                Field("value", Int32(), true).WithFieldId(6)),
            true)
          .WithFieldId(4),
      Field("ts", Timestamp(TimeUnit::kMicro, "UTC"), true).WithFieldId(7),
      Field("amount", Decimal128(30, 2), true).WithFieldId(8),
  });
  RandomData data(3);
  auto batch = data.RandomBatch(schema, 10);
  ASSERT_OK(batch);
  ParquetWriterOptions options;
  options.key_value_metadata = {{"iceberg.schema", "{\"type\":\"struct\"}"}};
  io::MemoryFileIO io;
  ASSERT_OK(WriteBatches(io, "t.parquet", schema, {*batch}, options));
  auto reader = FileReader::Open(io, "t.parquet");
  ASSERT_OK(reader);
  const FileMetaData& md = (*reader)->metadata();
  std::vector<std::string> layout;
  for (const SchemaElement& e : md.schema) {
    layout.push_back(fmt::format("{} {} {}", e.name, e.field_id ? std::to_string(*e.field_id) : "-",
                                 e.repetition_type ? RepetitionName(*e.repetition_type) : "-"));
  }
  EXPECT_EQ(layout,
            (std::vector<std::string>{"table - -", "id 1 REQUIRED", "tags 2 OPTIONAL",
                                      "list - REPEATED", "element 3 OPTIONAL", "props 4 OPTIONAL",
                                      "key_value - REPEATED", "key 5 REQUIRED", "value 6 OPTIONAL",
                                      "ts 7 OPTIONAL", "amount 8 OPTIONAL"}));
  EXPECT_EQ(md.schema[9].logical_type->kind, LogicalType::Kind::kTimestamp);
  EXPECT_TRUE(md.schema[9].logical_type->is_adjusted_to_utc);
  EXPECT_EQ(*md.schema[10].type, Type::kFixedLenByteArray);
  EXPECT_EQ(*md.schema[10].type_length, 13);
  ASSERT_TRUE(md.key_value_metadata);
  EXPECT_EQ((*md.key_value_metadata)[0].key, "iceberg.schema");
}

// Metrics and chunk statistics against a brute-force pass over the values.
TEST(FileWriterTest, MetricsEqualBruteForce) {
  using columnar::ArrayData;
  using columnar::Decimal128;
  using columnar::Field;
  using columnar::Float64;
  using columnar::Int32;
  using columnar::Int64;
  using columnar::List;
  using columnar::Map;
  using columnar::Schema;
  using columnar::Timestamp;
  using columnar::TimeUnit;
  using columnar::UInt32;
  using columnar::Utf8;
  for (uint64_t seed = 0; seed < 10; ++seed) {
    auto schema = std::make_shared<Schema>(std::vector<Field>{
        Field("i", Int32(), true).WithFieldId(1), Field("u", UInt32(), true).WithFieldId(2),
        Field("d", Float64(), true).WithFieldId(3), Field("s", Utf8(), true).WithFieldId(4),
        Field("l", List(Field("element", Int64(), true).WithFieldId(6)), true).WithFieldId(5)});
    RandomData data(seed);
    std::vector<RecordBatch> batches;
    for (int i = 0; i < 3; ++i)
      batches.push_back(*data.RandomBatch(schema, 500, 1 + static_cast<int>(seed % 4)));
    ParquetWriterOptions options;
    options.row_group_rows = 400;
    options.columns.page_row_limit = 50;
    io::MemoryFileIO io;
    auto metrics = WriteBatches(io, "t.parquet", schema, batches, options);
    ASSERT_OK(metrics);
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
          if (std::isnan(v))
            ++nans;
          else
            upd(dmin, dmax, v);
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
            if (l.children[0]->IsNull(k))
              ++nulls[4];
            else
              upd(lmin, lmax, l.children[0]->values<int64_t>()[k]);
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
    ASSERT_OK(reader);
    for (int g = 0; g < 4; ++g) {
      auto oi = (*reader)->ReadOffsetIndex(g, 0);
      ASSERT_OK(oi);
      EXPECT_EQ(oi->page_locations.size(), g < 3 ? 8u : 6u);
      auto ci = (*reader)->ReadColumnIndex(g, 0);
      ASSERT_OK(ci);
      EXPECT_EQ(ci->null_pages.size(), oi->page_locations.size());
    }
  }
}

std::string Int64Bytes(int64_t v) { return std::string(reinterpret_cast<const char*>(&v), 8); }

TEST(FileWriterTest, PageIndexGivesPageBoundsAndBoundaryOrder) {
  auto schema = std::make_shared<columnar::Schema>(
      std::vector<columnar::Field>{columnar::Field("up", columnar::Int64(), false),
                                   columnar::Field("down", columnar::Int64(), true)});
  columnar::Int64Builder up(columnar::Int64()), down(columnar::Int64());
  for (int64_t i = 0; i < 10000; ++i) {
    ASSERT_OK(up.Append(i));
    ASSERT_OK(i % 1000 == 5 ? down.AppendNull() : down.Append(-i));
  }
  auto batch = RecordBatch::Make(schema, 10000, {*up.Finish(), *down.Finish()});
  ASSERT_OK(batch);
  ParquetWriterOptions options;
  options.columns.page_row_limit = 1000;
  io::MemoryFileIO io;
  ASSERT_OK(WriteBatches(io, "t.parquet", schema, {*batch}, options));
  auto reader = FileReader::Open(io, "t.parquet");
  ASSERT_OK(reader);
  auto up_index = (*reader)->ReadColumnIndex(0, 0);
  auto down_index = (*reader)->ReadColumnIndex(0, 1);
  auto offsets = (*reader)->ReadOffsetIndex(0, 0);
  ASSERT_TRUE(up_index.ok() && down_index.ok() && offsets.ok());
  ASSERT_EQ(up_index->min_values.size(), 10u);
  EXPECT_EQ(up_index->boundary_order, BoundaryOrder::kAscending);
  EXPECT_EQ(down_index->boundary_order, BoundaryOrder::kDescending);
  for (int64_t p = 0; p < 10; ++p) {
    EXPECT_EQ(up_index->min_values[p], Int64Bytes(p * 1000));
    EXPECT_EQ(up_index->max_values[p], Int64Bytes(p * 1000 + 999));
    EXPECT_EQ(down_index->max_values[p], Int64Bytes(-p * 1000));
    EXPECT_EQ((*down_index->null_counts)[p], 1);
    EXPECT_EQ(offsets->page_locations[p].first_row_index, p * 1000);
  }
}

TEST(FileWriterTest, FloatBoundsSkipNanAndSignZeros) {
  auto schema = std::make_shared<columnar::Schema>(
      std::vector<columnar::Field>{columnar::Field("x", columnar::Float64(), true)});
  columnar::DoubleBuilder b(columnar::Float64());
  // Page 1: only NaN; page 2: +0.0, NaN, +0.0; page 3: -0.0 and 2.5.
  const double nan = std::nan("");
  for (double v : {nan, nan, 0.0, nan, 0.0, -0.0, 2.5}) ASSERT_OK(b.Append(v));
  auto batch = RecordBatch::Make(schema, 7, {*b.Finish()});
  ASSERT_OK(batch);
  ParquetWriterOptions options;
  options.columns.page_row_limit = 2;
  options.columns.dictionary = false;
  io::MemoryFileIO io;
  auto metrics = WriteBatches(io, "t.parquet", schema, {*batch}, options);
  ASSERT_OK(metrics);
  auto bytes = [](double v) { return std::string(reinterpret_cast<const char*>(&v), 8); };
  EXPECT_EQ(metrics->columns[0].min, bytes(-0.0));
  EXPECT_EQ(metrics->columns[0].max, bytes(2.5));
  EXPECT_EQ(metrics->columns[0].nan_count, 3);
  auto reader = FileReader::Open(io, "t.parquet");
  const Statistics& s = *(*reader)->metadata().row_groups[0].columns[0].meta_data->statistics;
  EXPECT_EQ(s.nan_count, 3);
  EXPECT_EQ(s.min_value, bytes(-0.0));
  // A page of only NaN has no bound: the chunk gets no column index, but an offset index.
  EXPECT_EQ((*reader)->ReadColumnIndex(0, 0).error().kind, ErrorKind::kNotFound);
  EXPECT_OK((*reader)->ReadOffsetIndex(0, 0));
  ExpectFileEquals(io, "t.parquet", {*batch}, 3);

  // Zeros alone: the minimum is -0.0 and the maximum +0.0.
  columnar::DoubleBuilder z(columnar::Float64());
  for (double v : {0.0, 0.0}) ASSERT_OK(z.Append(v));
  auto zeros = RecordBatch::Make(schema, 2, {*z.Finish()});
  io::MemoryFileIO io2;
  auto m2 = WriteBatches(io2, "z.parquet", schema, {*zeros}, {});
  ASSERT_OK(m2);
  EXPECT_EQ(m2->columns[0].min, bytes(-0.0));
  EXPECT_EQ(m2->columns[0].max, bytes(0.0));
}

TEST(FileWriterTest, BloomFiltersHoldEveryValue) {
  auto schema = std::make_shared<columnar::Schema>(
      std::vector<columnar::Field>{columnar::Field("s", columnar::Utf8(), true),
                                   columnar::Field("n", columnar::Int64(), false)});
  columnar::BinaryBuilder s(columnar::Utf8());
  columnar::Int64Builder n(columnar::Int64());
  for (int64_t i = 0; i < 5000; ++i) {
    ASSERT_OK(s.Append("key-" + std::to_string(i)));
    ASSERT_OK(n.Append(i * 7));
  }
  auto batch = RecordBatch::Make(schema, 5000, {*s.Finish(), *n.Finish()});
  ParquetWriterOptions options;
  options.bloom_filter_fpp = {{"s", 0.01}, {"n", 0.05}};
  options.row_group_rows = 2500;
  io::MemoryFileIO io;
  ASSERT_OK(WriteBatches(io, "t.parquet", schema, {*batch}, options));
  auto reader = FileReader::Open(io, "t.parquet");
  ASSERT_OK(reader);
  for (int g = 0; g < 2; ++g) {
    auto sf = BloomFilter::Read(**reader, g, 0);
    auto nf = BloomFilter::Read(**reader, g, 1);
    ASSERT_TRUE(sf.ok() && *sf && nf.ok() && *nf);
    int false_positives = 0;
    for (int64_t i = 0; i < 5000; ++i) {
      bool here = (i < 2500) == (g == 0);
      std::string key = "key-" + std::to_string(i);
      int64_t v = i * 7;
      std::string_view vb(reinterpret_cast<const char*>(&v), 8);
      if (here) {
        EXPECT_TRUE((*sf)->MightContainValue(key)) << key;
        EXPECT_TRUE((*nf)->MightContainValue(vb)) << v;
      } else {
        false_positives += (*sf)->MightContainValue(key);
      }
    }
    EXPECT_LT(false_positives, 2500 / 20);
  }
}

TEST(FileWriterTest, AFileWithoutRowsHasNoRowGroups) {
  auto schema = std::make_shared<columnar::Schema>(
      std::vector<columnar::Field>{columnar::Field("x", columnar::Utf8(), true).WithFieldId(1)});
  io::MemoryFileIO io;
  RandomData data(4);
  auto metrics = WriteBatches(io, "t.parquet", schema, {*data.RandomBatch(schema, 0)}, {});
  ASSERT_OK(metrics);
  EXPECT_EQ(metrics->row_count, 0);
  EXPECT_TRUE(metrics->split_offsets.empty());
  EXPECT_EQ(metrics->columns[0].value_count, 0);
  EXPECT_FALSE(metrics->columns[0].min.has_value());
  auto reader = FileReader::Open(io, "t.parquet");
  ASSERT_OK(reader);
  EXPECT_EQ((*reader)->metadata().num_rows, 0);
  EXPECT_TRUE((*reader)->metadata().row_groups.empty());
  EXPECT_EQ((*reader)->schema().column(0).field_id, 1);
}

// arrow-rs (parquet-wasm) as an independent reader: it reads floe's file and writes it again;
// floe then reads arrow-rs's file back equal to the batches floe wrote.
TEST(FileWriterTest, ArrowRsReadsWhatFloeWrites) {
  std::string script = floe::testing::SourceDir() + "/tests/peers/rewrite_parquet.mjs";
  if (!std::filesystem::exists(floe::testing::SourceDir() +
                               "/tests/peers/node_modules/parquet-wasm")) {
    GTEST_SKIP() << "parquet-wasm is not installed (scripts/setup installs tests/peers)";
  }
  floe::testing::TempDir dir;
  auto io = io::LocalFileIO();
  for (uint64_t seed = 0; seed < 12; ++seed) {
    SCOPED_TRACE(seed);
    RandomData data(seed + 500);
    auto schema = data.RandomSchema(1 + static_cast<int>(data.Next() % 5), 2);
    SCOPED_TRACE(schema->ToString());
    auto batch = data.RandomBatch(schema, 1 + static_cast<int64_t>(data.Next() % 400));
    ASSERT_OK(batch);
    ParquetWriterOptions options;
    options.columns.codec = kCodecs[seed % 6];
    options.columns.data_page_v2 = seed % 2 == 1;
    options.columns.page_row_limit = 1 + static_cast<int64_t>(data.Next() % 100);
    std::string path = dir.Join("f" + std::to_string(seed) + ".parquet");
    std::string again = dir.Join("g" + std::to_string(seed) + ".parquet");
    ASSERT_OK(WriteBatches(*io, path, schema, {*batch}, options));
    auto r = floe::testing::RunCommand("node " + floe::testing::ShellQuote(script) + " " +
                                       floe::testing::ShellQuote(path) + " " +
                                       floe::testing::ShellQuote(again));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ExpectFileEquals(*io, again, {*batch}, 1000);
  }
}

TEST(FileWriterTest, UnclosedOrFailedWriterLeavesNoFile) {
  auto schema = std::make_shared<columnar::Schema>(
      std::vector<columnar::Field>{columnar::Field("x", columnar::Int32(), false)});
  io::MemoryFileIO io;
  {
    auto file = io.Create("t.parquet");
    ASSERT_OK(file);
    auto writer = ParquetWriter::Make(std::move(*file), schema);
    ASSERT_OK(writer);
    RandomData data(1);
    ASSERT_OK((*writer)->Write(*data.RandomBatch(schema, 100)));
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

namespace floe::parquet {
namespace {

// MemoryBytes (what a table write's memory budget counts) covers the buffers a writer holds, and
// a column that falls back from its dictionary gives the lookup table back.
TEST(FileWriterTest, MemoryBytesCountBuffersAndFallbackFreesTheLookup) {
  auto schema = std::make_shared<columnar::Schema>(
      std::vector<columnar::Field>{columnar::Field("id", columnar::Int64(), false).WithFieldId(1)});
  // 512 values repeated on the first pages (the dictionary pays off), then distinct ones.
  constexpr int kRows = 50000;
  columnar::PrimitiveBuilder<int64_t> b(columnar::Int64());
  for (int i = 0; i < kRows; ++i) ASSERT_OK(b.Append(i < 4096 ? i % 512 : int64_t{i} * 7919));
  auto batch = RecordBatch::Make(schema, kRows, {*b.Finish()});
  ASSERT_OK(batch);
  auto memory_after_write = [&](int64_t dictionary_page_bytes, const std::string& name) {
    io::MemoryFileIO io;
    auto file = io.Create(name);
    EXPECT_OK(file);
    ParquetWriterOptions options;
    options.columns.dictionary_page_bytes = dictionary_page_bytes;
    options.columns.page_bytes = 8 * 1024;
    auto writer = ParquetWriter::Make(std::move(*file), schema, options);
    EXPECT_OK(writer);
    EXPECT_OK((*writer)->Write(*batch));
    int64_t memory = (*writer)->MemoryBytes();
    // Memory is at least what is buffered (capacity ≥ size).
    EXPECT_GE(memory, (*writer)->EstimatedSize() / 2);
    EXPECT_OK((*writer)->Close());
    ExpectFileEquals(io, name, {*batch}, 4096);
    return memory;
  };
  // The whole dictionary fits: per value its 8 bytes, an offset, two 16-byte lookup slots.
  int64_t kept = memory_after_write(4 * 1024 * 1024, "kept.parquet");
  EXPECT_GE(kept, int64_t{kRows - 4096} * (8 + 8 + 32));
  // A 64 KB dictionary falls back to PLAIN after 8192 values: its lookup table is freed.
  int64_t fell_back = memory_after_write(64 * 1024, "fell_back.parquet");
  EXPECT_LT(fell_back, kept / 2);
}

}  // namespace
}  // namespace floe::parquet
