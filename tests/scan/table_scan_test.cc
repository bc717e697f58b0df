// PlanScan's column-stats option on real tables (the duckdb-iceberg corpus): without it, tasks
// carry no column metrics (only the filter's were decoded, for pruning); with it, each task's
// data file is the manifest's entry, metrics and all. Both plan the same files with the same
// deletes and the same "every row matches" verdicts.
#include "floe/scan/table_scan.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "floe/commit/metadata_file.h"
#include "floe/io/file_io.h"
#include "floe/io/location_map.h"
#include "floe/manifest/manifest_list_reader.h"
#include "floe/manifest/manifest_list_writer.h"
#include "floe/manifest/manifest_reader.h"
#include "floe/manifest/manifest_writer.h"
#include "floe/spec/single_value.h"
#include "floe/util/thread_pool.h"
#include "testing/filter_text.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::scan {
namespace table_scan_test {  // named: the unity build puts other files' helpers beside these

void ExpectSameReport(const PlanReport& a, const PlanReport& b) {
  EXPECT_EQ(a.data_manifests, b.data_manifests);
  EXPECT_EQ(a.data_manifests_skipped, b.data_manifests_skipped);
  EXPECT_EQ(a.delete_manifests, b.delete_manifests);
  EXPECT_EQ(a.delete_manifests_skipped, b.delete_manifests_skipped);
  EXPECT_EQ(a.data_files, b.data_files);
  EXPECT_EQ(a.data_files_skipped, b.data_files_skipped);
  EXPECT_EQ(a.data_files_in_skipped_manifests, b.data_files_in_skipped_manifests);
  EXPECT_EQ(a.delete_files, b.delete_files);
  EXPECT_EQ(a.delete_files_applied, b.delete_files_applied);
  EXPECT_EQ(a.bytes_total, b.bytes_total);
  EXPECT_EQ(a.bytes_to_read, b.bytes_to_read);
  EXPECT_EQ(a.records_planned, b.records_planned);
}

void ExpectSameTask(const FileScanTask& a, const FileScanTask& b) {
  EXPECT_EQ(a.data_file, b.data_file);
  EXPECT_EQ(a.data_sequence_number, b.data_sequence_number);
  EXPECT_EQ(a.deletes, b.deletes);
  EXPECT_EQ(a.all_rows_match, b.all_rows_match);
}

// The tasks PlanScan hands to a consumer that copies each one (so the planner reuses their
// storage for the next entries) are the collected plan's tasks, with the same report.
void ExpectStreamedLikeCollected(io::FileIO& io, const spec::TableMetadata& metadata,
                                 const ScanOptions& options, const ScanPlan& collected) {
  std::vector<FileScanTask> seen;
  auto copy = [&](FileScanTask& task) -> Status {
    seen.push_back(task);
    return Ok();
  };
  Result<ScanPlan> streamed = PlanScan(io, metadata, options, copy);
  ASSERT_OK(streamed);
  EXPECT_TRUE(streamed->tasks.empty());
  ExpectSameReport(streamed->report, collected.report);
  ASSERT_EQ(seen.size(), collected.tasks.size());
  for (size_t i = 0; i < seen.size(); ++i) ExpectSameTask(seen[i], collected.tasks[i]);
}

// v2 metadata of the table in `dir` (ids 1 and 2, partition field 1000) whose one snapshot
// (id 1, sequence number 1) lists its manifests in `list_path`.
spec::TableMetadata OneSnapshotTable(const floe::testing::TempDir& dir, const spec::Schema& schema,
                                     const spec::PartitionSpec& spec,
                                     const std::string& list_path) {
  spec::TableMetadata metadata;
  metadata.format_version = 2;
  metadata.location = dir.path();
  metadata.schemas = {schema};
  metadata.partition_specs = {spec};
  metadata.last_column_id = 2;
  metadata.last_partition_id = 1000;
  spec::Snapshot snapshot;
  snapshot.snapshot_id = 1;
  snapshot.sequence_number = 1;
  snapshot.manifest_list = list_path;
  metadata.snapshots = {snapshot};
  metadata.current_snapshot_id = 1;
  metadata.last_sequence_number = 1;
  return metadata;
}

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
    std::vector<std::string> jsons =
        testing::FilesUnder(root + "/data/persistent/" + c.table, ".metadata.json");
    ASSERT_FALSE(jsons.empty());
    std::string folder = std::filesystem::path(jsons[0]).parent_path().parent_path().string();
    Result<std::string> location = commit::FindCurrentMetadataFile(*io, folder);
    ASSERT_OK(location);
    Result<spec::TableMetadata> metadata = commit::ReadMetadataFile(*io, *location);
    ASSERT_OK(metadata);

