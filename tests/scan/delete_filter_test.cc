// Deletes applied to real tables: every snapshot of the Spark equality_deletes tables (plain and
// partitioned) reads back the row set the .test file documents; the hand-made cross-partition
// and extra-column equality deletes and the legacy bare deletion vector give their expected
// rows. Data files are read with the Parquet BatchReader, the deletes matched by
// DeleteFileIndex and applied by DeleteFilter. Also: Parquet position delete files for several
// data files, equality keys with nulls, promoted types and struct fields, the loader's cache
// under threads, and errors that name the delete file.
#include "floe/scan/delete_filter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/value_text.h"
#include "floe/commit/metadata_file.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/location_map.h"
#include "floe/io/memory_file_io.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/scan/data_file_reader.h"
#include "floe/scan/delete_file_index.h"
#include "floe/scan/deletion_vector.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::scan {
namespace {

using columnar::Field;

// A corpus table read through a FileIO rooted at duckdb-iceberg/ (its paths are relative).
struct CorpusTable {
  std::shared_ptr<io::FileIO> io;
  spec::TableMetadata metadata;
};

CorpusTable OpenTable(const std::string& metadata_path) {
  io::LocationMap map;
  EXPECT_OK(map.SetBase(testing::CorpusPath("duckdb-iceberg")));
  CorpusTable t;
  t.io = io::RemappedFileIO(io::LocalFileIO(), map);
  auto md = commit::ReadMetadataFile(*t.io, metadata_path);
  EXPECT_OK(md);
  if (md.ok()) t.metadata = std::move(*md);
  return t;
}

struct ReadStats {
  int64_t rows_read = 0;
  int64_t rows_deleted = 0;
  int64_t delete_files_applied = 0;
};

// The rows of `snapshot` after deletes, each as tab-separated values of every column, sorted.
std::vector<std::string> ReadRows(const CorpusTable& t, const spec::Snapshot& snapshot,
                                  DeleteLoader& loader, ReadStats* stats = nullptr) {
  std::vector<std::string> rows;
  auto list = manifest::ReadSnapshotManifests(*t.io, t.metadata, snapshot);
  EXPECT_OK(list);
  if (!list.ok()) return rows;
  auto entries = manifest::ReadLiveEntries(*t.io, t.metadata, *list);
  EXPECT_OK(entries);
  if (!entries.ok()) return rows;
  std::vector<manifest::ManifestEntry> data, deletes;
  for (auto& e : *entries) (e.data_file.is_delete() ? deletes : data).push_back(e);
  auto index = DeleteFileIndex::Make(t.metadata, deletes);
  EXPECT_OK(index);
  if (!index.ok()) return rows;
  for (const manifest::ManifestEntry& entry : data) {
    std::vector<manifest::DeleteFile> applicable = index->ForDataFile(entry);
    if (stats) stats->delete_files_applied += static_cast<int64_t>(applicable.size());
    auto filter =
        DeleteFilter::Make(*t.io, loader, *t.metadata.CurrentSchema(), entry.data_file, applicable);
    EXPECT_OK(filter);
    if (!filter.ok()) return rows;
    auto file = parquet::FileReader::Open(*t.io, entry.data_file.file_path);
    EXPECT_OK(file);
    if (!file.ok()) return rows;
    parquet::BatchReaderOptions options;
    options.parallel = false;
    options.batch_size = 2;  // several batches per file: positions must carry over
    auto reader = parquet::BatchReader::Make(**file, options);
    EXPECT_OK(reader);
    if (!reader.ok()) return rows;
    int64_t position = 0;
    while (true) {
      auto batch = (*reader)->Next();
      EXPECT_OK(batch);
      if (!batch.ok() || !*batch) break;
      std::vector<int64_t> positions((*batch)->num_rows());
      for (auto& p : positions) p = position++;
      auto keep = filter->Keep(**batch, positions);
      EXPECT_OK(keep);
      if (!keep.ok()) return rows;
      if (stats) {
        stats->rows_read += (*batch)->num_rows();
        stats->rows_deleted += (*batch)->num_rows() - keep->count;
      }
      for (int64_t i : keep->Indices()) {
        std::string row;
        for (int c = 0; c < (*batch)->num_columns(); ++c) {
          if (c > 0) row += '\t';
          columnar::AppendValueText(*(*batch)->column(c), i, &row);
        }
        rows.push_back(row);
      }
    }
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

std::vector<std::string> ReadCurrent(const std::string& metadata_path, ReadStats* stats = nullptr) {
  CorpusTable t = OpenTable(metadata_path);
  const spec::Snapshot* current = t.metadata.CurrentSnapshot();
  EXPECT_NE(current, nullptr);
  if (current == nullptr) return {};
  DeleteLoader loader;
  return ReadRows(t, *current, loader, stats);
}

// equality_deletes.test documents the rows of every snapshot (id, name, bir).
TEST(DeleteFilterCorpusTest, SparkEqualityDeletesEverySnapshot) {
  CorpusTable t = OpenTable(
      "data/persistent/equality_deletes/warehouse/mydb/mytable/metadata/v7.metadata.json");
  const std::vector<std::vector<std::string>> expected = {
      {"1\ta\t2025-01-01", "2\tb\t2025-01-02", "3\tc\t2025-01-03", "4\td\t2025-01-04"},
      {"1\ta\t2025-01-01", "3\tc\t2025-01-03", "4\td\t2025-01-04"},
      {"3\tc\t2025-01-03", "4\td\t2025-01-04"},
      {"4\td\t2025-01-04"},
      {"4\td\t2025-01-04", "5\te\t2025-01-05", "6\tf\t2025-01-06"},
      {"4\td\t2025-01-04", "5\te\t2025-01-05"},
  };
  ASSERT_EQ(t.metadata.snapshots.size(), expected.size());
  DeleteLoader loader;  // shared across snapshots, as a cache is across data files
  int missing = 0;
  for (size_t s = 0; s < expected.size(); ++s) {
    SCOPED_TRACE("snapshot " + std::to_string(s + 1));
    // The corpus lacks snapshot 2's manifest list (only a later rewrite of it is kept).
    auto exists = t.io->Exists(t.metadata.snapshots[s].manifest_list);
    ASSERT_OK(exists);
    if (!*exists) {
      ++missing;
      continue;
    }
    EXPECT_EQ(ReadRows(t, t.metadata.snapshots[s], loader), expected[s]);
  }
  EXPECT_EQ(missing, 1);
  EXPECT_EQ(loader.files_loaded(), 4);  // the four equality delete files, each read once
}

TEST(DeleteFilterCorpusTest, SparkEqualityDeletesPartitionedEverySnapshot) {
  CorpusTable t = OpenTable(
      "data/persistent/equality_deletes/warehouse/mydb/mytable_partitioned/metadata/"
      "v6.metadata.json");
  const std::vector<std::vector<std::string>> expected = {
      {"1\ta\t2025-01-01", "2\tb\t2025-01-02", "3\tc\t2025-01-03", "4\td\t2025-01-04"},
      {"1\ta\t2025-01-01", "3\tc\t2025-01-03", "4\td\t2025-01-04"},
      {"1\ta\t2025-01-01", "4\td\t2025-01-04"},
      {"1\ta\t2025-01-01", "4\td\t2025-01-04", "5\te\t2025-01-05", "6\tf\t2025-01-06"},
      {"1\ta\t2025-01-01", "4\td\t2025-01-04", "5\te\t2025-01-05"},
  };
  ASSERT_EQ(t.metadata.snapshots.size(), expected.size());
  DeleteLoader loader;
  for (size_t s = 0; s < expected.size(); ++s) {
    SCOPED_TRACE("snapshot " + std::to_string(s + 1));
    EXPECT_EQ(ReadRows(t, t.metadata.snapshots[s], loader), expected[s]);
  }
}

TEST(DeleteFilterCorpusTest, EqualityDeleteStaysInItsPartition) {
  ReadStats stats;
  EXPECT_EQ(ReadCurrent("data/persistent/equality_delete_cross_partition/warehouse/ns/t/metadata/"
                        "vfinal.metadata.json",
                        &stats),
            (std::vector<std::string>{"0\t999\tp0-k999", "1\t100\tp1-k100", "1\t888\tp1-k888"}));
  EXPECT_EQ(stats.rows_deleted, 1);
  EXPECT_EQ(stats.delete_files_applied, 1);  // only to the part=0 data file
}

TEST(DeleteFilterCorpusTest, EqualityDeleteFileWithExtraColumn) {
  EXPECT_EQ(ReadCurrent("data/persistent/equality_delete_extra_column/warehouse/ns/t/metadata/"
                        "vfinal.metadata.json"),
            (std::vector<std::string>{"1\ta", "3\tc"}));
}

TEST(DeleteFilterCorpusTest, LegacyBareDeletionVector) {
  ReadStats stats;
  EXPECT_EQ(ReadCurrent("data/persistent/legacy_bare_deletion_vector/warehouse/default/"
                        "legacy_bare_deletion_vector/metadata/00002-legacy-bare-dv.metadata.json",
                        &stats),
            (std::vector<std::string>{"1\tlegacy", "3\tlegacy"}));
  EXPECT_EQ(stats.rows_deleted, 1);
}

// --- synthetic files ---------------------------------------------------------------------

Field WithId(std::string name, columnar::DataTypePtr type, int32_t id, bool nullable = true) {
  return Field(std::move(name), std::move(type), nullable).WithFieldId(id);
}

columnar::ArrayPtr Longs(const std::vector<std::optional<int64_t>>& values,
                         columnar::DataTypePtr type = columnar::Int64()) {
  columnar::PrimitiveBuilder<int64_t> b(std::move(type));
  for (const auto& v : values) EXPECT_OK((v ? b.Append(*v) : b.AppendNull()));
  return *b.Finish();
}

columnar::ArrayPtr Ints(const std::vector<std::optional<int32_t>>& values) {
  columnar::PrimitiveBuilder<int32_t> b(columnar::Int32());
  for (const auto& v : values) EXPECT_OK((v ? b.Append(*v) : b.AppendNull()));
  return *b.Finish();
}

columnar::ArrayPtr Strings(const std::vector<std::optional<std::string>>& values) {
  columnar::BinaryBuilder b(columnar::Utf8());
  for (const auto& v : values) EXPECT_OK((v ? b.Append(*v) : b.AppendNull()));
  return *b.Finish();
}

columnar::RecordBatch Batch(std::vector<Field> fields, std::vector<columnar::ArrayPtr> columns) {
  int64_t rows = columns.empty() ? 0 : columns[0]->length;
  auto batch = columnar::RecordBatch::Make(std::make_shared<columnar::Schema>(std::move(fields)),
                                           rows, std::move(columns));
  EXPECT_OK(batch);
  return std::move(*batch);
}

void DeleteFilterWriteParquet(io::FileIO& io, const std::string& path,
                              const columnar::RecordBatch& batch) {
  auto file = io.Create(path);
  ASSERT_OK(file);
  auto writer = parquet::ParquetWriter::Make(std::move(*file), batch.schema());
  ASSERT_OK(writer);
  ASSERT_OK((*writer)->Write(batch));
  ASSERT_OK((*writer)->Close());
}

manifest::DeleteFile DeleteFileAt(std::string path, manifest::FileContent content) {
  manifest::DeleteFile f;
  f.content = content;
  f.file_path = std::move(path);
  f.file_format = "PARQUET";
  return f;
}

std::vector<int64_t> Kept(const expr::Selection& keep) { return keep.Indices(); }

spec::Schema TableSchema() {
  spec::Schema schema;
  schema.fields = {spec::NestedField{1, "id", true, spec::Type::Long()},
                   spec::NestedField{2, "name", false, spec::Type::String()}};
  return schema;
}

TEST(PositionDeletesTest, OneFileForSeveralDataFiles) {
  io::MemoryFileIO io;
  // Sorted by path, as the spec asks, with an extra `row` column nobody reads.
  columnar::RecordBatch deletes =
      Batch({WithId("file_path", columnar::Utf8(), kDeleteFilePathFieldId, false),
             WithId("pos", columnar::Int64(), kDeleteFilePosFieldId, false),
             WithId("row", columnar::Int64(), 2147483544)},
            {Strings({"a.parquet", "a.parquet", "b.parquet", "b.parquet", "b.parquet"}),
             Longs({0, 5, 1, 2, int64_t{1} << 33}), Longs({10, 11, 12, 13, 14})});
  DeleteFilterWriteParquet(io, "mem/pos.parquet", deletes);
  manifest::DeleteFile file =
      DeleteFileAt("mem/pos.parquet", manifest::FileContent::kPositionDeletes);
  auto by_path = ReadPositionDeleteFile(io, file);
  ASSERT_OK(by_path);
  ASSERT_EQ(by_path->size(), 2u);
  EXPECT_EQ(by_path->at("a.parquet").ToVector(), (std::vector<int64_t>{0, 5}));
  EXPECT_EQ(by_path->at("b.parquet").ToVector(), (std::vector<int64_t>{1, 2, int64_t{1} << 33}));

  // Applied through a filter to a.parquet: positions 0 and 5 go.
  DeleteLoader loader;
  manifest::DataFile data;
  data.file_path = "a.parquet";
  auto filter = DeleteFilter::Make(io, loader, TableSchema(), data, {file});
  ASSERT_OK(filter);
  EXPECT_TRUE(filter->needs_positions());
  EXPECT_TRUE(filter->required_field_ids().empty());
  columnar::RecordBatch rows = Batch({WithId("id", columnar::Int64(), 1)}, {Longs({1, 2, 3, 4})});
  auto keep = filter->Keep(rows, std::vector<int64_t>{3, 4, 5, 6});
  ASSERT_OK(keep);
  EXPECT_EQ(Kept(*keep), (std::vector<int64_t>{0, 1, 3}));
  // Positions out of order (not one run of rows) take the per-row path.
  EXPECT_EQ(Kept(*filter->Keep(rows, std::vector<int64_t>{5, 0, 9, 1})),
            (std::vector<int64_t>{2, 3}));
  // The same through a `_pos` column.
  columnar::RecordBatch with_pos =
      Batch({WithId("id", columnar::Int64(), 1),
             Field(std::string(kRowPositionColumn), columnar::Int64())},
            {Longs({1, 2}), Longs({0, 1})});
  EXPECT_EQ(Kept(*filter->Keep(with_pos)), (std::vector<int64_t>{1}));
  EXPECT_FALSE(filter->Keep(rows).ok());                           // no `_pos` column
  EXPECT_FALSE(filter->Keep(rows, std::vector<int64_t>{1}).ok());  // wrong count

  // A data file the delete file does not name keeps every row.
  data.file_path = "c.parquet";
  auto other = DeleteFilter::Make(io, loader, TableSchema(), data, {file});
  ASSERT_OK(other);
  EXPECT_FALSE(other->has_deletes());
  EXPECT_EQ(loader.files_loaded(), 1);  // read once for both data files
}

TEST(PositionDeletesTest, WithoutFieldIdsAndInAnotherColumnOrder) {
  io::MemoryFileIO io;
  DeleteFilterWriteParquet(
      io, "mem/noids.parquet",
      Batch({Field("pos", columnar::Int64(), false), Field("file_path", columnar::Utf8())},
            {Longs({4, 2}), Strings({"a.parquet", "b.parquet"})}));
  auto by_path = ReadPositionDeleteFile(
      io, DeleteFileAt("mem/noids.parquet", manifest::FileContent::kPositionDeletes));
  ASSERT_OK(by_path);
  EXPECT_EQ(by_path->at("a.parquet").ToVector(), std::vector<int64_t>{4});
  EXPECT_EQ(by_path->at("b.parquet").ToVector(), std::vector<int64_t>{2});
}

TEST(PositionDeletesTest, BadFilesNameTheFile) {
  io::MemoryFileIO io;
  DeleteFilterWriteParquet(
      io, "mem/nopos.parquet",
      Batch({WithId("file_path", columnar::Utf8(), kDeleteFilePathFieldId)}, {Strings({"a"})}));
  auto missing = ReadPositionDeleteFile(
      io, DeleteFileAt("mem/nopos.parquet", manifest::FileContent::kPositionDeletes));
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(missing.error().message.find("mem/nopos.parquet"), std::string::npos);

  DeleteFilterWriteParquet(io, "mem/negative.parquet",
                           Batch({WithId("file_path", columnar::Utf8(), kDeleteFilePathFieldId),
                                  WithId("pos", columnar::Int64(), kDeleteFilePosFieldId)},
                                 {Strings({"a"}), Longs({-3})}));
  auto negative = ReadPositionDeleteFile(
      io, DeleteFileAt("mem/negative.parquet", manifest::FileContent::kPositionDeletes));
  ASSERT_FALSE(negative.ok());
  EXPECT_NE(negative.error().message.find("-3"), std::string::npos);

  auto absent = ReadPositionDeleteFile(
      io, DeleteFileAt("mem/absent.parquet", manifest::FileContent::kPositionDeletes));
  ASSERT_FALSE(absent.ok());
  EXPECT_NE(absent.error().message.find("mem/absent.parquet"), std::string::npos);

  manifest::DeleteFile orc = DeleteFileAt("mem/x.orc", manifest::FileContent::kPositionDeletes);
  orc.file_format = "ORC";
  auto unsupported = ReadPositionDeleteFile(io, orc);
  ASSERT_FALSE(unsupported.ok());
  EXPECT_EQ(unsupported.error().kind, ErrorKind::kNotSupported);
  EXPECT_NE(unsupported.error().message.find("mem/x.orc"), std::string::npos);
}

TEST(EqualityDeletesTest, NullKeysPromotionAndExtraColumns) {
  io::MemoryFileIO io;
  // Written when `id` was an int; the delete file has an extra column (3) it does not key on.
  DeleteFilterWriteParquet(
      io, "mem/eq.parquet",
      Batch({WithId("id", columnar::Int32(), 1), WithId("name", columnar::Utf8(), 2),
             WithId("extra", columnar::Int64(), 3)},
            {Ints({1, std::nullopt, 3}), Strings({"a", "b", std::nullopt}), Longs({7, 8, 9})}));
  manifest::DeleteFile file =
      DeleteFileAt("mem/eq.parquet", manifest::FileContent::kEqualityDeletes);
  file.equality_ids = std::vector<int32_t>{1, 2};
  DeleteLoader loader;
  manifest::DataFile data;
  data.file_path = "d.parquet";
  auto filter = DeleteFilter::Make(io, loader, TableSchema(), data, {file});
  ASSERT_OK(filter);
  EXPECT_FALSE(filter->needs_positions());
  EXPECT_EQ(filter->required_field_ids(), (std::vector<int32_t>{1, 2}));
  // The table's `id` is now a long, and the batch lists its columns in another order.
  columnar::RecordBatch rows =
      Batch({WithId("name", columnar::Utf8(), 2), WithId("id", columnar::Int64(), 1)},
            {Strings({"a", "a", "b", "b", std::nullopt, "c", std::nullopt}),
             Longs({1, 2, std::nullopt, 2, 3, 3, std::nullopt})});
  auto keep = filter->Keep(rows, {});
  ASSERT_OK(keep);
  // Deleted: (1,a), (null,b), (3,null). Kept: (2,a), (2,b), (3,c), (null,null).
  EXPECT_EQ(Kept(*keep), (std::vector<int64_t>{1, 3, 5, 6}));

  // A batch without an equality column is the caller's mistake.
  columnar::RecordBatch no_name = Batch({WithId("id", columnar::Int64(), 1)}, {Longs({1})});
  auto bad = filter->Keep(no_name, {});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().kind, ErrorKind::kInvalidArgument);

  // An equality column dropped from the table is reported, not silently ignored.
  spec::Schema dropped;
  dropped.fields = {spec::NestedField{1, "id", true, spec::Type::Long()}};
  auto unsupported = DeleteFilter::Make(io, loader, dropped, data, {file});
  ASSERT_FALSE(unsupported.ok());
  EXPECT_EQ(unsupported.error().kind, ErrorKind::kNotSupported);

  // A key column missing from the delete file: Corrupt, naming it.
  file.equality_ids = std::vector<int32_t>{1, 4};
  auto missing = EqualityDeleteSet::Read(io, file);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::kCorrupt);
  EXPECT_NE(missing.error().message.find("mem/eq.parquet"), std::string::npos);
}

TEST(EqualityDeletesTest, KeysInsideStructsAndFloats) {
  // struct point {x: long (id 11)} at id 10, and a double (id 12).
  auto point_type = columnar::Struct({WithId("x", columnar::Int64(), 11)});
  auto make_points = [&](const std::vector<std::optional<int64_t>>& xs, std::vector<bool> valid) {
    std::vector<std::unique_ptr<columnar::ArrayBuilder>> children;
    children.push_back(std::make_unique<columnar::PrimitiveBuilder<int64_t>>(columnar::Int64()));
    columnar::StructBuilder b(point_type, std::move(children));
    auto* x = static_cast<columnar::PrimitiveBuilder<int64_t>*>(b.child(0));
    for (size_t i = 0; i < xs.size(); ++i) {
      EXPECT_OK(b.Append(valid[i]));
      EXPECT_OK((xs[i] ? x->Append(*xs[i]) : x->AppendNull()));
    }
    return *b.Finish();
  };
  auto doubles = [](const std::vector<double>& v) {
    columnar::PrimitiveBuilder<double> b(columnar::Float64());
    for (double d : v) EXPECT_OK(b.Append(d));
    return *b.Finish();
  };
  columnar::RecordBatch keys =
      Batch({WithId("point", point_type, 10), WithId("v", columnar::Float64(), 12)},
            {make_points({5, std::nullopt}, {true, false}), doubles({std::nan(""), 0.0})});
  auto set = EqualityDeleteSet::FromBatch({11, 12}, keys);
  ASSERT_OK(set);
  EXPECT_EQ(set->size(), 2u);
  columnar::RecordBatch rows =
      Batch({WithId("point", point_type, 10), WithId("v", columnar::Float64(), 12)},
            {make_points({5, 5, std::nullopt, std::nullopt, 6}, {true, true, false, true, true}),
             doubles({-std::nan(""), 1.0, 0.0, 0.0, std::nan("")})});
  std::vector<uint8_t> deleted(5, 0);
  ASSERT_OK(set->MarkDeleted(rows, &deleted));
  // (5, NaN) matches any NaN; a null struct and a null x inside a valid struct both read as a
  // null key; -0.0 is not 0.0 (Java's Double.equals), so no row with -0.0 here.
  EXPECT_EQ(deleted, (std::vector<uint8_t>{1, 0, 1, 1, 0}));
}

TEST(DeleteLoaderTest, ThreadsShareOneLoad) {
  io::MemoryFileIO io;
  PositionSet positions;
  for (int64_t p = 0; p < 1000; p += 3) positions.Add(p);
  std::string blob = EncodeDeletionVector(positions);
  io.Put("mem/dv.puffin", "PFA1" + blob);
  manifest::DeleteFile dv;
  dv.content = manifest::FileContent::kPositionDeletes;
  dv.file_format = "PUFFIN";
  dv.file_path = "mem/dv.puffin";
  dv.referenced_data_file = "d.parquet";
  dv.content_offset = 4;
  dv.content_size_in_bytes = static_cast<int64_t>(blob.size());
  dv.record_count = positions.Cardinality();
  DeleteLoader loader;
  std::vector<std::thread> threads;
  std::vector<int64_t> kept(8, 0);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      manifest::DataFile data;
      data.file_path = "d.parquet";
      auto filter = DeleteFilter::Make(io, loader, TableSchema(), data, {dv});
      if (!filter.ok()) return;
      std::vector<int64_t> pos(1000);
      for (int64_t i = 0; i < 1000; ++i) pos[static_cast<size_t>(i)] = i;
      columnar::RecordBatch rows = Batch({WithId("id", columnar::Int64(), 1)},
                                         {Longs(std::vector<std::optional<int64_t>>(1000, 1))});
      auto keep = filter->Keep(rows, pos);
      if (keep.ok()) kept[static_cast<size_t>(t)] = keep->count;
    });
  }
  for (auto& th : threads) th.join();
  for (int64_t k : kept) EXPECT_EQ(k, 1000 - positions.Cardinality());
  EXPECT_EQ(loader.files_loaded(), 1);

  // A failing load is remembered and reported to every caller, naming the file.
  manifest::DeleteFile broken = dv;
  broken.file_path = "mem/missing.puffin";
  manifest::DataFile data;
  data.file_path = "d.parquet";
  for (int i = 0; i < 2; ++i) {
    auto filter = DeleteFilter::Make(io, loader, TableSchema(), data, {broken});
    ASSERT_FALSE(filter.ok());
    EXPECT_NE(filter.error().message.find("mem/missing.puffin"), std::string::npos);
  }
  EXPECT_EQ(loader.files_loaded(), 2);
}

