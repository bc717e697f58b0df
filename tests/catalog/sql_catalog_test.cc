#include "floe/catalog/sql/sql_catalog.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "catalog_test_util.h"
#include "floe/catalog/sql/sqlite_database.h"
#include "floe/commit/metadata_file.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::catalog::sql {
namespace {

using floe::testing::TempDir;
using testing::AddColumn;
using testing::SmallTable;

std::unique_ptr<SqlCatalog> OpenIn(const TempDir& dir, const std::string& name = "default") {
  auto catalog =
      SqlCatalog::Open(SqlCatalogOptions{name, dir.Join("catalog.db"), dir.path(), nullptr});
  EXPECT_OK(catalog);
  return std::move(catalog).value();
}

TEST(SqlCatalogTest, NamespacesNestedWithProperties) {
  TempDir dir;
  auto catalog = OpenIn(dir);
  ASSERT_OK(catalog->CreateNamespace({"db"}, {{"owner", "ana"}}));
  ASSERT_OK(catalog->CreateNamespace({"db", "inner"}, {}));
  EXPECT_EQ(catalog->CreateNamespace({"db"}, {}).error().kind, ErrorKind::kAlreadyExists);
  auto top = catalog->ListNamespaces({});
  ASSERT_OK(top);
  EXPECT_EQ(*top, (std::vector<Namespace>{{"db"}}));
  EXPECT_EQ(*catalog->ListNamespaces({"db"}), (std::vector<Namespace>{{"db", "inner"}}));
  auto props = catalog->LoadNamespaceProperties({"db"});
  ASSERT_OK(props);
  EXPECT_EQ(props->at("owner"), "ana");
  EXPECT_EQ(props->at("exists"), "true");
  ASSERT_OK(catalog->UpdateNamespaceProperties({"db"}, {"owner"}, {{"team", "x"}}));
  props = catalog->LoadNamespaceProperties({"db"});
  EXPECT_EQ(props->count("owner"), 0u);
  EXPECT_EQ(props->at("team"), "x");
  EXPECT_EQ(catalog->LoadNamespaceProperties({"nope"}).error().kind, ErrorKind::kNotFound);
  EXPECT_EQ(catalog->DropNamespace({"db"}).error().kind, ErrorKind::kInvalidArgument);
  ASSERT_OK(catalog->DropNamespace({"db", "inner"}));
  ASSERT_OK(catalog->DropNamespace({"db"}));
  EXPECT_TRUE(catalog->ListNamespaces({})->empty());
}

TEST(SqlCatalogTest, CreateLoadListRenameDropTables) {
  TempDir dir;
  auto catalog = OpenIn(dir);
  TableIdentifier id{{"db"}, "orders"};
  EXPECT_EQ(catalog->CreateTable(id, SmallTable()).error().kind, ErrorKind::kNotFound);
  ASSERT_OK(catalog->CreateNamespace({"db"}, {}));
  auto created = catalog->CreateTable(id, SmallTable());
  ASSERT_OK(created);
  EXPECT_EQ(created->metadata.location, dir.Join("db/orders"));
  EXPECT_EQ(created->metadata_location.rfind(dir.Join("db/orders/metadata/00000-"), 0), 0u);
  EXPECT_EQ(catalog->CreateTable(id, SmallTable()).error().kind, ErrorKind::kAlreadyExists);

  auto loaded = catalog->LoadTable(id);
  ASSERT_OK(loaded);
  EXPECT_EQ(loaded->metadata, created->metadata);
  EXPECT_EQ(*catalog->ListTables({"db"}), (std::vector<TableIdentifier>{id}));

  TableIdentifier renamed{{"db"}, "orders2"};
  ASSERT_OK(catalog->RenameTable(id, renamed));
  EXPECT_EQ(catalog->LoadTable(id).error().kind, ErrorKind::kNotFound);
  EXPECT_OK(catalog->LoadTable(renamed));
  EXPECT_EQ(catalog->RenameTable(id, renamed).error().kind, ErrorKind::kNotFound);

  ASSERT_OK(catalog->DropTable(renamed, /*purge=*/false));
  EXPECT_TRUE(std::filesystem::exists(created->metadata_location));  // files stay
  EXPECT_EQ(catalog->DropTable(renamed, false).error().kind, ErrorKind::kNotFound);

  // Register points a name at the file that is left: the recovery procedure.
  auto registered = catalog->RegisterTable(id, created->metadata_location);
  ASSERT_OK(registered);
  EXPECT_EQ(registered->metadata, created->metadata);
  EXPECT_EQ(catalog->RegisterTable(id, created->metadata_location).error().kind,
            ErrorKind::kAlreadyExists);
  ASSERT_OK(catalog->DropTable(id, /*purge=*/true));
  EXPECT_FALSE(std::filesystem::exists(created->metadata_location));
}

TEST(SqlCatalogTest, CommitAndConflict) {
  TempDir dir;
  auto catalog = OpenIn(dir);
  TableIdentifier id{{"db"}, "t"};
  ASSERT_OK(catalog->CreateNamespace({"db"}, {}));
  ASSERT_OK(catalog->CreateTable(id, SmallTable()));
  auto first = catalog->LoadTable(id);
  auto second = catalog->LoadTable(id);
  auto a = AddColumn(*first, "a");
  auto b = AddColumn(*second, "b");
  auto committed = catalog->CommitTable(id, a.requirements, a.updates);
  ASSERT_OK(committed);
  EXPECT_EQ(committed->metadata_location.rfind(dir.Join("db/t/metadata/00001-"), 0), 0u);
  ASSERT_EQ(committed->metadata.metadata_log.size(), 1u);
  EXPECT_EQ(committed->metadata.metadata_log[0].metadata_file, first->metadata_location);
  auto conflict = catalog->CommitTable(id, b.requirements, b.updates);
  ASSERT_FALSE(conflict.ok());
  EXPECT_EQ(conflict.error().kind, ErrorKind::kCommitConflict);
  EXPECT_EQ(catalog->LoadTable(id)->metadata_location, committed->metadata_location);
  // Only the two committed versions are on disk: the loser wrote nothing that stayed.
  EXPECT_EQ(floe::testing::FilesUnder(dir.Join("db/t/metadata"), ".metadata.json").size(), 2u);
}

TEST(SqlCatalogTest, OldSchemaWithoutIcebergType) {
  TempDir dir;
  {
    auto db = SqliteDatabase::Open(dir.Join("catalog.db"));
    ASSERT_OK(db);
    ASSERT_OK(
        (*db)->Exec("CREATE TABLE iceberg_tables (catalog_name VARCHAR(255) NOT NULL, "
                    "table_namespace VARCHAR(255) NOT NULL, table_name VARCHAR(255) NOT "
                    "NULL, metadata_location VARCHAR(1000), previous_metadata_location "
                    "VARCHAR(1000), PRIMARY KEY (catalog_name, table_namespace, "
                    "table_name))"));
  }
  auto catalog = OpenIn(dir);
  EXPECT_FALSE(catalog->has_iceberg_type());
  ASSERT_OK(catalog->CreateNamespace({"db"}, {}));
  TableIdentifier id{{"db"}, "t"};
  ASSERT_OK(catalog->CreateTable(id, SmallTable()));
  auto base = catalog->LoadTable(id);
  auto change = AddColumn(*base, "c");
  ASSERT_OK(catalog->CommitTable(id, change.requirements, change.updates));
  EXPECT_EQ(catalog->ListTables({"db"})->size(), 1u);
}

// Rows as PyIceberg's SqlCatalog writes them (its own catalog name, a NULL iceberg_type in a
// Java-made table, a namespace known only through a table) read back.
TEST(SqlCatalogTest, ReadsRowsOtherToolsWrote) {
  TempDir dir;
  std::string metadata_location;
  {
    auto catalog = OpenIn(dir, "pyiceberg");
    ASSERT_OK(catalog->CreateNamespace({"seed"}, {}));
    auto t = catalog->CreateTable({{"seed"}, "t"}, SmallTable());
    ASSERT_OK(t);
    metadata_location = t->metadata_location;
  }
  {
    auto db = SqliteDatabase::Open(dir.Join("catalog.db"));
    ASSERT_OK(db);
    ASSERT_OK(
        (*db)->Execute("INSERT INTO iceberg_tables VALUES ('pyiceberg', 'a.b', 'u', ?, "
                       "NULL, NULL)",
                       {metadata_location}));
    ASSERT_OK(
        (*db)->Execute("INSERT INTO iceberg_tables VALUES ('pyiceberg', 'a.b', 'v', ?, "
                       "NULL, 'VIEW')",
                       {metadata_location}));
    ASSERT_OK(
        (*db)->Execute("INSERT INTO iceberg_namespace_properties VALUES ('pyiceberg', "
                       "'x', 'exists', 'true')",
                       {}));
  }
  auto catalog = OpenIn(dir, "pyiceberg");
  EXPECT_EQ(*catalog->ListNamespaces({}), (std::vector<Namespace>{{"a"}, {"seed"}, {"x"}}));
  EXPECT_EQ(*catalog->ListTables({"a", "b"}),
            (std::vector<TableIdentifier>{TableIdentifier{{"a", "b"}, "u"}}));
  EXPECT_OK(catalog->LoadTable({{"a", "b"}, "u"}));
  EXPECT_EQ(catalog->LoadTable({{"a", "b"}, "v"}).error().kind, ErrorKind::kNotFound);
  // Another catalog name in the same database sees none of it.
  auto other = OpenIn(dir, "other");
  EXPECT_TRUE(other->ListNamespaces({})->empty());
}

}  // namespace
}  // namespace floe::catalog::sql
