// Catalog::FindTableByMetadataFolder: the table whose current metadata file lies in a folder,
// through the SQL catalog's query, the file-system catalog's folder layout and the default walk
// over namespaces (here over a SQL catalog, so all three must agree); folders given as plain
// paths, file: URIs, with a trailing '/' or relative.
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
using testing::AddColumn;
using testing::SmallTable;

// Forwards everything to another catalog but keeps Catalog's own FindTableByMetadataFolder.
class WalkingCatalog : public Catalog {
 public:
  explicit WalkingCatalog(Catalog& inner) : inner_(inner) {}
  const std::string& name() const override { return inner_.name(); }
  io::FileIO& io() override { return inner_.io(); }
  Result<std::vector<Namespace>> ListNamespaces(const Namespace& parent) override {
    return inner_.ListNamespaces(parent);
  }
  Status CreateNamespace(const Namespace& ns,
                         const std::map<std::string, std::string>& properties) override {
    return inner_.CreateNamespace(ns, properties);
  }
  Result<std::map<std::string, std::string>> LoadNamespaceProperties(const Namespace& ns) override {
    return inner_.LoadNamespaceProperties(ns);
  }
  Status UpdateNamespaceProperties(const Namespace& ns, const std::vector<std::string>& removals,
                                   const std::map<std::string, std::string>& updates) override {
    return inner_.UpdateNamespaceProperties(ns, removals, updates);
  }
  Status DropNamespace(const Namespace& ns) override { return inner_.DropNamespace(ns); }
  Result<std::vector<TableIdentifier>> ListTables(const Namespace& ns) override {
    return inner_.ListTables(ns);
  }
  Result<LoadedTable> CreateTable(const TableIdentifier& id,
                                  const CreateTableOptions& options) override {
    return inner_.CreateTable(id, options);
  }
  Result<LoadedTable> LoadTable(const TableIdentifier& id) override { return inner_.LoadTable(id); }
  Result<spec::TableMetadata> StageCreateTable(const TableIdentifier& id,
                                               const CreateTableOptions& options) override {
    return inner_.StageCreateTable(id, options);
  }
  Result<LoadedTable> CreateStagedTable(const TableIdentifier& id,
                                        const spec::TableMetadata& staged,
                                        std::span<const commit::TableRequirement> requirements,
                                        std::span<const commit::TableUpdate> updates) override {
    return inner_.CreateStagedTable(id, staged, requirements, updates);
  }
  Result<LoadedTable> CommitTable(const TableIdentifier& id,
                                  std::span<const commit::TableRequirement> requirements,
                                  std::span<const commit::TableUpdate> updates) override {
    return inner_.CommitTable(id, requirements, updates);
  }
  using Catalog::DropTable;
  Result<DropTableResult> DropTable(const TableIdentifier& id,
                                    const DropTableOptions& options) override {
    return inner_.DropTable(id, options);
  }
  Status RenameTable(const TableIdentifier& from, const TableIdentifier& to) override {
    return inner_.RenameTable(from, to);
  }
  Result<LoadedTable> RegisterTable(const TableIdentifier& id,
                                    const std::string& metadata_location) override {
    return inner_.RegisterTable(id, metadata_location);
  }

 private:
  Catalog& inner_;
};

// The table found for `folder`, or "-" for none; errors fail the test.
std::string Found(Catalog& catalog, const std::string& folder) {
  auto found = catalog.FindTableByMetadataFolder(folder);
  EXPECT_OK(found) << folder;
  if (!found.ok() || !found->has_value()) return "-";
  return (*found)->id.ToString() + " " + (*found)->metadata_location;
}

LoadedTable Commit(Catalog& catalog, const TableIdentifier& id, const std::string& column) {
  auto base = catalog.LoadTable(id);
  EXPECT_OK(base);
  auto change = AddColumn(*base, column);
  auto committed = catalog.CommitTable(id, change.requirements, change.updates);
  EXPECT_OK(committed);
  return std::move(committed).value();
}

TEST(LocationMatchTest, NormalizedForms) {
  EXPECT_EQ(NormalizeLocation("file:///no/such/wh/t/"), "/no/such/wh/t");
  EXPECT_EQ(NormalizeLocation("file:/no/such/wh/t"), "/no/such/wh/t");
  EXPECT_EQ(NormalizeLocation("/no/such/wh/./x/../t//"), "/no/such/wh/t");
  EXPECT_EQ(NormalizeLocation("S3://bucket/wh/t/"), "s3://bucket/wh/t");
  EXPECT_EQ(NormalizeLocation("no/such/rel"),
            (std::filesystem::current_path() / "no/such/rel").string());
  EXPECT_EQ(FolderOfLocation("file:///no/such/t/metadata/v3.metadata.json"), "/no/such/t/metadata");
  EXPECT_EQ(FolderOfLocation("s3://bucket/t/metadata/00001-x.metadata.json"),
            "s3://bucket/t/metadata");
  EXPECT_EQ(FolderOfLocation("/v1.metadata.json"), "/");
}