// The cache follows the announced uses: a delete file leaves it when the last task that announced
// it released it, while filters made from it keep working; unannounced files stay.
TEST(DeleteLoaderTest, EvictsFilesNoAnnouncedTaskNeeds) {
  io::MemoryFileIO io;
  PositionSet positions;
  for (int64_t p = 0; p < 100; p += 2) positions.Add(p);
  std::string blob = EncodeDeletionVector(positions);
  io.Put("mem/dv.puffin", "PFA1" + blob);
  manifest::DeleteFile dv;
  dv.content = manifest::FileContent::kPositionDeletes;
  dv.file_format = "PUFFIN";
  dv.file_path = "mem/dv.puffin";
  dv.referenced_data_file = "d.parquet";
  dv.content_offset = 4;
  dv.content_size_in_bytes = static_cast<int64_t>(blob.size());
  dv.record_count = positions.Cardinality();
  manifest::DataFile data;
  data.file_path = "d.parquet";
  std::vector<int64_t> pos(100);
  for (int64_t i = 0; i < 100; ++i) pos[static_cast<size_t>(i)] = i;
  columnar::RecordBatch rows = Batch({WithId("id", columnar::Int64(), 1)},
                                     {Longs(std::vector<std::optional<int64_t>>(100, 1))});

  DeleteLoader loader;
  loader.ExpectUse(dv);
  loader.ExpectUse(dv);  // two tasks will use it
  auto first = DeleteFilter::Make(io, loader, TableSchema(), data, {dv});
  ASSERT_OK(first);
  loader.ReleaseUse(dv);
  EXPECT_EQ(loader.files_cached(), 1);  // the second task still needs it
  auto second = DeleteFilter::Make(io, loader, TableSchema(), data, {dv});
  ASSERT_OK(second);
  EXPECT_EQ(loader.files_loaded(), 1);
  loader.ReleaseUse(dv);
  EXPECT_EQ(loader.files_cached(), 0);
  // The filters hold the set themselves.
  for (const DeleteFilter* f : {&*first, &*second}) {
    auto keep = f->Keep(rows, pos);
    ASSERT_OK(keep);
    EXPECT_EQ(keep->count, 50);
  }
  // A use nobody announced loads it again, and it stays; releasing it then does nothing.
  auto third = DeleteFilter::Make(io, loader, TableSchema(), data, {dv});
  ASSERT_OK(third);
  loader.ReleaseUse(dv);
  EXPECT_EQ(loader.files_loaded(), 2);
  EXPECT_EQ(loader.files_cached(), 1);
}

}  // namespace
}  // namespace floe::scan
