// Opening real files: every Parquet file of the corpus opens and its footer and schema decode
// (encrypted ones are NotSupported); every malformed or fuzzed file gives a clean error or a valid
// footer, never a crash; flipped and truncated footers likewise. Page headers of every column chunk
// and the page indexes are decoded along the way.
#include "floe/format/parquet/file_reader.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "floe/format/parquet/bloom_filter_header.h"
#include "floe/format/parquet/file_metadata_json.h"
#include "floe/format/parquet/page_header.h"
#include "floe/io/file_io.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::parquet {
namespace {

using floe::testing::CorpusPath;
using floe::testing::FilesUnder;

bool IsCleanKind(ErrorKind k) { return k == ErrorKind::kCorrupt || k == ErrorKind::kNotSupported; }

// Walks the pages of every column chunk (headers only), as a page reader will, and reads the
// page indexes and bloom filter headers. Returns the first error; counts the pages seen.
Status WalkPages(const FileReader& reader, int* pages) {
  const FileMetaData& md = reader.metadata();
  std::string file;
  FLOE_ASSIGN_OR_RETURN(file, reader.file().ReadAll());
  for (size_t g = 0; g < md.row_groups.size(); ++g) {
    for (size_t c = 0; c < md.row_groups[g].columns.size(); ++c) {
      const ColumnChunk& cc = md.row_groups[g].columns[c];
      const ColumnMetaData& m = *cc.meta_data;
      int64_t start = m.data_page_offset;
      if (m.dictionary_page_offset && *m.dictionary_page_offset > 0 &&
          *m.dictionary_page_offset < start) {
        start = *m.dictionary_page_offset;
      }
      int64_t end = start + m.total_compressed_size;
      if (start < 0 || end > static_cast<int64_t>(file.size()) || end < start) {
        return Corrupt("column chunk {} of row group {} lies outside the file", c, g);
      }
      int64_t values = 0;
      int64_t pos = start;
      while (pos < end && values < m.num_values) {
        size_t header_size = 0;
        FLOE_ASSIGN_OR_RETURN(PageHeader h,
                              DecodePageHeader(reinterpret_cast<const uint8_t*>(file.data()) + pos,
                                               static_cast<size_t>(end - pos), &header_size));
        if (h.data_page_header) values += h.data_page_header->num_values;
        if (h.data_page_header_v2) values += h.data_page_header_v2->num_values;
        pos += static_cast<int64_t>(header_size) + h.compressed_page_size;
        ++*pages;
      }
      if (cc.column_index_offset) {
        auto ci = reader.ReadColumnIndex(static_cast<int>(g), static_cast<int>(c));
        if (!ci.ok() && ci.error().kind != ErrorKind::kNotFound) return ci.error();
      }
      if (cc.offset_index_offset) {
        auto oi = reader.ReadOffsetIndex(static_cast<int>(g), static_cast<int>(c));
        if (!oi.ok() && oi.error().kind != ErrorKind::kNotFound) return oi.error();
      }
      if (m.bloom_filter_offset && *m.bloom_filter_offset >= 0 &&
          *m.bloom_filter_offset < static_cast<int64_t>(file.size())) {
        size_t header_size = 0;
        const auto* p = reinterpret_cast<const uint8_t*>(file.data()) + *m.bloom_filter_offset;
        FLOE_ASSIGN_OR_RETURN(
            BloomFilterHeader bh,
            DecodeBloomFilterHeader(p, file.size() - *m.bloom_filter_offset, &header_size));
        if (!SupportedBloomFilter(bh)) return NotSupported("bloom filter kind");
      }
    }
  }
  return Ok();
}

std::vector<std::string> WellFormedFiles() {
  std::vector<std::string> files;
  for (const char* dir :
       {"parquet-testing/data", "arrow-testing/data/parquet",
        "iceberg/parquet/src/testFixtures/resources/encodings", "hyparquet/test/files"}) {
    for (const std::string& f : FilesUnder(CorpusPath(dir), ".parquet")) {
      if (f.find("/fuzzing/") != std::string::npos ||
          f.find("/encoding-fuzzing/") != std::string::npos) {
        continue;
      }
      files.push_back(f);
    }
  }
  return files;
}

TEST(FileReaderTest, EveryCorpusFileOpens) {
  auto io = io::LocalFileIO();
  std::vector<std::string> files = WellFormedFiles();
  ASSERT_GT(files.size(), 150u);
  int opened = 0, pages = 0;
  for (const std::string& f : files) {
    SCOPED_TRACE(f);
    auto reader = FileReader::Open(*io, f);
    ASSERT_OK(reader);
    ++opened;
    EXPECT_GE((*reader)->schema().num_columns(), 0);
    // The JSON form renders whatever was decoded.
    EXPECT_FALSE(FileMetaDataToJson((*reader)->metadata()).empty());
    // Chunks with known-bad page data are still walked for their headers; a few files break
    // on purpose (see parquet-testing/data/README.md) and must fail cleanly.
    Status s = WalkPages(**reader, &pages);
    if (!s.ok()) {
      EXPECT_TRUE(IsCleanKind(s.error().kind)) << s.error().message;
      ADD_FAILURE() << "page walk failed: " << s.error().message;
    }
  }
  EXPECT_GT(pages, 1000);
  std::printf("[ info ] %d files opened, %d page headers decoded\n", opened, pages);
}

TEST(FileReaderTest, EncryptedFilesAreNotSupported) {
  auto io = io::LocalFileIO();
  auto files = FilesUnder(CorpusPath("parquet-testing/data"), ".parquet.encrypted");
  ASSERT_GE(files.size(), 5u);
  for (const std::string& f : files) {
    SCOPED_TRACE(f);
    auto reader = FileReader::Open(*io, f);
    ASSERT_FALSE(reader.ok());
    EXPECT_EQ(reader.error().kind, ErrorKind::kNotSupported) << reader.error().message;
    EXPECT_NE(reader.error().message.find("encrypted Parquet files are not supported"),
              std::string::npos)
        << reader.error().message;
  }
}

TEST(FileReaderTest, MalformedFilesFailCleanly) {
  auto io = io::LocalFileIO();
  std::vector<std::string> files;
  for (const char* dir : {"parquet-testing/bad_data", "arrow-testing/data/parquet/fuzzing",
                          "arrow-testing/data/parquet/encoding-fuzzing"}) {
    for (const std::string& f : FilesUnder(CorpusPath(dir), "")) {
      if (f.size() > 3 && f.compare(f.size() - 3, 3, ".md") == 0) continue;
      files.push_back(f);
    }
  }
  ASSERT_GE(files.size(), 140u);
  int ok = 0, failed = 0;
  for (const std::string& f : files) {
    SCOPED_TRACE(f);
    auto reader = FileReader::Open(*io, f);
    if (!reader.ok()) {
      EXPECT_TRUE(IsCleanKind(reader.error().kind)) << reader.error().message;
      ++failed;
      continue;
    }
    ++ok;
    int pages = 0;
    Status s = WalkPages(**reader, &pages);
    if (!s.ok()) {
      EXPECT_TRUE(IsCleanKind(s.error().kind)) << s.error().message;
    }
    FileMetaDataToJson((*reader)->metadata());
  }
  std::printf("[ info ] %zu malformed files: %d footers valid, %d clean errors\n", files.size(), ok,
              failed);
}

// Flips bytes of real footers and truncates them: the decoder must fail cleanly or decode.
TEST(FileReaderTest, FlippedAndTruncatedFootersFailCleanly) {
  std::mt19937 rng(20261129);
  int decoded = 0, rejected = 0;
  for (const char* name :
       {"alltypes_plain.parquet", "nested_lists.snappy.parquet", "alltypes_tiny_pages.parquet",
        "nulls.snappy.parquet", "data_index_bloom_encoding_stats.parquet"}) {
    std::string bytes =
        floe::testing::ReadFileToString(CorpusPath(std::string("parquet-testing/data/") + name));
    int64_t len = 0;
    auto md = ParseFooter(bytes, static_cast<int64_t>(bytes.size()), &len);
    ASSERT_OK(md) << name;
    size_t footer_start = bytes.size() - 8 - static_cast<size_t>(len);
    std::string footer = bytes.substr(footer_start, static_cast<size_t>(len));
    for (int trial = 0; trial < 400; ++trial) {
      std::string mutated = footer;
      int flips = 1 + static_cast<int>(rng() % 4);
      for (int k = 0; k < flips; ++k) {
        mutated[rng() % mutated.size()] ^= static_cast<char>(1 + rng() % 255);
      }
      if (trial % 4 == 0) mutated.resize(rng() % mutated.size());
      auto r = DecodeFileMetaData(mutated);
      if (!r.ok()) {
        EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt) << r.error().message;
        ++rejected;
        continue;
      }
      auto schema = Schema::Make(r->schema);
      if (schema.ok()) {
        Status s = ValidateRowGroups(*r, *schema);
        if (!s.ok()) {
          EXPECT_TRUE(IsCleanKind(s.error().kind));
        }
      } else {
        EXPECT_TRUE(IsCleanKind(schema.error().kind)) << schema.error().message;
      }
      FileMetaDataToJson(*r);
      ++decoded;
    }
  }
  std::printf("[ info ] mutated footers: %d decoded, %d rejected\n", decoded, rejected);
}

