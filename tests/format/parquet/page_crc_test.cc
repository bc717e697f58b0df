// Page checksums: every page floe writes (dictionary pages, data pages v1 and v2) carries the
// CRC-32 of its body, as parquet-java writes by default, so a flipped bit in any page body is a
// clean error naming the file, never different values. Without the checksums some of the same
// flips read back as other values with no error (the check below shows the flips reach values).
// DuckDB reads the files.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <string>
#include <vector>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/array_equal.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/format/parquet/page_header.h"
#include "floe/io/memory_file_io.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::parquet {
namespace {

using columnar::RecordBatch;

constexpr int64_t kCrcRows = 3000;

// i: distinct int64 (plain after the dictionary limit); s: few strings with nulls (dictionary);
// d: nullable doubles; l: lists of int32 (repetition levels).
RecordBatch CrcTestBatch() {
  using columnar::Field;
  auto list_type = columnar::List(Field("element", columnar::Int32(), true).WithFieldId(5));
  auto schema = std::make_shared<columnar::Schema>(
      std::vector<Field>{Field("i", columnar::Int64(), false).WithFieldId(1),
                         Field("s", columnar::Utf8(), true).WithFieldId(2),
                         Field("d", columnar::Float64(), true).WithFieldId(3),
                         Field("l", list_type, true).WithFieldId(4)});
  columnar::Int64Builder i(columnar::Int64());
  columnar::BinaryBuilder s(columnar::Utf8());
  columnar::DoubleBuilder d(columnar::Float64());
  columnar::ListBuilder l(list_type, std::make_unique<columnar::Int32Builder>(columnar::Int32()));
  auto* elements = static_cast<columnar::Int32Builder*>(l.value_builder());
  for (int64_t k = 0; k < kCrcRows; ++k) {
    EXPECT_OK(i.Append(k * 7919 % 100003));
    EXPECT_OK(k % 5 == 0 ? s.AppendNull() : s.Append("v" + std::to_string(k % 13)));
    EXPECT_OK(k % 7 == 0 ? d.AppendNull() : d.Append(static_cast<double>(k) * 0.5));
    EXPECT_OK(l.Append());
    for (int64_t e = 0; e < k % 4; ++e) EXPECT_OK(elements->Append(static_cast<int32_t>(k + e)));
  }
  std::vector<columnar::ArrayPtr> columns;
  for (columnar::ArrayBuilder* b : std::vector<columnar::ArrayBuilder*>{&i, &s, &d, &l}) {
    auto array = b->Finish();
    EXPECT_OK(array);
    columns.push_back(*array);
  }
  auto batch = RecordBatch::Make(schema, kCrcRows, std::move(columns));
  EXPECT_OK(batch);
  return *batch;
}

struct PageSpan {
  int64_t body_offset;  // in the file
  int64_t body_size;
  std::optional<int32_t> crc;
  PageType type;
};

// Every page of every column chunk, walked through the headers.
std::vector<PageSpan> PagesOf(const std::string& bytes) {
  io::MemoryFileIO io;
  io.Put("walk.parquet", bytes);
  auto reader = FileReader::Open(io, "walk.parquet");
  EXPECT_OK(reader);
  std::vector<PageSpan> pages;
  if (!reader.ok()) return pages;
  for (const RowGroup& g : (*reader)->metadata().row_groups) {
    for (const ColumnChunk& c : g.columns) {
      const ColumnMetaData& m = *c.meta_data;
      int64_t pos = m.dictionary_page_offset.value_or(m.data_page_offset);
      int64_t end = pos + m.total_compressed_size;
      while (pos < end) {
        size_t header_size = 0;
        auto h = DecodePageHeader(reinterpret_cast<const uint8_t*>(bytes.data()) + pos,
                                  static_cast<size_t>(end - pos), &header_size);
        EXPECT_OK(h);
        if (!h.ok()) return pages;
        int64_t body = pos + static_cast<int64_t>(header_size);
        pages.push_back({body, h->compressed_page_size, h->crc, h->type});
        pos = body + h->compressed_page_size;
      }
    }
  }
  return pages;
}

std::string WriteToBytes(const RecordBatch& batch, const ParquetWriterOptions& options) {
  io::MemoryFileIO io;
  auto file = io.Create("t.parquet");
  EXPECT_OK(file);
  auto writer = ParquetWriter::Make(std::move(*file), batch.schema(), options);
  EXPECT_OK(writer);
  EXPECT_OK((*writer)->Write(batch));
  EXPECT_OK((*writer)->Close());
  return io.Get("t.parquet").value_or("");
}

// Reads the whole file at `location`: an error, or "" when it equals `batch`, or what differs.
Result<std::string> ReadDifference(io::FileIO& io, const std::string& location,
                                   const RecordBatch& batch) {
  FLOE_ASSIGN_OR_RETURN(auto file, FileReader::Open(io, location));
  BatchReaderOptions options;
  options.batch_size = kCrcRows;
  FLOE_ASSIGN_OR_RETURN(auto reader, BatchReader::Make(*file, options));
  int64_t row = 0;
  std::string diff;
  while (true) {
    FLOE_ASSIGN_OR_RETURN(std::optional<RecordBatch> next, reader->Next());
    if (!next) break;
    for (int c = 0; c < next->num_columns() && diff.empty(); ++c) {
      diff = columnar::ArrayDifference(*next->column(c),
                                       *batch.column(c)->Slice(row, next->num_rows()));
    }
    row += next->num_rows();
  }
  if (diff.empty() && row != batch.num_rows()) diff = fmt::format("{} rows", row);
  return diff;
}

struct FlipCounts {
  int flips = 0, errors = 0, equal = 0, silently_different = 0;
  std::string first_error;
};

// Flips bits at the start, middle and end of every page body and reads the file back each time.
FlipCounts FlipPageBodies(const std::string& bytes, const RecordBatch& batch) {
  FlipCounts counts;
  for (const PageSpan& page : PagesOf(bytes)) {
    for (int64_t at : {int64_t{0}, page.body_size / 2, page.body_size - 1}) {
      for (int bit : {0, 5}) {
        std::string flipped = bytes;
        flipped[static_cast<size_t>(page.body_offset + at)] ^= static_cast<char>(1 << bit);
        io::MemoryFileIO io;
        io.Put("flipped.parquet", flipped);
        ++counts.flips;
        auto diff = ReadDifference(io, "flipped.parquet", batch);
        if (!diff.ok()) {
          ++counts.errors;
          std::string message = diff.error().message;
          EXPECT_NE(message.find("flipped.parquet"), std::string::npos) << message;
          if (counts.first_error.empty()) counts.first_error = message;
        } else if (diff->empty()) {
          ++counts.equal;
        } else {
          ++counts.silently_different;
        }
      }
    }
  }
  return counts;
}

struct CrcVariant {
  CompressionCodec codec;
  bool v2;
};
const CrcVariant kCrcVariants[] = {{CompressionCodec::kUncompressed, false},
                                   {CompressionCodec::kUncompressed, true},
                                   {CompressionCodec::kZstd, false},
                                   {CompressionCodec::kSnappy, true}};

ParquetWriterOptions CrcTestOptions(const CrcVariant& v) {
  ParquetWriterOptions options;  // page_crc left at its default
  options.columns.codec = v.codec;
  options.columns.data_page_v2 = v.v2;
  options.columns.page_row_limit = 1000;         // several data pages per chunk
  options.columns.dictionary_page_bytes = 4000;  // i falls back to plain, s keeps its dictionary
  return options;
}

TEST(PageCrcTest, EveryPageCarriesTheCrc32OfItsBody) {
  RecordBatch batch = CrcTestBatch();
  for (const CrcVariant& v : kCrcVariants) {
    SCOPED_TRACE(CodecName(v.codec) + (v.v2 ? " v2" : " v1"));
    std::string bytes = WriteToBytes(batch, CrcTestOptions(v));
    std::vector<PageSpan> pages = PagesOf(bytes);
    int dictionary_pages = 0, data_pages = 0;
    for (const PageSpan& p : pages) {
      (p.type == PageType::kDictionaryPage ? dictionary_pages : data_pages)++;
      ASSERT_TRUE(p.crc.has_value()) << "page at byte " << p.body_offset << " has no crc";
      uLong crc =
          crc32(crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(bytes.data() + p.body_offset),
                static_cast<uInt>(p.body_size));
      EXPECT_EQ(static_cast<uint32_t>(*p.crc), static_cast<uint32_t>(crc))
          << "page at byte " << p.body_offset;
      EXPECT_EQ(p.type, p.type == PageType::kDictionaryPage ? PageType::kDictionaryPage
                        : v.v2                              ? PageType::kDataPageV2
                                                            : PageType::kDataPage);
    }
    EXPECT_GE(dictionary_pages, 2);  // s, l's elements (and i's, before its fallback)
    EXPECT_GE(data_pages, 12);       // 4 columns, 3 pages each
  }
}

TEST(PageCrcTest, EveryBitFlipInAPageBodyIsAnErrorNamingTheFile) {
  RecordBatch batch = CrcTestBatch();
  for (const CrcVariant& v : kCrcVariants) {
    SCOPED_TRACE(CodecName(v.codec) + (v.v2 ? " v2" : " v1"));
    FlipCounts counts = FlipPageBodies(WriteToBytes(batch, CrcTestOptions(v)), batch);
    EXPECT_GT(counts.flips, 60);
    EXPECT_EQ(counts.errors, counts.flips)
        << counts.equal << " read equal, " << counts.silently_different << " read different";
    EXPECT_NE(counts.first_error.find("page CRC mismatch"), std::string::npos)
        << counts.first_error;
  }
}

// The flips above do reach values: without checksums some read back different with no error.
TEST(PageCrcTest, WithoutChecksumsSomeFlipsReadBackAsOtherValues) {
  RecordBatch batch = CrcTestBatch();
  ParquetWriterOptions options = CrcTestOptions({CompressionCodec::kUncompressed, false});
  options.columns.page_crc = false;
  FlipCounts counts = FlipPageBodies(WriteToBytes(batch, options), batch);
  EXPECT_GT(counts.silently_different, 10) << counts.flips << " flips";
}

TEST(PageCrcTest, DuckDbReadsFilesWithChecksums) {
  const std::string script = testing::SourceDir() + "/tests/peers/duckdb.mjs";
  if (!std::filesystem::exists(testing::SourceDir() +
                               "/tests/peers/node_modules/@duckdb/node-api")) {
    GTEST_SKIP() << "DuckDB is not installed (scripts/setup installs tests/peers)";
  }
  RecordBatch batch = CrcTestBatch();
  int64_t sum_i = 0, count_s = 0, sum_len_s = 0, count_d = 0, list_values = 0;
  double sum_d = 0;
  for (int64_t k = 0; k < kCrcRows; ++k) {
    sum_i += k * 7919 % 100003;
    if (k % 5 != 0) ++count_s, sum_len_s += static_cast<int64_t>(1 + std::to_string(k % 13).size());
    if (k % 7 != 0) ++count_d, sum_d += static_cast<double>(k) * 0.5;
    list_values += k % 4;
  }
  testing::TempDir dir;
  std::string sql, expected;
  for (const CrcVariant& v : kCrcVariants) {
    std::string path = dir.Join(fmt::format("{}_{}.parquet", CodecName(v.codec), v.v2));
    auto io = io::LocalFileIO();
    auto file = io->Create(path);
    ASSERT_OK(file);
    auto writer = ParquetWriter::Make(std::move(*file), batch.schema(), CrcTestOptions(v));
    ASSERT_OK(writer);
    ASSERT_OK((*writer)->Write(batch));
    ASSERT_OK((*writer)->Close());
    sql += fmt::format(
        "select count(*), sum(i), count(s), sum(length(s)), count(d), sum(d), sum(len(l)) "
        "from read_parquet('{}');",
        path);
    expected += fmt::format("[\"{}\",\"{}\",\"{}\",\"{}\",\"{}\",{},\"{}\"]\n", kCrcRows, sum_i,
                            count_s, sum_len_s, count_d, sum_d, list_values);
  }
  // One DuckDB run for the four files: a line each.
  testing::CommandResult r =
      testing::RunCommand("node " + testing::ShellQuote(script) + " " + testing::ShellQuote(sql));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, expected);
}

}  // namespace
}  // namespace floe::parquet
