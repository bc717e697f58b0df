// `floe add-files <table> <files…> [--allow-duplicates] [--app-id ID] [--branch NAME] [--json]`:
// registers existing Parquet files in ONE commit without rewriting them (update/add_files.h);
// prints the new snapshot id.
#include <filesystem>

#include "cli/catalog_access.h"
#include "cli/commit_output.h"
#include "floe/catalog/catalog_table_operations.h"
#include "floe/update/add_files.h"
#include "floe/util/progress.h"

namespace floe::cli {
namespace {

// Local paths become absolute: the table records them and is read from anywhere.
std::string AddedFileLocation(const std::string& arg) {
  if (arg.find("://") != std::string::npos || arg.starts_with("file:")) return arg;
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(arg, ec);
  if (ec) return arg;
  return p.lexically_normal().string();
}

Status RunAddFiles(const Invocation& inv) {
  const Args& args = inv.args;
  FLOE_ASSIGN_OR_RETURN(CatalogTable target, OpenCatalogTable(inv, args.positionals()[0]));
  catalog::CatalogTableOperations ops(*target.catalog, target.id);
  std::vector<std::string> files;
  for (auto it = args.positionals().begin() + 1; it != args.positionals().end(); ++it) {
    files.push_back(AddedFileLocation(*it));
  }
  update::AddFilesOptions options;
  options.branch = args.Get("--branch").value_or("main");
  options.app_id = args.Get("--app-id");
  options.check_duplicate_files = !args.Has("--allow-duplicates");
  // Drawn only on a terminal, after a second (util/progress.h).
  Progress progress("add-files", static_cast<int64_t>(files.size()));
  options.progress = [&](size_t, size_t) { progress.Advance(); };
  auto added = update::AddFiles(ops, files, options);
  progress.Finish();
  FLOE_ASSIGN_OR_RETURN(update::AddFilesResult result, std::move(added));
  PrintCommit(inv, "added",
              {.snapshot_id = result.snapshot_id,
               .added_records = result.added_records,
               .added_data_files = result.added_data_files,
               .attempts = result.attempts,
               .wrote_name_mapping = result.wrote_name_mapping,
               .metadata_location = result.table.metadata_location});
  return Ok();
}

FLOE_REGISTER_COMMAND(
    add_files,
    Command{
        .name = "add-files",
        .summary =
            "register existing Parquet files in a table, without rewriting them, in one commit",
        .usage = "floe add-files <table> <file.parquet>... [--allow-duplicates] [--app-id ID]\n"
                 "       [--branch NAME] [--json]",
        .details =
            "Only each file's footer is read. Columns are matched by field id when the file has\n"
            "ids, else by name through the table's schema.name-mapping.default (set from the\n"
            "current schema in the same commit when the table has none). Types are checked as\n"
            "`floe append` checks them. Metrics come from the footer statistics; the partition\n"
            "from them when every row has the same partition value, else from a Hive-style folder\n"
            "(order_ts_day=2024-01-02/) in the file's path, else the file is refused. The files\n"
            "stay where they are and become part of the table: do not move or delete them.\n"
            "A file the table already has (under any spelling of its path) is refused, as\n"
            "Spark's add_files does, unless --allow-duplicates. `drop table --purge` deletes\n"
            "only files under the table's location: added files elsewhere are kept (listed by\n"
            "--dry-run) unless --include-outside-location. Prints the new snapshot id.",
        .example = "  floe --warehouse wh add-files shop.orders "
                   "/data/orders/order_ts_day=2024-01-02/*.parquet",
        .options = {{"--allow-duplicates", "",
                     "add files the table already has (their rows then count twice)"},
                    {"--app-id", "ID", "the snapshot summary's app-id (default: a new UUID)"},
                    {"--branch", "NAME", "commit to this branch (default main)"},
                    {"--json", "", "print the snapshot id, row and file counts as JSON"}},
        .min_positionals = 2,
        .max_positionals = -1,
        .run = RunAddFiles,
    });

}  // namespace
}  // namespace floe::cli
