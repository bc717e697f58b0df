// The catalog a command works on (docs/cli.md, "Catalogs and names"): floe.yaml or --warehouse, and
// table and namespace names resolved by Spark's rule.
#pragma once

#include <memory>
#include <string>

#include "cli/command.h"
#include "floe/catalog/catalog.h"
#include "floe/catalog/config/catalog_config.h"

namespace floe::cli {

struct CatalogTable {
  std::unique_ptr<catalog::Catalog> catalog;
  catalog::TableIdentifier id;
};

struct CatalogNamespace {
  std::unique_ptr<catalog::Catalog> catalog;
  catalog::Namespace ns;
};

// The configuration in effect; without floe.yaml or --warehouse an invalid-argument error that
// says how to give one.
Result<catalog::FloeConfig> LoadCatalogConfig(const GlobalOptions& global);

// Only commands that create something pass kMayCreate: every other command refuses a catalog
// whose database or warehouse folder does not exist (a mistyped path), and leaves nothing behind.
enum class CatalogUse { kExisting, kMayCreate };

Result<CatalogTable> OpenCatalogTable(const Invocation& inv, std::string_view name,
                                      CatalogUse use = CatalogUse::kExisting);
Result<CatalogNamespace> OpenCatalogNamespace(const Invocation& inv, std::string_view name,
                                              CatalogUse use = CatalogUse::kExisting);

}  // namespace floe::cli
