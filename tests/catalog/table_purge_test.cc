// `drop --purge` deletes only files under the table's location: a registered, hand-made metadata
// file that lists other files in its metadata log and statistics cannot make floe delete them,
// unless include_outside_location is asked for; a dry run lists both groups and changes nothing.
#include "floe/catalog/table_purge.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "catalog_test_util.h"
#include "floe/catalog/fs/fs_catalog.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/commit/metadata_file.h"
#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::catalog {
namespace {

using floe::testing::TempDir;

void Touch(const std::string& path) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  ASSERT_OK(io::WriteFile(*io::LocalFileIO(), path, "x"));
}

bool Exists(const std::string& path) { return std::filesystem::exists(path); }

// A table `db.t` at <dir>/loc registered from a hand-written metadata file whose metadata log
// names <dir>/victim/old.metadata.json and <dir>/loc2/x (next to the location, not in it), and
// whose statistics name <dir>/victim/stats.puffin and <dir>/loc/stats/s.puffin (its own).
struct HandMadeTable {
  TempDir dir;
  std::unique_ptr<sql::SqlCatalog> catalog;
  std::string metadata_location;
  std::vector<std::string> outside, inside;
};

void MakeHandMadeTable(HandMadeTable* t) {
  auto catalog = sql::SqlCatalog::Open(
      sql::SqlCatalogOptions{"default", t->dir.Join("catalog.db"), t->dir.Join("wh"), nullptr});
  ASSERT_OK(catalog);
  t->catalog = std::move(*catalog);
  ASSERT_OK(t->catalog->CreateNamespace({"db"}, {}));
  // A real first metadata, then the hand edits.
  auto staged = t->catalog->StageCreateTable({{"db"}, "seed"}, testing::SmallTable());
  ASSERT_OK(staged);
  spec::TableMetadata metadata = *staged;
  metadata.location = t->dir.Join("loc");
  t->outside = {t->dir.Join("victim/stats.puffin"), t->dir.Join("loc2/x"),
                t->dir.Join("victim/old.metadata.json")};
  t->inside = {t->dir.Join("loc/stats/s.puffin"), t->dir.Join("loc/metadata/v1.metadata.json")};
  metadata.metadata_log.push_back({1, t->dir.Join("victim/old.metadata.json")});
  metadata.metadata_log.push_back({2, t->dir.Join("loc2/x")});
  spec::StatisticsFile stats;
  stats.snapshot_id = 1;
  stats.path = t->dir.Join("victim/stats.puffin");
  metadata.statistics.push_back(stats);
  stats.path = t->dir.Join("loc/stats/s.puffin");
  metadata.statistics.push_back(stats);
  t->metadata_location = t->dir.Join("loc/metadata/v1.metadata.json");
  std::filesystem::create_directories(t->dir.Join("loc/metadata"));
  ASSERT_OK(commit::WriteMetadataFile(*io::LocalFileIO(), t->metadata_location, metadata));
  for (const auto& f : t->outside) Touch(f);
  Touch(t->dir.Join("loc/stats/s.puffin"));
  ASSERT_OK(t->catalog->RegisterTable({{"db"}, "t"}, t->metadata_location));
}

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

TEST(TablePurgeTest, PurgeKeepsWhatLiesOutsideTheTableLocation) {
  HandMadeTable t;
  MakeHandMadeTable(&t);
  DropTableOptions options;
  options.purge = true;
  options.dry_run = true;
  auto planned = t.catalog->DropTable({{"db"}, "t"}, options);
  ASSERT_OK(planned);
  ASSERT_TRUE(planned->purge.has_value());
  EXPECT_EQ(planned->purge->table_location, t.dir.Join("loc"));
  EXPECT_EQ(Sorted(planned->purge->inside), Sorted(t.inside));
  EXPECT_EQ(Sorted(planned->purge->outside), Sorted(t.outside));
  // The dry run changed nothing.
  EXPECT_OK(t.catalog->LoadTable({{"db"}, "t"}));
  for (const auto& f : t.inside) EXPECT_TRUE(Exists(f)) << f;

  options.dry_run = false;
  auto dropped = t.catalog->DropTable({{"db"}, "t"}, options);
  ASSERT_OK(dropped);
  EXPECT_EQ(Sorted(dropped->purge->outside), Sorted(t.outside));
  for (const auto& f : t.inside) EXPECT_FALSE(Exists(f)) << f;
  for (const auto& f : t.outside) EXPECT_TRUE(Exists(f)) << f << " was deleted";
  EXPECT_EQ(t.catalog->LoadTable({{"db"}, "t"}).error().kind, ErrorKind::kNotFound);
}

TEST(TablePurgeTest, IncludeOutsideLocationDeletesTheOthersToo) {
  HandMadeTable t;
  MakeHandMadeTable(&t);
  DropTableOptions options;
  options.purge = true;
  options.include_outside_location = true;
  ASSERT_OK(t.catalog->DropTable({{"db"}, "t"}, options));
  for (const auto& f : t.inside) EXPECT_FALSE(Exists(f)) << f;
  for (const auto& f : t.outside) EXPECT_FALSE(Exists(f)) << f;
}

TEST(TablePurgeTest, ATableAtARootOwnsNoFile) {
  TempDir dir;
  spec::TableMetadata metadata;
  metadata.location = "/";
  metadata.metadata_log.push_back({1, dir.Join("old.metadata.json")});
  auto io = io::LocalFileIO();
  PurgePlan plan = PlanTablePurge(*io, metadata, dir.Join("v2.metadata.json"), "/");
  EXPECT_TRUE(plan.inside.empty());
  EXPECT_EQ(plan.outside.size(), 2u);
  plan = PlanTablePurge(*io, metadata, "s3://bucket/t/m.json", "s3://bucket/");
  EXPECT_TRUE(plan.inside.empty());
  plan = PlanTablePurge(*io, metadata, "s3://bucket/t/m.json", "s3://bucket/t");
  EXPECT_EQ(plan.inside, std::vector<std::string>{"s3://bucket/t/m.json"});
}

// The file-system catalog compares with the table's folder, whatever location a metadata file
// placed there claims.
TEST(TablePurgeTest, FsCatalogPurgesOnlyTheTableFolder) {
  TempDir dir;
  auto catalog = fs::FsCatalog::Open(fs::FsCatalogOptions{"lake", dir.Join("wh"), nullptr});
  ASSERT_OK(catalog);
  ASSERT_OK((*catalog)->CreateNamespace({"db"}, {}));
  auto created = (*catalog)->CreateTable({{"db"}, "t"}, testing::SmallTable());
  ASSERT_OK(created);
  spec::TableMetadata metadata = created->metadata;
  metadata.location = dir.path();  // claims the whole temporary folder
  metadata.metadata_log.push_back({1, dir.Join("victim.txt")});
  Touch(dir.Join("victim.txt"));
  ASSERT_OK(commit::WriteMetadataFile(*io::LocalFileIO(),
                                      dir.Join("wh/db/t/metadata/v2.metadata.json"), metadata));
  DropTableOptions options;
  options.purge = true;
  auto dropped = (*catalog)->DropTable({{"db"}, "t"}, options);
  ASSERT_OK(dropped);
  EXPECT_EQ(dropped->purge->outside, std::vector<std::string>{dir.Join("victim.txt")});
  EXPECT_TRUE(Exists(dir.Join("victim.txt")));
  EXPECT_FALSE(Exists(dir.Join("wh/db/t")));
}

}  // namespace
}  // namespace floe::catalog
