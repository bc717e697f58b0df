#include "floe/catalog/config/catalog_config.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "testing/result_matchers.h"
#include "testing/test_util.h"

namespace floe::catalog {
namespace {

using floe::testing::TempDir;

void Write(const std::string& path, const std::string& text) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path) << text;
}

constexpr const char* kTwoCatalogs =
    "catalog:\n"
    "  prod:\n"
    "    type: sql\n"
    "    uri: sqlite:////tmp/prod/catalog.db\n"
    "    warehouse: /tmp/prod\n"
    "  lake:\n"
    "    type: fs\n"
    "    warehouse: file:///tmp/lake\n"
    "default-catalog: prod\n";

TEST(CatalogConfigTest, ParsesPyIcebergLayout) {
  auto config = ParseFloeConfig(kTwoCatalogs, "floe.yaml");
  ASSERT_OK(config);
  EXPECT_EQ(config->catalogs.size(), 2u);
  EXPECT_EQ(*config->catalogs.at("prod").Get("uri"), "sqlite:////tmp/prod/catalog.db");
  EXPECT_EQ(*config->DefaultCatalogName(), "prod");
  EXPECT_FALSE(ParseFloeConfig("catalog: [1, 2]\n", "x").ok());
  EXPECT_FALSE(ParseFloeConfig("catalog:\n  a: {type: sql}\ndefault-catalog: b\n", "x").ok());
}

TEST(CatalogConfigTest, SqliteUris) {
  EXPECT_EQ(*SqlitePathFromUri("sqlite:////abs/wh/catalog.db"), "/abs/wh/catalog.db");
  EXPECT_EQ(*SqlitePathFromUri("sqlite:///rel/catalog.db"), "rel/catalog.db");
  EXPECT_EQ(*SqlitePathFromUri("jdbc:sqlite:/x/c.db"), "/x/c.db");
  EXPECT_EQ(*SqlitePathFromUri("/x/c.db"), "/x/c.db");
  EXPECT_EQ(SqlitePathFromUri("postgresql://h/db").error().kind, ErrorKind::kNotSupported);
}

TEST(CatalogConfigTest, SearchOrder) {
  TempDir dir;
  Write(dir.Join("flag.yaml"), "catalog:\n  fromflag: {type: fs, warehouse: /w}\n");
  Write(dir.Join("env.yaml"), "catalog:\n  fromenv: {type: fs, warehouse: /w}\n");
  Write(dir.Join("cwd/floe.yaml"), "catalog:\n  fromcwd: {type: fs, warehouse: /w}\n");
  Write(dir.Join("home/.config/floe/floe.yaml"),
        "catalog:\n  fromhome: {type: fs, warehouse: /w}\n");
  ConfigSearch search;
  search.config_flag = dir.Join("flag.yaml");
  search.env_config = dir.Join("env.yaml");
  search.cwd = dir.Join("cwd");
  search.home = dir.Join("home");
  auto name = [&] { return *LoadFloeConfig(search)->DefaultCatalogName(); };
  EXPECT_EQ(name(), "fromflag");
  search.config_flag.reset();
  EXPECT_EQ(name(), "fromenv");
  search.env_config.reset();
  EXPECT_EQ(name(), "fromcwd");
  search.cwd = dir.Join("nowhere");
  EXPECT_EQ(name(), "fromhome");
  search.home.reset();
  auto none = LoadFloeConfig(search);
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find("--warehouse"), std::string::npos);
  search.warehouse_flag = dir.Join("wh");
  auto wh = LoadFloeConfig(search);
  ASSERT_OK(wh);
  EXPECT_EQ(*wh->DefaultCatalogName(), "default");
  EXPECT_EQ(*wh->catalogs.at("default").Get("uri"), dir.Join("wh") + "/catalog.db");
  search.config_flag = dir.Join("missing.yaml");
  EXPECT_EQ(LoadFloeConfig(search).error().kind, ErrorKind::kNotFound);
}

TEST(CatalogConfigTest, TableNamesFollowSparksRule) {
  auto config = ParseFloeConfig(kTwoCatalogs, "floe.yaml");
  ASSERT_OK(config);
  auto n = ParseTableName(*config, "lake.db.t");
  ASSERT_OK(n);
  EXPECT_EQ(n->catalog, "lake");
  EXPECT_EQ(n->id, (TableIdentifier{{"db"}, "t"}));
  n = ParseTableName(*config, "db.inner.t");
  EXPECT_EQ(n->catalog, "prod");
  EXPECT_EQ(n->id, (TableIdentifier{{"db", "inner"}, "t"}));
  n = ParseTableName(*config, "lake.t");  // too short for a catalog part: namespace lake
  EXPECT_EQ(n->catalog, "prod");
  EXPECT_EQ(n->id, (TableIdentifier{{"lake"}, "t"}));
  EXPECT_EQ(ParseTableName(*config, "t").error().kind, ErrorKind::kInvalidArgument);
  EXPECT_EQ(ParseTableName(*config, "db..t").error().kind, ErrorKind::kInvalidArgument);
  auto ns = ParseNamespaceName(*config, "lake.db");
  EXPECT_EQ(ns->catalog, "lake");
  EXPECT_EQ(ns->ns, (Namespace{"db"}));
  EXPECT_EQ(ParseNamespaceName(*config, "db")->catalog, "prod");
}

