// SIGINT, SIGTERM and SIGHUP sent to the real binary in the middle of a big append: it exits with
// 128 + the signal and a line saying nothing was committed, leaves no temporary or data file it
// wrote, and the table is as it was.
#include <fcntl.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
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
  bool signalled_mid_write = false;  // a temporary file existed when the signal was sent
  std::string err;
};

// Runs floe with `args`, sends `signo` once a temporary data file appears (or after 3 s), waits.
Interrupted RunAndSignal(const std::vector<std::string>& args, const std::string& watch, int signo,
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
      return out;  // ended before any signal
    }
    if (!FilesEndingWith(watch, ".tmp").empty()) {
      out.signalled_mid_write = true;
      break;
    }
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(3)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  kill(pid, signo);
  waitpid(pid, &status, 0);
  out.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  out.err = ReadFileToString(err_path);
  return out;
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
        RunAndSignal({"--warehouse", wh.path(), "append", "db.t", big_->Join("big.csv")}, wh.path(),
                     signo, wh.Join("err.txt"));
    if (!r.signalled_mid_write) {
      GTEST_SKIP() << "the append ended (exit " << r.exit_code
                   << ") before a temporary file was seen";
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

  static TempDir* big_;
};

TempDir* SignalsTest::big_ = nullptr;

TEST_F(SignalsTest, SigintStopsAnAppendAndLeavesNothing) { CheckSignal(SIGINT, 130, "SIGINT"); }
TEST_F(SignalsTest, SigtermStopsAnAppendAndLeavesNothing) { CheckSignal(SIGTERM, 143, "SIGTERM"); }
TEST_F(SignalsTest, SighupStopsAnAppendAndLeavesNothing) { CheckSignal(SIGHUP, 129, "SIGHUP"); }

}  // namespace
}  // namespace floe::testing