    // Every live data file of the snapshot as its manifest lists it.
    std::map<std::string, manifest::DataFile> listed;
    Result<manifest::ManifestList> list =
        manifest::ReadManifestList(*io, metadata->CurrentSnapshot()->manifest_list);
    ASSERT_OK(list);
    for (const manifest::ManifestFile& m : list->manifests) {
      if (m.content != manifest::ManifestContent::kData) continue;
      Result<std::vector<manifest::ManifestEntry>> entries = manifest::ReadManifestEntries(*io, m);
      ASSERT_OK(entries);
      for (manifest::ManifestEntry& e : *entries) {
        if (e.is_live()) listed[e.data_file.file_path] = e.data_file;
      }
    }

    ScanOptions lean;
    lean.filter = testing::FilterOf(c.filter);
    ScanOptions full = lean;
    full.column_stats = true;
    Result<ScanPlan> a = PlanScan(*io, *metadata, lean);
    Result<ScanPlan> b = PlanScan(*io, *metadata, full);
    ASSERT_OK(a);
    ASSERT_OK(b);
    ExpectStreamedLikeCollected(*io, *metadata, lean, *a);
    ExpectStreamedLikeCollected(*io, *metadata, full, *b);
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
  EXPECT_GE(tasks_checked, 9);      // the five plans hold 9 data files
  EXPECT_GT(metric_maps_seen, 10);  // the lean plan had metrics to leave behind
}

