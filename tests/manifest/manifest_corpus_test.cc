// Every manifest and manifest list in the shared corpus reads (Java/Spark, PyIceberg, DuckDB,
// iceberg-rust and BigQuery writers; v1, v2 and v3), and the ones whose expected values the
// corpus README points to (iceberg-cpp's tests at the removal commit) decode to those values.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "floe/format/avro/container_reader.h"
#include "floe/manifest/manifest_list_reader.h"
#include "floe/manifest/manifest_reader.h"
#include "floe/spec/single_value.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::manifest {
namespace {

using floe::testing::CorpusPath;
using floe::testing::FilesUnder;

const char kCppResources[] =
    "iceberg-cpp/_removed_at_e0b35ef74a1eb221514aafd446e5c3810c7a87d9/src/iceberg/test/resources/";
const char kRustData[] =
    "iceberg-rust/_removed_at_e0e2b1b65ef6d7530a21e29ffda123b26af3cc1f/crates/iceberg/testdata/";

std::string Bytes(std::initializer_list<int> b) {
  std::string s;
  for (int x : b) s.push_back(static_cast<char>(x));
  return s;
}

// The record name of a container file's schema: manifest_entry or manifest_file.
std::string RootName(const std::string& path) {
  auto io = io::LocalFileIO();
  auto file = io->OpenInput(path);
  if (!file.ok()) return "";
  auto c = avro::ContainerReader::Open(std::move(file).value());
  if (!c.ok()) return "";
  return (*c)->schema()->root().name;
}

std::vector<std::string> CorpusAvroFiles() {
  std::vector<std::string> out;
  for (const char* dir : {"iceberg-rust", "iceberg-go", "iceberg-cpp", "duckdb-iceberg"}) {
    for (const std::string& f : FilesUnder(CorpusPath(dir), ".avro")) out.push_back(f);
  }
  return out;
}

Result<std::vector<ManifestEntry>> ReadEntries(const std::string& path) {
  auto io = io::LocalFileIO();
  FLOE_ASSIGN_OR_RETURN(std::shared_ptr<io::InputFile> file, io->OpenInput(path));
  FLOE_ASSIGN_OR_RETURN(auto reader, ManifestReader::Open(std::move(file)));
  return reader->ReadAll();
}

Result<ManifestList> ReadList(const std::string& path) {
  auto io = io::LocalFileIO();
  return ReadManifestList(*io, path);
}

TEST(ManifestCorpusTest, EveryManifestAndManifestListReads) {
  int manifests = 0, lists = 0, entries = 0;
  for (const std::string& path : CorpusAvroFiles()) {
    SCOPED_TRACE(path);
    if (path.find("encrypted") != std::string::npos) continue;
    std::string root = RootName(path);
    if (root == "manifest_entry") {
      auto r = ReadEntries(path);
      ASSERT_OK(r);
      for (const ManifestEntry& e : *r) {
        EXPECT_FALSE(e.data_file.file_path.empty());
        EXPECT_GE(e.data_file.record_count, 0);
      }
      entries += static_cast<int>(r->size());
      ++manifests;
    } else if (root == "manifest_file" || root == "manifest_list") {  // iceberg-rust's name
      auto r = ReadList(path);
      ASSERT_OK(r);
      for (const ManifestFile& m : r->manifests) EXPECT_FALSE(m.manifest_path.empty());
      ++lists;
    } else {
      ADD_FAILURE() << "neither a manifest nor a manifest list: " << root;
    }
  }
  // 73 manifests and 75 manifest lists in the corpus (README B3-B5, C1).
  EXPECT_GE(manifests, 73);
  EXPECT_GE(lists, 75);
  EXPECT_GE(entries, 5000);  // generated_bounds alone lists 5,000 files
}

// `entries` with each metric map cut down to the field ids in `ids`.
std::vector<ManifestEntry> OnlyMetricsOf(std::vector<ManifestEntry> entries,
                                         const std::vector<int32_t>& ids) {
  auto keep = [&](int32_t id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); };
  auto cut = [&](auto& map) {
    std::erase_if(map, [&](const auto& kv) { return !keep(kv.first); });
  };
  for (ManifestEntry& e : entries) {
    DataFile& f = e.data_file;
    cut(f.column_sizes), cut(f.value_counts), cut(f.null_value_counts), cut(f.nan_value_counts);
    cut(f.lower_bounds), cut(f.upper_bounds);
  }
  return entries;
}

