// Pages of real column chunks: every page of every corpus file decompresses (all codecs), its
// levels and values split as the header says, and the chunk's value count adds up; corrupt
// checksums and malformed files give clean errors.
#include "floe/format/parquet/page_reader.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "floe/format/parquet/file_reader.h"
#include "floe/io/file_io.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::parquet {
namespace {

using floe::testing::CorpusPath;
using floe::testing::FilesUnder;

// Reads every page of every column chunk; returns the first error.
Status ReadAllPages(const FileReader& file, int64_t* pages, int64_t* bytes) {
  for (int g = 0; g < static_cast<int>(file.metadata().row_groups.size()); ++g) {
    for (int c = 0; c < file.schema().num_columns(); ++c) {
      FLOE_ASSIGN_OR_RETURN(auto reader, OpenColumnChunk(file, g, c));
      while (true) {
        FLOE_ASSIGN_OR_RETURN(std::optional<Page> page, reader->Next());
        if (!page) break;
        ++*pages;
        *bytes += static_cast<int64_t>(page->values.size());
        const SchemaNode& leaf = file.schema().column(c);
        if (page->type != PageType::kDictionaryPage) {
          if (leaf.max_definition_level == 0 && !page->definition_levels.empty()) {
            return Corrupt("definition levels for a required column");
          }
        }
      }
    }
  }
  return Ok();
}

// Files whose pages are broken on purpose (parquet-testing/data/README.md, arrow-testing README).
const std::set<std::string, std::less<>> kBrokenOnPurpose = {
    "datapage_v1-corrupt-checksum.parquet", "rle-dict-uncompressed-corrupt-checksum.parquet",
    "nation.dict-malformed.parquet",
    "ARROW-17100.parquet",  // v2 pages flagged uncompressed but compressed
};

// Legitimate files beyond floe's 1 GiB per-page limit: NotSupported, not Corrupt.
const std::set<std::string, std::less<>> kTooLarge = {
    "large_string_map.brotli.parquet",  // one page of 2^30 + 4 bytes
};

std::string BaseNameOf(const std::string& path) { return path.substr(path.rfind('/') + 1); }

TEST(PageReaderTest, EveryPageOfEveryCorpusFileDecompresses) {
  auto io = io::LocalFileIO();
  std::vector<std::string> files;
  for (const char* dir :
       {"parquet-testing/data", "arrow-testing/data/parquet",
        "iceberg/parquet/src/testFixtures/resources/encodings", "hyparquet/test/files"}) {
    for (const std::string& f : FilesUnder(CorpusPath(dir), ".parquet")) {
      if (f.find("fuzzing/") == std::string::npos) files.push_back(f);
    }
  }
  int64_t pages = 0, bytes = 0;
  std::vector<std::string> failures;
  for (const std::string& f : files) {
    auto file = FileReader::Open(*io, f);
    ASSERT_OK(file);
    Status s = ReadAllPages(**file, &pages, &bytes);
    bool expected_broken = kBrokenOnPurpose.count(BaseNameOf(f)) > 0;
    if (!s.ok()) {
      EXPECT_TRUE(s.error().kind == ErrorKind::kCorrupt ||
                  s.error().kind == ErrorKind::kNotSupported)
          << f << ": " << s.error().message;
      if (kTooLarge.count(BaseNameOf(f)) > 0) {
        EXPECT_EQ(s.error().kind, ErrorKind::kNotSupported) << s.error().message;
      } else if (!expected_broken) {
        failures.push_back(f + ": " + s.error().message);
      }
    }
  }
  std::string report;
  for (const auto& f : failures) report += "  " + f + "\n";
  EXPECT_TRUE(failures.empty()) << failures.size() << " files failed:\n" << report;
  std::printf("[ info ] %zu files, %lld pages, %lld value bytes\n", files.size(),
              static_cast<long long>(pages), static_cast<long long>(bytes));
}

TEST(PageReaderTest, CorruptChecksumsAreDetected) {
  auto io = io::LocalFileIO();
  for (const char* name :
       {"datapage_v1-corrupt-checksum.parquet", "rle-dict-uncompressed-corrupt-checksum.parquet"}) {
    auto file = FileReader::Open(*io, CorpusPath(std::string("parquet-testing/data/") + name));
    ASSERT_OK(file);
    int64_t pages = 0, bytes = 0;
    Status s = ReadAllPages(**file, &pages, &bytes);
    ASSERT_FALSE(s.ok()) << name;
    EXPECT_EQ(s.error().kind, ErrorKind::kCorrupt);
    EXPECT_NE(s.error().message.find("CRC mismatch"), std::string::npos) << s.error().message;
  }
  // The same files' valid twins pass their checks.
  for (const char* name :
       {"datapage_v1-uncompressed-checksum.parquet",
        "datapage_v1-snappy-compressed-checksum.parquet", "rle-dict-snappy-checksum.parquet"}) {
    auto file = FileReader::Open(*io, CorpusPath(std::string("parquet-testing/data/") + name));
    ASSERT_OK(file);
    int64_t pages = 0, bytes = 0;
    Status s = ReadAllPages(**file, &pages, &bytes);
    EXPECT_OK(s) << name;
  }
}

TEST(PageReaderTest, MalformedFilesFailCleanly) {
  auto io = io::LocalFileIO();
  int clean = 0;
  for (const char* dir : {"parquet-testing/bad_data", "arrow-testing/data/parquet/fuzzing",
                          "arrow-testing/data/parquet/encoding-fuzzing"}) {
    for (const std::string& f : FilesUnder(CorpusPath(dir), "")) {
      auto file = FileReader::Open(*io, f);
      if (!file.ok()) continue;
      int64_t pages = 0, bytes = 0;
      Status s = ReadAllPages(**file, &pages, &bytes);
      if (!s.ok()) {
        EXPECT_TRUE(s.error().kind == ErrorKind::kCorrupt ||
                    s.error().kind == ErrorKind::kNotSupported)
            << f << ": " << s.error().message;
        ++clean;
      }
    }
  }
  std::printf("[ info ] %d malformed files stopped cleanly at the page level\n", clean);
}

PageReaderBuffers BuffersOfCapacity(size_t capacity) {
  PageReaderBuffers b;
  b.chunk.reserve(capacity);
  return b;
}

TEST(PageBufferPoolTest, TakesTheSmallestSetThatFitsElseTheBiggest) {
  PageBufferPool pool(3);
  EXPECT_EQ(pool.Take(CompressionCodec::kZstd, 10).chunk.capacity(), std::string().capacity());
  for (size_t c : {1000, 100000, 10000}) pool.Give(BuffersOfCapacity(c));
  pool.Give(BuffersOfCapacity(5));  // beyond the pool's capacity: dropped
  EXPECT_EQ(pool.free_sets(), 3u);
  EXPECT_GE(pool.Take(CompressionCodec::kZstd, 2000).chunk.capacity(), 10000u);
  EXPECT_LT(pool.free_sets(), 3u);
  const size_t big = pool.Take(CompressionCodec::kZstd, 1 << 20).chunk.capacity();
  EXPECT_GE(big, 100000u);
  EXPECT_LT(big, 1u << 20);
  const size_t last = pool.Take(CompressionCodec::kZstd, 10).chunk.capacity();
  EXPECT_GE(last, 1000u);
  EXPECT_LT(last, 10000u);
  EXPECT_EQ(pool.free_sets(), 0u);
}

TEST(PageBufferPoolTest, PrefersASetWithAContextForTheCodec) {
  auto snappy = compression::MakeCodec(compression::CodecKind::kSnappy);
  auto zstd = compression::MakeCodec(compression::CodecKind::kZstd);
  ASSERT_TRUE(snappy.ok() && zstd.ok());
  PageBufferPool pool;
  PageReaderBuffers a = BuffersOfCapacity(4096);
  a.codec = std::move(snappy).value();
  a.codec_kind = CompressionCodec::kSnappy;
  PageReaderBuffers b = BuffersOfCapacity(4096);
  b.codec = std::move(zstd).value();
  b.codec_kind = CompressionCodec::kZstd;
  const size_t capacity = b.chunk.capacity();
  pool.Give(std::move(b));
  if (a.chunk.capacity() != capacity) GTEST_SKIP() << "reserve gave different capacities";
  pool.Give(std::move(a));
  EXPECT_EQ(pool.Take(CompressionCodec::kZstd, 100).codec_kind, CompressionCodec::kZstd);
  EXPECT_EQ(pool.Take(CompressionCodec::kZstd, 100).codec_kind, CompressionCodec::kSnappy);
}

}  // namespace
}  // namespace floe::parquet
