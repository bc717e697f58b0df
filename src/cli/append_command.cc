// `floe append <table> <files…> [--app-id ID] [--branch NAME]`: every file in ONE commit; prints
// the new snapshot id.

#include "cli/catalog_access.h"
#include "cli/commit_output.h"
#include "floe/catalog/catalog_table_operations.h"
#include "floe/update/append_files.h"
#include "floe/util/progress.h"

namespace floe::cli {
namespace {

Status RunAppend(const Invocation& inv) {
  const Args& args = inv.args;
  FLOE_ASSIGN_OR_RETURN(CatalogTable target, OpenCatalogTable(inv, args.positionals()[0]));
  catalog::CatalogTableOperations ops(*target.catalog, target.id);
  std::vector<std::string> inputs(args.positionals().begin() + 1, args.positionals().end());
  update::AppendFilesOptions options;
  options.branch = args.Get("--branch").value_or("main");
  options.app_id = args.Get("--app-id");
  options.replace_invalid_utf8 = args.Has("--replace-invalid-utf8");
  // Drawn only on a terminal, after a second (util/progress.h).
  Progress progress("append", static_cast<int64_t>(inputs.size()));
  options.progress = [&](size_t, size_t) { progress.Advance(); };
  auto io = io::LocalFileIO();
  FLOE_ASSIGN_OR_RETURN(update::AppendFilesResult result,
                        update::AppendFiles(ops, *io, inputs, options));
  progress.Finish();
  PrintCommit(inv, "appended",
              {.snapshot_id = result.snapshot_id,
               .added_records = result.added_records,
               .added_data_files = result.added_data_files,
               .attempts = result.attempts,
               .metadata_location = result.table.metadata_location});
  return Ok();
}

FLOE_REGISTER_COMMAND(
    append,
    Command{
        .name = "append",
        .summary = "append Parquet, CSV or NDJSON files to a table in one commit",
        .usage = "floe append <table> <file>... [--app-id ID] [--branch NAME] [--json] "
                 "[--replace-invalid-utf8]",
        .details =
            "Every file is checked against the table's schema before anything is written (columns\n"
            "by field id, else by name; int→long and float→double are applied; a type that does "
            "not\n"
            "fit is refused with the column, both types and the fix). Rows are written as Parquet\n"
            "under the table's partition spec and committed as ONE snapshot, retried on conflicts "
            "as\n"
            "commit.retry.* says. Prints the new snapshot id. On a failure every file written is\n"
            "removed; when the catalog's answer is lost (exit code 9) they are kept.",
        .example =
            "  floe --warehouse wh append shop.orders day1.parquet day2.csv --app-id nightly",
        .options = {{"--app-id", "ID", "the snapshot summary's app-id (default: a new UUID)"},
                    {"--branch", "NAME", "commit to this branch (default main)"},
                    {"--json", "", "print the snapshot id, row and file counts as JSON"},
                    {"--replace-invalid-utf8", "",
                     "store U+FFFD for invalid UTF-8 and NUL bytes in CSV/NDJSON strings (default: "
                     "refuse the file, naming line and column)"}},
        .min_positionals = 2,
        .max_positionals = -1,
        .run = RunAppend,
    });

}  // namespace
}  // namespace floe::cli
