#include "cli/stale_metadata.h"

#include <filesystem>

#include "cli/catalog_access.h"
#include "floe/catalog/location_match.h"
#include "floe/commit/metadata_file.h"

namespace floe::cli {

namespace {

void VerboseNote(const Invocation& inv, const std::string& text) {
  if (inv.global.verbose) PrintErr(fmt::format("note: {}\n", text));
}

std::optional<int64_t> VersionOf(const std::string& location) {
  std::string name(catalog::NormalizeLocation(location));
  size_t slash = name.rfind('/');
  if (slash != std::string::npos) name = name.substr(slash + 1);
  return commit::MetadataFileVersion(name);
}

}  // namespace

void WarnIfStaleMetadata(const Invocation& inv, const std::string& metadata_location) {
  auto config = LoadCatalogConfig(inv.global);
  if (!config.ok()) return;  // no catalog configured: nothing to compare with
  std::string name = config->default_catalog;
  if (name.empty()) {
    auto chosen = config->DefaultCatalogName();
    if (!chosen.ok()) return;
    name = *chosen;
  }
  auto opened = catalog::OpenCatalog(*config, name, /*create=*/false);
  if (!opened.ok()) {
    VerboseNote(inv, fmt::format("not checked against catalog \"{}\" whether {} is current: {}",
                                 name, metadata_location, opened.error().message));
    return;
  }
  auto found = (*opened)->FindTableByMetadataFolder(catalog::FolderOfLocation(metadata_location));
  if (!found.ok()) {
    VerboseNote(inv, fmt::format("not checked against catalog \"{}\" whether {} is current: {}",
                                 name, metadata_location, found.error().message));
    return;
  }
  if (!found->has_value()) return;
  const catalog::TableLocation& table = **found;
  if (catalog::NormalizeLocation(table.metadata_location) ==
      catalog::NormalizeLocation(metadata_location)) {
    return;
  }
  std::optional<int64_t> read_version = VersionOf(metadata_location);
  std::optional<int64_t> current_version = VersionOf(table.metadata_location);
  std::string id = table.id.ToString();
  if (read_version && current_version && *read_version < *current_version) {
    PrintErr(fmt::format(
        "warning: reading {} (metadata version {}), but catalog \"{}\" has table "
        "{} at version {}: {}; pass the table name to read the current "
        "version\n",
        metadata_location, *read_version, name, id, *current_version, table.metadata_location));
    return;
  }
  PrintErr(
      fmt::format("warning: reading {}, which is not the current metadata file of table {} "
                  "in catalog \"{}\": that is {}; pass the table name to read the current "
                  "version\n",
                  metadata_location, id, name, table.metadata_location));
}

}  // namespace floe::cli
