// Reading whole files as record batches: every Parquet file of the corpus reads with the row count
// its footer states (or fails cleanly: encrypted, malformed and fuzzed files), the iceberg
// encoding fixtures equal their PLAIN twins, and projections, batch sizes and row-group
// selection give the same values as a full read.
#include "floe/format/parquet/batch_reader.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "floe/columnar/array_equal.h"
#include "floe/io/file_io.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::parquet {
namespace {

using columnar::RecordBatch;
using floe::testing::CorpusPath;
using floe::testing::FilesUnder;

struct ReadResult {
  std::vector<RecordBatch> batches;
  int64_t rows = 0;
  int64_t footer_rows = 0;  // the row groups' counts (some writers leave the footer's at 0)
};

Result<ReadResult> ReadAll(const std::string& path, BatchReaderOptions options = {}) {
  FLOE_ASSIGN_OR_RETURN(auto file, FileReader::Open(*io::LocalFileIO(), path));
  FLOE_ASSIGN_OR_RETURN(auto reader, BatchReader::Make(*file, std::move(options)));
  ReadResult out;
  for (const RowGroup& rg : file->metadata().row_groups) out.footer_rows += rg.num_rows;
  while (true) {
    FLOE_ASSIGN_OR_RETURN(auto batch, reader->Next());
    if (!batch) break;
    FLOE_RETURN_IF_ERROR(batch->ToStructArray()->Validate());
    out.rows += batch->num_rows();
    out.batches.push_back(std::move(*batch));
  }
  return out;
}

bool CleanKind(ErrorKind k) { return k == ErrorKind::kCorrupt || k == ErrorKind::kNotSupported; }

std::vector<std::string> GoodFiles() {
  std::vector<std::string> out;
  for (const char* dir : {"parquet-testing/data", "hyparquet/test/files"}) {
    for (const std::string& f : FilesUnder(CorpusPath(dir), ".parquet")) out.push_back(f);
  }
  return out;
}

// Files that do not read, and why (each checked to fail with a clean error).
const std::map<std::string, std::string>& KnownUnreadable() {
  static const std::map<std::string, std::string> m = {
      {"large_string_map.brotli.parquet", "a page beyond the 1 GiB codec limit"},
      {"datapage_v1-corrupt-checksum.parquet", "a page CRC mismatch (on purpose)"},
      {"rle-dict-uncompressed-corrupt-checksum.parquet", "a page CRC mismatch (on purpose)"},
      {"nation.dict-malformed.parquet", "a malformed dictionary (on purpose)"},
      {"int96_from_spark.parquet",
       "a year-290000 INT96 beyond 64-bit nanoseconds (reads in microseconds: "
       "expected_values_test)"},
  };
  return m;
}

std::string BaseName(const std::string& path) { return path.substr(path.rfind('/') + 1); }

TEST(BatchReaderTest, EveryCorpusFileReadsWithItsRowCount) {
  int read = 0;
  for (const std::string& path : GoodFiles()) {
    SCOPED_TRACE(path);
    auto r = ReadAll(path);
    auto known = KnownUnreadable().find(BaseName(path));
    if (known != KnownUnreadable().end()) {
      ASSERT_FALSE(r.ok()) << "expected to fail: " << known->second;
      EXPECT_TRUE(CleanKind(r.error().kind)) << r.error().message;
      continue;
    }
    ASSERT_OK(r);
    EXPECT_EQ(r->rows, r->footer_rows);
    ++read;
  }
  EXPECT_GT(read, 100);
}

TEST(BatchReaderTest, EncryptedFilesAreNotSupported) {
  for (const std::string& path : FilesUnder(CorpusPath("parquet-testing/data"), ".encrypted")) {
    SCOPED_TRACE(path);
    auto r = ReadAll(path);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, ErrorKind::kNotSupported) << r.error().message;
  }
}

