// The encodings against real files: the data pages of parquet-testing's delta files are located
// by hand (footer -> column chunk -> page headers) and their values decoded with the encoding
// decoders alone, then compared with the *_expect.csv files. Flat schemas, uncompressed chunks.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "floe/columnar/array_builder.h"
#include "floe/format/parquet/encoding/delta_binary_packed.h"
#include "floe/format/parquet/encoding/delta_byte_array.h"
#include "floe/format/parquet/encoding/delta_length_byte_array.h"
#include "floe/format/parquet/encoding/rle_bit_packed_hybrid.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/format/parquet/page_header.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::parquet {
namespace {

// One CSV record per line; quoted fields may hold commas; an empty unquoted field is null.
std::vector<std::vector<std::optional<std::string>>> ReadCsv(const std::string& text) {
  std::vector<std::vector<std::optional<std::string>>> rows;
  size_t i = 0;
  while (i < text.size()) {
    std::vector<std::optional<std::string>> row;
    while (true) {
      std::optional<std::string> field;
      if (i < text.size() && text[i] == '"') {
        std::string s;
        ++i;
        while (i < text.size()) {
          if (text[i] == '"' && i + 1 < text.size() && text[i + 1] == '"') {
            s.push_back('"');
            i += 2;
          } else if (text[i] == '"') {
            ++i;
            break;
          } else {
            s.push_back(text[i++]);
          }
        }
        field = s;
      } else {
        std::string s;
        while (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r') {
          s.push_back(text[i++]);
        }
        if (!s.empty()) field = s;
      }
      row.push_back(field);
      if (i < text.size() && text[i] == ',') {
        ++i;
        continue;
      }
      while (i < text.size() && (text[i] == '\r' || text[i] == '\n')) ++i;
      break;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

struct Page {
  PageHeader header;
  std::span<const uint8_t> data;
};

// The pages of one uncompressed column chunk.
std::vector<Page> ChunkPages(const std::string& file, const ColumnMetaData& meta) {
  std::vector<Page> pages;
  int64_t pos = meta.dictionary_page_offset.value_or(meta.data_page_offset);
  if (meta.dictionary_page_offset && *meta.dictionary_page_offset == 0) pos = meta.data_page_offset;
  const int64_t end = pos + meta.total_compressed_size;
  EXPECT_LE(end, static_cast<int64_t>(file.size()));
  while (pos < end) {
    size_t header_size = 0;
    auto h = DecodePageHeader(reinterpret_cast<const uint8_t*>(file.data()) + pos,
                              static_cast<size_t>(end - pos), &header_size);
    EXPECT_OK(h);
    if (!h.ok()) break;
    pos += static_cast<int64_t>(header_size);
    Page p{*h,
           {reinterpret_cast<const uint8_t*>(file.data()) + pos,
            static_cast<size_t>(h->compressed_page_size)}};
    pos += h->compressed_page_size;
    pages.push_back(p);
  }
  return pages;
}

// A data page's values section and its non-null count (flat column, max definition level 0/1).
struct Values {
  Encoding encoding;
  std::span<const uint8_t> data;
  int64_t num_values;
  std::vector<uint8_t> defined;  // one per row
};

Values PageValues(const Page& page, bool optional) {
  Values v;
  std::span<const uint8_t> rest = page.data;
  int64_t rows = 0;
  std::span<const uint8_t> levels;
  if (page.header.data_page_header) {
    v.encoding = page.header.data_page_header->encoding;
    rows = page.header.data_page_header->num_values;
    if (optional) {
      size_t consumed = 0;
      auto runs = SplitLengthPrefixed(rest, &consumed);
      EXPECT_OK(runs);
      levels = *runs;
      rest = rest.subspan(consumed);
    }
  } else {
    const auto& h = *page.header.data_page_header_v2;
    v.encoding = h.encoding;
    rows = h.num_values;
    levels = rest.subspan(static_cast<size_t>(h.repetition_levels_byte_length),
                          static_cast<size_t>(h.definition_levels_byte_length));
    rest = rest.subspan(static_cast<size_t>(h.repetition_levels_byte_length) +
                        static_cast<size_t>(h.definition_levels_byte_length));
  }
  v.defined.assign(static_cast<size_t>(rows), 1);
  if (optional) {
    RleBitPackedDecoder d;
    EXPECT_OK(d.Init(levels, 1));
    EXPECT_OK(d.Decode(v.defined.data(), rows));
  }
  v.num_values = 0;
  for (uint8_t x : v.defined) v.num_values += x;
  v.data = rest;
  return v;
}

struct Column {
  std::string name;
  bool optional;
  Type type;
  std::vector<std::optional<std::string>> values;  // decoded, as text
};

// Decodes every column of a flat, uncompressed file with DELTA_* pages.
std::vector<Column> DecodeDeltaFile(const std::string& path) {
  const std::string file = floe::testing::ReadFileToString(path);
  int64_t footer_length = 0;
  auto md = ParseFooter(file, static_cast<int64_t>(file.size()), &footer_length);
  EXPECT_OK(md);
  if (!md.ok()) return {};
  std::vector<Column> columns;
  for (const RowGroup& rg : md->row_groups) {
    for (size_t c = 0; c < rg.columns.size(); ++c) {
      const ColumnMetaData& meta = *rg.columns[c].meta_data;
      const SchemaElement& el = md->schema[c + 1];
      if (columns.size() <= c) {
        columns.push_back(
            {el.name, el.repetition_type == FieldRepetitionType::kOptional, meta.type, {}});
      }
      Column& col = columns[c];
      EXPECT_EQ(meta.codec, CompressionCodec::kUncompressed) << path;
      for (const Page& page : ChunkPages(file, meta)) {
        if (!page.header.data_page_header && !page.header.data_page_header_v2) continue;
        Values v = PageValues(page, col.optional);
        std::vector<std::string> decoded;
        if (v.encoding == Encoding::kDeltaBinaryPacked && meta.type == Type::kInt64) {
          DeltaBinaryPackedDecoder<int64_t> d;
          std::vector<int64_t> out(static_cast<size_t>(v.num_values));
          EXPECT_OK(d.Init(v.data));
          Status st = d.Decode(out.data(), v.num_values);
          EXPECT_OK(st) << col.name;
          for (int64_t x : out) decoded.push_back(std::to_string(x));
        } else if (v.encoding == Encoding::kDeltaBinaryPacked && meta.type == Type::kInt32) {
          DeltaBinaryPackedDecoder<int32_t> d;
          std::vector<int32_t> out(static_cast<size_t>(v.num_values));
          EXPECT_OK(d.Init(v.data));
          Status st = d.Decode(out.data(), v.num_values);
          EXPECT_OK(st) << col.name;
          for (int32_t x : out) decoded.push_back(std::to_string(x));
        } else if (v.encoding == Encoding::kDeltaByteArray ||
                   v.encoding == Encoding::kDeltaLengthByteArray) {
          columnar::BinaryBuilder b(columnar::Utf8());
          Status st;
          if (v.encoding == Encoding::kDeltaByteArray) {
            DeltaByteArrayDecoder d;
            st = d.Init(v.data, v.num_values);
            if (st.ok()) st = d.Decode(v.num_values, &b);
          } else {
            DeltaLengthByteArrayDecoder d;
            st = d.Init(v.data, v.num_values);
            if (st.ok()) st = d.Decode(v.num_values, &b);
          }
          EXPECT_OK(st) << col.name;
          auto arr = b.Finish();
          EXPECT_OK(arr);
          for (int64_t i = 0; i < (*arr)->length; ++i) {
            decoded.push_back(std::string((*arr)->GetView(i)));
          }
        } else {
          ADD_FAILURE() << col.name << ": encoding " << static_cast<int>(v.encoding)
                        << " not handled by this test";
          continue;
        }
        size_t next = 0;
        for (uint8_t def : v.defined) {
          if (def && next < decoded.size()) {
            col.values.push_back(decoded[next++]);
          } else {
            col.values.push_back(std::nullopt);
          }
        }
      }
    }
  }
  return columns;
}

void CompareWithCsv(const std::vector<Column>& columns, const std::string& csv_path,
                    size_t expected_rows) {
  auto rows = ReadCsv(floe::testing::ReadFileToString(csv_path));
  ASSERT_GE(rows.size(), 1u);
  const auto& header = rows[0];
  ASSERT_EQ(header.size(), columns.size());
  ASSERT_EQ(rows.size() - 1, expected_rows);
  for (size_t c = 0; c < columns.size(); ++c) {
    // Header names may carry stray spaces (" c_customer_id").
    std::string name = header[c].value_or("");
    name.erase(0, name.find_first_not_of(' '));
    // ...and the delta_encoding_* files name their columns "c_customer_sk:".
    std::string column_name = columns[c].name;
    if (!column_name.empty() && column_name.back() == ':') column_name.pop_back();
    EXPECT_EQ(name, column_name);
    ASSERT_EQ(columns[c].values.size(), expected_rows) << columns[c].name;
    for (size_t r = 0; r < expected_rows; ++r) {
      ASSERT_EQ(columns[c].values[r], rows[r + 1][c]) << columns[c].name << " row " << r;
    }
  }
}

TEST(EncodingCorpusTest, DeltaBinaryPackedAllBitWidths) {
  // 66 columns (bit widths 0..64 in INT64, and an INT32) of 200 values in 2 blocks (parquet-mr).
  auto columns = DecodeDeltaFile(
      floe::testing::CorpusPath("parquet-testing/data/delta_binary_packed.parquet"));
  ASSERT_EQ(columns.size(), 66u);
  CompareWithCsv(columns,
                 floe::testing::CorpusPath("parquet-testing/data/delta_binary_packed_expect.csv"),
                 200);
}

TEST(EncodingCorpusTest, DeltaEncodingRequiredColumn) {
  auto columns = DecodeDeltaFile(
      floe::testing::CorpusPath("parquet-testing/data/delta_encoding_required_column.parquet"));
  CompareWithCsv(
      columns,
      floe::testing::CorpusPath("parquet-testing/data/delta_encoding_required_column_expect.csv"),
      100);
}

TEST(EncodingCorpusTest, DeltaEncodingOptionalColumn) {
  auto columns = DecodeDeltaFile(
      floe::testing::CorpusPath("parquet-testing/data/delta_encoding_optional_column.parquet"));
  CompareWithCsv(
      columns,
      floe::testing::CorpusPath("parquet-testing/data/delta_encoding_optional_column_expect.csv"),
      100);
}

TEST(EncodingCorpusTest, DeltaByteArray) {
  auto columns =
      DecodeDeltaFile(floe::testing::CorpusPath("parquet-testing/data/delta_byte_array.parquet"));
  CompareWithCsv(
      columns, floe::testing::CorpusPath("parquet-testing/data/delta_byte_array_expect.csv"), 1000);
}

}  // namespace
}  // namespace floe::parquet
