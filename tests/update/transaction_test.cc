// update::Table and update::Transaction over the SQLite catalog: several updates in one swap,
// re-applied after another writer's commit, requirements of later updates that the earlier
// ones changed, a refusal on retry, and property changes with their own validation.
#include "floe/update/transaction.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <utility>

#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/manifest/snapshot_files.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::update {
namespace transaction_test {

using testing::TempDir;

// A real catalog with one table `db.t` (id long, region string; no partitions).
struct Warehouse {
  TempDir dir;
  std::unique_ptr<catalog::sql::SqlCatalog> catalog;
  catalog::TableIdentifier id{{"db"}, "t"};

  Warehouse() {
    auto opened = catalog::sql::SqlCatalog::Open(
        catalog::sql::SqlCatalogOptions{"default", dir.Join("catalog.db"), dir.path(), nullptr});
    EXPECT_OK(opened);
    catalog = std::move(opened).value();
    EXPECT_OK(catalog->CreateNamespace({"db"}, {}));
    catalog::CreateTableOptions options;
    options.table.schema.fields = {spec::NestedField{1, "id", true, spec::Type::Long()},
                                   spec::NestedField{2, "region", false, spec::Type::String()}};
    options.table.properties = {{"commit.retry.min-wait-ms", "0"}};
    EXPECT_OK(catalog->CreateTable(id, options));
  }
  spec::TableMetadata Load() {
    auto loaded = catalog->LoadTable(id);
    EXPECT_OK(loaded);
    return loaded->metadata;
  }
  // Metadata files under the table's metadata folder.
  size_t MetadataFileCount() {
    size_t n = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir.Join("db/t/metadata"))) {
      n += e.path().string().ends_with(".metadata.json");
    }
    return n;
  }
};

manifest::DataFile DataFileNamed(const std::string& name, int64_t rows) {
  manifest::DataFile f;
  f.file_path = "/nowhere/" + name + ".parquet";  // never read: only listed in manifests
  f.record_count = rows;
  f.file_size_in_bytes = rows * 10;
  return f;
}

int64_t Records(const spec::TableMetadata& m) {
  const spec::Snapshot* s = m.CurrentSnapshot();
  return s == nullptr ? 0 : std::stoll(std::string(s->SummaryValue("total-records").value()));
}

// A pending update that changes nothing and runs `hook` once, at its first Apply: another
// writer's commit landing while the transaction works.
class HookUpdate : public commit::PendingUpdate {
 public:
  explicit HookUpdate(std::function<void()> hook) : hook_(std::move(hook)) {}
  Result<commit::PendingChanges> Apply(const commit::TableBase&, int) override {
    if (hook_) std::exchange(hook_, nullptr)();
    return commit::PendingChanges{};
  }
  bool Landed(const spec::TableMetadata&) const override { return true; }
  std::vector<std::string> TakeWrittenFiles() override { return {}; }
  std::string Describe() const override { return "the hook"; }

 private:
  std::function<void()> hook_;
};

TEST(TransactionTest, AppendSchemaAndPropertiesLandInOneCommit) {
  Warehouse w;
  catalog::CatalogTableOperations ops(*w.catalog, w.id);
  Table table(ops);
  size_t versions_before = w.MetadataFileCount();
  Transaction txn = table.NewTransaction();
  txn.NewAppend().AppendFile(DataFileNamed("a", 3));
  txn.UpdateSchema().AddColumn("note", spec::Type::String());
  txn.UpdateProperties().Set("owner", "data-eng");
  Result<commit::TransactionResult> done = txn.Commit();
  ASSERT_OK(done);
  EXPECT_EQ(done->attempts, 1);
  EXPECT_EQ(w.MetadataFileCount(), versions_before + 1);  // one swap for all three

  spec::TableMetadata m = w.Load();
  EXPECT_EQ(m.snapshots.size(), 1u);
  EXPECT_EQ(Records(m), 3);
  ASSERT_NE(m.CurrentSchema()->FindFieldByName("note"), nullptr);
  EXPECT_EQ(*m.Property("owner"), "data-eng");
  // The snapshot was made against the schema before the change, as Java's transaction does.
  EXPECT_EQ(m.CurrentSnapshot()->schema_id, 0);
}

TEST(TransactionTest, ReappliedOnTopOfAnotherWritersCommit) {
  Warehouse w;
  catalog::CatalogTableOperations ops(*w.catalog, w.id);
  Table table(ops);
  Transaction txn = table.NewTransaction();
  txn.NewAppend().AppendFile(DataFileNamed("mine", 3));
  txn.UpdateSchema().AddColumn("note", spec::Type::String());
  // Another writer lands first: the transaction's base is stale when it swaps.
  bool raced = false;
  txn.Add<HookUpdate>([&] {
    raced = true;
    MergeAppend theirs(ops);
    theirs.AppendFile(DataFileNamed("theirs", 4));
    ASSERT_OK(theirs.Commit());
  });
  Result<commit::TransactionResult> done = txn.Commit();
  ASSERT_OK(done);
  EXPECT_TRUE(raced);
  EXPECT_EQ(done->attempts, 2);
  spec::TableMetadata m = w.Load();
  EXPECT_EQ(m.snapshots.size(), 2u);
  EXPECT_EQ(Records(m), 7);  // both appends' rows
  EXPECT_NE(m.CurrentSchema()->FindFieldByName("note"), nullptr);
  EXPECT_EQ(m.CurrentSchema()->FindFieldByName("note")->id, 3);
}

