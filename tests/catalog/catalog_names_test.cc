// Names that would leave the warehouse: both local catalogs refuse namespace and table names
// with '/', '\', "." or ".." parts, empty parts or control characters, for creates and lookups
// alike, and write nothing outside the warehouse; an explicit table LOCATION elsewhere is still
// allowed where the catalog allows custom locations. IsUnderLocation is the rule purge uses.
#include "floe/catalog/catalog_names.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "catalog_test_util.h"
#include "floe/catalog/fs/fs_catalog.h"
#include "floe/catalog/location_match.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::catalog {
namespace {

using floe::testing::TempDir;

// Every file and folder below `root`, relative to it, sorted.
std::vector<std::string> TreeOf(const std::string& root) {
  std::vector<std::string> out;
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(root, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    out.push_back(std::filesystem::relative(it->path(), root).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

template <typename T>
void ExpectInvalidNaming(const Result<T>& status, const std::string& part) {
  ASSERT_FALSE(status.ok()) << "accepted a name with part '" << part << "'";
  EXPECT_EQ(status.error().kind, ErrorKind::kInvalidArgument);
  EXPECT_NE(status.error().message.find("'" + part + "'"), std::string::npos)
      << status.error().message;
}

TEST(CatalogNamesTest, PartsThatAreNotOneFolderAreRefused) {
  for (const std::string& bad :
       std::vector<std::string>{"", ".", "..", "a/b", "../../esc_ns", "x/../../../../elsewhere/esc",
                                "a\\b", "a\nb", std::string("a\x01") + "b", "a\x7f"}) {
    SCOPED_TRACE(bad);
    Status ns = ValidateNamespace({"ok", bad});
    ASSERT_FALSE(ns.ok());
    EXPECT_EQ(ns.error().kind, ErrorKind::kInvalidArgument);
    Status table = ValidateIdentifier(TableIdentifier{{"ok"}, bad});
    ASSERT_FALSE(table.ok());
    EXPECT_EQ(table.error().kind, ErrorKind::kInvalidArgument);
    EXPECT_FALSE(DefaultTableLocation("/wh", TableIdentifier{{"ok"}, bad}).ok());
  }
  Status s = ValidateIdentifier(TableIdentifier{{"ok"}, "x/../esc"});
  EXPECT_EQ(s.error().message,
            "table ok.x/../esc: name 'x/../esc' is not a valid name: it contains '/' (names "
            "become folders under the warehouse: no '/', '\\', '.' or '..' parts, empty parts or "
            "control characters)");
  EXPECT_NE(ValidateNamespace({"a\tb"}).error().message.find("'a\\x09b'"), std::string::npos);
  EXPECT_NE(ValidateNamespace({".."}).error().message.find("'..' names a folder of its own"),
            std::string::npos);
  // Dots, spaces and other text inside a part are fine.
  for (std::string good : {"a.b", "x..", "...", "with space", "ünïcode", "-"}) {
    EXPECT_OK(ValidateIdentifier(TableIdentifier{{"ns"}, good})) << good;
    EXPECT_OK(ValidateNamespace({good})) << good;
  }
  auto location = DefaultTableLocation("/wh/", TableIdentifier{{"a", "b"}, "t"});
  ASSERT_OK(location);
  EXPECT_EQ(*location, "/wh/a/b/t");
}

TEST(CatalogNamesTest, IsUnderLocationComparesWholeSegments) {
  EXPECT_TRUE(IsUnderLocation("/t/loc/data/f.parquet", "/t/loc"));
  EXPECT_TRUE(IsUnderLocation("/t/loc", "/t/loc/"));
  EXPECT_TRUE(IsUnderLocation("file:///t/loc/data/f", "/t/loc"));
  EXPECT_TRUE(IsUnderLocation("/t/loc/metadata/v1.json", "file:/t/loc"));
  EXPECT_TRUE(IsUnderLocation("/t/loc/./data//f", "/t/loc"));
  EXPECT_FALSE(IsUnderLocation("/t/location2/f", "/t/loc"));
  EXPECT_FALSE(IsUnderLocation("/t/loc2", "/t/loc"));
  EXPECT_FALSE(IsUnderLocation("/t/loc/../other/f", "/t/loc"));
  EXPECT_FALSE(IsUnderLocation("/t/loc/data/../../../etc/passwd", "/t/loc"));
  EXPECT_FALSE(IsUnderLocation("/t", "/t/loc"));
  EXPECT_FALSE(IsUnderLocation("s3://b/t/loc/f", "/t/loc"));
  EXPECT_FALSE(IsUnderLocation("/t/loc/f", "s3://b/t/loc"));
  EXPECT_TRUE(IsUnderLocation("s3://b/t/loc/data/f", "s3://b/t/loc"));
  EXPECT_TRUE(IsUnderLocation("S3://b/t/loc/data/f", "s3://b/t/loc/"));
  EXPECT_FALSE(IsUnderLocation("s3://b/t/location2/f", "s3://b/t/loc"));
  EXPECT_FALSE(IsUnderLocation("s3://other/t/loc/f", "s3://b/t/loc"));
  EXPECT_FALSE(IsUnderLocation("s3a://b/t/loc/f", "s3://b/t/loc"));
  EXPECT_FALSE(IsUnderLocation("s3://b/t/loc/../x", "s3://b/t/loc"));
  EXPECT_FALSE(IsUnderLocation("s3://b/t/loc/./x", "s3://b/t/loc"));
  EXPECT_FALSE(IsUnderLocation("s3://b/t/loc//x", "s3://b/t/loc"));
  EXPECT_TRUE(IsUnderLocation("s3://b/anything", "s3://b"));
  // A symbolic link inside the folder that points out of it is outside.
  TempDir dir;
  std::filesystem::create_directories(dir.Join("loc"));
  std::filesystem::create_directories(dir.Join("elsewhere"));
  std::filesystem::create_directory_symlink(dir.Join("elsewhere"), dir.Join("loc/link"));
  EXPECT_FALSE(IsUnderLocation(dir.Join("loc/link/f"), dir.Join("loc")));
  EXPECT_TRUE(IsUnderLocation(dir.Join("loc/real/f"), dir.Join("loc")));
}

// Each catalog, created in <tmp>/wh, must refuse the names and leave <tmp> as it was.
template <typename OpenCatalog>
void ExpectNamesStayInTheWarehouse(OpenCatalog open) {
  TempDir dir;
  std::string warehouse = dir.Join("wh");
  std::filesystem::create_directories(warehouse);
  std::unique_ptr<Catalog> catalog = open(warehouse);
  ASSERT_OK(catalog->CreateNamespace({"ok"}, {}));
  std::vector<std::string> before = TreeOf(dir.path());

  for (std::string bad : {"../../esc_ns", "..", ".", "a/b", "a\\b", ""}) {
    SCOPED_TRACE(bad);
    ExpectInvalidNaming(catalog->CreateNamespace({bad}, {}), bad);
    ExpectInvalidNaming(catalog->CreateNamespace({"ok", bad}, {}), bad);
    ExpectInvalidNaming(catalog->CreateTable(TableIdentifier{{"ok"}, bad}, testing::SmallTable()),
                        bad);
    ExpectInvalidNaming(catalog->CreateTable(TableIdentifier{{bad}, "t"}, testing::SmallTable()),
                        bad);
    ExpectInvalidNaming(catalog->LoadTable(TableIdentifier{{"ok"}, bad}), bad);
    ExpectInvalidNaming(catalog->ListTables({bad}), bad);
  }
  std::string escape = "x/../../../../elsewhere/esc";
  ExpectInvalidNaming(catalog->CreateTable(TableIdentifier{{"ok"}, escape}, testing::SmallTable()),
                      escape);
  EXPECT_EQ(TreeOf(dir.path()), before);
  // `a/b.t` and `a.b.t` can no longer be one folder: the first is refused.
  ASSERT_OK(catalog->CreateNamespace({"a", "b"}, {}));
  ASSERT_OK(catalog->CreateTable(TableIdentifier{{"a", "b"}, "t"}, testing::SmallTable()));
  ExpectInvalidNaming(catalog->CreateNamespace({"a/b"}, {}), "a/b");
}

TEST(CatalogNamesTest, SqlCatalogKeepsNamesInTheWarehouse) {
  ExpectNamesStayInTheWarehouse([](const std::string& warehouse) -> std::unique_ptr<Catalog> {
    auto catalog = sql::SqlCatalog::Open(
        sql::SqlCatalogOptions{"default", warehouse + "/catalog.db", warehouse, nullptr});
    EXPECT_OK(catalog);
    return std::move(catalog).value();
  });
}

TEST(CatalogNamesTest, FsCatalogKeepsNamesInTheWarehouse) {
  ExpectNamesStayInTheWarehouse([](const std::string& warehouse) -> std::unique_ptr<Catalog> {
    auto catalog = fs::FsCatalog::Open(fs::FsCatalogOptions{"lake", warehouse, nullptr});
    EXPECT_OK(catalog);
    return std::move(catalog).value();
  });
}

TEST(CatalogNamesTest, AnExplicitLocationOutsideTheWarehouseIsAllowed) {
  TempDir dir;
  std::string warehouse = dir.Join("wh");
  auto catalog = sql::SqlCatalog::Open(
      sql::SqlCatalogOptions{"default", dir.Join("catalog.db"), warehouse, nullptr});
  ASSERT_OK(catalog);
  ASSERT_OK((*catalog)->CreateNamespace({"ok"}, {}));
  CreateTableOptions options = testing::SmallTable();
  options.table.location = dir.Join("elsewhere/t");
  auto created = (*catalog)->CreateTable(TableIdentifier{{"ok"}, "t"}, options);
  ASSERT_OK(created);
  EXPECT_EQ(created->metadata.location, dir.Join("elsewhere/t"));
  EXPECT_TRUE(std::filesystem::exists(dir.Join("elsewhere/t/metadata")));
}

}  // namespace
}  // namespace floe::catalog
