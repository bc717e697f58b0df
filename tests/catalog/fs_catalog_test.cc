#include "floe/catalog/fs/fs_catalog.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "catalog_test_util.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::catalog::fs {
namespace {

using floe::testing::TempDir;
using testing::AddColumn;
using testing::SmallTable;

std::unique_ptr<FsCatalog> OpenFsCatalog(const TempDir& dir) {
  auto catalog = FsCatalog::Open(FsCatalogOptions{"lake", dir.path(), nullptr});
  EXPECT_OK(catalog);
  return std::move(catalog).value();
}

TEST(FsCatalogTest, NamespacesAreFolders) {
  TempDir dir;
  auto catalog = OpenFsCatalog(dir);
  ASSERT_OK(catalog->CreateNamespace({"db", "inner"}, {}));
  EXPECT_EQ(catalog->CreateNamespace({"db"}, {}).error().kind, ErrorKind::kAlreadyExists);
  EXPECT_EQ(catalog->CreateNamespace({"x"}, {{"k", "v"}}).error().kind, ErrorKind::kNotSupported);
  EXPECT_EQ(*catalog->ListNamespaces({}), (std::vector<Namespace>{{"db"}}));
  EXPECT_EQ(*catalog->ListNamespaces({"db"}), (std::vector<Namespace>{{"db", "inner"}}));
  EXPECT_EQ(catalog->UpdateNamespaceProperties({"db"}, {}, {{"k", "v"}}).error().kind,
            ErrorKind::kNotSupported);
  EXPECT_EQ(catalog->DropNamespace({"db"}).error().kind, ErrorKind::kInvalidArgument);
  ASSERT_OK(catalog->DropNamespace({"db", "inner"}));
  ASSERT_OK(catalog->DropNamespace({"db"}));
  EXPECT_EQ(catalog->DropNamespace({"db"}).error().kind, ErrorKind::kNotFound);
}

TEST(FsCatalogTest, TablesCommitsAndConflicts) {
  TempDir dir;
  auto catalog = OpenFsCatalog(dir);
  ASSERT_OK(catalog->CreateNamespace({"db"}, {}));
  TableIdentifier id{{"db"}, "t"};
  auto created = catalog->CreateTable(id, SmallTable());
  ASSERT_OK(created);
  EXPECT_EQ(created->metadata_location, dir.Join("db/t/metadata/v1.metadata.json"));
  EXPECT_EQ(catalog->CreateTable(id, SmallTable()).error().kind, ErrorKind::kAlreadyExists);
  EXPECT_EQ(*catalog->ListTables({"db"}), (std::vector<TableIdentifier>{id}));
  EXPECT_TRUE(catalog->ListNamespaces({"db"})->empty());  // a table is not a namespace

  auto first = catalog->LoadTable(id);
  auto second = catalog->LoadTable(id);
  auto a = AddColumn(*first, "a");
  auto b = AddColumn(*second, "b");
  auto committed = catalog->CommitTable(id, a.requirements, a.updates);
  ASSERT_OK(committed);
  EXPECT_EQ(committed->metadata_location, dir.Join("db/t/metadata/v2.metadata.json"));
  EXPECT_EQ(floe::testing::ReadFileToString(dir.Join("db/t/metadata/version-hint.text")), "2");
  EXPECT_EQ(catalog->CommitTable(id, b.requirements, b.updates).error().kind,
            ErrorKind::kCommitConflict);

  // A stale hint (a writer died between publishing v2 and writing the hint) is probed past.
  std::ofstream(dir.Join("db/t/metadata/version-hint.text"), std::ios::trunc) << "1";
  auto loaded = catalog->LoadTable(id);
  ASSERT_OK(loaded);
  EXPECT_EQ(loaded->metadata_location, committed->metadata_location);

  EXPECT_EQ(catalog->RenameTable(id, {{"db"}, "u"}).error().kind, ErrorKind::kNotSupported);
  ASSERT_OK(catalog->DropTable(id, /*purge=*/true));
  EXPECT_FALSE(std::filesystem::exists(dir.Join("db/t")));
  EXPECT_EQ(catalog->LoadTable(id).error().kind, ErrorKind::kNotFound);
}

}  // namespace
}  // namespace floe::catalog::fs