// Next() into one reused entry (whose metric maps and strings keep their storage from entry to
// entry), with and without a metrics projection, reads exactly what ReadAll() reads into fresh
// entries, cut down to the projected columns.
TEST(ManifestCorpusTest, ReusedEntriesAndMetricsProjectionMatchFullReads) {
  auto io = io::LocalFileIO();
  int manifests = 0, with_metrics = 0;
  for (const std::string& path : CorpusAvroFiles()) {
    if (path.find("encrypted") != std::string::npos || RootName(path) != "manifest_entry") continue;
    SCOPED_TRACE(path);
    auto full = ReadEntries(path);
    ASSERT_OK(full);
    for (const std::optional<std::vector<int32_t>>& ids :
         {std::optional<std::vector<int32_t>>(),
          std::optional<std::vector<int32_t>>(std::vector<int32_t>{}),
          std::optional<std::vector<int32_t>>(std::vector<int32_t>{1, 3, 70, 1000, 2147483546})}) {
      auto file = io->OpenInput(path);
      ASSERT_OK(file);
      ManifestReadOptions options;
      options.metrics_field_ids = ids;
      auto reader = ManifestReader::Open(std::move(file).value(), options);
      ASSERT_OK(reader);
      std::vector<ManifestEntry> read;
      ManifestEntry e;
      for (;;) {
        auto more = (*reader)->Next(&e);
        ASSERT_OK(more);
        if (!*more) break;
        read.push_back(e);
      }
      EXPECT_EQ(read, ids ? OnlyMetricsOf(*full, *ids) : *full);
    }
    ++manifests;
    for (const ManifestEntry& e : *full) with_metrics += !e.data_file.lower_bounds.empty();
  }
  EXPECT_GE(manifests, 73);
  EXPECT_GT(with_metrics, 1000);  // the projection had metrics to cut
}

TEST(ManifestCorpusTest, EncryptedManifestListIsACleanError) {
  std::string path = CorpusPath(
      "iceberg-rust/crates/iceberg/testdata/manifests_lists/manifest-list-v3-encrypted.avro");
  auto r = ReadList(path);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(r.error().message.find("manifest-list-v3-encrypted.avro"), std::string::npos)
      << r.error().message;
  auto e = ReadEntries(path);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().kind, ErrorKind::kCorrupt);
}

