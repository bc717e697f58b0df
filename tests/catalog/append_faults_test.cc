// The whole append (AppendFiles: data files, manifests, manifest list, metadata file, catalog
// swap) against a real SQLite catalog whose FileIO fails the Nth create, write or close: every
// failure either commits everything or nothing; the table always loads; every row committed
// before is still there (each live data file exists and their record counts add up); and a
// certain failure leaves no data file behind for orphan removal.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/io/fault_injecting_file_io.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/update/append_files.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::catalog {
namespace {

using floe::testing::FilesUnder;
using floe::testing::TempDir;

struct TableState {
  int64_t rows = 0;                  // sum of the live data files' record counts
  std::set<std::string> data_files;  // live data files
  size_t snapshots = 0;
};

TableState Check(Catalog& catalog, const TableIdentifier& id) {
  TableState state;
  auto table = catalog.LoadTable(id);
  EXPECT_OK(table);
  if (!table.ok()) return state;
  state.snapshots = table->metadata.snapshots.size();
  const spec::Snapshot* current = table->metadata.CurrentSnapshot();
  if (!current) return state;
  auto local = io::LocalFileIO();
  auto list = manifest::ReadSnapshotManifests(*local, table->metadata, *current);
  EXPECT_OK(list);
  if (!list.ok()) return state;
  auto entries = manifest::ReadLiveEntries(*local, table->metadata, *list);
  EXPECT_OK(entries);
  if (!entries.ok()) return state;
  for (const auto& e : *entries) {
    state.rows += e.data_file.record_count;
    state.data_files.insert(e.data_file.file_path);
    EXPECT_TRUE(std::filesystem::exists(e.data_file.file_path)) << e.data_file.file_path;
  }
  return state;
}

TEST(AppendFaultsTest, EveryFailurePointCommitsAllOrNothing) {
  TempDir dir;
  // Two partitions, so one append writes several data files.
  std::string csv = "id,region\n";
  for (int i = 0; i < 20; ++i) csv += fmt::format("{},{}\n", i, i % 2 ? "eu" : "us");
  std::ofstream(dir.Join("rows.csv")) << csv;

  auto faults = std::make_shared<io::FaultInjectingFileIO>(io::LocalFileIO());
  sql::SqlCatalogOptions options{"default", dir.Join("catalog.db"), dir.Join("wh"), faults};
  auto catalog = sql::SqlCatalog::Open(options);
  ASSERT_OK(catalog);
  ASSERT_OK((*catalog)->CreateNamespace({"db"}, {}));
  TableIdentifier id{{"db"}, "t"};
  CreateTableOptions create;
  create.table.schema.fields = {spec::NestedField{1, "id", true, spec::Type::Long()},
                                spec::NestedField{2, "region", false, spec::Type::String()}};
  create.table.spec.fields = {
      spec::PartitionField{2, {}, 1000, "region", spec::Transform::Identity()}};
  // Merge on every commit, so manifests are rewritten too.
  create.table.properties["commit.manifest.min-count-to-merge"] = "2";
  create.table.properties["commit.retry.min-wait-ms"] = "1";
  ASSERT_OK((*catalog)->CreateTable(id, create));
  CatalogTableOperations ops(**catalog, id);
  auto local = io::LocalFileIO();

  // One clean append first: its rows must survive everything after.
  ASSERT_OK(update::AppendFiles(ops, *local, {dir.Join("rows.csv")}));
  TableState state = Check(**catalog, id);
  ASSERT_EQ(state.rows, 20);

  int failures = 0, landed = 0;
  for (io::FileOp op : {io::FileOp::kCreate, io::FileOp::kWrite, io::FileOp::kClose}) {
    for (int n = 1;; ++n) {
      SCOPED_TRACE(fmt::format("{} #{}", io::FileOpName(op), n));
      faults->ClearFaults();
      faults->FailNth(op, n);
      const int64_t faults_before = faults->FaultCount();
      auto result = update::AppendFiles(ops, *local, {dir.Join("rows.csv")});
      const bool injected = faults->FaultCount() > faults_before;
      faults->ClearFaults();
      TableState after = Check(**catalog, id);
      if (result.ok()) {
        ++landed;
        EXPECT_EQ(after.rows, state.rows + 20);
        EXPECT_EQ(after.snapshots, state.snapshots + 1);
        state = after;
        if (!injected) break;  // the Nth operation never came: every point was tried
        continue;
      }
      ++failures;
      EXPECT_TRUE(injected) << result.error().message;
      if (result.error().kind == ErrorKind::kCommitStateUnknown) {
        // Either outcome is allowed, but never a half: all 20 rows or none.
        EXPECT_TRUE(after.rows == state.rows || after.rows == state.rows + 20);
        state = after;
        continue;
      }
      EXPECT_EQ(after.rows, state.rows) << result.error().message;
      EXPECT_EQ(after.snapshots, state.snapshots);
      // No data file of the failed append is left behind.
      for (const std::string& f : FilesUnder(dir.Join("wh/db/t/data"), ".parquet")) {
        EXPECT_TRUE(after.data_files.count(f)) << "orphan left behind: " << f;
      }
    }
  }
  EXPECT_GT(failures, 10);
  EXPECT_GE(landed, 3);
}

}  // namespace
}  // namespace floe::catalog
