#include "floe/catalog/catalog_table_operations.h"

namespace floe::catalog {

Result<commit::TableBase> CatalogTableOperations::Refresh() {
  FLOE_ASSIGN_OR_RETURN(LoadedTable t, catalog_.LoadTable(id_));
  return commit::TableBase{std::move(t.metadata_location), std::move(t.metadata)};
}

Result<commit::TableBase> CatalogTableOperations::Commit(
    std::span<const commit::TableRequirement> requirements,
    std::span<const commit::TableUpdate> updates) {
  FLOE_ASSIGN_OR_RETURN(LoadedTable t, catalog_.CommitTable(id_, requirements, updates));
  return commit::TableBase{std::move(t.metadata_location), std::move(t.metadata)};
}

}  // namespace floe::catalog