// A table of many small manifests (some entries deleted) and two delete manifests of position
// deletes, partitioned by identity(k): planned on one thread (every manifest's tasks written
// straight into the plan) and on four (most moved over in order), the tasks are the live data
// files in manifest-list then manifest order, those whose id bounds admit the filter, each with
// the position deletes of its partition: as a brute-force walk of the manifests gives them.
TEST(TableScanTest, TasksInListOrderWithTheirDeletesOnAnyThreadCount) {
  floe::testing::TempDir dir;
  std::shared_ptr<io::FileIO> io = io::LocalFileIO();
  std::mt19937_64 rng(20261130);
  spec::Schema schema;
  schema.fields = {spec::NestedField{1, "id", true, spec::Type::Long()},
                   spec::NestedField{2, "k", false, spec::Type::Int()}};
  spec::PartitionSpec spec;
  spec.fields = {spec::PartitionField{2, {}, 1000, "k", spec::Transform::Identity()}};
  manifest::ManifestListWriterOptions list_options;
  list_options.snapshot_id = 1;
  list_options.sequence_number = 1;
  std::string list_path = dir.Join("snap-1.avro");
  auto create = [&](const std::string& path) {
    Result<std::unique_ptr<io::OutputFile>> out = io->Create(path, true);
    EXPECT_OK(out);
    return out.ok() ? std::move(out).value() : nullptr;
  };
  auto list = manifest::ManifestListWriter::Open(create(list_path), list_options);
  ASSERT_OK(list);
  struct Expected {
    std::string path;
    int32_t k = 0;
    int64_t min_id = 0;
  };
  std::vector<Expected> files;  // live data files in list order
  std::map<int32_t, std::vector<std::string>> deletes_by_k;
  int serial = 0;
  for (int m = 0; m < 26; ++m) {
    bool deletes = m == 7 || m == 19;
    manifest::ManifestWriterOptions o;
    o.schema = schema;
    o.spec = spec;
    o.snapshot_id = 1;
    o.content = deletes ? manifest::ManifestContent::kDeletes : manifest::ManifestContent::kData;
    auto w = manifest::ManifestWriter::Open(create(dir.Join(fmt::format("m{}.avro", m))), o);
    ASSERT_OK(w);
    int n = static_cast<int>(rng() % 40);
    for (int i = 0; i < n; ++i) {
      manifest::DataFile f;
      f.file_path = dir.Join(fmt::format("f{}.parquet", serial++));
      f.file_format = "PARQUET";
      int32_t k = static_cast<int32_t>(rng() % 6);
      f.partition = {spec::Literal::Int(k)};
      f.record_count = 10;
      f.file_size_in_bytes = 1000;
      int64_t min_id = static_cast<int64_t>(rng() % 1000);
      f.lower_bounds = {{1, *spec::ToBinary(*spec::Type::Long(), spec::Literal::Long(min_id))}};
      f.upper_bounds = {
          {1, *spec::ToBinary(*spec::Type::Long(), spec::Literal::Long(min_id + 50))}};
      if (deletes) {
        f.content = manifest::FileContent::kPositionDeletes;
        deletes_by_k[k].push_back(f.file_path);
        ASSERT_OK((*w)->WriteAdded(f));
      } else if (rng() % 5 == 0) {
        manifest::ManifestEntry gone;
        gone.status = manifest::EntryStatus::kDeleted;
        gone.snapshot_id = 1;
        gone.sequence_number = 1;
        gone.file_sequence_number = 1;
        gone.data_file = f;
        ASSERT_OK((*w)->WriteDeleted(gone));
      } else {
        files.push_back({f.file_path, k, min_id});
        ASSERT_OK((*w)->WriteAdded(f));
      }
    }
    auto closed = (*w)->Close();
    ASSERT_OK(closed);
    ASSERT_OK((*list)->Add(*closed));
  }
  ASSERT_OK((*list)->Close());
  ASSERT_FALSE(deletes_by_k.empty());

  spec::TableMetadata metadata = OneSnapshotTable(dir, schema, spec, list_path);

  for (const std::string& filter : {std::string(), std::string("id < 300")}) {
    std::vector<const Expected*> expected;
    for (const Expected& f : files) {
      if (filter.empty() || f.min_id < 300) expected.push_back(&f);
    }
    for (int threads : {1, 4}) {
      SCOPED_TRACE(fmt::format("filter '{}' on {} threads", filter, threads));
      ASSERT_OK(SetThreadCount(threads));
      ScanOptions options;
      options.filter = testing::FilterOf(filter);
      Result<ScanPlan> plan = PlanScan(*io, metadata, options);
      ASSERT_OK(plan);
      ExpectStreamedLikeCollected(*io, metadata, options, *plan);
      ASSERT_EQ(plan->tasks.size(), expected.size());
      EXPECT_EQ(plan->report.data_files, static_cast<int64_t>(files.size()));
      for (size_t i = 0; i < expected.size(); ++i) {
        const FileScanTask& task = plan->tasks[i];
        EXPECT_EQ(task.data_file.file_path, expected[i]->path);
        EXPECT_EQ(task.data_sequence_number, 1);
        EXPECT_TRUE(task.data_file.lower_bounds.empty());  // no column stats asked for
        std::vector<std::string> deletes;
        for (const manifest::DeleteFile& d : task.deletes) deletes.push_back(d.file_path);
        std::vector<std::string> want = deletes_by_k[expected[i]->k];
        std::sort(deletes.begin(), deletes.end());
        std::sort(want.begin(), want.end());
        EXPECT_EQ(deletes, want) << task.data_file.file_path;
      }
    }
  }
  ASSERT_OK(SetThreadCount(0));
}

