#include "floe/catalog/config/catalog_config.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "floe/catalog/catalog_names.h"
#include "floe/catalog/config/yaml_node.h"
#include "floe/catalog/fs/fs_catalog.h"
#include "floe/catalog/sql/sql_catalog.h"
#include "floe/io/location.h"
#include "floe/io/location_map.h"
#include "floe/util/suggest.h"

namespace floe::catalog {

namespace {

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

bool FileExists(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_regular_file(path, ec);
}

Result<std::string> ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return NotFound("configuration file {} cannot be read", path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// Splits at dots; a part in backticks may hold dots (`a.b`).
Result<std::vector<std::string>> SplitName(std::string_view text) {
  std::vector<std::string> parts;
  std::string part;
  bool quoted = false;
  for (char c : text) {
    if (c == '`') {
      quoted = !quoted;
    } else if (c == '.' && !quoted) {
      parts.push_back(std::move(part));
      part.clear();
    } else {
      part += c;
    }
  }
  if (quoted) return InvalidArgument("name {}: unbalanced backtick", text);
  parts.push_back(std::move(part));
  for (const auto& p : parts) {
    if (p.empty()) return InvalidArgument("name {}: empty part", text);
  }
  return parts;
}

}  // namespace

const std::string* CatalogSettings::Get(std::string_view key) const {
  auto it = properties.find(std::string(key));
  return it == properties.end() ? nullptr : &it->second;
}

Result<std::string> FloeConfig::DefaultCatalogName() const {
  if (!default_catalog.empty()) return default_catalog;
  if (catalogs.size() == 1) return catalogs.begin()->first;
  if (catalogs.count("default")) return std::string("default");
  return InvalidArgument(
      "{}: several catalogs and no default-catalog; name one with --catalog "
      "or set default-catalog",
      source);
}

Result<FloeConfig> ParseFloeConfig(std::string_view text, std::string_view source) {
  FLOE_ASSIGN_OR_RETURN(YamlNode root, ParseYaml(text, source));
  FloeConfig config;
  config.source = std::string(source);
  if (root.kind == YamlNode::Kind::kNull) return config;
  if (root.kind != YamlNode::Kind::kMapping) {
    return InvalidArgument("{}: expected a mapping with a `catalog:` key", source);
  }
  if (const YamlNode* catalogs = root.Find("catalog")) {
    if (catalogs->kind != YamlNode::Kind::kMapping && catalogs->kind != YamlNode::Kind::kNull) {
      return InvalidArgument("{}: `catalog:` must map catalog names to their settings", source);
    }
    for (const auto& [name, settings] : catalogs->mapping) {
      CatalogSettings out{name, {}};
      if (settings.kind != YamlNode::Kind::kMapping && settings.kind != YamlNode::Kind::kNull) {
        return InvalidArgument("{}: catalog {}: expected settings such as `type: sql`", source,
                               name);
      }
      for (const auto& [key, value] : settings.mapping) {
        if (key == kLocationMapSetting && value.kind == YamlNode::Kind::kSequence) {
          // A list of FROM=TO rules, kept one per line.
          std::string rules;
          for (const YamlNode& rule : value.sequence) rules += rule.scalar + "\n";
          out.properties[key] = rules;
          continue;
        }
        if (value.kind == YamlNode::Kind::kMapping || value.kind == YamlNode::Kind::kSequence) {
          continue;  // nested settings (e.g. PyIceberg's per-FileIO blocks) are not ours
        }
        out.properties[key] = value.scalar;
      }
      config.catalogs[name] = std::move(out);
    }
  }
  if (const YamlNode* def = root.Find("default-catalog"); def && !def->scalar.empty()) {
    config.default_catalog = def->scalar;
    if (!config.catalogs.count(config.default_catalog)) {
      return InvalidArgument("{}: default-catalog {} is not among the catalogs", source,
                             config.default_catalog);
    }
  }
  return config;
}

ConfigSearch ConfigSearch::FromEnvironment(std::optional<std::string> config_flag,
                                           std::optional<std::string> warehouse_flag) {
  ConfigSearch search;
  search.config_flag = std::move(config_flag);
  search.warehouse_flag = std::move(warehouse_flag);
  if (const char* env = std::getenv("FLOE_CONFIG"); env && *env) search.env_config = env;
  if (const char* home = std::getenv("HOME"); home && *home) search.home = home;
  if (const char* py = std::getenv("PYICEBERG_HOME"); py && *py) search.pyiceberg_home = py;
  return search;
}

CatalogSettings WarehouseCatalogSettings(std::string_view warehouse) {
  std::string dir(warehouse);
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  return CatalogSettings{"default",
                         {{"type", "sql"}, {"uri", dir + "/catalog.db"}, {"warehouse", dir}}};
}

Result<FloeConfig> LoadFloeConfig(const ConfigSearch& search) {
  std::optional<std::string> file;
  if (search.config_flag) {
    if (!FileExists(*search.config_flag)) {
      return NotFound("--config {}: no such file", *search.config_flag);
    }
    file = search.config_flag;
  } else if (search.env_config) {
    if (!FileExists(*search.env_config)) {
      return NotFound("FLOE_CONFIG={}: no such file", *search.env_config);
    }
    file = search.env_config;
  } else if (FileExists(search.cwd + "/floe.yaml")) {
    file = search.cwd + "/floe.yaml";
  } else if (search.home && FileExists(*search.home + "/.config/floe/floe.yaml")) {
    file = *search.home + "/.config/floe/floe.yaml";
  } else {
    // PyIceberg's file, where PyIceberg looks for it: $PYICEBERG_HOME, ~, the working folder.
    // Its layout and keys are floe.yaml's.
    for (const std::optional<std::string>& dir :
         {search.pyiceberg_home, search.home, std::optional<std::string>(search.cwd)}) {
      if (dir && FileExists(*dir + "/.pyiceberg.yaml")) {
        file = *dir + "/.pyiceberg.yaml";
        break;
      }
    }
  }
  FloeConfig config;
  if (file) {
    FLOE_ASSIGN_OR_RETURN(std::string text, ReadText(*file));
    FLOE_ASSIGN_OR_RETURN(config, ParseFloeConfig(text, *file));
  }
  if (search.warehouse_flag) {
    config.catalogs["default"] = WarehouseCatalogSettings(*search.warehouse_flag);
    config.default_catalog = "default";
    if (!file) config.source = "--warehouse " + *search.warehouse_flag;
  }
  if (config.catalogs.empty()) {
    return InvalidArgument(
        "no catalog configured: pass --warehouse DIR (a SQLite catalog at DIR/catalog.db), or "
        "write a floe.yaml (`catalog: {{NAME: {{type: sql|fs, uri: ..., warehouse: DIR}}}}`) and "
        "give it with --config FILE or $FLOE_CONFIG, or put it at ./floe.yaml or "
        "~/.config/floe/floe.yaml (PyIceberg's ~/.pyiceberg.yaml is read too)");
  }
  return config;
}

Result<std::string> SqlitePathFromUri(std::string_view uri) {
  if (StartsWith(uri, "sqlite:///")) return std::string(uri.substr(10));  // SQLAlchemy
  if (StartsWith(uri, "sqlite://")) {
    return NotSupported("uri {}: write sqlite:///relative/path or sqlite:////absolute/path", uri);
  }
  if (StartsWith(uri, "jdbc:sqlite:")) uri.remove_prefix(12);
  if (StartsWith(uri, "file://")) return std::string(uri.substr(7));
  if (StartsWith(uri, "file:")) return std::string(uri.substr(5));
  if (uri.find("://") != std::string_view::npos || StartsWith(uri, "jdbc:")) {
    return NotSupported("uri {}: only SQLite catalog databases are supported so far", uri);
  }
  if (uri.empty()) return InvalidArgument("empty catalog uri");
  return std::string(uri);
}

// The FileIO of a catalog whose settings give `location-map` (one FROM=TO rule, or a list) or
// `base`: the local file system seen through those rules (io/location_map.h); nullptr otherwise.
Result<std::shared_ptr<io::FileIO>> SettingsFileIO(const CatalogSettings& settings) {
  const std::string* rules_text = settings.Get(kLocationMapSetting);
  const std::string* base = settings.Get(kBaseSetting);
  if (!rules_text && !base) return std::shared_ptr<io::FileIO>();
  std::vector<std::string> rules;
  if (rules_text) {
    size_t start = 0;
    while (start <= rules_text->size()) {
      size_t end = rules_text->find('\n', start);
      if (end == std::string::npos) end = rules_text->size();
      std::string rule = rules_text->substr(start, end - start);
      if (!rule.empty()) rules.push_back(rule);
      start = end + 1;
    }
  }
  auto map = io::LocationMap::Make(rules, base ? std::optional<std::string>(*base) : std::nullopt);
  if (!map.ok()) return map.error().WithContext("catalog " + settings.name);
  return io::RemappedFileIO(io::LocalFileIO(), std::move(*map));
}

// The warehouse as written into catalogs and metadata: always absolute (a relative folder is
// taken from the working directory), so that tables read the same from any folder and from other
// engines. A location floe cannot write is refused before anything is created; under a
// location map (a moved, read-only table set) any scheme is accepted as the map's source.
namespace {

Result<std::string> WarehouseLocation(const CatalogSettings& settings, std::string_view text) {
  auto location = io::Location::Parse(text);
  if (!location.ok()) {
    return location.error().WithContext("catalog " + settings.name + ": warehouse");
  }
  if (!location->IsLocal()) {
    if (settings.Get(kLocationMapSetting)) return std::string(text);
    return NotSupported(
        "catalog {}: warehouse {}: floe reads and writes local folders only so far; {}:// "
        "locations are not supported yet",
        settings.name, text, location->scheme());
  }
  std::filesystem::path path(location->FilePath().empty() ? "." : location->FilePath());
  std::error_code ec;
  if (path.is_relative()) path = std::filesystem::absolute(path, ec);
  if (ec) {
    return IoError("catalog {}: warehouse {}: cannot make it absolute: {}", settings.name, text,
                   ec.message());
  }
  std::string out = path.lexically_normal().string();
  while (out.size() > 1 && out.back() == '/') out.pop_back();
  return out;
}

}  // namespace

Result<std::unique_ptr<Catalog>> OpenCatalog(const FloeConfig& config, std::string_view name,
                                             bool create) {
  std::string chosen(name);
  if (chosen.empty()) {
    FLOE_ASSIGN_OR_RETURN(chosen, config.DefaultCatalogName());
  }
  auto it = config.catalogs.find(chosen);
  if (it == config.catalogs.end()) {
    std::vector<std::string> names;
    for (const auto& [configured, settings] : config.catalogs) names.push_back(configured);
    return NotFound("catalog {} is not configured in {} (it configures {}){}", chosen,
                    config.source, fmt::join(names, ", "), DidYouMean(chosen, names));
  }
  const CatalogSettings& settings = it->second;
  FLOE_ASSIGN_OR_RETURN(std::shared_ptr<io::FileIO> io, SettingsFileIO(settings));
  const std::string* type = settings.Get("type");
  const std::string* uri = settings.Get("uri");
  const std::string* warehouse = settings.Get("warehouse");
  // PyIceberg infers the type from the uri when it is absent; so do we for SQLite.
  std::string kind = type ? *type : (uri && StartsWith(*uri, "sqlite:") ? "sql" : "");
  if (kind == "sql") {
    if (!uri) return InvalidArgument("catalog {}: a sql catalog needs `uri`", chosen);
    // The warehouse first: an unsupported one is the reason to give, not its database's uri.
    std::string wh;
    if (warehouse) {
      FLOE_ASSIGN_OR_RETURN(wh, WarehouseLocation(settings, *warehouse));
    }
    FLOE_ASSIGN_OR_RETURN(std::string path, SqlitePathFromUri(*uri));
    if (!warehouse) {
      // Beside the database, as `--warehouse` lays it out.
      std::string beside = std::filesystem::path(path).parent_path().string();
      FLOE_ASSIGN_OR_RETURN(wh, WarehouseLocation(settings, beside.empty() ? "." : beside));
    }
    std::error_code ec;
    if (!create && !std::filesystem::exists(path, ec)) {
      return NotFound(
          "catalog {}: there is no catalog at {} (only commands that create something, such as "
          "`floe create namespace` or `floe quickstart`, make one)",
          chosen, path);
    }
    auto parent = std::filesystem::path(path).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    FLOE_ASSIGN_OR_RETURN(auto catalog,
                          sql::SqlCatalog::Open(sql::SqlCatalogOptions{chosen, path, wh, io}));
    return std::unique_ptr<Catalog>(std::move(catalog));
  }
  if (kind == "fs" || kind == "hadoop") {
    if (!warehouse) return InvalidArgument("catalog {}: a fs catalog needs `warehouse`", chosen);
    FLOE_ASSIGN_OR_RETURN(std::string wh, WarehouseLocation(settings, *warehouse));
    std::error_code ec;
    auto location = io::Location::Parse(wh);
    if (!create && location.ok() && location->IsLocal() &&
        !std::filesystem::is_directory(location->FilePath(), ec)) {
      return NotFound(
          "catalog {}: there is no warehouse folder {} (only commands that create something, "
          "such as `floe create namespace`, make one)",
          chosen, *warehouse);
    }
    FLOE_ASSIGN_OR_RETURN(auto catalog, fs::FsCatalog::Open(fs::FsCatalogOptions{chosen, wh, io}));
    return std::unique_ptr<Catalog>(std::move(catalog));
  }
  if (kind == "rest")
    return NotSupported("catalog {}: REST catalogs are not supported yet", chosen);
  if (kind.empty()) return InvalidArgument("catalog {}: give its `type` (sql or fs)", chosen);
  return NotSupported("catalog {}: type {} is not supported (sql, fs)", chosen, kind);
}

Result<QualifiedTableName> ParseTableName(const FloeConfig& config, std::string_view text) {
  FLOE_ASSIGN_OR_RETURN(auto parts, SplitName(text));
  QualifiedTableName out;
  size_t start = 0;
  if (parts.size() > 2 && config.catalogs.count(parts[0])) {
    out.catalog = parts[0];
    start = 1;
  } else {
    FLOE_ASSIGN_OR_RETURN(out.catalog, config.DefaultCatalogName());
  }
  if (parts.size() - start < 2) {
    return InvalidArgument("table name {}: give namespace.table (e.g. db.orders)", text);
  }
  out.id.ns.assign(parts.begin() + start, parts.end() - 1);
  out.id.name = parts.back();
  return out;
}

Result<QualifiedNamespace> ParseNamespaceName(const FloeConfig& config, std::string_view text) {
  QualifiedNamespace out;
  if (text.empty()) {
    FLOE_ASSIGN_OR_RETURN(out.catalog, config.DefaultCatalogName());
    return out;
  }
  FLOE_ASSIGN_OR_RETURN(auto parts, SplitName(text));
  size_t start = 0;
  if (config.catalogs.count(parts[0])) {
    out.catalog = parts[0];
    start = 1;
  } else {
    FLOE_ASSIGN_OR_RETURN(out.catalog, config.DefaultCatalogName());
  }
  out.ns.assign(parts.begin() + start, parts.end());
  return out;
}

}  // namespace floe::catalog