TEST(FileReaderTest, SmallAndWrongFilesAreCorrupt) {
  int64_t len = 0;
  auto r = ParseFooter("PAR1", 4, &len);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
  std::string bad =
      std::string("PAR1") + std::string(8, '\0') + std::string("\x05\x00\x00\x00PAR1", 8);
  r = ParseFooter(bad, static_cast<int64_t>(bad.size()), &len);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
  std::string huge = std::string("PAR1") + std::string(8, '\0') + "\xff\xff\xff\x7fPAR1";
  r = ParseFooter(huge, static_cast<int64_t>(huge.size()), &len);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("does not fit"), std::string::npos) << r.error().message;
  std::string pare =
      std::string("PARE") + std::string(8, '\0') + std::string("\x05\x00\x00\x00PARE", 8);
  r = ParseFooter(pare, static_cast<int64_t>(pare.size()), &len);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kNotSupported);

  floe::testing::TempDir tmp;
  std::string path = tmp.Join("x.parquet");
  ASSERT_OK(io::WriteFile(*io::LocalFileIO(), path, "not parquet at all, no"));
  auto reader = FileReader::Open(*io::LocalFileIO(), path);
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(reader.error().message.find(path), std::string::npos) << reader.error().message;
  auto missing = FileReader::Open(*io::LocalFileIO(), tmp.Join("none.parquet"));
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::kNotFound);
}

}  // namespace
}  // namespace floe::parquet