// A table in `dir` of `manifests` data manifests of `files` data files each (identity(k)
// partitions, paths f<serial>.parquet), in one snapshot. `length_off`: bytes taken off each
// manifest's length in the list (a writer's wrong figure: readers must still read it whole).
// `stray_delete`: then a manifest of one position delete file, listed as a data manifest.
spec::TableMetadata SmallTable(const floe::testing::TempDir& dir, int manifests, int files,
                               int64_t length_off = 0, bool stray_delete = false) {
  std::shared_ptr<io::FileIO> io = io::LocalFileIO();
  spec::Schema schema;
  schema.fields = {spec::NestedField{1, "id", true, spec::Type::Long()},
                   spec::NestedField{2, "k", false, spec::Type::Int()}};
  spec::PartitionSpec spec;
  spec.fields = {spec::PartitionField{2, {}, 1000, "k", spec::Transform::Identity()}};
  auto create = [&](const std::string& path) {
    Result<std::unique_ptr<io::OutputFile>> out = io->Create(path, true);
    EXPECT_OK(out);
    return std::move(out).value();
  };
  manifest::ManifestListWriterOptions list_options;
  list_options.snapshot_id = 1;
  list_options.sequence_number = 1;
  std::string list_path = dir.Join("snap-1.avro");
  auto list = manifest::ManifestListWriter::Open(create(list_path), list_options);
  EXPECT_OK(list);
  int serial = 0;
  for (int m = 0; m < manifests; ++m) {
    manifest::ManifestWriterOptions o;
    o.schema = schema;
    o.spec = spec;
    o.snapshot_id = 1;
    auto w = manifest::ManifestWriter::Open(create(dir.Join(fmt::format("m{}.avro", m))), o);
    EXPECT_OK(w);
    for (int i = 0; i < files; ++i) {
      manifest::DataFile f;
      f.file_path = dir.Join(fmt::format(
          "data/k={}/f{:06d}-a-long-enough-name-to-fill-blocks.parquet", serial % 7, serial));
      ++serial;
      f.file_format = "PARQUET";
      f.partition = {spec::Literal::Int(serial % 7)};
      f.record_count = serial;
      f.file_size_in_bytes = 1000 + serial;
      EXPECT_OK((*w)->WriteAdded(f));
    }
    Result<manifest::ManifestFile> closed = (*w)->Close();
    EXPECT_OK(closed);
    closed->manifest_length -= length_off;
    EXPECT_OK((*list)->Add(*closed));
  }
  if (stray_delete) {  // a delete manifest, listed as a data manifest
    manifest::ManifestWriterOptions o;
    o.schema = schema;
    o.spec = spec;
    o.snapshot_id = 1;
    o.content = manifest::ManifestContent::kDeletes;
    auto w =
        manifest::ManifestWriter::Open(create(dir.Join(fmt::format("m{}.avro", manifests))), o);
    EXPECT_OK(w);
    manifest::DataFile d;
    d.content = manifest::FileContent::kPositionDeletes;
    d.file_path = dir.Join("deletes.parquet");
    d.file_format = "PARQUET";
    d.partition = {spec::Literal::Int(1)};
    d.record_count = 1;
    d.file_size_in_bytes = 100;
    EXPECT_OK((*w)->WriteAdded(d));
    Result<manifest::ManifestFile> closed = (*w)->Close();
    EXPECT_OK(closed);
    closed->content = manifest::ManifestContent::kData;
    EXPECT_OK((*list)->Add(*closed));
  }
  EXPECT_OK((*list)->Close());
  return OneSnapshotTable(dir, schema, spec, list_path);
}

// The file names of the tasks handed on, in order.
Result<std::vector<std::string>> StreamedPaths(io::FileIO& io,
                                               const spec::TableMetadata& metadata) {
  std::vector<std::string> paths;
  auto keep_path = [&](FileScanTask& task) -> Status {
    paths.push_back(std::filesystem::path(task.data_file.file_path).filename().string());
    return Ok();
  };
  Result<ScanPlan> plan = PlanScan(io, metadata, ScanOptions(), keep_path);
  if (!plan.ok()) return plan.error();
  return paths;
}

