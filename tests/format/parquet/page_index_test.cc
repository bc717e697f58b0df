// The page index decoder against hyparquet's `*.column_indexes.json` and `*.offset_indexes.json`
// (corpus A3): per row group, per column, the decoded ColumnIndex / OffsetIndex in JSON form must
// equal hyparquet's, with the normalizations of file_metadata_json_test.cc. A column without an
// index appears as null in hyparquet's files. A null page's min/max placeholder prints as null in
// floe and as its raw bytes in hyparquet: a floe null matches anything there.
#include "floe/format/parquet/page_index.h"

#include <gtest/gtest.h>

#include "floe/format/parquet/file_reader.h"
#include "floe/format/parquet/page_index_json.h"
#include "floe/io/file_io.h"
#include "format/parquet/hyparquet_json.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::parquet {
namespace {

using floe::testing::CorpusPath;
using floe::testing::FilesUnder;

void CompareIndexes(const std::string& suffix, bool column_index, int* compared) {
  auto io = io::LocalFileIO();
  for (const std::string& expected_path : FilesUnder(CorpusPath("hyparquet/test/files"), suffix)) {
    std::string parquet_path =
        expected_path.substr(0, expected_path.size() - suffix.size()) + ".parquet";
    SCOPED_TRACE(expected_path);
    auto reader = FileReader::Open(*io, parquet_path);
    ASSERT_OK(reader);
    auto doc = JsonDocument::Parse(
        hyp::LongIntegersAsDoubles(floe::testing::ReadFileToString(expected_path)));
    ASSERT_OK(doc);
    auto groups = (*doc)->root().AsArray();
    ASSERT_OK(groups);
    ASSERT_EQ(groups->size(), (*reader)->metadata().row_groups.size());
    for (size_t g = 0; g < groups->size(); ++g) {
      auto columns = (*groups)[g].AsArray();
      ASSERT_OK(columns);
      ASSERT_EQ(static_cast<int>(columns->size()), (*reader)->schema().num_columns());
      for (size_t c = 0; c < columns->size(); ++c) {
        const JsonValue& expected = (*columns)[c];
        std::string json;
        if (column_index) {
          auto ci = (*reader)->ReadColumnIndex(static_cast<int>(g), static_cast<int>(c));
          if (!ci.ok()) {
            EXPECT_EQ(ci.error().kind, ErrorKind::kNotFound) << ci.error().message;
            EXPECT_TRUE(expected.IsNull()) << "row group " << g << " column " << c;
            continue;
          }
          int leaf = (*reader)->schema().column(static_cast<int>(c)).index;
          json = ColumnIndexToJson(*ci, (*reader)->metadata().schema[leaf]);
        } else {
          auto oi = (*reader)->ReadOffsetIndex(static_cast<int>(g), static_cast<int>(c));
          if (!oi.ok()) {
            EXPECT_EQ(oi.error().kind, ErrorKind::kNotFound) << oi.error().message;
            EXPECT_TRUE(expected.IsNull()) << "row group " << g << " column " << c;
            continue;
          }
          json = OffsetIndexToJson(*oi);
        }
        auto mine = JsonDocument::Parse(json);
        ASSERT_OK(mine) << json;
        hyp::Comparer cmp(false, /*null_placeholders=*/true);
        cmp.Compare((*mine)->root(), expected, fmt::format("$[{}][{}]", g, c));
        std::string report;
        for (const auto& f : cmp.failures()) report += "  " + f + "\n";
        EXPECT_TRUE(cmp.failures().empty()) << report;
        ++*compared;
      }
    }
  }
}

TEST(PageIndexTest, ColumnIndexesEqualHyparquet) {
  int compared = 0;
  CompareIndexes(".column_indexes.json", true, &compared);
  EXPECT_GT(compared, 20);
  std::printf("[ info ] %d column indexes compared\n", compared);
}

TEST(PageIndexTest, OffsetIndexesEqualHyparquet) {
  int compared = 0;
  CompareIndexes(".offset_indexes.json", false, &compared);
  EXPECT_GT(compared, 20);
  std::printf("[ info ] %d offset indexes compared\n", compared);
}

TEST(PageIndexTest, InconsistentListsAreCorrupt) {
  // ColumnIndex{null_pages: [false, false], min_values: ["a"], max_values: ["b", "c"], ASCENDING}
  std::string bytes = std::string("\x19\x21\x02\x02", 4) +
                      std::string(
                          "\x19\x18\x01"
                          "a",
                          4) +
                      std::string(
                          "\x19\x28\x01"
                          "b"
                          "\x01"
                          "c",
                          6) +
                      std::string("\x15\x02\x00", 3);
  auto ci = DecodeColumnIndex(bytes);
  ASSERT_FALSE(ci.ok());
  EXPECT_EQ(ci.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(ci.error().message.find("page count"), std::string::npos) << ci.error().message;
}

}  // namespace
}  // namespace floe::parquet
