// A full disk under the SQL catalog's database (SQLITE_FULL, injected through the connection's
// fault hook): the commit is refused once, naming the full disk as the cause, not retried, and
// the metadata file written for it is deleted by the transaction's cleanup (the catalog reports
// the certain failure and leaves the file to it, TakeUnrecordedMetadataFile). A create the same.
// An unknown outcome that turns out not to have landed keeps its cause in the final error.
// tests/cli/disk_full_test.cc does the same on a real full disk.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>

#include "catalog_test_util.h"
#include "floe/catalog/catalog_table_operations.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/update/transaction.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::catalog {
namespace {

using floe::testing::TempDir;

constexpr int kSqliteFull = 13;
constexpr int kSqliteIoErr = 10;

// Fails every statement starting with `prefix` with `code` while `armed`; counts them.
struct StatementFault {
  std::string prefix;
  int code = kSqliteFull;
  std::shared_ptr<std::atomic<bool>> armed = std::make_shared<std::atomic<bool>>(false);
  std::shared_ptr<std::atomic<int>> hits = std::make_shared<std::atomic<int>>(0);
  std::function<int(std::string_view)> Hook() const {
    return [prefix = prefix, code = code, armed = armed, hits = hits](std::string_view sql) {
      if (!*armed || sql.substr(0, prefix.size()) != prefix) return 0;
      ++*hits;
      return code;
    };
  }
};

std::unique_ptr<sql::SqlCatalog> OpenWithFault(const TempDir& dir, const StatementFault& fault) {
  sql::SqlCatalogOptions options{"default", dir.Join("catalog.db"), dir.Join("wh"), nullptr};
  options.fault_hook = fault.Hook();
  auto catalog = sql::SqlCatalog::Open(std::move(options));
  EXPECT_OK(catalog);
  return std::move(catalog).value();
}

std::vector<std::string> MetadataFiles(const std::string& table_folder) {
  return floe::testing::FilesUnder(table_folder + "/metadata", ".metadata.json");
}

TEST(CatalogDiskFullTest, ACommitOnAFullDiskNamesItAndLeavesNoMetadataFile) {
  TempDir dir;
  StatementFault fault{"UPDATE iceberg_tables SET metadata_location"};
  auto catalog = OpenWithFault(dir, fault);
  ASSERT_OK(catalog->CreateNamespace({"db"}, {}));
  TableIdentifier id{{"db"}, "t"};
  auto created = catalog->CreateTable(id, testing::SmallTable());
  ASSERT_OK(created);
  const std::string folder = created->metadata.location;
  ASSERT_EQ(MetadataFiles(folder).size(), 1u);

  *fault.armed = true;
  CatalogTableOperations ops(*catalog, id);
  update::Table table(ops);
  auto committed = table.UpdateProperties().Set("k", "v").Commit();
  ASSERT_FALSE(committed.ok());
  EXPECT_EQ(committed.error().kind, ErrorKind::kIo);
  EXPECT_NE(committed.error().message.find("no space left on device"), std::string::npos)
      << committed.error().message;
  EXPECT_NE(committed.error().message.find("database or disk is full"), std::string::npos)
      << committed.error().message;
  EXPECT_EQ(*fault.hits, 1) << "a full disk is not a conflict to retry";
  EXPECT_EQ(MetadataFiles(folder), std::vector<std::string>{created->metadata_location});

  *fault.armed = false;
  auto loaded = catalog->LoadTable(id);
  ASSERT_OK(loaded);
  EXPECT_EQ(loaded->metadata_location, created->metadata_location);
  ASSERT_OK(table.UpdateProperties().Set("k", "v").Commit());
  EXPECT_EQ(MetadataFiles(folder).size(), 2u);
}

TEST(CatalogDiskFullTest, ACreateOnAFullDiskLeavesNoMetadataFile) {
  TempDir dir;
  StatementFault fault{"INSERT INTO iceberg_tables"};
  auto catalog = OpenWithFault(dir, fault);
  ASSERT_OK(catalog->CreateNamespace({"db"}, {}));
  *fault.armed = true;
  auto created = catalog->CreateTable({{"db"}, "t"}, testing::SmallTable());
  ASSERT_FALSE(created.ok());
  EXPECT_EQ(created.error().kind, ErrorKind::kIo);
  EXPECT_NE(created.error().message.find("no space left on device"), std::string::npos)
      << created.error().message;
  EXPECT_TRUE(MetadataFiles(dir.Join("wh/db/t")).empty());
  *fault.armed = false;
  EXPECT_EQ(catalog->LoadTable({{"db"}, "t"}).error().kind, ErrorKind::kNotFound);
}

// An I/O error on the swap: the outcome is unknown, the refresh shows it did not land, the
// retry runs; when the retries give up, the final error still names the failure, and none of
// the attempts' metadata files is left.
TEST(CatalogDiskFullTest, AnUnknownOutcomeKeepsItsCauseThroughTheRetries) {
  TempDir dir;
  StatementFault fault{"UPDATE iceberg_tables SET metadata_location", kSqliteIoErr};
  auto catalog = OpenWithFault(dir, fault);
  ASSERT_OK(catalog->CreateNamespace({"db"}, {}));
  TableIdentifier id{{"db"}, "t"};
  CreateTableOptions options = testing::SmallTable();
  options.table.properties["commit.retry.num-retries"] = "2";
  options.table.properties["commit.retry.min-wait-ms"] = "1";
  options.table.properties["commit.retry.max-wait-ms"] = "1";
  auto created = catalog->CreateTable(id, options);
  ASSERT_OK(created);
  *fault.armed = true;
  CatalogTableOperations ops(*catalog, id);
  update::Table table(ops);
  auto committed = table.UpdateProperties().Set("k", "v").Commit();
  ASSERT_FALSE(committed.ok());
  EXPECT_EQ(*fault.hits, 3);
  EXPECT_NE(committed.error().message.find("disk I/O error"), std::string::npos)
      << committed.error().message;
  EXPECT_NE(committed.error().message.find("gave up after 3 attempts"), std::string::npos)
      << committed.error().message;
  // Each attempt's metadata file was kept by the catalog (the outcome was unknown) and deleted
  // by the transaction once the refresh showed the table did not take it.
  EXPECT_EQ(MetadataFiles(created->metadata.location),
            std::vector<std::string>{created->metadata_location});
}

}  // namespace
}  // namespace floe::catalog
