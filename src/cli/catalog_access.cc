#include "cli/catalog_access.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "floe/util/suggest.h"

namespace floe::cli {

Result<catalog::FloeConfig> LoadCatalogConfig(const GlobalOptions& global) {
  auto search = catalog::ConfigSearch::FromEnvironment(
      global.config.empty() ? std::nullopt : std::optional<std::string>(global.config),
      global.warehouse.empty() ? std::nullopt : std::optional<std::string>(global.warehouse));
  FLOE_ASSIGN_OR_RETURN(catalog::FloeConfig config, catalog::LoadFloeConfig(search));
  if (!global.catalog.empty()) {
    if (!config.catalogs.count(global.catalog)) {
      std::vector<std::string> names;
      for (const auto& [name, settings] : config.catalogs) names.push_back(name);
      return NotFound("--catalog {}: no such catalog in {} (it configures {}){}", global.catalog,
                      config.source, fmt::join(names, ", "), DidYouMean(global.catalog, names));
    }
    config.default_catalog = global.catalog;
  }
  return config;
}

Result<CatalogTable> OpenCatalogTable(const Invocation& inv, std::string_view name,
                                      CatalogUse use) {
  FLOE_ASSIGN_OR_RETURN(catalog::FloeConfig config, LoadCatalogConfig(inv.global));
  FLOE_ASSIGN_OR_RETURN(catalog::QualifiedTableName qualified,
                        catalog::ParseTableName(config, name));
  CatalogTable out;
  FLOE_ASSIGN_OR_RETURN(
      out.catalog, catalog::OpenCatalog(config, qualified.catalog, use == CatalogUse::kMayCreate));
  out.id = std::move(qualified.id);
  return out;
}

Result<CatalogNamespace> OpenCatalogNamespace(const Invocation& inv, std::string_view name,
                                              CatalogUse use) {
  FLOE_ASSIGN_OR_RETURN(catalog::FloeConfig config, LoadCatalogConfig(inv.global));
  FLOE_ASSIGN_OR_RETURN(catalog::QualifiedNamespace qualified,
                        catalog::ParseNamespaceName(config, name));
  CatalogNamespace out;
  FLOE_ASSIGN_OR_RETURN(
      out.catalog, catalog::OpenCatalog(config, qualified.catalog, use == CatalogUse::kMayCreate));
  out.ns = std::move(qualified.ns);
  return out;
}

}  // namespace floe::cli
