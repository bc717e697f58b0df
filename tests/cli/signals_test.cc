// SIGINT, SIGTERM and SIGHUP sent to the real binary in the middle of a big append: it exits with
// 128 + the signal and a line saying nothing was committed, leaves no temporary or data file it
// wrote, and the table is as it was.
#include <fcntl.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

namespace stdfs = std::filesystem;

// Files below `root` whose names end with `suffix`.
std::vector<std::string> FilesEndingWith(const std::string& root, std::string_view suffix) {
  std::vector<std::string> out;
  std::error_code ec;
  for (auto it = stdfs::recursive_directory_iterator(root, ec);
       !ec && it != stdfs::recursive_directory_iterator(); it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (name.size() >= suffix.size() && name.substr(name.size() - suffix.size()) == suffix) {
      out.push_back(it->path().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

struct Interrupted {
  int exit_code = -1;                // -1: ended by a signal, not exit()
  bool ended_before_signal = false;  // it finished before any signal was sent
  std::string err;
};

// Runs floe with `args`, sends `signo` once `ready(pid)` holds (or after 20 s), waits.
Interrupted RunAndSignal(const std::vector<std::string>& args,
                         const std::function<bool(pid_t)>& ready, int signo,
                         const std::string& err_path) {
  Interrupted out;
  // Everything the child needs is made before fork(): it only redirects and execs.
  std::string binary = FloeBinary();
  std::vector<std::string> copy = args;
  std::vector<char*> argv;
  argv.push_back(binary.data());
  for (auto& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    int fd = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 2);
    int null = ::open("/dev/null", O_WRONLY);
    dup2(null, 1);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  auto start = std::chrono::steady_clock::now();
  int status = 0;
  while (true) {
    if (waitpid(pid, &status, WNOHANG) == pid) {
      out.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      out.err = ReadFileToString(err_path);
      out.ended_before_signal = true;
      return out;
    }
    if (ready(pid)) break;
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(20)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  kill(pid, signo);
  waitpid(pid, &status, 0);
  out.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  out.err = ReadFileToString(err_path);
  return out;
}

// Ready once a temporary data file exists below `root`: the child is mid-write.
std::function<bool(pid_t)> TemporaryFileUnder(const std::string& root) {
  return [root](pid_t) { return !FilesEndingWith(root, ".tmp").empty(); };
}

// Ready once the child has a file below `root` open (/proc/<pid>/fd): it is reading its inputs.
std::function<bool(pid_t)> HasFileOpenUnder(const std::string& root) {
  return [root](pid_t pid) {
    std::error_code ec;
    for (auto it = stdfs::directory_iterator(fmt::format("/proc/{}/fd", pid), ec);
         !ec && it != stdfs::directory_iterator(); it.increment(ec)) {
      std::error_code link_ec;
      std::string target = stdfs::read_symlink(it->path(), link_ec).string();
      if (!link_ec && target.starts_with(root + "/")) return true;
    }
    return false;
  };
}

class SignalsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    big_ = new TempDir();
    std::ofstream csv(big_->Join("big.csv"));
    csv << "id,name,amount\n";
    std::string chunk;
    for (int i = 0; i < 1'500'000; ++i) {
      chunk += fmt::format("{},name-{},{}.{}\n", i, i % 1000, i % 977, i % 100);
      if (chunk.size() > (1 << 20)) {
        csv << chunk;
        chunk.clear();
      }
    }
    csv << chunk;
  }
  static void TearDownTestSuite() {
    delete big_;
    big_ = nullptr;
  }

  void CheckSignal(int signo, int expected_code, const char* name) {
    TempDir wh;
    auto floe = [&](const std::string& args) {
      return RunFloe("--warehouse " + ShellQuote(wh.path()) + " " + args);
    };
    ASSERT_EQ(floe("create namespace db").exit_code, 0);
    ASSERT_EQ(floe("create table db.t --schema \"id long, name string, amount double\"").exit_code,
              0);
    std::ofstream(wh.Join("small.csv")) << "id,name,amount\n1,a,1.5\n2,b,2.5\n";
    ASSERT_EQ(floe("append db.t " + ShellQuote(wh.Join("small.csv"))).exit_code, 0);
    const std::string data = wh.Join("db/t/data");
    std::vector<std::string> data_before = FilesEndingWith(data, ".parquet");
    std::string metadata_before = floe("metadata-location db.t").out;

    Interrupted r =
        RunAndSignal({"--warehouse", wh.path(), "append", "db.t", big_->Join("big.csv")},
                     TemporaryFileUnder(wh.path()), signo, wh.Join("err.txt"));
    if (r.ended_before_signal) {
      GTEST_SKIP() << "the append ended (exit " << r.exit_code << ") before the signal";
    }
    EXPECT_EQ(r.exit_code, expected_code) << r.err;
    EXPECT_NE(r.err.find(fmt::format("floe: interrupted by {}: nothing was committed", name)),
              std::string::npos)
        << r.err;
    EXPECT_TRUE(FilesEndingWith(wh.path(), ".tmp").empty());
    EXPECT_EQ(FilesEndingWith(data, ".parquet"), data_before) << "uncommitted data files left";
    EXPECT_EQ(floe("metadata-location db.t").out, metadata_before);
    EXPECT_EQ(floe("count db.t").out, "2\n");
  }

  // Table db.t (id long, name string, amount double) with two rows, in a new warehouse.
  static void MakeTable(const TempDir& wh) {
    auto floe = [&](const std::string& args) {
      return RunFloe("--warehouse " + ShellQuote(wh.path()) + " " + args);
    };
    ASSERT_EQ(floe("create namespace db").exit_code, 0);
    ASSERT_EQ(floe("create table db.t --schema \"id long, name string, amount double\"").exit_code,
              0);
    std::ofstream(wh.Join("small.csv")) << "id,name,amount\n1,a,1.5\n2,b,2.5\n";
    ASSERT_EQ(floe("append db.t " + ShellQuote(wh.Join("small.csv"))).exit_code, 0);
  }

  static TempDir* big_;
};

TempDir* SignalsTest::big_ = nullptr;

TEST_F(SignalsTest, SigintStopsAnAppendAndLeavesNothing) { CheckSignal(SIGINT, 130, "SIGINT"); }
TEST_F(SignalsTest, SigtermStopsAnAppendAndLeavesNothing) { CheckSignal(SIGTERM, 143, "SIGTERM"); }
TEST_F(SignalsTest, SighupStopsAnAppendAndLeavesNothing) { CheckSignal(SIGHUP, 129, "SIGHUP"); }

}  // namespace
}  // namespace floe::testing

namespace floe::testing {
namespace {

// SQL INSERT ... SELECT from a big CSV through `floe sql`: stopped between batches, its data
// files removed, nothing committed.
TEST_F(SignalsTest, SigintStopsASqlInsertAndLeavesNothing) {
  TempDir wh;
  MakeTable(wh);
  auto floe = [&](const std::string& args) {
    return RunFloe("--warehouse " + ShellQuote(wh.path()) + " " + args);
  };
  const std::string data = wh.Join("db/t/data");
  std::vector<std::string> data_before = FilesEndingWith(data, ".parquet");
  std::vector<std::string> metadata_before = FilesEndingWith(wh.Join("db/t/metadata"), "");
  std::string location_before = floe("metadata-location db.t").out;
  const std::string insert =
      fmt::format("INSERT INTO db.t SELECT * FROM read_csv('{}')", big_->Join("big.csv"));
  Interrupted r = RunAndSignal({"--warehouse", wh.path(), "sql", insert},
                               TemporaryFileUnder(wh.path()), SIGINT, wh.Join("err.txt"));
  if (r.ended_before_signal) {
    GTEST_SKIP() << "the insert ended (exit " << r.exit_code << ") before the signal";
  }
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.err.find("floe: interrupted by SIGINT: nothing was committed"), std::string::npos)
      << r.err;
  EXPECT_TRUE(FilesEndingWith(wh.path(), ".tmp").empty());
  EXPECT_EQ(FilesEndingWith(data, ".parquet"), data_before) << "uncommitted data files left";
  EXPECT_EQ(FilesEndingWith(wh.Join("db/t/metadata"), ""), metadata_before);
  EXPECT_EQ(floe("metadata-location db.t").out, location_before);
  EXPECT_EQ(floe("count db.t").out, "2\n");
}

// CREATE TABLE ... AS SELECT from a big CSV: stopped between batches, the staged table never
// created, no file of it left.
TEST_F(SignalsTest, SighupStopsACreateTableAsAndLeavesNothing) {
  TempDir wh;
  MakeTable(wh);
  auto floe = [&](const std::string& args) {
    return RunFloe("--warehouse " + ShellQuote(wh.path()) + " " + args);
  };
  const std::string ctas =
      fmt::format("CREATE TABLE db.c AS SELECT * FROM read_csv('{}')", big_->Join("big.csv"));
  Interrupted r = RunAndSignal({"--warehouse", wh.path(), "sql", ctas},
                               TemporaryFileUnder(wh.path()), SIGHUP, wh.Join("err.txt"));
  if (r.ended_before_signal) {
    GTEST_SKIP() << "the CTAS ended (exit " << r.exit_code << ") before the signal";
  }
  EXPECT_EQ(r.exit_code, 129) << r.err;
  EXPECT_NE(r.err.find("floe: interrupted by SIGHUP: nothing was committed"), std::string::npos)
      << r.err;
  EXPECT_EQ(floe("list db").out, "db.t\n");
  std::vector<std::string> left;
  for (const std::string& f : FilesEndingWith(wh.Join("db/c"), "")) {
    if (stdfs::is_regular_file(f)) left.push_back(f);
  }
  EXPECT_TRUE(left.empty()) << "files of the cancelled CTAS left: "
                            << fmt::format("{}", fmt::join(left, ", "));
}

// parquet write of a big CSV: stopped between batches, the unfinished output removed.
TEST_F(SignalsTest, SigintStopsAParquetWriteAndLeavesNoOutput) {
  TempDir out;
  const std::string target = out.Join("big.parquet");
  Interrupted r = RunAndSignal({"parquet", "write", big_->Join("big.csv"), target},
                               TemporaryFileUnder(out.path()), SIGINT, out.Join("err.txt"));
  if (r.ended_before_signal) {
    GTEST_SKIP() << "parquet write ended (exit " << r.exit_code << ") before the signal";
  }
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.err.find("floe: interrupted by SIGINT: nothing was committed"), std::string::npos)
      << r.err;
  EXPECT_FALSE(stdfs::exists(target));
  EXPECT_TRUE(FilesEndingWith(out.path(), ".tmp").empty());
}

// add-files of many files: stopped while it reads their footers (it has one of them open),
// before anything is written; the sources stay, the table is unchanged.
TEST_F(SignalsTest, SigtermStopsAddFilesOfManyFilesAndLeavesNothing) {
  TempDir wh;
  MakeTable(wh);
  auto floe = [&](const std::string& args) {
    return RunFloe("--warehouse " + ShellQuote(wh.path()) + " " + args);
  };
  const std::string sources = wh.Join("sources");
  stdfs::create_directories(sources);
  ASSERT_EQ(RunFloe("parquet write " + ShellQuote(wh.Join("small.csv")) + " " +
                    ShellQuote(sources + "/part-0.parquet") +
                    " --schema \"id long, name string, amount double\"")
                .exit_code,
            0);
  std::vector<std::string> args = {"--warehouse", wh.path(), "add-files", "db.t"};
  constexpr int kFiles = 3000;
  for (int i = 0; i < kFiles; ++i) {
    std::string path = fmt::format("{}/part-{}.parquet", sources, i);
    if (i > 0) stdfs::copy_file(sources + "/part-0.parquet", path);
    args.push_back(path);
  }
  std::vector<std::string> metadata_before = FilesEndingWith(wh.Join("db/t/metadata"), "");
  std::string location_before = floe("metadata-location db.t").out;
  Interrupted r = RunAndSignal(args, HasFileOpenUnder(sources), SIGTERM, wh.Join("err.txt"));
  if (r.ended_before_signal) {
    GTEST_SKIP() << "add-files ended (exit " << r.exit_code << ") before it had a file open";
  }
  EXPECT_EQ(r.exit_code, 143) << r.err;
  EXPECT_NE(r.err.find("floe: interrupted by SIGTERM: nothing was committed"), std::string::npos)
      << r.err;
  EXPECT_EQ(FilesEndingWith(wh.Join("db/t/metadata"), ""), metadata_before)
      << "a manifest or metadata file was left";
  EXPECT_EQ(floe("metadata-location db.t").out, location_before);
  EXPECT_EQ(floe("count db.t").out, "2\n");
  EXPECT_EQ(FilesEndingWith(sources, ".parquet").size(), static_cast<size_t>(kFiles));
}

}  // namespace
}  // namespace floe::testing