// A manifest list whose manifest lengths are short: the first read of each manifest fails in
// its last block, after its first blocks' tasks were handed on; the second read (the file's
// real length) must not hand those on again. Every task once, in order, on 1 and 3 threads.
TEST(TableScanTest, WrongManifestLengthHandsEachTaskOnOnce) {
  floe::testing::TempDir dir;
  std::shared_ptr<io::FileIO> io = io::LocalFileIO();
  const int manifests = 4, files = 2500;  // about 250 kB of entries per manifest: 4 blocks
  spec::TableMetadata metadata = SmallTable(dir, manifests, files, /*length_off=*/100);
  std::vector<std::string> expected;
  for (int i = 0; i < manifests * files; ++i) {
    expected.push_back(fmt::format("f{:06d}-a-long-enough-name-to-fill-blocks.parquet", i));
  }
  for (int threads : {1, 3}) {
    SCOPED_TRACE(threads);
    ASSERT_OK(SetThreadCount(threads));
    Result<std::vector<std::string>> paths = StreamedPaths(*io, metadata);
    ASSERT_OK(paths);
    EXPECT_EQ(*paths, expected);
    Result<ScanPlan> plan = PlanScan(*io, metadata, ScanOptions());
    ASSERT_OK(plan);
    ASSERT_EQ(plan->tasks.size(), expected.size());
    EXPECT_EQ(plan->report.data_files, manifests * files);
  }
  ASSERT_OK(SetThreadCount(0));
}

// The consumer's error stops planning: it is returned, and no task is handed on after it.
TEST(TableScanTest, ConsumerErrorStopsPlanning) {
  floe::testing::TempDir dir;
  std::shared_ptr<io::FileIO> io = io::LocalFileIO();
  spec::TableMetadata metadata = SmallTable(dir, 12, 50);
  for (int threads : {1, 4}) {
    for (int stop_at : {1, 49, 50, 51, 333}) {
      SCOPED_TRACE(fmt::format("{} threads, error at task {}", threads, stop_at));
      ASSERT_OK(SetThreadCount(threads));
      int calls = 0;
      auto consume = [&](FileScanTask&) -> Status {
        if (++calls == stop_at) return Corrupt("the consumer found a bad row");
        return Ok();
      };
      Result<ScanPlan> plan = PlanScan(*io, metadata, ScanOptions(), consume);
      ASSERT_FALSE(plan.ok());
      EXPECT_EQ(plan.error().kind, ErrorKind::kCorrupt);  // not retried as a bad manifest would be
      EXPECT_EQ(plan.error().message, "the consumer found a bad row");
      EXPECT_EQ(calls, stop_at);
    }
  }
  ASSERT_OK(SetThreadCount(0));
}

// A delete file in a data manifest would miss the tasks handed on before it: the plan is
// refused with an error naming the manifest and the file (the spec keeps delete files in
// delete manifests), collected or streamed.
TEST(TableScanTest, DeleteFileInDataManifestIsRefused) {
  floe::testing::TempDir dir;
  std::shared_ptr<io::FileIO> io = io::LocalFileIO();
  spec::TableMetadata metadata = SmallTable(dir, 3, 10, 0, /*stray_delete=*/true);
  Result<ScanPlan> plan = PlanScan(*io, metadata, ScanOptions());
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(plan.error().message.find("m3.avro"), std::string::npos) << plan.error().message;
  EXPECT_NE(plan.error().message.find("position_deletes file"), std::string::npos)
      << plan.error().message;
  EXPECT_NE(plan.error().message.find("deletes.parquet"), std::string::npos)
      << plan.error().message;
  EXPECT_FALSE(StreamedPaths(*io, metadata).ok());
}

}  // namespace table_scan_test
}  // namespace floe::scan
