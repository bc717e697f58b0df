// The command line's conventions (docs/cli.md): help, version, usage errors and their exit codes.
#include <gtest/gtest.h>

#include "testing/test_util.h"

namespace floe::testing {
namespace {

TEST(MainTest, VersionAndHelp) {
  CommandResult r = RunFloe("--version");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("floe ", 0), 0u) << r.out;
  r = RunFloe("--help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("Usage: floe"), std::string::npos);
  EXPECT_NE(r.out.find("version"), std::string::npos);
}

TEST(MainTest, UsageErrorsExitWithTwo) {
  CommandResult r = RunFloe("no-such-command");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown command"), std::string::npos) << r.err;
  r = RunFloe("--no-such-option");
  EXPECT_EQ(r.exit_code, 2);
  r = RunFloe("version --bogus");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown option --bogus"), std::string::npos) << r.err;
  r = RunFloe("");
  EXPECT_EQ(r.exit_code, 2);
}

TEST(MainTest, EveryCommandHasHelpWithAnExample) {
  CommandResult list = RunFloe("--help");
  ASSERT_EQ(list.exit_code, 0);
  // Each command line in the listing starts with two spaces and the command name.
  size_t start = list.out.find("Commands:\n");
  size_t end = list.out.find("\n\n", start);
  ASSERT_NE(start, std::string::npos);
  std::string block = list.out.substr(start + 10, end - start - 10);
  size_t pos = 0;
  int commands = 0;
  while (pos < block.size()) {
    size_t eol = block.find('\n', pos);
    if (eol == std::string::npos) eol = block.size();
    std::string line = block.substr(pos + 2, eol - pos - 2);
    size_t gap = line.find("  ");
    std::string name = line.substr(0, gap);
    CommandResult help = RunFloe(name + " --help");
    EXPECT_EQ(help.exit_code, 0) << name;
    EXPECT_NE(help.out.find("Usage: floe"), std::string::npos) << name;
    EXPECT_NE(help.out.find("Example:"), std::string::npos) << name;
    ++commands;
    pos = eol + 1;
  }
  EXPECT_GE(commands, 1);
}

}  // namespace
}  // namespace floe::testing
