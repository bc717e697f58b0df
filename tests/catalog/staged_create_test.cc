// A staged create (catalog/staged_table_operations.h) on both local catalogs: an append through
// it creates the table with its first snapshot in one metadata file; until then nobody sees the
// table; a name taken meanwhile and a failing write leave nothing behind.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "floe/catalog/fs/fs_catalog.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/catalog/staged_table_operations.h"
#include "floe/columnar/array_builder.h"
#include "floe/commit/metadata_file.h"
#include "floe/io/fault_injecting_file_io.h"
#include "floe/update/append_files.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::catalog {
namespace {

using floe::testing::FilesUnder;
using floe::testing::TempDir;

// `io` null: the local file system.
using OpenCatalogIn =
    std::function<std::unique_ptr<Catalog>(const TempDir&, std::shared_ptr<io::FileIO> io)>;
struct StagedCatalogKind {
  std::string name;
  OpenCatalogIn open;
};

std::unique_ptr<Catalog> OpenSql(const TempDir& dir, std::shared_ptr<io::FileIO> io) {
  auto catalog = sql::SqlCatalog::Open(
      sql::SqlCatalogOptions{"default", dir.Join("catalog.db"), dir.path(), std::move(io)});
  EXPECT_OK(catalog);
  return std::move(catalog).value();
}

std::unique_ptr<Catalog> OpenFs(const TempDir& dir, std::shared_ptr<io::FileIO> io) {
  auto catalog = fs::FsCatalog::Open(fs::FsCatalogOptions{"lake", dir.path(), std::move(io)});
  EXPECT_OK(catalog);
  return std::move(catalog).value();
}

// The local file system, calling `before_create` before each file is created.
class HookedFileIO : public io::FileIO {
 public:
  explicit HookedFileIO(std::function<void(std::string_view)> before_create)
      : before_create_(std::move(before_create)) {}
  Result<std::unique_ptr<io::InputFile>> OpenInput(std::string_view location,
                                                   std::optional<int64_t> known_length) override {
    return local_->OpenInput(location, known_length);
  }
  Result<std::unique_ptr<io::OutputFile>> Create(std::string_view location,
                                                 bool overwrite) override {
    before_create_(location);
    return local_->Create(location, overwrite);
  }
  Status Delete(std::string_view location) override { return local_->Delete(location); }
  Result<bool> Exists(std::string_view location) override { return local_->Exists(location); }
  Result<std::vector<io::FileInfo>> List(std::string_view prefix) override {
    return local_->List(prefix);
  }

 private:
  std::function<void(std::string_view)> before_create_;
  std::shared_ptr<io::FileIO> local_ = io::LocalFileIO();
};

CreateTableOptions IdTable() {
  CreateTableOptions options;
  options.table.schema.fields = {spec::NestedField{1, "id", true, spec::Type::Long()}};
  return options;
}

const columnar::Schema& IdColumns() {
  static const columnar::Schema schema({columnar::Field("id", columnar::Int64(), false)});
  return schema;
}

columnar::RecordBatch Ids(std::vector<int64_t> values) {
  columnar::Int64Builder ids(columnar::Int64());
  for (int64_t v : values) EXPECT_OK(ids.Append(v));
  auto batch = columnar::RecordBatch::Make(std::make_shared<const columnar::Schema>(IdColumns()),
                                           static_cast<int64_t>(values.size()), {*ids.Finish()});
  EXPECT_OK(batch);
  return std::move(batch).value();
}

// Every regular file under the warehouse but the catalog's own database.
std::vector<std::string> TableFiles(const TempDir& dir) {
  std::vector<std::string> out;
  for (const std::string& f : FilesUnder(dir.path(), "")) {
    if (f.rfind(dir.Join("catalog.db"), 0) != 0) out.push_back(f);
  }
  return out;
}

class StagedCreateTest : public ::testing::TestWithParam<StagedCatalogKind> {
 protected:
  void SetUp() override {
    catalog_ = GetParam().open(dir_, nullptr);
    ASSERT_OK(catalog_->CreateNamespace({"db"}, {}));
  }

  // The name is `other`'s, a table untouched by the create that lost: of the loser no data
  // file, manifest, manifest list or metadata file is left.
  void ExpectOnlyTheOtherTable(const LoadedTable& other) {
    auto table = catalog_->LoadTable(id_);
    ASSERT_OK(table);
    EXPECT_EQ(table->metadata_location, other.metadata_location);
    EXPECT_TRUE(table->metadata.snapshots.empty());
    EXPECT_TRUE(FilesUnder(dir_.path(), ".parquet").empty());
    EXPECT_TRUE(FilesUnder(dir_.path(), ".avro").empty());
    EXPECT_EQ(FilesUnder(dir_.path(), ".metadata.json"),
              std::vector<std::string>{other.metadata_location});
  }

