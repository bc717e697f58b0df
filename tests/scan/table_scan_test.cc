// PlanScan's column-stats option on real tables (the duckdb-iceberg corpus): without it, tasks
// carry no column metrics (only the filter's were decoded, for pruning); with it, each task's
// data file is the manifest's entry, metrics and all. Both plan the same files with the same
// deletes and the same "every row matches" verdicts.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "floe/io/file_io.h"
#include "floe/io/location_map.h"
#include "floe/manifest/manifest_list_reader.h"
#include "floe/manifest/manifest_reader.h"
#include "floe/scan/table_scan.h"
#include "floe/table/metadata_file.h"
#include "testing/test_util.h"

namespace floe::scan {
namespace {

TEST(TableScanTest, ColumnStatsOnlyWhenAsked) {
  const std::string root = testing::CorpusPath("duckdb-iceberg");
  io::LocationMap map = *io::LocationMap::Make({}, root);
  std::shared_ptr<io::FileIO> io = io::RemappedFileIO(io::LocalFileIO(), map);
  struct Case {
    std::string table;
    std::string filter;
  };
  const std::vector<Case> cases = {{"partition_integer", ""},
                                   {"partition_integer", "partition_col = 42"},
                                   {"expression_filter", ""},
                                   {"null_stats", ""},
                                   {"equality_deletes", ""}};
  int64_t tasks_checked = 0, metric_maps_seen = 0;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.table + " where " + c.filter);
    std::vector<std::string> jsons = testing::FilesUnder(root + "/data/persistent/" + c.table, ".metadata.json");
    ASSERT_FALSE(jsons.empty());
    std::string folder = std::filesystem::path(jsons[0]).parent_path().parent_path().string();
    Result<std::string> location = table::FindCurrentMetadataFile(*io, folder);
    ASSERT_TRUE(location.ok()) << location.error().message;
    Result<spec::TableMetadata> metadata = table::ReadMetadataFile(*io, *location);
    ASSERT_TRUE(metadata.ok()) << metadata.error().message;

    // Every live data file of the snapshot as its manifest lists it.
    std::map<std::string, manifest::DataFile> listed;
    Result<manifest::ManifestList> list = manifest::ReadManifestList(*io, metadata->CurrentSnapshot()->manifest_list);
    ASSERT_TRUE(list.ok()) << list.error().message;
    for (const manifest::ManifestFile& m : list->manifests) {
      if (m.content != manifest::ManifestContent::kData) continue;
      Result<std::vector<manifest::ManifestEntry>> entries = manifest::ReadManifestEntries(*io, m);
      ASSERT_TRUE(entries.ok()) << entries.error().message;
      for (manifest::ManifestEntry& e : *entries) {
        if (e.is_live()) listed[e.data_file.file_path] = e.data_file;
      }
    }

    ScanOptions lean;
    lean.filter = c.filter;
    ScanOptions full = lean;
    full.column_stats = true;
    Result<ScanPlan> a = PlanScan(*io, *metadata, lean);
    Result<ScanPlan> b = PlanScan(*io, *metadata, full);
    ASSERT_TRUE(a.ok()) << a.error().message;
    ASSERT_TRUE(b.ok()) << b.error().message;
    ASSERT_EQ(a->tasks.size(), b->tasks.size());
    ASSERT_FALSE(a->tasks.empty());
    for (size_t i = 0; i < a->tasks.size(); ++i) {
      const FileScanTask& x = a->tasks[i];
      const FileScanTask& y = b->tasks[i];
      EXPECT_EQ(x.all_rows_match, y.all_rows_match);
      EXPECT_EQ(x.data_sequence_number, y.data_sequence_number);
      EXPECT_EQ(x.deletes.size(), y.deletes.size());
      // With stats: exactly the listed entry.
      auto it = listed.find(y.data_file.file_path);
      ASSERT_NE(it, listed.end()) << y.data_file.file_path;
      manifest::DataFile expected = it->second;
      expected.spec_id = y.data_file.spec_id;
      EXPECT_EQ(y.data_file, expected);
      metric_maps_seen += !expected.lower_bounds.empty() + !expected.value_counts.empty();
      // Without: the same file less its metrics.
      expected.column_sizes.clear();
      expected.value_counts.clear();
      expected.null_value_counts.clear();
      expected.nan_value_counts.clear();
      expected.lower_bounds.clear();
      expected.upper_bounds.clear();
      expected.equality_ids.reset();
      expected.referenced_data_file.reset();
      expected.content_offset.reset();
      expected.content_size_in_bytes.reset();
      EXPECT_EQ(x.data_file, expected);
      ++tasks_checked;
    }
  }
  EXPECT_GE(tasks_checked, 9);  // the five plans hold 9 data files
  EXPECT_GT(metric_maps_seen, 10);  // the lean plan had metrics to leave behind
}

}  // namespace
}  // namespace floe::scan
