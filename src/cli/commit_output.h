// What the commands that commit new data files (`append`, `add-files`) print: the new snapshot
// id, or with --json the commit's figures; with --verbose a summary line on stderr.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cli/command.h"

namespace floe::cli {

struct CommitFigures {
  int64_t snapshot_id = 0;
  int64_t added_records = 0;
  int64_t added_data_files = 0;
  int attempts = 0;
  std::optional<bool> wrote_name_mapping;  // add-files only
  std::string metadata_location;
};

// `verb` starts the --verbose line: "appended 10 rows in 1 data files (1 attempt)".
void PrintCommit(const Invocation& inv, std::string_view verb, const CommitFigures& commit);

}  // namespace floe::cli
