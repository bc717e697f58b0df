// `floe expire-snapshots` through the real binary: a table of small appends (merged manifests)
// and a branch; the dry run lists exactly what the run then deletes and changes nothing; the
// printed counts equal the files gone; rows read the same before and after, on main and on the
// branch; bad options are refused naming them.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "testing/test_util.h"

namespace floe::testing::expire_snapshots_command {
namespace {

std::string TrimEnd(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

class ExpireSnapshotsCommandTest : public ::testing::Test {
 protected:
  CommandResult Floe(const std::string& args) {
    return RunFloe("--warehouse " + ShellQuote(wh_.path()) + " " + args);
  }
  CommandResult Ok(const std::string& args) {
    CommandResult r = Floe(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return r;
  }
  void Append(int i, const std::string& extra = "") {
    const std::string csv = wh_.Join(fmt::format("in{}.csv", i));
    std::ofstream(csv) << fmt::format("id,region\n{},{}\n{},eu\n", i, i % 2 ? "us" : "eu", 100 + i);
    Ok("append shop.t " + ShellQuote(csv) + " " + extra);
  }
  std::vector<std::string> Rows(const std::string& extra = "") {
    auto rows = Lines(Ok("scan shop.t --format csv " + extra).out);
    std::sort(rows.begin(), rows.end());
    return rows;
  }
  // Every file under the table's folder but the metadata files (expiry writes one).
  std::set<std::string> Files() {
    std::set<std::string> out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(location_)) {
      const std::string p = e.path().string();
      if (e.is_regular_file() && p.find(".metadata.json") == std::string::npos) out.insert(p);
    }
    return out;
  }
  // The value of a printed result column.
  static int64_t Column(const std::string& out, const std::string& name) {
    for (const auto& line : Lines(out)) {
      if (line.rfind(name + " ", 0) == 0) return std::stoll(line.substr(name.size()));
    }
    ADD_FAILURE() << name << " not in\n" << out;
    return -1;
  }

  TempDir wh_;
  std::string location_;
};

TEST_F(ExpireSnapshotsCommandTest, DryRunThenExpire) {
  Ok("create namespace shop");
  Ok("create table shop.t --schema \"id long, region string\" --partition-by region "
     "--property commit.manifest.min-count-to-merge=2");
  location_ = TrimEnd(Ok("location shop.t").out);
  for (int i = 0; i < 3; ++i) Append(i);
  Append(3, "--branch dev");
  for (int i = 4; i < 8; ++i) Append(i);
  const auto main_rows = Rows();
  const auto dev_rows = Rows("--ref dev");
  ASSERT_EQ(main_rows.size(), 1 + 7 * 2u);
  const auto before = Files();

  const std::string far = "--older-than 2100-01-01T00:00:00Z --retain-last 2";
  CommandResult dry = Ok("expire-snapshots shop.t " + far + " --dry-run");
  EXPECT_EQ(Files(), before);
  // main keeps its newest two, dev its head and the main snapshot it started from: 4 of 8 go.
  EXPECT_NE(dry.out.find("would expire 4 snapshots and delete "), std::string::npos) << dry.out;
  std::set<std::string> listed;
  for (const auto& line : Lines(dry.out)) {
    if (line.rfind("  ", 0) == 0) listed.insert(line.substr(2));
  }

  CommandResult run = Ok("expire-snapshots shop.t " + far);
  EXPECT_NE(run.out.find("expired 4 snapshots\n"), std::string::npos) << run.out;
  const auto after = Files();
  std::set<std::string> gone;
  std::set_difference(before.begin(), before.end(), after.begin(), after.end(),
                      std::inserter(gone, gone.end()));
  EXPECT_EQ(gone, listed);
  EXPECT_EQ(Column(run.out, "deleted_manifest_lists_count"), 4);
  EXPECT_GT(Column(run.out, "deleted_manifest_files_count"), 0);
  EXPECT_EQ(Column(run.out, "deleted_data_files_count"), 0);  // every file is still live
  EXPECT_EQ(Column(run.out, "deleted_manifest_lists_count") +
                Column(run.out, "deleted_manifest_files_count"),
            static_cast<int64_t>(gone.size()));
  EXPECT_EQ(Rows(), main_rows);
  EXPECT_EQ(Rows("--ref dev"), dev_rows);
  // An independent reader of the expired table's current snapshot: icebird.
  if (std::filesystem::exists(SourceDir() + "/tests/peers/node_modules/icebird")) {
    const std::string metadata = TrimEnd(Ok("metadata-location shop.t").out);
    CommandResult peer = RunCommand(fmt::format(
        "node {} {} {}", ShellQuote(SourceDir() + "/tests/peers/icebird_rows.mjs"),
        ShellQuote(location_), ShellQuote(std::filesystem::path(metadata).filename().string())));
    ASSERT_EQ(peer.exit_code, 0) << peer.err;
    EXPECT_EQ(Lines(peer.out).size(), main_rows.size() - 1) << peer.out;  // no header
    EXPECT_NE(peer.out.find("\"id\":\"107\""), std::string::npos) << peer.out;
  }

  // Nothing left to expire; the JSON form.
  CommandResult json = Ok("expire-snapshots shop.t " + far + " --json");
  EXPECT_NE(json.out.find("\"deleted_manifest_lists_count\": 0"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"expired_snapshot_ids\": []"), std::string::npos) << json.out;
}

TEST_F(ExpireSnapshotsCommandTest, BadOptionsAreRefusedNamingThem) {
  Ok("create namespace shop");
  Ok("create table shop.t --schema \"id long, region string\"");
  location_ = TrimEnd(Ok("location shop.t").out);
  Append(1);
  CommandResult r = Floe("expire-snapshots shop.t --older-than yesterday");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--older-than yesterday: expected ISO-8601 with an offset"),
            std::string::npos)
      << r.err;
  r = Floe("expire-snapshots shop.t --older-than 2026-01-01T00:00:00");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  r = Floe("expire-snapshots shop.t --retain-last 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--retain-last 0"), std::string::npos) << r.err;
  r = Floe("expire-snapshots shop.t --snapshot 12345");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("the table has no snapshot 12345"), std::string::npos) << r.err;
  CommandResult help = Ok("expire-snapshots --help");
  EXPECT_NE(help.out.find("floe --warehouse wh expire-snapshots shop.orders --older-than 7d"),
            std::string::npos)
      << help.out;
  // A duration back from now: the snapshot of a moment ago is younger than a day.
  CommandResult kept = Ok("expire-snapshots shop.t --older-than 1d");
  EXPECT_NE(kept.out.find("expired 0 snapshots"), std::string::npos) << kept.out;
}

}  // namespace
}  // namespace floe::testing::expire_snapshots_command
