// Which catalogs exist and which one a name means (docs/cli.md, "Catalogs and names"): floe.yaml in
// PyIceberg's layout —
//   catalog:
//     prod: {type: sql, uri: "sqlite:////data/wh/catalog.db", warehouse: /data/wh}
//     lake: {type: fs, warehouse: /data/lake}
//   default-catalog: prod
// — found at --config, $FLOE_CONFIG, ./floe.yaml, ~/.config/floe/floe.yaml, then PyIceberg's
// .pyiceberg.yaml in $PYICEBERG_HOME, ~ and . (first that exists);
// `--warehouse DIR` defines the SQLite catalog `default` at DIR/catalog.db with tables under DIR.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "floe/catalog/catalog.h"
#include "floe/util/result.h"

namespace floe::catalog {

// Catalog settings for tables moved from another machine (docs/cli.md, "Table folders and metadata
// files", the same rules as `--location-map FROM=TO` and `--base DIR`): `location-map` is one
// rule or a YAML list of them, `base` the folder relative paths resolve against. A catalog with
// rules is read-only.
inline constexpr std::string_view kLocationMapSetting = "location-map";
inline constexpr std::string_view kBaseSetting = "base";

struct CatalogSettings {
  std::string name;
  std::map<std::string, std::string> properties;  // type, uri, warehouse, ... as written
  const std::string* Get(std::string_view key) const;
};

struct FloeConfig {
  std::map<std::string, CatalogSettings> catalogs;
  std::string default_catalog;  // empty: none chosen (see DefaultCatalogName)
  std::string source;           // the file read, or "--warehouse"; for messages

  // default-catalog, else the only catalog, else one named "default"; kInvalidArgument when
  // none of these decides.
  Result<std::string> DefaultCatalogName() const;
};

// Parses floe.yaml text; `source` names it in errors.
Result<FloeConfig> ParseFloeConfig(std::string_view text, std::string_view source);

// Where to look. FromEnvironment fills env/cwd/home from the process.
struct ConfigSearch {
  std::optional<std::string> config_flag;     // --config FILE
  std::optional<std::string> warehouse_flag;  // --warehouse DIR
  std::optional<std::string> env_config;      // $FLOE_CONFIG
  std::string cwd = ".";
  std::optional<std::string> home;            // $HOME
  std::optional<std::string> pyiceberg_home;  // $PYICEBERG_HOME
  static ConfigSearch FromEnvironment(std::optional<std::string> config_flag,
                                      std::optional<std::string> warehouse_flag);
};

// The configuration in effect: the first file of the search order (--config and $FLOE_CONFIG
// must exist when given); --warehouse then adds (or replaces) catalog `default` and makes it the
// default. Neither a file nor --warehouse: kInvalidArgument saying how to give a catalog.
Result<FloeConfig> LoadFloeConfig(const ConfigSearch& search);

// The settings of catalog `default` for `--warehouse DIR`.
CatalogSettings WarehouseCatalogSettings(std::string_view warehouse);

// The SQLite file of a `uri`: sqlite:////abs/x.db and sqlite:///rel/x.db (SQLAlchemy's forms,
// as PyIceberg writes them), jdbc:sqlite:x.db (Java), file:x.db, or a plain path.
// Other databases are not supported (yet).
Result<std::string> SqlitePathFromUri(std::string_view uri);

// Opens catalog `name` (empty: the default catalog) of `config`. A missing SQLite database or
// warehouse folder is created, unless `create` is false: then it is kNotFound (for readers that
// only look, and must leave no catalog behind).
Result<std::unique_ptr<Catalog>> OpenCatalog(const FloeConfig& config, std::string_view name = {},
                                             bool create = true);

// A table name resolved against a configuration (Spark's rule: the first part is a catalog
// when, and only when, it names a configured catalog; otherwise the default catalog).
struct QualifiedTableName {
  std::string catalog;
  TableIdentifier id;
};
Result<QualifiedTableName> ParseTableName(const FloeConfig& config, std::string_view text);

struct QualifiedNamespace {
  std::string catalog;
  Namespace ns;  // may be empty: the catalog's root
};
Result<QualifiedNamespace> ParseNamespaceName(const FloeConfig& config, std::string_view text);

}  // namespace floe::catalog
