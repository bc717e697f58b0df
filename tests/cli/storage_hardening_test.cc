// Storage hardening through the real binary (issue 24): SQL names cannot place anything outside
// the warehouse, `drop table --purge` keeps the add-files sources it does not own, and a
// read-only warehouse still reads while writes say the catalog is read-only. Both catalog types.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

std::vector<std::string> TreeBelow(const std::string& root) {
  std::vector<std::string> out;
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(root, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    out.push_back(std::filesystem::relative(it->path(), root).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class StorageHardeningTest : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    wh_ = dir_.Join("wh");
    std::filesystem::create_directories(wh_);
    if (GetParam()) {  // a file-system catalog
      config_ = dir_.Join("floe.yaml");
      std::ofstream(config_) << fmt::format("catalog:\n  lake:\n    type: fs\n    warehouse: {}\n",
                                            wh_);
    }
  }
  std::string CatalogOptions() const {
    return config_.empty() ? "--warehouse " + ShellQuote(wh_) : "--config " + ShellQuote(config_);
  }
  CommandResult Floe(const std::string& args) { return RunFloe(CatalogOptions() + " " + args); }
  CommandResult Ok(const std::string& args) {
    CommandResult r = Floe(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return r;
  }

  TempDir dir_;
  std::string wh_;
  std::string config_;
};

TEST_P(StorageHardeningTest, SqlNamesStayInTheWarehouse) {
  Ok("sql \"CREATE NAMESPACE ok\"");
  std::vector<std::string> before = TreeBelow(dir_.path());
  for (const char* statement :
       {"CREATE TABLE ok.`x/../../../../elsewhere/esc` (id bigint)",
        "CREATE NAMESPACE `../../esc_ns`", "CREATE TABLE ok.`..` (id bigint)",
        "CREATE TABLE `a/b`.t (id bigint)", "CREATE NAMESPACE `a\\\\b`"}) {
    SCOPED_TRACE(statement);
    CommandResult r = Floe("sql " + ShellQuote(statement));
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("is not a valid name"), std::string::npos) << r.err;
  }
  EXPECT_EQ(TreeBelow(dir_.path()), before);
  CommandResult r = Floe("sql " + ShellQuote("CREATE TABLE ok.`x/../../../../elsewhere/esc` "
                                             "(id bigint)"));
  EXPECT_NE(r.err.find("'x/../../../../elsewhere/esc'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("it contains '/'"), std::string::npos) << r.err;
}

TEST_P(StorageHardeningTest, PurgeKeepsAddFilesSources) {
  const std::string source = dir_.Join("source/part.parquet");
  std::filesystem::create_directories(dir_.Join("source"));
  std::ofstream(dir_.Join("source/part.csv")) << "id,name\n1,a\n2,b\n";
  ASSERT_EQ(RunFloe("parquet write " + ShellQuote(dir_.Join("source/part.csv")) + " " +
                    ShellQuote(source) + " --schema \"id long, name string\"")
                .exit_code,
            0);
  std::ofstream(dir_.Join("own.csv")) << "id,name\n3,c\n";
  Ok("create namespace db");
  Ok("create table db.t --schema \"id long, name string\"");
  Ok("add-files db.t " + ShellQuote(source));
  Ok("append db.t " + ShellQuote(dir_.Join("own.csv")));
  const std::string location = wh_ + "/db/t";

  CommandResult dry = Ok("drop table db.t --purge --dry-run");
  EXPECT_NE(dry.out.find("would drop db.t and delete "), std::string::npos) << dry.out;
  EXPECT_NE(dry.out.find("under its location " + location + ":\n"), std::string::npos) << dry.out;
  EXPECT_NE(dry.out.find("would keep 1 files outside its location:\n  " + source + "\n"),
            std::string::npos)
      << dry.out;
  EXPECT_EQ(Ok("count db.t").out, "3\n");  // the dry run dropped nothing

  CommandResult dropped = Ok("drop table db.t --purge");
  EXPECT_NE(dropped.out.find("dropped db.t and its files"), std::string::npos) << dropped.out;
  EXPECT_NE(dropped.err.find("warning: kept 1 files outside the table location " + location),
            std::string::npos)
      << dropped.err;
  EXPECT_NE(dropped.err.find("  " + source + "\n"), std::string::npos) << dropped.err;
  EXPECT_TRUE(std::filesystem::exists(source)) << "purge deleted an add-files source";
  EXPECT_TRUE(!std::filesystem::exists(location) || FilesUnder(location, "").empty())
      << "the table's own files were not all deleted";
  EXPECT_EQ(Floe("count db.t").exit_code, 3);

  // With --include-outside-location the source goes too.
  Ok("create table db.u --schema \"id long, name string\"");
  Ok("add-files db.u " + ShellQuote(source));
  EXPECT_EQ(Floe("drop table db.u --include-outside-location").exit_code, 2);
  Ok("drop table db.u --purge --include-outside-location");
  EXPECT_FALSE(std::filesystem::exists(source));
}

// Runs `args` against the warehouse made read-only: a read-only bind mount in a mount namespace
// of its own when running as root (chmod does not stop root), else the folder's write bits
// removed. nullopt when neither can be had here.
std::optional<CommandResult> RunReadOnly(const std::string& wh, const std::string& floe_args) {
  std::string floe = ShellQuote(FloeBinary()) + " " + floe_args;
  if (geteuid() != 0) {
    CommandResult r = RunCommand("chmod -R a-w " + ShellQuote(wh) + " && " + floe +
                                 "; rc=$?; chmod -R u+w " + ShellQuote(wh) + "; exit $rc");
    return r;
  }
  std::string inner =
      "mount --bind -o ro " + ShellQuote(wh) + " " + ShellQuote(wh) + " || exit 99; exec " + floe;
  CommandResult r = RunCommand("unshare -m sh -c " + ShellQuote(inner));
  if (r.exit_code == 99 || r.err.find("unshare failed") != std::string::npos ||
      r.err.find("unshare:") != std::string::npos) {
    return std::nullopt;
  }
  return r;
}

TEST_P(StorageHardeningTest, AReadOnlyWarehouseReadsAndRefusesWrites) {
  std::ofstream(dir_.Join("rows.csv")) << "id,name\n1,a\n2,b\n";
  Ok("create namespace db");
  Ok("create table db.t --schema \"id long, name string\"");
  Ok("append db.t " + ShellQuote(dir_.Join("rows.csv")));
  std::vector<std::string> before = TreeBelow(wh_);
  if (!config_.empty()) {
    // The file-system catalog needs nothing more; the SQL one has closed its WAL files.
  } else {
    EXPECT_FALSE(std::filesystem::exists(wh_ + "/catalog.db-wal"));
  }

  auto count = RunReadOnly(wh_, CatalogOptions() + " count db.t");
  if (!count) GTEST_SKIP() << "running as root without mount namespaces: no read-only storage";
  EXPECT_EQ(count->exit_code, 0) << count->err;
  EXPECT_EQ(count->out, "2\n");
  auto list = RunReadOnly(wh_, CatalogOptions() + " list db");
  EXPECT_EQ(list->exit_code, 0) << list->err;
  EXPECT_EQ(list->out, "db.t\n");
  auto sql = RunReadOnly(wh_, CatalogOptions() + " sql \"SELECT name FROM db.t ORDER BY id\"");
  EXPECT_EQ(sql->exit_code, 0) << sql->err;
  EXPECT_NE(sql->out.find("b"), std::string::npos) << sql->out;

  for (const std::string& write : std::vector<std::string>{
           "create namespace other", "create table db.u --schema \"id long\"",
           "append db.t " + ShellQuote(dir_.Join("rows.csv")), "drop table db.t"}) {
    SCOPED_TRACE(write);
    auto r = RunReadOnly(wh_, CatalogOptions() + " " + write);
    EXPECT_NE(r->exit_code, 0);
    EXPECT_NE(r->err.find("is read-only"), std::string::npos) << r->err;
    EXPECT_NE(r->err.find("the catalog "), std::string::npos) << r->err;
  }
  EXPECT_EQ(TreeBelow(wh_), before);
  EXPECT_EQ(Ok("count db.t").out, "2\n");
}

INSTANTIATE_TEST_SUITE_P(Catalogs, StorageHardeningTest, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return std::string(info.param ? "Fs" : "Sql");
                         });

}  // namespace
}  // namespace floe::testing
