#include "floe/sql/file_patterns.h"

#include <glob.h>

#include <algorithm>
#include <filesystem>

namespace floe::sql {

bool IsFilePattern(const std::string& pattern) {
  return pattern.find_first_of("*?[") != std::string::npos;
}

namespace {

Result<std::vector<std::string>> Glob(const std::string& pattern, const std::string& function) {
  glob_t matches{};
  const int rc = glob(pattern.c_str(), 0, nullptr, &matches);
  std::vector<std::string> out;
  if (rc == 0) {
    for (size_t i = 0; i < matches.gl_pathc; ++i) {
      std::error_code ec;
      // Folders the pattern matches are not files to read.
      if (!std::filesystem::is_directory(matches.gl_pathv[i], ec)) {
        out.emplace_back(matches.gl_pathv[i]);
      }
    }
  }
  globfree(&matches);
  if (rc == GLOB_ABORTED) return IoError("{}: cannot list the folders of {}", function, pattern);
  if (rc == GLOB_NOSPACE) return IoError("{}: out of memory matching {}", function, pattern);
  if (out.empty()) return NotFound("{}: no file matches {}", function, pattern);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

Result<std::vector<std::string>> ExpandFilePatterns(const std::vector<std::string>& patterns,
                                                    const std::string& function) {
  std::vector<std::string> out;
  for (const std::string& pattern : patterns) {
    if (!IsFilePattern(pattern)) {
      out.push_back(pattern);
      continue;
    }
    FLOE_ASSIGN_OR_RETURN(std::vector<std::string> files, Glob(pattern, function));
    out.insert(out.end(), files.begin(), files.end());
  }
  return out;
}

}  // namespace floe::sql
