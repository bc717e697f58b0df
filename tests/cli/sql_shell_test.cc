// The interactive `floe sql` shell under a real pseudo-terminal of 20 rows by 60 columns
// (python3's pty module): a long result shows its first and last rows with "(2,163 rows, 14
// shown)" and wide text cut to the screen with "…"; help, .help and .tables answer as in the
// DuckDB and SQLite shells. The same query to a pipe prints every row and every character.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "cli/pty_driver.h"
#include "testing/test_util.h"

namespace floe::testing {
namespace {

// The lines to type (args), then .exit. Prints everything the terminal showed.
constexpr const char* kShellBody = R"py(wait_for(b"floe> ", 10)
for line in args:
    mark = len(out)
    os.write(fd, line.encode() + b"\n")
    wait_for(b"floe> ", 20, mark + len(line))
os.write(fd, b".exit\n")
status = wait_exit(10)
if status is None:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
sys.stdout.write(out.decode("utf-8", "replace").replace("\r\n", "\n"))
print("\nexit=" + ("hung" if status is None else str(os.waitstatus_to_exitcode(status))))
)py";

class SqlShellTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream csv(dir_.Join("many.csv"));
    csv << "id,note\n";
    for (int i = 1; i <= 2163; ++i) {
      csv << i << "," << (i == 2 ? std::string(100, 'w') : "n" + std::to_string(i)) << "\n";
    }
    csv.close();
    std::ofstream(dir_.Join("driver.py")) << PtyShellDriver(kShellBody, 20, 60);
    ASSERT_EQ(RunFloe("--warehouse " + ShellQuote(wh_.path()) +
                      " sql 'CREATE NAMESPACE shop; CREATE TABLE shop.orders (id bigint); "
                      "CREATE NAMESPACE eng; CREATE TABLE eng.events (id bigint)'")
                  .exit_code,
              0);
  }
  std::string Shell(const std::vector<std::string>& lines) {
    std::string command =
        fmt::format("python3 {} {} {} {}", ShellQuote(dir_.Join("driver.py")),
                    ShellQuote(FloeBinary()), ShellQuote(wh_.path()), ShellQuote(dir_.path()));
    for (const std::string& line : lines) command += " " + ShellQuote(line);
    CommandResult r = RunCommand(command);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("exit=0"), std::string::npos) << r.out;
    return r.out;
  }
  std::string Query() const {
    return fmt::format("SELECT id, note FROM read_csv('{}') ORDER BY id;", dir_.Join("many.csv"));
  }

  TempDir dir_;
  TempDir wh_;
};

TEST_F(SqlShellTest, LongResultsShowAScreenful) {
  std::string out = Shell({Query()});
  // 20 rows: 14 shown, the first 7 and the last 7; lines cut to 60 columns.
  EXPECT_NE(out.find("(2,163 rows, 14 shown)"), std::string::npos) << out;
  EXPECT_NE(out.find("   7 | n7\n   \xE2\x80\xA6 | \xE2\x80\xA6\n2157 | n2157\n"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("   8 | n8\n"), std::string::npos) << out;
  EXPECT_NE(out.find("   2 | " + std::string(47, 'w') + "\xE2\x80\xA6\n"), std::string::npos)
      << out;

  // To a pipe: every row, every character.
  CommandResult piped = RunFloe("--warehouse " + ShellQuote(wh_.path()) + " sql " +
                                ShellQuote(Query()) + " --format table");
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_NE(piped.out.find("   2 | " + std::string(100, 'w') + "\n"), std::string::npos);
  EXPECT_NE(piped.out.find("1000 | n1000\n"), std::string::npos);
  EXPECT_NE(piped.out.find("\n(2163 rows)\n"), std::string::npos);
}

TEST_F(SqlShellTest, HelpAndTables) {
  std::string out = Shell({"help", ".tables", "USE shop;", ".tables", ".nope"});
  EXPECT_NE(out.find("Shell commands: .tables (every table), .help, .exit."), std::string::npos)
      << out;
  EXPECT_NE(out.find("eng.events\nshop.orders\n"), std::string::npos) << out;
  const size_t used = out.find("using namespace shop");
  ASSERT_NE(used, std::string::npos) << out;
  EXPECT_NE(out.find("shop.orders\n", used), std::string::npos) << out;
  EXPECT_EQ(out.find("eng.events\n", used), std::string::npos) << out;
  EXPECT_NE(out.find("floe: unknown command .nope (.help lists the shell's commands)"),
            std::string::npos)
      << out;
}

}  // namespace
}  // namespace floe::testing