TEST(FindTableByMetadataFolderTest, SqlCatalogAndTheDefaultWalkAgree) {
  TempDir dir;
  auto opened = sql::SqlCatalog::Open(
      sql::SqlCatalogOptions{"default", dir.Join("catalog.db"), dir.path(), nullptr});
  ASSERT_OK(opened);
  sql::SqlCatalog& sql = **opened;
  WalkingCatalog walk(sql);
  ASSERT_OK(sql.CreateNamespace({"db"}, {}));
  ASSERT_OK(sql.CreateNamespace({"db", "inner"}, {}));
  ASSERT_OK(sql.CreateTable({{"db"}, "a"}, SmallTable()));
  // Another table whose folder name starts like a's: "a" must not match "a_b".
  ASSERT_OK(sql.CreateTable({{"db"}, "a_b"}, SmallTable()));
  ASSERT_OK(sql.CreateTable({{"db", "inner"}, "b"}, SmallTable()));
  LoadedTable b = Commit(sql, {{"db", "inner"}, "b"}, "x");
  LoadedTable a = Commit(sql, {{"db"}, "a"}, "x");
  a = Commit(sql, {{"db"}, "a"}, "y");
  const std::string b_folder = dir.Join("db/inner/b/metadata");
  const std::string want_b = "db.inner.b " + b.metadata_location;
  const std::string want_a = "db.a " + a.metadata_location;
  for (Catalog* catalog : {static_cast<Catalog*>(&sql), static_cast<Catalog*>(&walk)}) {
    SCOPED_TRACE(catalog == &sql ? "sql" : "walk");
    EXPECT_EQ(Found(*catalog, b_folder), want_b);
    EXPECT_EQ(Found(*catalog, b_folder + "/"), want_b);
    EXPECT_EQ(Found(*catalog, "file://" + b_folder), want_b);
    EXPECT_EQ(Found(*catalog, std::filesystem::relative(b_folder).string()), want_b);
    EXPECT_EQ(Found(*catalog, dir.Join("db/a/metadata")), want_a);
    // The table folder is not its metadata folder; unknown folders find nothing.
    EXPECT_EQ(Found(*catalog, dir.Join("db/inner/b")), "-");
    EXPECT_EQ(Found(*catalog, dir.Join("db/inner/c/metadata")), "-");
    EXPECT_EQ(Found(*catalog, dir.Join("db/a_/metadata")), "-");
    EXPECT_EQ(Found(*catalog, "s3://bucket/db/a/metadata"), "-");
  }
}

TEST(FindTableByMetadataFolderTest, SqlCatalogMatchesFileUriLocations) {
  TempDir dir;
  auto opened = sql::SqlCatalog::Open(
      sql::SqlCatalogOptions{"default", dir.Join("catalog.db"), dir.path(), nullptr});
  ASSERT_OK(opened);
  sql::SqlCatalog& sql = **opened;
  ASSERT_OK(sql.CreateNamespace({"db"}, {}));
  auto created = sql.CreateTable({{"db"}, "t"}, SmallTable());
  ASSERT_OK(created);
  // As PyIceberg stores them: a file: URI. Registered under another name in another namespace.
  ASSERT_OK(sql.DropTable({{"db"}, "t"}, /*purge=*/false));
  ASSERT_OK(sql.CreateNamespace({"other"}, {}));
  const std::string uri = "file://" + created->metadata_location;
  ASSERT_OK(sql.RegisterTable({{"other"}, "u"}, uri));
  EXPECT_EQ(Found(sql, dir.Join("db/t/metadata")), "other.u " + uri);
  WalkingCatalog walk(sql);
  EXPECT_EQ(Found(walk, dir.Join("db/t/metadata")), "other.u " + uri);
}

TEST(FindTableByMetadataFolderTest, FileSystemCatalog) {
  TempDir dir;
  auto opened = fs::FsCatalog::Open(fs::FsCatalogOptions{"lake", dir.Join("lake"), nullptr});
  ASSERT_OK(opened);
  fs::FsCatalog& lake = **opened;
  ASSERT_OK(lake.CreateNamespace({"db"}, {}));
  ASSERT_OK(lake.CreateNamespace({"db", "inner"}, {}));
  ASSERT_OK(lake.CreateTable({{"db", "inner"}, "b"}, SmallTable()));
  LoadedTable b = Commit(lake, {{"db", "inner"}, "b"}, "x");
  EXPECT_EQ(std::filesystem::path(b.metadata_location).filename(), "v2.metadata.json");
  const std::string folder = dir.Join("lake/db/inner/b/metadata");
  EXPECT_EQ(Found(lake, folder), "db.inner.b " + b.metadata_location);
  EXPECT_EQ(Found(lake, "file://" + folder + "/"), "db.inner.b " + b.metadata_location);
  EXPECT_EQ(Found(lake, dir.Join("lake/db/inner/b")), "-");
  EXPECT_EQ(Found(lake, dir.Join("lake/db/inner/c/metadata")), "-");
  EXPECT_EQ(Found(lake, dir.Join("lake/db/metadata")), "-");  // a table needs a namespace
  EXPECT_EQ(Found(lake, dir.Join("elsewhere/db/b/metadata")), "-");
  // The default walk agrees.
  WalkingCatalog walk(lake);
  EXPECT_EQ(Found(walk, folder), "db.inner.b " + b.metadata_location);
  EXPECT_EQ(Found(walk, dir.Join("lake/db/inner/c/metadata")), "-");
}

}  // namespace
}  // namespace floe::catalog
