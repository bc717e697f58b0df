#include "floe/catalog/catalog.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "floe/catalog/location_match.h"
#include "floe/util/suggest.h"

namespace floe::catalog {

std::string TableIdentifier::ToString() const {
  std::string out = fmt::format("{}", fmt::join(ns, "."));
  if (!out.empty()) out += '.';
  return out + name;
}

Status Catalog::DiscardStagedTable(const TableIdentifier&, const spec::TableMetadata&) {
  return Ok();
}

Status Catalog::DropTable(const TableIdentifier& id, bool purge) {
  DropTableOptions options;
  options.purge = purge;
  auto dropped = DropTable(id, options);
  if (!dropped.ok()) return std::move(dropped).error();
  return Ok();
}

Result<std::optional<TableLocation>> Catalog::FindTableByMetadataFolder(
    std::string_view metadata_folder) {
  const std::string wanted = NormalizeLocation(metadata_folder);
  FLOE_ASSIGN_OR_RETURN(std::vector<Namespace> pending, ListNamespaces({}));
  // Depth first, in the order the catalog lists names.
  std::reverse(pending.begin(), pending.end());
  while (!pending.empty()) {
    Namespace ns = std::move(pending.back());
    pending.pop_back();
    FLOE_ASSIGN_OR_RETURN(std::vector<TableIdentifier> tables, ListTables(ns));
    for (const auto& id : tables) {
      auto table = LoadTable(id);
      if (!table.ok()) continue;  // an unreadable table is not the one being read
      if (FolderOfLocation(table->metadata_location) == wanted) {
        return std::optional<TableLocation>(TableLocation{id, table->metadata_location});
      }
    }
    FLOE_ASSIGN_OR_RETURN(std::vector<Namespace> children, ListNamespaces(ns));
    pending.insert(pending.end(), children.rbegin(), children.rend());
  }
  return std::optional<TableLocation>();
}

Error NoSuchTable(Catalog& catalog, const TableIdentifier& id) {
  auto tables = catalog.ListTables(id.ns);
  if (tables.ok()) {
    std::vector<std::string> names;
    for (const TableIdentifier& t : *tables) names.push_back(t.ToString());
    return NotFound("table {} does not exist in catalog {}{}", id.ToString(), catalog.name(),
                    DidYouMean(id.ToString(), names));
  }
  // The namespace itself is missing: name the closest ones of its parent.
  Namespace parent(id.ns.begin(), id.ns.empty() ? id.ns.end() : id.ns.end() - 1);
  std::string hint;
  if (auto siblings = catalog.ListNamespaces(parent); siblings.ok() && !id.ns.empty()) {
    std::vector<std::string> names;
    for (const Namespace& ns : *siblings) names.push_back(fmt::format("{}", fmt::join(ns, ".")));
    hint = DidYouMean(fmt::format("{}", fmt::join(id.ns, ".")), names);
  }
  return NotFound("table {} does not exist: catalog {} has no namespace {}{}", id.ToString(),
                  catalog.name(), fmt::format("{}", fmt::join(id.ns, ".")), hint);
}

}  // namespace floe::catalog