TEST(CatalogConfigTest, OpenCatalogFromWarehouse) {
  TempDir dir;
  ConfigSearch search;
  search.cwd = dir.Join("nowhere");
  search.warehouse_flag = dir.Join("wh");
  auto config = LoadFloeConfig(search);
  ASSERT_OK(config);
  auto catalog = OpenCatalog(*config);
  ASSERT_OK(catalog);
  EXPECT_EQ((*catalog)->name(), "default");
  ASSERT_OK((*catalog)->CreateNamespace({"db"}, {}));
  EXPECT_TRUE(std::filesystem::exists(dir.Join("wh/catalog.db")));
  EXPECT_EQ(OpenCatalog(*config, "nope").error().kind, ErrorKind::kNotFound);
}

// PyIceberg's .pyiceberg.yaml is read where PyIceberg reads it ($PYICEBERG_HOME, ~, the working
// folder), after floe's own files; its file: warehouse is stored as an absolute path.
TEST(CatalogConfigTest, PyIcebergYamlIsReadWhenNoFloeYaml) {
  TempDir dir;
  auto write = [&](const std::string& folder, const std::string& catalog) {
    std::filesystem::create_directories(dir.Join(folder));
    std::ofstream(dir.Join(folder + "/.pyiceberg.yaml"))
        << "catalog:\n  " << catalog << ":\n    uri: sqlite:///" << dir.Join(catalog + ".db")
        << "\n    warehouse: file://" << dir.Join(catalog + "-wh") << "\n";
  };
  write("pyhome", "frompyhome");
  write("home", "fromhome");
  write("cwd", "fromcwd");
  ConfigSearch search;
  search.cwd = dir.Join("cwd");
  search.home = dir.Join("home");
  search.pyiceberg_home = dir.Join("pyhome");
  auto config = LoadFloeConfig(search);
  ASSERT_OK(config);
  EXPECT_EQ(config->source, dir.Join("pyhome/.pyiceberg.yaml"));
  EXPECT_EQ(*config->DefaultCatalogName(), "frompyhome");
  search.pyiceberg_home.reset();
  EXPECT_EQ(LoadFloeConfig(search)->source, dir.Join("home/.pyiceberg.yaml"));
  search.home.reset();
  EXPECT_EQ(LoadFloeConfig(search)->source, dir.Join("cwd/.pyiceberg.yaml"));
  // floe's own file comes first.
  std::ofstream(dir.Join("cwd/floe.yaml"))
      << "catalog:\n  mine:\n    type: fs\n    warehouse: " << dir.path() << "\n";
  EXPECT_EQ(LoadFloeConfig(search)->source, dir.Join("cwd/floe.yaml"));

  auto catalog = OpenCatalog(*config);
  ASSERT_OK(catalog);
  ASSERT_OK((*catalog)->CreateNamespace({"db"}, {}));
  CreateTableOptions create;
  create.table.schema.fields = {spec::NestedField{1, "id", true, spec::Type::Long()}};
  auto table = (*catalog)->CreateTable({{"db"}, "t"}, create);
  ASSERT_OK(table);
  EXPECT_EQ(table->metadata.location, dir.Join("frompyhome-wh/db/t"));
}

// A warehouse moved to another folder: the catalog's rows still name the old paths; the
// `location-map` setting reads them from the new place (read-only), `base` alone does not.
TEST(CatalogConfigTest, LocationMapSettingReadsAMovedWarehouse) {
  TempDir dir;
  const std::string old_wh = dir.Join("old");
  const std::string new_wh = dir.Join("new");
  {
    ConfigSearch search;
    search.cwd = dir.Join("nowhere");
    search.warehouse_flag = old_wh;
    auto config = LoadFloeConfig(search);
    ASSERT_OK(config);
    auto catalog = OpenCatalog(*config);
    ASSERT_OK(catalog);
    ASSERT_OK((*catalog)->CreateNamespace({"db"}, {}));
    CreateTableOptions create;
    create.table.schema.fields = {spec::NestedField{1, "id", true, spec::Type::Long()}};
    ASSERT_OK((*catalog)->CreateTable({{"db"}, "t"}, create));
  }
  std::filesystem::rename(old_wh, new_wh);
  auto open = [&](const std::string& extra) {
    // The catalog keeps its name: the rows of catalog.db belong to catalog "default".
    std::string yaml = "catalog:\n  default:\n    type: sql\n    uri: sqlite:///" + new_wh +
                       "/catalog.db\n    warehouse: " + new_wh + "\n" + extra;
    auto config = ParseFloeConfig(yaml, "floe.yaml");
    EXPECT_OK(config);
    return OpenCatalog(*config, "default");
  };
  auto unmapped = open("");
  ASSERT_OK(unmapped);
  auto missing = (*unmapped)->LoadTable({{"db"}, "t"});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::kNotFound);

  for (std::string setting :
       {"    location-map: " + old_wh + "=" + new_wh + "\n",
        "    location-map:\n      - /elsewhere=/x\n      - " + old_wh + "=" + new_wh + "\n"}) {
    auto mapped = open(setting);
    ASSERT_OK(mapped);
    auto table = (*mapped)->LoadTable({{"db"}, "t"});
    ASSERT_OK(table) << setting;
    EXPECT_EQ(table->metadata.CurrentSchema()->fields.size(), 1u);
    // A remapped catalog is read-only.
    CreateTableOptions other;
    other.table.schema.fields = {spec::NestedField{1, "id", true, spec::Type::Long()}};
    auto created = (*mapped)->CreateTable({{"db"}, "u"}, other);
    ASSERT_FALSE(created.ok());
    EXPECT_NE(created.error().message.find("read-only"), std::string::npos)
        << created.error().message;
  }
  auto bad = open("    location-map: no-equals-sign\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().kind, ErrorKind::kInvalidArgument);
}

}  // namespace
}  // namespace floe::catalog
