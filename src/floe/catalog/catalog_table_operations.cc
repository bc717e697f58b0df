#include "floe/catalog/catalog_table_operations.h"

namespace floe::catalog {

Result<update::TableBase> CatalogTableOperations::Refresh() {
  FLOE_ASSIGN_OR_RETURN(LoadedTable t, catalog_.LoadTable(id_));
  return update::TableBase{std::move(t.metadata_location), std::move(t.metadata)};
}

Result<update::TableBase> CatalogTableOperations::Commit(
    std::span<const update::TableRequirement> requirements,
    std::span<const update::TableUpdate> updates) {
  FLOE_ASSIGN_OR_RETURN(LoadedTable t, catalog_.CommitTable(id_, requirements, updates));
  return update::TableBase{std::move(t.metadata_location), std::move(t.metadata)};
}

}  // namespace floe::catalog
