#include "cli/table_source.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "cli/catalog_access.h"
#include "cli/stale_metadata.h"
#include "floe/commit/metadata_file.h"
#include "floe/io/location_map.h"

namespace floe::cli {

std::vector<OptionSpec> TableSourceOptions() {
  return {
      {"--base", "DIR", "folder that relative paths inside the metadata resolve against"},
      {"--location-map", "FROM=TO", "read locations under FROM from TO instead (repeatable)", true},
      {"--snapshot", "ID", "a snapshot other than the current one"}};
}

Result<std::vector<std::string>> ResolveTableArgument(const std::string& argument) {
  std::error_code ec;
  if (!std::filesystem::exists(argument, ec)) return std::vector<std::string>{argument};
  if (!std::filesystem::is_directory(argument, ec)) return std::vector<std::string>{argument};
  auto local = io::LocalFileIO();
  auto current = commit::FindCurrentMetadataFile(*local, argument);
  if (current.ok() || current.error().kind != ErrorKind::kNotFound) {
    if (!current.ok()) return std::move(current).error();
    return std::vector<std::string>{argument};
  }
  // Not a table folder: the table folders below it (a `metadata` folder with metadata files).
  std::vector<std::string> tables;
  auto it = std::filesystem::recursive_directory_iterator(argument, ec);
  for (; !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (it.depth() > 6) {
      it.disable_recursion_pending();
      continue;
    }
    if (!it->is_directory(ec) || it->path().filename() != "metadata") continue;
    std::string folder = it->path().parent_path().string();
    if (commit::FindCurrentMetadataFile(*local, folder).ok()) tables.push_back(folder);
    it.disable_recursion_pending();
  }
  if (tables.empty()) return std::move(current).error();
  std::sort(tables.begin(), tables.end());
  return tables;
}

Result<TableSource> OpenTableSource(const std::string& argument, const Invocation& inv) {
  const Args& args = inv.args;
  std::error_code ec;
  auto local = io::LocalFileIO();
  TableSource t;
  bool loaded = false;
  if (!std::filesystem::exists(argument, ec)) {
    // Not a path: a table name in a catalog.
    if (!LoadCatalogConfig(inv.global).ok() && inv.global.warehouse.empty() &&
        inv.global.config.empty()) {
      return NotFound(
          "{}: no such metadata file or table folder, and no catalog to look it up in (give "
          "--warehouse DIR or a floe.yaml)",
          argument);
    }
    auto table = OpenCatalogTable(inv, argument);
    if (!table.ok()) {
      if (table.error().kind == ErrorKind::kInvalidArgument) {
        Error error = std::move(table).error();
        error.message += fmt::format(" (and there is no file or folder {})", argument);
        return error;
      }
      return std::move(table).error();
    }
    FLOE_ASSIGN_OR_RETURN(catalog::LoadedTable table_in_catalog,
                          table->catalog->LoadTable(table->id));
    t.metadata_location = table_in_catalog.metadata_location;
    t.metadata = std::move(table_in_catalog.metadata);
    loaded = true;
  } else if (std::filesystem::is_directory(argument, ec)) {
    FLOE_ASSIGN_OR_RETURN(t.metadata_location, commit::FindCurrentMetadataFile(*local, argument));
  } else {
    t.metadata_location = argument;
  }
  if (!loaded) {
    FLOE_ASSIGN_OR_RETURN(t.metadata, commit::ReadMetadataFile(*local, t.metadata_location));
    WarnIfStaleMetadata(inv, t.metadata_location);
  }
  std::vector<std::string> rules = args.GetAll("--location-map");
  std::optional<std::string> base = args.Get("--base");
  if (rules.empty() && !base) {
    t.io = local;
  } else {
    FLOE_ASSIGN_OR_RETURN(io::LocationMap map, io::LocationMap::Make(rules, base));
    t.io = io::RemappedFileIO(local, std::move(map));
  }
  return t;
}

Result<const spec::Snapshot*> SelectSnapshot(const TableSource& table, const Args& args) {
  FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> id, args.GetInt("--snapshot"));
  if (id) {
    const spec::Snapshot* s = table.metadata.SnapshotById(*id);
    if (!s) return NotFound("{}: no snapshot {}", table.metadata_location, *id);
    return s;
  }
  return table.metadata.CurrentSnapshot();
}

Status ForEachTable(const Invocation& inv,
                    const std::function<Status(const std::string& table, bool several)>& run) {
  FLOE_ASSIGN_OR_RETURN(std::vector<std::string> tables,
                        ResolveTableArgument(inv.args.positionals()[0]));
  for (size_t i = 0; i < tables.size(); ++i) {
    if (i > 0 && !inv.args.Has("--json")) Print("\n");
    FLOE_RETURN_IF_ERROR(run(tables[i], tables.size() > 1));
  }
  return Ok();
}

}  // namespace floe::cli