  TempDir dir_;
  std::unique_ptr<Catalog> catalog_;
  const TableIdentifier id_{{"db"}, "t"};
};

TEST_P(StagedCreateTest, CreateLandsWithItsFirstSnapshotInOneMetadataFile) {
  auto ops = StagedTableOperations::Stage(*catalog_, id_, IdTable());
  ASSERT_OK(ops);
  auto staged = (*ops)->Refresh();
  ASSERT_OK(staged);
  EXPECT_EQ(staged->metadata_location, "");
  EXPECT_EQ(staged->metadata.location, dir_.Join("db/t"));
  EXPECT_TRUE(staged->metadata.snapshots.empty());

  auto appended = update::AppendBatches(**ops, IdColumns(), [&](const update::BatchWriter& write) {
    // While the rows are written, the table is nobody's to see.
    EXPECT_EQ(catalog_->LoadTable(id_).error().kind, ErrorKind::kNotFound);
    EXPECT_TRUE(catalog_->ListTables({"db"})->empty());
    return write(Ids({1, 2, 3}));
  });
  ASSERT_OK(appended);
  EXPECT_EQ(appended->added_records, 3);
  EXPECT_TRUE((*ops)->created());

  auto table = catalog_->LoadTable(id_);
  ASSERT_OK(table);
  EXPECT_EQ(table->metadata_location, appended->table.metadata_location);
  EXPECT_EQ(table->metadata.table_uuid, staged->metadata.table_uuid);
  EXPECT_TRUE(table->metadata.metadata_log.empty());
  ASSERT_EQ(table->metadata.snapshots.size(), 1u);
  EXPECT_EQ(table->metadata.snapshot_log.size(), 1u);
  EXPECT_EQ(table->metadata.snapshots[0].snapshot_id, appended->snapshot_id);
  // The first metadata file, and the only one, already holds the snapshot.
  EXPECT_EQ(FilesUnder(dir_.path(), ".metadata.json"),
            std::vector<std::string>{table->metadata_location});
  const std::string first_name =
      std::filesystem::path(table->metadata_location).filename().string();
  EXPECT_EQ(commit::MetadataFileVersion(first_name), GetParam().name == "fs" ? 1 : 0);

  // Created: the operations are the table's now; the next append is a second version.
  auto again = update::AppendBatches(
      **ops, IdColumns(), [&](const update::BatchWriter& write) { return write(Ids({4})); });
  ASSERT_OK(again);
  table = catalog_->LoadTable(id_);
  ASSERT_OK(table);
  EXPECT_EQ(table->metadata.snapshots.size(), 2u);
  EXPECT_EQ(table->metadata.metadata_log.size(), 1u);
}

TEST_P(StagedCreateTest, NameTakenMeanwhileFailsAndLeavesNothingOfItsOwn) {
  auto ops = StagedTableOperations::Stage(*catalog_, id_, IdTable());
  ASSERT_OK(ops);
  std::optional<LoadedTable> other;
  auto appended = update::AppendBatches(**ops, IdColumns(), [&](const update::BatchWriter& write) {
    auto created = catalog_->CreateTable(id_, IdTable());
    EXPECT_OK(created);
    if (created.ok()) other = *created;
    return write(Ids({1, 2}));
  });
  ASSERT_FALSE(appended.ok());
  EXPECT_EQ(appended.error().kind, ErrorKind::kAlreadyExists) << appended.error().message;
  EXPECT_FALSE((*ops)->created());
  ASSERT_TRUE(other);
  EXPECT_OK((*ops)->Discard());  // the name is the other table's: discarding leaves it

  ExpectOnlyTheOtherTable(*other);

  // Staging over an existing name is refused up front.
  EXPECT_EQ(StagedTableOperations::Stage(*catalog_, id_, IdTable()).error().kind,
            ErrorKind::kAlreadyExists);
}

TEST_P(StagedCreateTest, RaceLostAtTheAtomicStepDeletesItsMetadataFile) {
  // Another create takes the name just before ours writes its metadata file: past the early
  // check, so the catalog's one atomic step (INSERT, exclusive create of v1) must refuse ours.
  std::optional<LoadedTable> other;
  auto hooked = std::make_shared<HookedFileIO>([&](std::string_view location) {
    if (other || !location.ends_with(".metadata.json")) return;
    auto created = catalog_->CreateTable(id_, IdTable());
    EXPECT_OK(created);
    if (created.ok()) other = *created;
  });
  auto racing = GetParam().open(dir_, hooked);
  auto ops = StagedTableOperations::Stage(*racing, id_, IdTable());
  ASSERT_OK(ops);
  auto appended = update::AppendBatches(**ops, IdColumns(), [&](const update::BatchWriter& write) {
    return write(Ids({1, 2}));
  });
  ASSERT_FALSE(appended.ok());
  EXPECT_EQ(appended.error().kind, ErrorKind::kAlreadyExists) << appended.error().message;
  ASSERT_TRUE(other);
  ExpectOnlyTheOtherTable(*other);
}

TEST_P(StagedCreateTest, FailingWriteLeavesNoTableAndNoFiles) {
  auto ops = StagedTableOperations::Stage(*catalog_, id_, IdTable());
  ASSERT_OK(ops);
  auto appended = update::AppendBatches(**ops, IdColumns(), [&](const update::BatchWriter& write) {
    FLOE_RETURN_IF_ERROR(write(Ids({1, 2, 3})));
    return InvalidArgument("the query failed half way");
  });
  ASSERT_FALSE(appended.ok());
  EXPECT_EQ(appended.error().kind, ErrorKind::kInvalidArgument);
  EXPECT_OK((*ops)->Discard());

  EXPECT_EQ(catalog_->LoadTable(id_).error().kind, ErrorKind::kNotFound);
  EXPECT_TRUE(catalog_->ListTables({"db"})->empty());
  EXPECT_TRUE(catalog_->ListNamespaces({"db"})->empty());  // no folder left to read as one
  EXPECT_EQ(TableFiles(dir_), std::vector<std::string>{});
}

TEST_P(StagedCreateTest, FailedCreateDeletesEveryFileItWrote) {
  // Data files, manifest and manifest list are written; the table's metadata file cannot be.
  auto faulty = std::make_shared<io::FaultInjectingFileIO>(io::LocalFileIO());
  faulty->FailMatching(io::FileOp::kCreate, ".metadata.json");
  auto failing = GetParam().open(dir_, faulty);
  auto ops = StagedTableOperations::Stage(*failing, id_, IdTable());
  ASSERT_OK(ops);
  auto appended = update::AppendBatches(**ops, IdColumns(), [&](const update::BatchWriter& write) {
    return write(Ids({1, 2, 3}));
  });
  ASSERT_FALSE(appended.ok());
  EXPECT_EQ(appended.error().kind, ErrorKind::kIo) << appended.error().message;
  EXPECT_GE(faulty->Count(io::FileOp::kDelete), 3);  // a data file, a manifest, a manifest list
  EXPECT_OK((*ops)->Discard());

  EXPECT_EQ(catalog_->LoadTable(id_).error().kind, ErrorKind::kNotFound);
  EXPECT_TRUE(catalog_->ListNamespaces({"db"})->empty());
  EXPECT_EQ(TableFiles(dir_), std::vector<std::string>{});
}

TEST_P(StagedCreateTest, FailingRequirementIsAConflictAndCreatesNothing) {
  auto ops = StagedTableOperations::Stage(*catalog_, id_, IdTable());
  ASSERT_OK(ops);
  std::vector<commit::TableRequirement> requirements = {commit::AssertCreate{},
                                                        commit::AssertTableUuid{"other"}};
  auto committed = (*ops)->Commit(requirements, {});
  EXPECT_EQ(committed.error().kind, ErrorKind::kCommitConflict);
  EXPECT_EQ(catalog_->LoadTable(id_).error().kind, ErrorKind::kNotFound);
  EXPECT_EQ(TableFiles(dir_), std::vector<std::string>{});

  // assert-create and the staged table's own uuid hold: the table is created as staged.
  requirements = {commit::AssertCreate{}, commit::AssertTableUuid{(*ops)->staged().table_uuid}};
  committed = (*ops)->Commit(requirements, {});
  ASSERT_OK(committed);
  auto table = catalog_->LoadTable(id_);
  ASSERT_OK(table);
  EXPECT_EQ(table->metadata, (*ops)->staged());
}

INSTANTIATE_TEST_SUITE_P(Catalogs, StagedCreateTest,
                         ::testing::Values(StagedCatalogKind{"sql", OpenSql},
                                           StagedCatalogKind{"fs", OpenFs}),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace floe::catalog