// iceberg-cpp manifest_reader_test.cc: V1PartitionedBasicTest (the file says format-version 2).
TEST(ManifestCorpusTest, IcebergCppV1PartitionedManifest) {
  auto r = ReadEntries(
      CorpusPath(std::string(kCppResources) + "56357cd7-391f-4df8-aa24-e7e667da8870-m4.avro"));
  ASSERT_OK(r);
  ASSERT_EQ(r->size(), 4u);
  const std::string prefix = "/tmp/db/db/iceberg_test/data/";
  const std::vector<std::string> paths = {
      "order_ts_hour=2021-01-27-00/00000-2-d5ae78b7-4449-45ec-adb7-c0e9c0bdb714-0-00001.parquet",
      "order_ts_hour=2024-01-27-00/00000-2-d5ae78b7-4449-45ec-adb7-c0e9c0bdb714-0-00002.parquet",
      "order_ts_hour=2023-01-26-00/00000-2-d5ae78b7-4449-45ec-adb7-c0e9c0bdb714-0-00003.parquet",
      "order_ts_hour=2021-01-26-00/00000-2-d5ae78b7-4449-45ec-adb7-c0e9c0bdb714-0-00004.parquet"};
  const std::vector<int32_t> partitions = {447696, 473976, 465192, 447672};
  const std::vector<BoundMap> bounds = {
      {{1, Bytes({0xd2, 0x04, 0, 0, 0, 0, 0, 0})},
       {2, Bytes({'.', 0x16, 0, 0, 0, 0, 0, 0})},
       {3, Bytes({0x12, 0xe2})},
       {4, Bytes({0xc0, 'y', 0xe7, 0x98, 0xd6, 0xb9, 0x05, 0x00})}},
      {{1, Bytes({0xd2, 0x04, 0, 0, 0, 0, 0, 0})},
       {2, Bytes({'.', 0x16, 0, 0, 0, 0, 0, 0})},
       {3, Bytes({0x12, 0xe3})},
       {4, Bytes({0xc0, 0x19, '#', '=', 0xe2, 0x0f, 0x06, 0x00})}},
      {{1, Bytes({'{', 0, 0, 0, 0, 0, 0, 0})},
       {2, Bytes({0xc8, 0x01, 0, 0, 0, 0, 0, 0})},
       {3, Bytes({0x0e, '"'})},
       {4, Bytes({0xc0, 0xd9, '7', 0x93, 0x1f, 0xf3, 0x05, 0x00})}},
      {{1, Bytes({'{', 0, 0, 0, 0, 0, 0, 0})},
       {2, Bytes({0xc8, 0x01, 0, 0, 0, 0, 0, 0})},
       {3, Bytes({0x0e, '!'})},
       {4, Bytes({0xc0, 0x19, 0x10, '{', 0xc2, 0xb9, 0x05, 0x00})}}};
  for (size_t i = 0; i < 4; ++i) {
    SCOPED_TRACE(i);
    const ManifestEntry& e = (*r)[i];
    EXPECT_EQ(e.status, EntryStatus::kAdded);
    EXPECT_EQ(e.snapshot_id, 6387266376565973956);
    EXPECT_EQ(e.sequence_number, std::nullopt);  // a v2 file (format-version 2): inherited
    const DataFile& f = e.data_file;
    EXPECT_EQ(f.content, FileContent::kData);
    EXPECT_EQ(f.file_path, prefix + paths[i]);
    EXPECT_EQ(f.file_format, "PARQUET");
    ASSERT_EQ(f.partition.size(), 1u);
    EXPECT_EQ(f.partition[0], spec::Literal::Int(partitions[i]));
    EXPECT_EQ(f.record_count, 1);
    EXPECT_EQ(f.file_size_in_bytes, 1375);
    EXPECT_EQ(f.column_sizes, (CountMap{{1, 49}, {2, 49}, {3, 49}, {4, 49}}));
    EXPECT_EQ(f.value_counts, (CountMap{{1, 1}, {2, 1}, {3, 1}, {4, 1}}));
    EXPECT_EQ(f.null_value_counts, (CountMap{{1, 0}, {2, 0}, {3, 0}, {4, 0}}));
    EXPECT_EQ(f.split_offsets, (std::vector<int64_t>{4}));
    EXPECT_EQ(f.sort_order_id, 0);
    EXPECT_EQ(f.lower_bounds, bounds[i]);
    EXPECT_EQ(f.upper_bounds, bounds[i]);
    EXPECT_FALSE(f.key_metadata);
  }
}

// iceberg-cpp manifest_reader_test.cc: V2NonPartitionedBasicTest.
TEST(ManifestCorpusTest, IcebergCppV2UnpartitionedManifest) {
  auto r = ReadEntries(
      CorpusPath(std::string(kCppResources) + "2ddf1bc9-830b-4015-aced-c060df36f150-m0.avro"));
  ASSERT_OK(r);
  ASSERT_EQ(r->size(), 1u);
  const ManifestEntry& e = (*r)[0];
  EXPECT_EQ(e.status, EntryStatus::kAdded);
  EXPECT_EQ(e.snapshot_id, 679879563479918846);
  EXPECT_EQ(e.sequence_number, std::nullopt);  // inherited; no manifest-list entry given
  EXPECT_EQ(e.file_sequence_number, std::nullopt);
  const DataFile& f = e.data_file;
  EXPECT_EQ(f.file_path,
            "/tmp/db/db/v2_manifest_non_partitioned/data/"
            "00000-0-b0f98903-6d21-45fd-9e0b-afbd4963e365-0-00001.parquet");
  EXPECT_EQ(f.record_count, 4);
  EXPECT_EQ(f.file_size_in_bytes, 1344);
  EXPECT_TRUE(f.partition.empty());
  EXPECT_EQ(f.column_sizes, (CountMap{{1, 56}, {2, 73}, {3, 66}, {4, 67}}));
  EXPECT_EQ(f.value_counts, (CountMap{{1, 4}, {2, 4}, {3, 4}, {4, 4}}));
  EXPECT_EQ(f.null_value_counts, (CountMap{{1, 0}, {2, 0}, {3, 0}, {4, 0}}));
  EXPECT_EQ(f.nan_value_counts, (CountMap{{4, 0}}));
  EXPECT_EQ(f.lower_bounds,
            (BoundMap{{1, Bytes({1, 0, 0, 0, 0, 0, 0, 0})},
                      {2, "record_four"},
                      {3, "data_content_1"},
                      {4, Bytes({0xcd, 0xcc, 0xcc, 0xcc, 0xcc, 0xdc, 0x5e, 0x40})}}));
  EXPECT_EQ(f.upper_bounds,
            (BoundMap{{1, Bytes({4, 0, 0, 0, 0, 0, 0, 0})},
                      {2, "record_two"},
                      {3, "data_content_4"},
                      {4, Bytes({0x14, 0xae, 0x47, 0xe1, 0x7a, 0x8c, 0x7c, 0x40})}}));
  EXPECT_EQ(f.split_offsets, (std::vector<int64_t>{4}));
  EXPECT_EQ(f.sort_order_id, 0);
  EXPECT_FALSE(f.first_row_id);

  // With its manifest-list entry the nulls are inherited.
  ManifestFile mf;
  mf.manifest_path =
      CorpusPath(std::string(kCppResources) + "2ddf1bc9-830b-4015-aced-c060df36f150-m0.avro");
  mf.sequence_number = 7;
  mf.added_snapshot_id = 679879563479918846;
  auto io = io::LocalFileIO();
  auto inherited = ReadManifestEntries(*io, mf);
  ASSERT_OK(inherited);
  EXPECT_EQ((*inherited)[0].sequence_number, 7);
  EXPECT_EQ((*inherited)[0].file_sequence_number, 7);
}