TEST(BatchReaderTest, MalformedAndFuzzedFilesFailCleanly) {
  std::vector<std::string> files = FilesUnder(CorpusPath("parquet-testing/bad_data"), ".parquet");
  for (const std::string& f : FilesUnder(CorpusPath("arrow-testing/data/parquet/fuzzing"), "")) {
    files.push_back(f);
  }
  for (const std::string& f :
       FilesUnder(CorpusPath("arrow-testing/data/parquet/encoding-fuzzing"), "")) {
    files.push_back(f);
  }
  ASSERT_GT(files.size(), 100u);
  for (const std::string& path : files) {
    SCOPED_TRACE(path);
    BatchReaderOptions options;
    options.batch_size = 1000;
    auto r = ReadAll(path, options);
    if (!r.ok()) {
      EXPECT_TRUE(CleanKind(r.error().kind)) << r.error().message;
    }
  }
}

// A9: each encoding fixture holds the same rows as PLAIN/<same name>.
TEST(BatchReaderTest, IcebergEncodingFixturesEqualTheirPlainTwins) {
  const std::string root = CorpusPath("iceberg/parquet/src/testFixtures/resources/encodings");
  int compared = 0;
  for (const std::string& path : FilesUnder(root, ".parquet")) {
    if (path.find("/PLAIN/") != std::string::npos) continue;
    SCOPED_TRACE(path);
    auto got = ReadAll(path);
    ASSERT_OK(got);
    auto want = ReadAll(root + "/PLAIN/" + BaseName(path));
    ASSERT_OK(want);
    ASSERT_EQ(got->batches.size(), want->batches.size());
    for (size_t b = 0; b < got->batches.size(); ++b) {
      for (int c = 0; c < got->batches[b].num_columns(); ++c) {
        EXPECT_EQ(
            columnar::ArrayDifference(*got->batches[b].column(c), *want->batches[b].column(c)), "");
      }
    }
    ++compared;
  }
  EXPECT_GE(compared, 30);
}

// Each row group read by a reader of its own, last first, all sharing one buffer pool (so one
// column's chunk lands in a buffer another column or row group left), equals one reader's read.
TEST(BatchReaderTest, ReadersSharingABufferPoolReadLikeOneReader) {
  int compared = 0;
  for (const std::string& path : GoodFiles()) {
    if (KnownUnreadable().count(BaseName(path))) continue;
    auto file = FileReader::Open(*io::LocalFileIO(), path);
    if (!file.ok()) continue;  // EveryCorpusFileReadsWithItsRowCount says why
    const int groups = static_cast<int>((*file)->metadata().row_groups.size());
    if (groups < 2) continue;
    SCOPED_TRACE(path);
    BatchReaderOptions options;
    options.batch_size = 1000;
    auto whole = ReadAll(path, options);
    if (!whole.ok()) continue;
    auto pool = std::make_shared<PageBufferPool>(4);
    std::vector<std::vector<RecordBatch>> by_group(static_cast<size_t>(groups));
    for (int g = groups - 1; g >= 0; --g) {
      BatchReaderOptions one = options;
      one.row_groups = std::vector<int>{g};
      one.buffer_pool = pool;
      auto reader = BatchReader::Make(**file, one);
      ASSERT_OK(reader);
      while (true) {
        auto batch = (*reader)->Next();
        ASSERT_OK(batch);
        if (!*batch) break;
        by_group[static_cast<size_t>(g)].push_back(std::move(**batch));
      }
      if ((*file)->metadata().row_groups[static_cast<size_t>(g)].num_rows > 0) {
        EXPECT_GT(pool->free_sets(), 0u) << "a finished reader gives its buffers back";
      }
    }
    std::vector<RecordBatch> pooled;
    for (auto& batches : by_group) {
      for (RecordBatch& b : batches) pooled.push_back(std::move(b));
    }
    ASSERT_EQ(pooled.size(), whole->batches.size());
    for (size_t b = 0; b < pooled.size(); ++b) {
      ASSERT_EQ(pooled[b].num_columns(), whole->batches[b].num_columns());
      for (int c = 0; c < pooled[b].num_columns(); ++c) {
        EXPECT_EQ(columnar::ArrayDifference(*pooled[b].column(c), *whole->batches[b].column(c)),
                  "");
      }
    }
    ++compared;
  }
  EXPECT_GE(compared, 10);
}

}  // namespace
}  // namespace floe::parquet
