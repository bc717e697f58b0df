// The stale-pointer trap through the real binary: a table created and appended to twice in a
// SQLite catalog, then read through its older metadata file. The read succeeds with the old
// version's rows and warns, naming the current file; reading the current file, or reading
// without any catalog configured (or with one whose database does not exist), gives no warning.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

class StaleMetadataTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Ok("create namespace db");
    Ok("create table db.events --schema \"id long, name string\"");
    std::ofstream(wh_.Join("one.csv")) << "id,name\n1,a\n";
    std::ofstream(wh_.Join("two.csv")) << "id,name\n2,b\n";
    Ok("append db.events " + ShellQuote(wh_.Join("one.csv")));
    Ok("append db.events " + ShellQuote(wh_.Join("two.csv")));
    for (const auto& entry : std::filesystem::directory_iterator(wh_.Join("db/events/metadata"))) {
      std::string name = entry.path().filename().string();
      if (name.size() > 14 && name.substr(name.size() - 14) == ".metadata.json") {
        metadata_.push_back(entry.path().string());
      }
    }
    std::sort(metadata_.begin(), metadata_.end());  // 00000-…, 00001-…, 00002-…
    ASSERT_EQ(metadata_.size(), 3u);
  }
  CommandResult Floe(const std::string& args) {
    return RunFloe("--warehouse " + ShellQuote(wh_.path()) + " " + args);
  }
  CommandResult Ok(const std::string& args) {
    CommandResult r = Floe(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return r;
  }

  TempDir wh_;
  std::vector<std::string> metadata_;
};

TEST_F(StaleMetadataTest, OlderMetadataFileWarnsAndReadsThatVersion) {
  const std::string& old = metadata_[1];
  const std::string& current = metadata_[2];
  CommandResult scan = Ok("scan " + ShellQuote(old));
  EXPECT_NE(scan.out.find(" 1 | a"), std::string::npos) << scan.out;
  EXPECT_EQ(scan.out.find(" 2 | b"), std::string::npos) << scan.out;
  EXPECT_NE(scan.out.find("(1 row)"), std::string::npos) << scan.out;
  const std::string warning = fmt::format(
      "warning: reading {} (metadata version 1), but catalog \"default\" has table db.events at "
      "version 2: {}; pass the table name to read the current version\n",
      old, current);
  EXPECT_EQ(scan.err, warning);

  CommandResult files = Ok("files " + ShellQuote(old));
  EXPECT_EQ(files.err, warning);
  // The old version's one data file, not the current version's two.
  auto data_files = [](const std::string& out) {
    size_t n = 0;
    for (size_t pos = out.find("\ndata "); pos != std::string::npos;
         pos = out.find("\ndata ", pos + 1)) {
      ++n;
    }
    return n;
  };
  EXPECT_EQ(data_files(files.out), 1u) << files.out;
  EXPECT_EQ(data_files(Ok("files " + ShellQuote(current)).out), 2u);

  // The first version, as a path relative to the working folder: the same folder, so the
  // same warning, naming the file as given.
  const std::string relative =
      "db/events/metadata/" + std::filesystem::path(metadata_[0]).filename().string();
  CommandResult first = RunCommand(fmt::format("cd {} && {} --warehouse . scan {}",
                                               ShellQuote(wh_.path()), FloeBinary(), relative));
  EXPECT_EQ(first.exit_code, 0) << first.err;
  EXPECT_NE(first.err.find("warning: reading " + relative + " (metadata version 0)"),
            std::string::npos)
      << first.err;
  EXPECT_NE(first.err.find(current), std::string::npos) << first.err;
  EXPECT_NE(first.out.find("(0 rows)"), std::string::npos) << first.out;
}

TEST_F(StaleMetadataTest, CurrentFileOrNoCatalogGivesNoWarning) {
  CommandResult current = Ok("scan " + ShellQuote(metadata_[2]));
  EXPECT_EQ(current.err, "");
  EXPECT_NE(current.out.find("(2 rows)"), std::string::npos) << current.out;
  // The table folder resolves to the current file.
  EXPECT_EQ(Ok("scan " + ShellQuote(wh_.path() + "/db/events")).err, "");

  // No --warehouse, no floe.yaml anywhere the search looks: no catalog, no warning.
  TempDir elsewhere;
  CommandResult bare = RunCommand(
      fmt::format("cd {} && HOME={} env -u FLOE_CONFIG {} scan {}", ShellQuote(elsewhere.path()),
                  ShellQuote(elsewhere.path()), FloeBinary(), ShellQuote(metadata_[1])));
  EXPECT_EQ(bare.exit_code, 0) << bare.err;
  EXPECT_EQ(bare.err, "");
  EXPECT_NE(bare.out.find("(1 row)"), std::string::npos) << bare.out;

  // A catalog whose database does not exist: no warning, and it is not created.
  const std::string missing = elsewhere.Join("missing");
  CommandResult none =
      RunFloe("--warehouse " + ShellQuote(missing) + " scan " + ShellQuote(metadata_[1]));
  EXPECT_EQ(none.exit_code, 0) << none.err;
  EXPECT_EQ(none.err, "");
  EXPECT_FALSE(std::filesystem::exists(missing + "/catalog.db"));
}

}  // namespace
}  // namespace floe::testing
