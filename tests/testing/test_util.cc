#include "testing/test_util.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace floe::testing {

namespace fs = std::filesystem;

std::string SourceDir() { return FLOE_SOURCE_DIR; }

std::string SharedDir() {
  if (const char* env = std::getenv("FLOE_SHARED_DIR"); env != nullptr && *env != '\0') return env;
  return fs::weakly_canonical(fs::path(FLOE_SOURCE_DIR) / ".." / "shared").string();
}

std::string CorpusPath(std::string_view relative) {
  return SharedDir() + "/corpus/" + std::string(relative);
}

std::string FloeBinary() { return std::string(FLOE_BINARY_DIR) + "/floe"; }

std::string ReadFileToString(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> FilesUnder(const std::string& dir, std::string_view suffix) {
  std::vector<std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    std::string p = entry.path().string();
    if (p.size() >= suffix.size() &&
        p.compare(p.size() - suffix.size(), suffix.size(), suffix) == 0) {
      out.push_back(p);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

TempDir::TempDir() {
  std::string tmpl = (fs::temp_directory_path() / "floe-test-XXXXXX").string();
  if (mkdtemp(tmpl.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  path_ = tmpl;
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

std::string ShellQuote(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out.push_back(c);
  }
  out += "'";
  return out;
}

CommandResult RunCommand(const std::string& command_line) {
  TempDir tmp;
  std::string out_path = tmp.Join("out"), err_path = tmp.Join("err");
  std::string full = command_line + " >" + out_path + " 2>" + err_path + " </dev/null";
  int status = std::system(full.c_str());
  CommandResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
  result.out = ReadFileToString(out_path);
  result.err = ReadFileToString(err_path);
  return result;
}

CommandResult RunFloe(const std::string& args) { return RunCommand(FloeBinary() + " " + args); }

}  // namespace floe::testing