TEST(TransactionTest, LaterUpdatesSeeTheEarlierOnes) {
  Warehouse w;
  catalog::CatalogTableOperations ops(*w.catalog, w.id);
  Transaction txn = Table(ops).NewTransaction();
  // The second schema change builds on the first (its requirements name schema 1, which only
  // exists inside the transaction: the first change's requirement on schema 0 guards the swap).
  txn.UpdateSchema().AddColumn("a", spec::Type::Int());
  txn.UpdateSchema().RenameColumn("a", "b");
  txn.NewFastAppend().AppendFile(DataFileNamed("x", 1));
  txn.NewFastAppend().AppendFile(DataFileNamed("y", 2));
  ASSERT_OK(txn.Commit());
  spec::TableMetadata m = w.Load();
  EXPECT_EQ(m.CurrentSchema()->FindFieldByName("a"), nullptr);
  ASSERT_NE(m.CurrentSchema()->FindFieldByName("b"), nullptr);
  EXPECT_EQ(m.snapshots.size(), 2u);  // the second append's parent is the first's snapshot
  EXPECT_EQ(m.CurrentSnapshot()->parent_snapshot_id, m.snapshots[0].snapshot_id);
  EXPECT_EQ(Records(m), 3);
  EXPECT_EQ(m.metadata_log.size(), 1u);  // the create, then this one commit
}

TEST(TransactionTest, RefusedOnRetryLeavesNothing) {
  Warehouse w;
  catalog::CatalogTableOperations ops(*w.catalog, w.id);
  Transaction txn = Table(ops).NewTransaction();
  MergeAppend& append = txn.NewAppend();
  append.AppendFile(DataFileNamed("mine", 3));
  txn.UpdateSchema().RenameColumn("region", "area");
  // Before the first swap, another writer drops the column the rename needs.
  txn.Add<HookUpdate>([&] {
    UpdateSchema drop(ops);
    ASSERT_OK(drop.DeleteColumn("region").Commit());
  });
  Result<commit::TransactionResult> done = txn.Commit();
  ASSERT_FALSE(done.ok());
  EXPECT_EQ(done.error().message, "cannot rename column \"region\": not found");
  spec::TableMetadata m = w.Load();
  EXPECT_TRUE(m.snapshots.empty());
  // The append's manifests and manifest lists were deleted: only metadata files remain.
  for (const auto& e : std::filesystem::directory_iterator(w.dir.Join("db/t/metadata"))) {
    EXPECT_TRUE(e.path().string().ends_with(".metadata.json")) << e.path();
  }
}

TEST(TransactionTest, NothingToChangeCommitsNothing) {
  Warehouse w;
  catalog::CatalogTableOperations ops(*w.catalog, w.id);
  size_t versions_before = w.MetadataFileCount();
  Transaction txn = Table(ops).NewTransaction();
  txn.UpdateSchema().MakeColumnOptional("region");  // already optional
  Result<commit::TransactionResult> done = txn.Commit();
  ASSERT_OK(done);
  EXPECT_EQ(done->attempts, 0);
  EXPECT_EQ(w.MetadataFileCount(), versions_before);
}

TEST(UpdatePropertiesTest, SetAndRemoveInOneCommit) {
  Warehouse w;
  catalog::CatalogTableOperations ops(*w.catalog, w.id);
  Table table(ops);
  ASSERT_OK(table.UpdateProperties().Set("a", "1").Set("b", "2").Commit());
  Result<PropertiesCommitResult> done =
      table.UpdateProperties().Set("a", "10").Remove("b").Commit();
  ASSERT_OK(done);
  EXPECT_EQ(done->attempts, 1);
  spec::TableMetadata m = w.Load();
  EXPECT_EQ(*m.Property("a"), "10");
  EXPECT_EQ(m.Property("b"), nullptr);
  // Nothing asked: nothing committed.
  Result<PropertiesCommitResult> none = table.UpdateProperties().Commit();
  ASSERT_OK(none);
  EXPECT_EQ(none->attempts, 0);
}

TEST(UpdatePropertiesTest, SettingAndRemovingOneKeyIsRefused) {
  Warehouse w;
  catalog::CatalogTableOperations ops(*w.catalog, w.id);
  Result<PropertiesCommitResult> r = UpdateProperties(ops).Set("a", "1").Remove("a").Commit();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::kInvalidArgument);
  EXPECT_EQ(r.error().message, "table property a: cannot both set and remove it");
  EXPECT_EQ(w.Load().Property("a"), nullptr);
}

}  // namespace transaction_test
}  // namespace floe::update