// iceberg-cpp manifest_list_test.cc: BasicTest (v2).
TEST(ManifestCorpusTest, IcebergCppV2ManifestList) {
  auto r =
      ReadList(CorpusPath(std::string(kCppResources) +
                          "snap-7412193043800610213-1-2bccd69e-d642-4816-bba0-261cd9bd0d93.avro"));
  ASSERT_OK(r);
  EXPECT_EQ(r->metadata.format_version, 2);
  ASSERT_EQ(r->manifests.size(), 4u);
  const std::vector<std::string> paths = {"2bccd69e-d642-4816-bba0-261cd9bd0d93-m0.avro",
                                          "9b6ffacd-ef10-4abf-a89c-01c733696796-m0.avro",
                                          "2541e6b5-4923-4bd5-886d-72c6f7228400-m0.avro",
                                          "3118c801-d2e0-4df6-8c7a-7d4eaade32f8-m0.avro"};
  const std::vector<int64_t> sizes = {7433, 7431, 7433, 7431};
  const std::vector<int64_t> ids = {7412193043800610213, 5485972788975780755, 1679468743751242972,
                                    1579605567338877265};
  const std::vector<std::string> bounds = {Bytes({'x', ';', 7, 0}), Bytes({'(', 0x19, 7, 0}),
                                           Bytes({0xd0, 0xd4, 6, 0}), Bytes({0xb8, 0xd4, 6, 0})};
  for (size_t i = 0; i < 4; ++i) {
    SCOPED_TRACE(i);
    ManifestFile want;
    want.manifest_path = "/tmp/db/db/iceberg_test/metadata/" + paths[i];
    want.manifest_length = sizes[i];
    want.partition_spec_id = 0;
    want.content = ManifestContent::kData;
    want.sequence_number = 4 - static_cast<int64_t>(i);
    want.min_sequence_number = 4 - static_cast<int64_t>(i);
    want.added_snapshot_id = ids[i];
    want.added_files_count = 1;
    want.existing_files_count = 0;
    want.deleted_files_count = 0;
    want.added_rows_count = 1;
    want.existing_rows_count = 0;
    want.deleted_rows_count = 0;
    want.partitions = std::vector<PartitionFieldSummary>{{false, false, bounds[i], bounds[i]}};
    EXPECT_EQ(r->manifests[i], want);
  }
}

