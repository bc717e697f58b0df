// Where a catalog is, as a new user meets it: a relative --warehouse or floe.yaml folder is stored
// absolute (the table reads the same from any folder), a read-only command on a mistyped catalog
// creates nothing and says so, and a warehouse floe cannot write is refused before anything is
// made.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

namespace fs = std::filesystem;

// `floe ARGS` run in folder `cwd`.
CommandResult FloeIn(const std::string& cwd, const std::string& args) {
  return RunCommand(fmt::format("cd {} && {} {}", ShellQuote(cwd), ShellQuote(FloeBinary()), args));
}

TEST(CatalogPathsTest, RelativeWarehouseIsStoredAbsolute) {
  TempDir dir;
  const std::string work = dir.Join("work");
  fs::create_directories(work);
  ASSERT_EQ(FloeIn(work, "--warehouse wh create namespace shop").exit_code, 0);
  CommandResult created =
      FloeIn(work, "--warehouse wh create table shop.orders --schema 'id long, s string'");
  ASSERT_EQ(created.exit_code, 0) << created.err;
  std::ofstream(work + "/a.csv") << "id,s\n1,a\n2,b\n";
  ASSERT_EQ(FloeIn(work, "--warehouse wh append shop.orders a.csv").exit_code, 0);

  // The location the catalog gives, and every metadata file's "location", are absolute.
  const std::string expected = fs::weakly_canonical(work + "/wh/shop/orders").string();
  CommandResult location = FloeIn(work, "--warehouse wh location shop.orders");
  ASSERT_EQ(location.exit_code, 0) << location.err;
  EXPECT_EQ(location.out, expected + "\n");
  for (const std::string& file : FilesUnder(work + "/wh/shop/orders/metadata", ".metadata.json")) {
    EXPECT_NE(ReadFileToString(file).find("\"location\":\"" + expected + "\""), std::string::npos)
        << file;
  }
  // Read from another folder through the same catalog.
  CommandResult count = FloeIn(dir.path(), "--warehouse work/wh count shop.orders");
  ASSERT_EQ(count.exit_code, 0) << count.err;
  EXPECT_EQ(count.out, "2\n");
}

TEST(CatalogPathsTest, RelativeWarehouseInFloeYamlIsStoredAbsolute) {
  TempDir dir;
  std::ofstream(dir.Join("floe.yaml"))
      << "catalog:\n  lake:\n    type: fs\n    warehouse: lake-wh\n";
  ASSERT_EQ(FloeIn(dir.path(), "create namespace lake.db").exit_code, 0);
  CommandResult created = FloeIn(dir.path(), "create table lake.db.t --schema 'id long'");
  ASSERT_EQ(created.exit_code, 0) << created.err;
  CommandResult location = FloeIn(dir.path(), "location lake.db.t");
  EXPECT_EQ(location.out, fs::weakly_canonical(dir.Join("lake-wh/db/t")).string() + "\n");
}

TEST(CatalogPathsTest, ReadOnlyCommandsCreateNoCatalog) {
  TempDir dir;
  const std::vector<std::string> reads = {"list",      "list db",        "count db.t",
                                          "scan db.t", "snapshots db.t", "sql 'SHOW NAMESPACES'"};
  for (const std::string& read : reads) {
    CommandResult r = FloeIn(dir.path(), "--warehouse typo-wh " + read);
    EXPECT_NE(r.exit_code, 0) << read;
    EXPECT_NE(r.err.find("there is no catalog at typo-wh/catalog.db"), std::string::npos)
        << read << "\n"
        << r.err;
  }
  // A floe.yaml whose uri names a missing folder.
  std::ofstream(dir.Join("floe.yaml"))
      << "catalog:\n  prod:\n    uri: sqlite:///" << dir.Join("nonexistent/dir/c.db") << "\n";
  CommandResult listed = FloeIn(dir.path(), "list");
  EXPECT_EQ(listed.exit_code, 3) << listed.err;
  EXPECT_NE(listed.err.find("there is no catalog at " + dir.Join("nonexistent/dir/c.db")),
            std::string::npos)
      << listed.err;
  // A fs catalog whose folder is missing.
  std::ofstream(dir.Join("fs.yaml"))
      << "catalog:\n  lake:\n    type: fs\n    warehouse: " << dir.Join("no-lake") << "\n";
  CommandResult fs_listed = FloeIn(dir.path(), "--config fs.yaml list");
  EXPECT_EQ(fs_listed.exit_code, 3) << fs_listed.err;
  // Nothing was made.
  EXPECT_FALSE(fs::exists(dir.Join("typo-wh")));
  EXPECT_FALSE(fs::exists(dir.Join("nonexistent")));
  EXPECT_FALSE(fs::exists(dir.Join("no-lake")));
  // Creating commands do make the catalog.
  EXPECT_EQ(FloeIn(dir.path(), "--warehouse new-wh sql 'CREATE NAMESPACE db'").exit_code, 0);
  EXPECT_TRUE(fs::exists(dir.Join("new-wh/catalog.db")));
  EXPECT_EQ(FloeIn(dir.path(), "--warehouse new-wh2 create namespace db").exit_code, 0);
  EXPECT_TRUE(fs::exists(dir.Join("new-wh2/catalog.db")));
}

TEST(CatalogPathsTest, UnsupportedWarehouseIsRefusedBeforeAnythingIsMade) {
  TempDir dir;
  CommandResult flag = FloeIn(dir.path(), "--warehouse s3://bucket/wh create namespace shop");
  EXPECT_NE(flag.exit_code, 0);
  EXPECT_NE(flag.err.find("warehouse s3://bucket/wh"), std::string::npos) << flag.err;
  EXPECT_NE(flag.err.find("s3:// locations are not supported yet"), std::string::npos) << flag.err;

  std::ofstream(dir.Join("floe.yaml")) << "catalog:\n  prod:\n    uri: sqlite:///"
                                       << dir.Join("cat/c.db") << "\n    warehouse: s3://b/wh\n";
  CommandResult yaml = FloeIn(dir.path(), "create namespace shop");
  EXPECT_NE(yaml.exit_code, 0);
  EXPECT_NE(yaml.err.find("s3:// locations are not supported yet"), std::string::npos) << yaml.err;
  EXPECT_FALSE(fs::exists(dir.Join("cat")));
  EXPECT_EQ(FilesUnder(dir.path(), ""), std::vector<std::string>{dir.Join("floe.yaml")});
}

}  // namespace
}  // namespace floe::testing
