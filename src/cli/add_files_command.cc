// `floe add-files <table> <files…> [--app-id ID] [--branch NAME] [--json]`: registers existing
// Parquet files in ONE commit without rewriting them (update/add_files.h); prints the new
// snapshot id.
#include <filesystem>

#include <fmt/format.h>

#include "cli/catalog_access.h"
#include "floe/catalog/catalog_table_operations.h"
#include "floe/update/add_files.h"
#include "floe/util/json_writer.h"

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
  FLOE_ASSIGN_OR_RETURN(update::AddFilesResult result, update::AddFiles(ops, files, options));
  if (args.Has("--json")) {
    JsonWriter out(/*pretty=*/true);
    out.BeginObject();
    out.Member("snapshot-id", result.snapshot_id);
    out.Member("added-records", result.added_records);
    out.Member("added-data-files", result.added_data_files);
    out.Member("attempts", result.attempts);
    out.Member("wrote-name-mapping", result.wrote_name_mapping);
    out.Member("metadata-location", result.table.metadata_location);
    out.EndObject();
    Print(out.Take() + "\n");
  } else {
    Print(fmt::format("{}\n", result.snapshot_id));
    if (inv.global.verbose) {
      PrintErr(fmt::format("added {} rows in {} data files ({} attempt{})\n", result.added_records,
                           result.added_data_files, result.attempts,
                           result.attempts == 1 ? "" : "s"));
    }
  }
  return Ok();
}

FLOE_REGISTER_COMMAND(add_files, Command{
    .name = "add-files",
    .summary = "register existing Parquet files in a table, without rewriting them, in one commit",
    .usage = "floe add-files <table> <file.parquet>... [--app-id ID] [--branch NAME] [--json]",
    .details =
        "Only each file's footer is read. Columns are matched by field id when the file has\n"
        "ids, else by name through the table's schema.name-mapping.default (set from the\n"
        "current schema in the same commit when the table has none). Types are checked as\n"
        "`floe append` checks them. Metrics come from the footer statistics; the partition\n"
        "from them when every row has the same partition value, else from a Hive-style folder\n"
        "(order_ts_day=2024-01-02/) in the file's path, else the file is refused. The files\n"
        "stay where they are and become part of the table: do not move or delete them.\n"
        "Prints the new snapshot id.",
    .example = "  floe --warehouse wh add-files shop.orders /data/orders/order_ts_day=2024-01-02/*.parquet",
    .options = {{"--app-id", "ID", "the snapshot summary's app-id (default: a new UUID)"},
                {"--branch", "NAME", "commit to this branch (default main)"},
                {"--json", "", "print the snapshot id, row and file counts as JSON"}},
    .min_positionals = 2,
    .max_positionals = -1,
    .run = RunAddFiles,
});

}  // namespace
}  // namespace floe::cli