// iceberg-cpp manifest_list_test.cc: PartitionTest, ComplexTypeTest, PartitionComplexTypeTest (v1).
TEST(ManifestCorpusTest, IcebergCppV1ManifestLists) {
  struct Case {
    std::string file, prefix;
    std::vector<std::string> paths;
    std::vector<int64_t> sizes;
    int64_t snapshot;
    std::vector<std::array<int, 6>> counts;  // added/existing/deleted files, then rows
    std::vector<std::vector<std::pair<std::string, std::string>>> bounds;
  };
  std::string d222 = "2022-2-22", d223 = "2022-2-23", d224 = "2022-2-24";
  std::vector<Case> cases = {
      {"snap-7532614258660258098-1-eafd2972-f58e-4185-9237-6378f564787e.avro",
       "iceberg-warehouse/db/v1_partition_test/metadata/",
       {"eafd2972-f58e-4185-9237-6378f564787e-m1.avro",
        "eafd2972-f58e-4185-9237-6378f564787e-m0.avro"},
       {6185, 6113},
       7532614258660258098,
       {{4, 0, 0, 6, 0, 0}, {0, 0, 2, 0, 0, 6}},
       {{{"2022-02-22", d223}}, {{d222, d223}}}},
      {"snap-4134160420377642835-1-aeffe099-3bac-4011-bc17-5875210d8dc0.avro",
       "iceberg-warehouse/db/v1_type_test/metadata/",
       {"aeffe099-3bac-4011-bc17-5875210d8dc0-m1.avro",
        "aeffe099-3bac-4011-bc17-5875210d8dc0-m0.avro"},
       {6498, 6513},
       4134160420377642835,
       {{1, 0, 0, 2, 0, 0}, {0, 0, 1, 0, 0, 3}},
       {{}, {}}},
      {"snap-7522296285847100621-1-5d690750-8fb4-4cd1-8ae7-85c7b39abe14.avro",
       "iceberg-warehouse/db2/v1_complex_partition_test/metadata/",
       {"5d690750-8fb4-4cd1-8ae7-85c7b39abe14-m0.avro",
        "5d690750-8fb4-4cd1-8ae7-85c7b39abe14-m1.avro"},
       {6402, 6318},
       7522296285847100621,
       {{0, 3, 1, 0, 4, 2}, {0, 1, 1, 0, 1, 1}},
       {{{d222, d224}, {Bytes({2, 0, 0, 0, 0, 0, 0, 0}), Bytes({5, 0, 0, 0, 0, 0, 0, 0})}},
        {{d222, d223}, {Bytes({2, 0, 0, 0, 0, 0, 0, 0}), Bytes({4, 0, 0, 0, 0, 0, 0, 0})}}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.file);
    auto r = ReadList(CorpusPath(std::string(kCppResources) + c.file));
    ASSERT_OK(r);
    EXPECT_EQ(r->metadata.format_version, 1);
    ASSERT_EQ(r->manifests.size(), 2u);
    for (size_t i = 0; i < 2; ++i) {
      const ManifestFile& m = r->manifests[i];
      EXPECT_EQ(m.manifest_path, c.prefix + c.paths[i]);
      EXPECT_EQ(m.manifest_length, c.sizes[i]);
      EXPECT_EQ(m.partition_spec_id, 0);
      EXPECT_EQ(m.content, ManifestContent::kData);
      EXPECT_EQ(m.sequence_number, 0);
      EXPECT_EQ(m.min_sequence_number, 0);
      EXPECT_EQ(m.added_snapshot_id, c.snapshot);
      EXPECT_EQ(m.added_files_count, c.counts[i][0]);
      EXPECT_EQ(m.existing_files_count, c.counts[i][1]);
      EXPECT_EQ(m.deleted_files_count, c.counts[i][2]);
      EXPECT_EQ(m.added_rows_count, c.counts[i][3]);
      EXPECT_EQ(m.existing_rows_count, c.counts[i][4]);
      EXPECT_EQ(m.deleted_rows_count, c.counts[i][5]);
      ASSERT_TRUE(m.partitions);
      ASSERT_EQ(m.partitions->size(), c.bounds[i].size());
      for (size_t j = 0; j < c.bounds[i].size(); ++j) {
        const PartitionFieldSummary& s = (*m.partitions)[j];
        EXPECT_FALSE(s.contains_null);
        EXPECT_EQ(s.contains_nan, false);
        EXPECT_EQ(s.lower_bound, c.bounds[i][j].first);
        EXPECT_EQ(s.upper_bound, c.bounds[i][j].second);
      }
    }
  }
}

TEST(ManifestCorpusTest, DuckDbV3ManifestList) {
  auto r = ReadList(CorpusPath("iceberg-go/testdata/duckdb_v3_manifest_list.avro"));
  ASSERT_OK(r);
  EXPECT_EQ(r->metadata.format_version, 3);  // no header: inferred from first_row_id
  ASSERT_EQ(r->manifests.size(), 2u);
  const ManifestFile& data = r->manifests[0];
  EXPECT_EQ(data.manifest_path,
            "s3://warehouse/wh/db/logs/metadata/d0a470ec-1c03-429b-bd84-34a66a122316-m0.avro");
  EXPECT_EQ(data.manifest_length, 2390);
  EXPECT_EQ(data.content, ManifestContent::kData);
  EXPECT_EQ(data.sequence_number, 1);
  EXPECT_EQ(data.added_snapshot_id, 5275221492656851850);
  EXPECT_EQ(data.added_rows_count, 100);
  EXPECT_EQ(data.first_row_id, 0);
  EXPECT_FALSE(data.partitions);
  const ManifestFile& deletes = r->manifests[1];
  EXPECT_EQ(deletes.content, ManifestContent::kDeletes);
  EXPECT_EQ(deletes.sequence_number, 2);
  EXPECT_EQ(deletes.min_sequence_number, 2);
  EXPECT_EQ(deletes.added_snapshot_id, 226306597092543916);
  EXPECT_EQ(deletes.added_rows_count, 10);
  EXPECT_EQ(deletes.first_row_id, 100);
}

TEST(ManifestCorpusTest, IcebergRustJavaWrittenFiles) {
  // simple_manifest_list_v2 says format-version "" in its header: inferred from the fields.
  auto l2 = ReadList(CorpusPath(std::string(kRustData) + "simple_manifest_list_v2.avro"));
  ASSERT_OK(l2);
  EXPECT_EQ(l2->metadata.format_version, 2);
  ASSERT_GE(l2->manifests.size(), 1u);
  EXPECT_EQ(l2->manifests[0].manifest_path,
            "s3a://icebergdata/demo/s1/t1/metadata/05ffe08b-810f-49b3-a8f4-e88fc99b254a-m0.avro");
  EXPECT_EQ(l2->manifests[0].manifest_length, 6926);
  EXPECT_EQ(l2->manifests[0].partition_spec_id, 1);
  EXPECT_EQ(l2->manifests[0].sequence_number, 1);
  EXPECT_EQ(l2->manifests[0].added_snapshot_id, 377075049360453639);
  EXPECT_EQ(l2->manifests[0].added_files_count, 1);
  EXPECT_EQ(l2->manifests[0].added_rows_count, 3);
  ASSERT_TRUE(l2->manifests[0].partitions);
  EXPECT_EQ((*l2->manifests[0].partitions)[0].lower_bound, Bytes({1, 0, 0, 0, 0, 0, 0, 0}));

  auto l1 = ReadList(CorpusPath(std::string(kRustData) + "simple_manifest_list_v1.avro"));
  ASSERT_OK(l1);
  EXPECT_EQ(l1->metadata.snapshot_id, 1646658105718557341);
  EXPECT_FALSE(l1->metadata.parent_snapshot_id);  // "null"
  ASSERT_GE(l1->manifests.size(), 1u);
  EXPECT_EQ(l1->manifests[0].manifest_length, 5806);
  EXPECT_EQ(l1->manifests[0].added_files_count, 3);  // written as added_data_files_count

  auto p1 = ReadEntries(CorpusPath(std::string(kRustData) + "partition_manifest_v1.avro"));
  ASSERT_OK(p1);
  ASSERT_GE(p1->size(), 1u);
  EXPECT_EQ((*p1)[0].snapshot_id, 8205833995881562618);
  EXPECT_EQ((*p1)[0].data_file.partition, std::vector<spec::Literal>{spec::Literal::String("x")});
  EXPECT_EQ((*p1)[0].data_file.file_size_in_bytes, 874);

  auto p2 = ReadEntries(CorpusPath(std::string(kRustData) + "partition_manifest_v2.avro"));
  ASSERT_OK(p2);
  ASSERT_GE(p2->size(), 1u);
  EXPECT_EQ((*p2)[0].sequence_number, 1);
  EXPECT_EQ((*p2)[0].file_sequence_number, 1);
  EXPECT_EQ((*p2)[0].data_file.file_format, "parquet");
  EXPECT_EQ((*p2)[0].data_file.partition,
            (std::vector<spec::Literal>{spec::Literal::Int(1), spec::Literal::Long(1000)}));
}

}  // namespace
}  // namespace floe::manifest
