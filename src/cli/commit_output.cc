#include "cli/commit_output.h"

#include <fmt/format.h>

#include "floe/util/json_writer.h"

namespace floe::cli {

void PrintCommit(const Invocation& inv, std::string_view verb, const CommitFigures& commit) {
  if (inv.args.Has("--json")) {
    JsonWriter out(/*pretty=*/true);
    out.BeginObject();
    out.Member("snapshot-id", commit.snapshot_id);
    out.Member("added-records", commit.added_records);
    out.Member("added-data-files", commit.added_data_files);
    out.Member("attempts", commit.attempts);
    if (commit.wrote_name_mapping) out.Member("wrote-name-mapping", *commit.wrote_name_mapping);
    out.Member("metadata-location", commit.metadata_location);
    out.EndObject();
    Print(out.Take() + "\n");
    return;
  }
  Print(fmt::format("{}\n", commit.snapshot_id));
  if (inv.global.verbose) {
    PrintErr(fmt::format("{} {} rows in {} data files ({} attempt{})\n", verb, commit.added_records,
                         commit.added_data_files, commit.attempts,
                         commit.attempts == 1 ? "" : "s"));
  }
}

}  // namespace floe::cli
