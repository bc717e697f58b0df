// How a session finds catalogs, namespaces and tables by name: the configured catalogs, USE's
// catalog and namespace, and Spark's rule for a leading catalog name.
#include <fmt/format.h>

#include <algorithm>

#include "floe/sql/session.h"

namespace floe::sql {

Result<std::string> Session::DefaultCatalogName() {
  if (!options_.config) return InvalidArgument("{}", options_.no_catalog_message);
  if (current_catalog_) return *current_catalog_;
  return options_.config->DefaultCatalogName();
}

Result<catalog::Catalog*> Session::OpenCatalog(const std::string& name) {
  if (!options_.config) return InvalidArgument("{}", options_.no_catalog_message);
  auto it = catalogs_.find(name);
  if (it != catalogs_.end()) return it->second.get();
  // Only a statement that creates something may create the catalog's database or folder.
  FLOE_ASSIGN_OR_RETURN(auto opened,
                        catalog::OpenCatalog(*options_.config, name, may_create_catalog_));
  catalog::Catalog* raw = opened.get();
  catalogs_.emplace(name, std::move(opened));
  return raw;
}

Result<Session::TableRef> Session::ResolveTableName(const syntax::QualifiedName& name) {
  // The catalog prefix as for namespaces; then namespace levels and the table (a bare table name
  // is in USE's namespace).
  FLOE_ASSIGN_OR_RETURN(auto parts, ResolveNamespace(name));
  TableRef ref;
  ref.catalog = parts.first;
  ref.id.name = parts.second.back();
  ref.id.ns.assign(parts.second.begin(), parts.second.end() - 1);
  if (ref.id.ns.empty()) {
    if (!current_namespace_) {
      return InvalidArgument(
          "table {} needs a namespace: write namespace.{} (or USE a namespace first)", name.back(),
          name.back());
    }
    ref.id.ns = *current_namespace_;
  }
  bool catalog_named = name.size() >= 2 && options_.config->catalogs.count(name[0]);
  ref.display = (catalog_named ? name[0] + "." : "") + ref.id.ToString();
  return ref;
}

Result<std::pair<catalog::Catalog*, catalog::Namespace>> Session::ResolveNamespace(
    const syntax::QualifiedName& name) {
  if (!options_.config) return InvalidArgument("{}", options_.no_catalog_message);
  std::string catalog_name;
  std::vector<std::string> rest = name;
  if (name.size() >= 2 && options_.config->catalogs.count(name[0])) {
    catalog_name = name[0];
    rest.erase(rest.begin());
  } else {
    FLOE_ASSIGN_OR_RETURN(catalog_name, DefaultCatalogName());
  }
  FLOE_ASSIGN_OR_RETURN(catalog::Catalog * cat, OpenCatalog(catalog_name));
  return std::make_pair(cat, catalog::Namespace(rest.begin(), rest.end()));
}

Result<std::vector<std::string>> Session::AllTableNames() {
  FLOE_ASSIGN_OR_RETURN(std::string catalog_name, DefaultCatalogName());
  FLOE_ASSIGN_OR_RETURN(catalog::Catalog * cat, OpenCatalog(catalog_name));
  std::vector<std::string> names;
  std::vector<catalog::Namespace> pending = {current_namespace_.value_or(catalog::Namespace{})};
  while (!pending.empty()) {
    catalog::Namespace ns = std::move(pending.back());
    pending.pop_back();
    if (!ns.empty()) {
      FLOE_ASSIGN_OR_RETURN(auto tables, cat->ListTables(ns));
      for (const auto& t : tables) names.push_back(t.ToString());
    }
    FLOE_ASSIGN_OR_RETURN(auto children, cat->ListNamespaces(ns));
    for (auto& child : children) pending.push_back(std::move(child));
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace floe::sql
