// The Thrift encoders against the decoders: the footers, page indexes and page headers of real
// files decode, re-encode and decode again to the same structs (compared through their JSON
// form), and hand-made structs with every optional field set survive the round trip.
#include "floe/format/parquet/metadata_encoder.h"

#include <gtest/gtest.h>

#include <random>

#include "floe/format/parquet/file_metadata_json.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/format/parquet/page_index_json.h"
#include "floe/format/parquet/thrift/compact_writer.h"
#include "floe/io/file_io.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::parquet {
namespace {

using floe::testing::CorpusPath;
using floe::testing::FilesUnder;

std::vector<std::string> CorpusFiles() {
  std::vector<std::string> out;
  for (const char* dir : {"parquet-testing/data", "hyparquet/test/files"}) {
    for (const std::string& f : FilesUnder(CorpusPath(dir), ".parquet")) out.push_back(f);
  }
  return out;
}

TEST(MetadataEncoderTest, CorpusFootersAndPageIndexesRoundTrip) {
  auto io = io::LocalFileIO();
  int footers = 0, indexes = 0;
  for (const std::string& path : CorpusFiles()) {
    auto reader = FileReader::Open(*io, path);
    if (!reader.ok()) continue;  // encrypted or deliberately broken files
    SCOPED_TRACE(path);
    const FileMetaData& md = (*reader)->metadata();
    std::string bytes;
    EncodeFileMetaData(md, &bytes);
    auto again = DecodeFileMetaData(bytes);
    ASSERT_OK(again);
    // Geospatial statistics and encryption fields are not written.
    bool skipped_fields = md.encryption_algorithm.has_value();
    for (const RowGroup& g : md.row_groups) {
      for (const ColumnChunk& c : g.columns) {
        skipped_fields |= c.crypto_metadata.has_value() ||
                          c.encrypted_column_metadata.has_value() ||
                          (c.meta_data && c.meta_data->geospatial_statistics.has_value());
      }
    }
    if (!skipped_fields) {
      EXPECT_EQ(FileMetaDataToJson(*again), FileMetaDataToJson(md));
      ++footers;
    }
    for (int g = 0; g < static_cast<int>(md.row_groups.size()); ++g) {
      for (int c = 0; c < (*reader)->schema().num_columns(); ++c) {
        const SchemaElement& leaf = md.schema[(*reader)->schema().column(c).index];
        auto ci = (*reader)->ReadColumnIndex(g, c);
        if (ci.ok()) {
          std::string b;
          EncodeColumnIndex(*ci, &b);
          auto ci2 = DecodeColumnIndex(b);
          ASSERT_OK(ci2);
          EXPECT_EQ(ColumnIndexToJson(*ci2, leaf), ColumnIndexToJson(*ci, leaf));
          ++indexes;
        }
        auto oi = (*reader)->ReadOffsetIndex(g, c);
        if (oi.ok()) {
          std::string b;
          EncodeOffsetIndex(*oi, &b);
          auto oi2 = DecodeOffsetIndex(b);
          ASSERT_OK(oi2);
          EXPECT_EQ(OffsetIndexToJson(*oi2), OffsetIndexToJson(*oi));
        }
      }
    }
  }
  EXPECT_GT(footers, 100);
  EXPECT_GT(indexes, 50);
}

Statistics RandomStatistics(std::mt19937_64& rng) {
  Statistics s;
  auto bytes = [&] { return std::string(rng() % 20, static_cast<char>(rng())); };
  if (rng() % 2) s.max = bytes();
  if (rng() % 2) s.min = bytes();
  if (rng() % 2) s.null_count = static_cast<int64_t>(rng());
  if (rng() % 2) s.distinct_count = static_cast<int64_t>(rng() % 1000);
  if (rng() % 2) s.max_value = bytes();
  if (rng() % 2) s.min_value = bytes();
  if (rng() % 2) s.is_max_value_exact = rng() % 2 == 0;
  if (rng() % 2) s.is_min_value_exact = rng() % 2 == 0;
  if (rng() % 2) s.nan_count = static_cast<int64_t>(rng() % 1000);
  return s;
}

void ExpectStatisticsEqual(const std::optional<Statistics>& a, const std::optional<Statistics>& b) {
  ASSERT_EQ(a.has_value(), b.has_value());
  if (!a) return;
  EXPECT_EQ(a->max, b->max);
  EXPECT_EQ(a->min, b->min);
  EXPECT_EQ(a->null_count, b->null_count);
  EXPECT_EQ(a->distinct_count, b->distinct_count);
  EXPECT_EQ(a->max_value, b->max_value);
  EXPECT_EQ(a->min_value, b->min_value);
  EXPECT_EQ(a->is_max_value_exact, b->is_max_value_exact);
  EXPECT_EQ(a->is_min_value_exact, b->is_min_value_exact);
  EXPECT_EQ(a->nan_count, b->nan_count);
}

TEST(MetadataEncoderTest, RandomPageHeadersRoundTrip) {
  std::mt19937_64 rng(5);
  for (int i = 0; i < 2000; ++i) {
    PageHeader h;
    h.uncompressed_page_size = static_cast<int32_t>(rng() % (1u << 31));
    h.compressed_page_size = static_cast<int32_t>(rng() % (1u << 31));
    if (rng() % 2) h.crc = static_cast<int32_t>(rng());
    switch (rng() % 3) {
      case 0: {
        h.type = PageType::kDataPage;
        DataPageHeader d;
        d.num_values = static_cast<int32_t>(rng() % 100000);
        d.encoding = static_cast<Encoding>(rng() % 10);
        d.definition_level_encoding = Encoding::kRle;
        d.repetition_level_encoding = Encoding::kBitPacked;
        if (rng() % 2) d.statistics = RandomStatistics(rng);
        h.data_page_header = d;
        break;
      }
      case 1: {
        h.type = PageType::kDictionaryPage;
        DictionaryPageHeader d;
        d.num_values = static_cast<int32_t>(rng() % 100000);
        if (rng() % 2) d.is_sorted = rng() % 2 == 0;
        h.dictionary_page_header = d;
        break;
      }
      default: {
        h.type = PageType::kDataPageV2;
        DataPageHeaderV2 d;
        d.num_values = static_cast<int32_t>(rng() % 100000);
        d.num_nulls = static_cast<int32_t>(rng() % 100000);
        d.num_rows = static_cast<int32_t>(rng() % 100000);
        d.encoding = Encoding::kRleDictionary;
        d.definition_levels_byte_length = static_cast<int32_t>(rng() % 1000);
        d.repetition_levels_byte_length = static_cast<int32_t>(rng() % 1000);
        d.is_compressed = rng() % 2 == 0;
        if (rng() % 2) d.statistics = RandomStatistics(rng);
        h.data_page_header_v2 = d;
        break;
      }
    }
    std::string b;
    EncodePageHeader(h, &b);
    b += "page bytes follow";
    size_t header_size = 0;
    auto d = DecodePageHeader(reinterpret_cast<const uint8_t*>(b.data()), b.size(), &header_size);
    ASSERT_OK(d);
    EXPECT_EQ(header_size, b.size() - 17);
    EXPECT_EQ(d->type, h.type);
    EXPECT_EQ(d->uncompressed_page_size, h.uncompressed_page_size);
    EXPECT_EQ(d->compressed_page_size, h.compressed_page_size);
    EXPECT_EQ(d->crc, h.crc);
    if (h.data_page_header) {
      ASSERT_TRUE(d->data_page_header);
      EXPECT_EQ(d->data_page_header->num_values, h.data_page_header->num_values);
      EXPECT_EQ(d->data_page_header->encoding, h.data_page_header->encoding);
      EXPECT_EQ(d->data_page_header->repetition_level_encoding, Encoding::kBitPacked);
      ExpectStatisticsEqual(d->data_page_header->statistics, h.data_page_header->statistics);
    }
    if (h.dictionary_page_header) {
      ASSERT_TRUE(d->dictionary_page_header);
      EXPECT_EQ(d->dictionary_page_header->num_values, h.dictionary_page_header->num_values);
      EXPECT_EQ(d->dictionary_page_header->is_sorted, h.dictionary_page_header->is_sorted);
    }
    if (h.data_page_header_v2) {
      const DataPageHeaderV2 &x = *d->data_page_header_v2, &y = *h.data_page_header_v2;
      EXPECT_EQ(x.num_values, y.num_values);
      EXPECT_EQ(x.num_nulls, y.num_nulls);
      EXPECT_EQ(x.num_rows, y.num_rows);
      EXPECT_EQ(x.definition_levels_byte_length, y.definition_levels_byte_length);
      EXPECT_EQ(x.repetition_levels_byte_length, y.repetition_levels_byte_length);
      EXPECT_EQ(x.is_compressed, y.is_compressed);
      ExpectStatisticsEqual(x.statistics, y.statistics);
    }
  }
}

TEST(MetadataEncoderTest, HandmadeFooterWithEveryLogicalTypeRoundTrips) {
  FileMetaData md;
  md.version = 2;
  md.num_rows = 1234567890123;
  md.created_by = "floe version test";
  md.key_value_metadata = std::vector<KeyValue>{{"iceberg.schema", "{}"}, {"k", std::nullopt}};
  SchemaElement root;
  root.name = "schema";
  md.schema.push_back(root);
  using K = LogicalType::Kind;
  int id = 1;
  for (K kind : {K::kString, K::kEnum, K::kDecimal, K::kDate, K::kTime, K::kTimestamp, K::kInteger,
                 K::kJson, K::kBson, K::kUuid, K::kFloat16, K::kUnknown, K::kVariant}) {
    SchemaElement e;
    e.name = fmt::format("c{}", id);
    e.type = Type::kInt64;
    e.repetition_type = FieldRepetitionType::kOptional;
    e.field_id = id * 1000;  // field ids far apart: long-form field headers stay correct
    LogicalType t;
    t.kind = kind;
    t.scale = 3;
    t.precision = 17;
    t.unit = TimeUnit::kNanos;
    t.is_adjusted_to_utc = id % 2 == 0;
    t.bit_width = 16;
    t.is_signed = false;
    if (kind == K::kVariant) t.specification_version = 1;
    e.logical_type = t;
    md.schema.push_back(e);
    ++id;
  }
  md.schema[0].num_children = static_cast<int32_t>(md.schema.size() - 1);
  RowGroup g;
  g.num_rows = 7;
  g.total_byte_size = 100;
  g.ordinal = 0;
  g.file_offset = 4;
  g.total_compressed_size = 90;
  g.sorting_columns = std::vector<SortingColumn>{{1, true, false}};
  for (size_t c = 1; c < md.schema.size(); ++c) {
    ColumnChunk cc;
    cc.file_offset = 4;
    ColumnMetaData m;
    m.type = Type::kInt64;
    m.encodings = {Encoding::kPlain, Encoding::kRle, Encoding::kRleDictionary};
    m.path_in_schema = {md.schema[c].name};
    m.codec = CompressionCodec::kZstd;
    m.num_values = 7;
    m.total_uncompressed_size = 50;
    m.total_compressed_size = 45;
    m.data_page_offset = 40;
    m.dictionary_page_offset = 4;
    Statistics s;
    s.min_value = std::string(8, '\0');
    s.max_value = std::string(8, '\x7f');
    s.null_count = 1;
    s.is_max_value_exact = true;
    s.is_min_value_exact = true;
    m.statistics = s;
    m.encoding_stats = std::vector<PageEncodingStats>{{PageType::kDataPage, Encoding::kPlain, 2}};
    m.bloom_filter_offset = 1000;
    m.bloom_filter_length = 64;
    m.size_statistics = SizeStatistics{10, std::vector<int64_t>{1, 2}, std::vector<int64_t>{3}};
    cc.meta_data = m;
    cc.column_index_offset = 2000;
    cc.column_index_length = 20;
    cc.offset_index_offset = 3000;
    cc.offset_index_length = 30;
    g.columns.push_back(cc);
  }
  md.row_groups.push_back(g);
  md.column_orders = std::vector<ColumnOrder>(md.schema.size() - 1, ColumnOrder{1});
  std::string bytes;
  EncodeFileMetaData(md, &bytes);
  auto again = DecodeFileMetaData(bytes);
  ASSERT_OK(again);
  EXPECT_EQ(FileMetaDataToJson(*again), FileMetaDataToJson(md));
  EXPECT_EQ(again->schema[5].field_id, 5000);
  EXPECT_EQ(again->schema[7].logical_type->bit_width, 16);
  EXPECT_FALSE(again->schema[7].logical_type->is_signed);
}

TEST(MetadataEncoderTest, ListsOfFifteenOrMoreElementsUseTheLongHeader) {
  ColumnIndex ci;
  for (int i = 0; i < 40; ++i) {
    ci.null_pages.push_back(i % 3 == 0);
    ci.min_values.push_back(std::string(4, static_cast<char>(i)));
    ci.max_values.push_back(std::string(4, static_cast<char>(i + 1)));
  }
  ci.boundary_order = BoundaryOrder::kAscending;
  ci.null_counts = std::vector<int64_t>(40, 3);
  ci.nan_counts = std::vector<int64_t>(40, 0);
  std::string b;
  EncodeColumnIndex(ci, &b);
  auto d = DecodeColumnIndex(b);
  ASSERT_OK(d);
  EXPECT_EQ(d->null_pages, ci.null_pages);
  EXPECT_EQ(d->min_values, ci.min_values);
  EXPECT_EQ(d->max_values, ci.max_values);
  EXPECT_EQ(d->boundary_order, ci.boundary_order);
  EXPECT_EQ(d->null_counts, ci.null_counts);
  EXPECT_EQ(d->nan_counts, ci.nan_counts);
}

}  // namespace
}  // namespace floe::parquet
