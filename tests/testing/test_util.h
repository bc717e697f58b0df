// Helpers shared by all tests: where the shared corpus is, temporary folders, running the CLI.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace floe::testing {

// ../shared next to the repository, or $FLOE_SHARED_DIR.
std::string SharedDir();
// SharedDir() + "/corpus/" + relative.
std::string CorpusPath(std::string_view relative);
// Path of the built `floe` binary.
std::string FloeBinary();
std::string SourceDir();

std::string ReadFileToString(const std::string& path);
// Every regular file below `dir` (recursively) whose name ends with `suffix`, sorted.
std::vector<std::string> FilesUnder(const std::string& dir, std::string_view suffix);

// A fresh temporary folder, removed with its contents when the object goes away.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string Join(std::string_view name) const { return path_ + "/" + std::string(name); }

 private:
  std::string path_;
};

struct CommandResult {
  int exit_code;
  std::string out;
  std::string err;
};
// Runs a shell command line, capturing stdout and stderr.
CommandResult RunCommand(const std::string& command_line);
// Runs the floe binary with the given argument string (already shell-quoted as needed).
CommandResult RunFloe(const std::string& args);
std::string ShellQuote(std::string_view s);

}  // namespace floe::testing
