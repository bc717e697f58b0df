// `floe sql`: statements in order, rows on stdout in each format, status lines on stderr, the
// first error's exit code with earlier statements kept, the session time zone in table/CSV output
// (JSON in UTC), scripts from a file or stdin, and the interactive shell on a terminal (script(1)).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

class SqlCommandTest : public ::testing::Test {
 protected:
  CommandResult Sql(const std::string& args) {
    return RunFloe("--warehouse " + ShellQuote(wh_.path()) + " sql " + args);
  }
  TempDir wh_;
};

TEST_F(SqlCommandTest, StatementsFormatsErrorsAndTimeZone) {
  CommandResult r =
      Sql(ShellQuote("CREATE NAMESPACE s; CREATE TABLE s.t (id int, ts timestamp); "
                     "INSERT INTO s.t VALUES (1, TIMESTAMP '2026-03-05 23:30:00+00:00'), (2, "
                     "NULL); SELECT * FROM s.t ORDER BY id"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "id | ts\n"
            "---+---------------------------------\n"
            " 1 | 2026-03-05T23:30:00.000000+00:00\n"
            " 2 | NULL\n"
            "(2 rows)\n");
  EXPECT_EQ(r.err, "created namespace s\ncreated table s.t\ninserted 2 rows into s.t\n");

  r = Sql("--format csv --time-zone Asia/Seoul " +
          ShellQuote("SELECT id, ts, to_date(ts) AS d FROM s.t ORDER BY id"));
  EXPECT_EQ(r.out, "id,ts,d\n1,2026-03-06T08:30:00.000000+09:00,2026-03-06\n2,,\n") << r.err;
  r = Sql("--json --time-zone Asia/Seoul " + ShellQuote("SELECT id, ts FROM s.t WHERE id = 1"));
  EXPECT_EQ(r.out, "{\"id\":1,\"ts\":\"2026-03-05T23:30:00.000000+00:00\"}\n") << r.err;

  // The first error stops the run with its exit code; the statements before it are committed.
  r = Sql(ShellQuote(
      "INSERT INTO s.t VALUES (3, NULL); SELECT * FROM s.nope; INSERT INTO s.t VALUES (4, NULL)"));
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("line 1, column"), std::string::npos) << r.err;
  EXPECT_EQ(Sql("--format csv " + ShellQuote("SELECT count(*) FROM s.t")).out, "count(1)\n3\n");
  r = Sql(ShellQuote("SELECT FROM"));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  r = Sql("--time-zone Mars/Olympus " + ShellQuote("SELECT 1"));
  EXPECT_EQ(r.exit_code, 3) << r.err;

  // Scripts from a file and from standard input.
  std::string script = wh_.Join("q.sql");
  std::ofstream(script) << "-- a comment; with a semicolon\nSELECT 'a;b' AS s;\nSELECT 2 AS n\n";
  EXPECT_EQ(Sql("--format csv -f " + ShellQuote(script)).out, "s\na;b\nn\n2\n");
  CommandResult piped =
      RunCommand(fmt::format("(echo 'SELECT 7 AS seven' | {} --warehouse {} sql --format csv)",
                             ShellQuote(FloeBinary()), ShellQuote(wh_.path())));
  EXPECT_EQ(piped.out, "seven\n7\n") << piped.err;
}

TEST_F(SqlCommandTest, InteractiveShellOnATerminal) {
  if (!std::filesystem::exists("/usr/bin/script")) GTEST_SKIP() << "script(1) not installed";
  // script(1) gives the shell a terminal; the statement spans two lines; an error does not end it.
  CommandResult r = RunCommand(fmt::format(
      "(printf 'SELECT 40 +\\n 2 AS answer;\\nSELECT nope;\\nSELECT 1 AS one;\\nquit\\n' | HOME={} "
      "timeout 60 script -qfec {} /dev/null)",
      ShellQuote(wh_.path()),
      ShellQuote(ShellQuote(FloeBinary()) + " --warehouse " + ShellQuote(wh_.path()) + " sql")));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("    42"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no column nope"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("one"), std::string::npos) << r.out;
  std::ifstream history(wh_.Join(".floe_history"));
  std::string text((std::istreambuf_iterator<char>(history)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("answer"), std::string::npos) << text;
}

}  // namespace
}  // namespace floe::testing
