// `floe properties get|set|remove table|namespace <name> [key] [value]` (PyIceberg's command).
// Table properties change in a commit (SetProperties / RemoveProperties, checked against the
// table's UUID), so a concurrent writer's snapshot is never lost.
#include <fmt/format.h>

#include "cli/catalog_access.h"
#include "floe/catalog/catalog_table_operations.h"
#include "floe/update/update_properties.h"
#include "floe/util/json_writer.h"

namespace floe::cli {
namespace {

enum class Action { kGet, kSet, kRemove };

Result<bool> IsTable(const Invocation& inv) {
  const std::string& kind = inv.args.positionals()[0];
  if (kind == "table") return true;
  if (kind == "namespace") return false;
  return InvalidArgument("properties: expected \"table\" or \"namespace\", got \"{}\"", kind);
}

Status PrintProperties(const Invocation& inv, const std::map<std::string, std::string>& props) {
  const auto& pos = inv.args.positionals();
  if (pos.size() > 2) {
    auto it = props.find(pos[2]);
    if (it == props.end()) return NotFound("{}: no property {}", pos[1], pos[2]);
    Print(it->second + "\n");
    return Ok();
  }
  if (inv.args.Has("--json")) {
    JsonWriter out(/*pretty=*/true);
    out.BeginObject();
    for (const auto& [k, v] : props) out.Member(k, v);
    out.EndObject();
    Print(out.Take() + "\n");
    return Ok();
  }
  std::string text;
  for (const auto& [k, v] : props) text += fmt::format("{}  {}\n", k, v);
  Print(text);
  return Ok();
}

Status RunProperties(const Invocation& inv, Action action) {
  const auto& pos = inv.args.positionals();
  if (action == Action::kSet && pos.size() != 4) {
    return InvalidArgument("properties set: give table|namespace, the name, a key and a value");
  }
  if (action == Action::kRemove && pos.size() != 3) {
    return InvalidArgument("properties remove: give table|namespace, the name and a key");
  }
  FLOE_ASSIGN_OR_RETURN(bool is_table, IsTable(inv));
  if (is_table) {
    FLOE_ASSIGN_OR_RETURN(CatalogTable t, OpenCatalogTable(inv, pos[1]));
    FLOE_ASSIGN_OR_RETURN(catalog::LoadedTable loaded, t.catalog->LoadTable(t.id));
    if (action == Action::kGet) {
      // As SHOW TBLPROPERTIES and Spark show it: the format version among the properties.
      std::map<std::string, std::string> shown = loaded.metadata.properties;
      shown["format-version"] = std::to_string(loaded.metadata.format_version);
      return PrintProperties(inv, shown);
    }
    catalog::CatalogTableOperations ops(*t.catalog, t.id);
    update::UpdateProperties change(ops);
    if (action == Action::kSet) {
      change.Set(pos[2], pos[3]);
    } else {
      if (!loaded.metadata.properties.count(pos[2])) {
        return NotFound("{}: no property {}", pos[1], pos[2]);
      }
      change.Remove(pos[2]);
    }
    FLOE_RETURN_IF_ERROR(change.Commit());
  } else {
    FLOE_ASSIGN_OR_RETURN(CatalogNamespace n, OpenCatalogNamespace(inv, pos[1]));
    if (action == Action::kGet) {
      FLOE_ASSIGN_OR_RETURN(auto props, n.catalog->LoadNamespaceProperties(n.ns));
      return PrintProperties(inv, props);
    }
    if (action == Action::kSet) {
      FLOE_RETURN_IF_ERROR(n.catalog->UpdateNamespaceProperties(n.ns, {}, {{pos[2], pos[3]}}));
    } else {
      FLOE_RETURN_IF_ERROR(n.catalog->UpdateNamespaceProperties(n.ns, {pos[2]}, {}));
    }
  }
  if (!inv.global.quiet) {
    Print(action == Action::kSet ? fmt::format("set {}={} on {}\n", pos[2], pos[3], pos[1])
                                 : fmt::format("removed {} from {}\n", pos[2], pos[1]));
  }
  return Ok();
}

FLOE_REGISTER_COMMAND(
    properties_get,
    Command{
        .name = "properties get",
        .summary = "print the properties of a table or namespace (or one of them)",
        .usage = "floe properties get table|namespace <name> [key] [--json]",
        .details =
            "Without a key: every property, one \"key  value\" per line. With a key: its value.",
        .example = "  floe --warehouse wh properties get table shop.orders\n"
                   "  floe --warehouse wh properties get table shop.orders "
                   "write.parquet.compression-codec",
        .options = {{"--json", "", "print the properties as one JSON object"}},
        .min_positionals = 2,
        .max_positionals = 3,
        .run = [](const Invocation& inv) { return RunProperties(inv, Action::kGet); },
    });

FLOE_REGISTER_COMMAND(
    properties_set,
    Command{
        .name = "properties set",
        .summary = "set a property of a table or namespace",
        .usage = "floe properties set table|namespace <name> <key> <value>",
        .details =
            "A table property is set in a commit (a new metadata file); a namespace property\n"
            "in the catalog. Setting format-version upgrades the table (1 -> 2 -> 3, never\n"
            "down); the other reserved keys (uuid, current-snapshot-id, ...) are table metadata\n"
            "and cannot be set. write.format.default takes parquet or avro.",
        .example = "  floe --warehouse wh properties set table shop.orders "
                   "commit.manifest-merge.enabled false",
        .options = {},
        .min_positionals = 4,
        .max_positionals = 4,
        .run = [](const Invocation& inv) { return RunProperties(inv, Action::kSet); },
    });

FLOE_REGISTER_COMMAND(
    properties_remove,
    Command{
        .name = "properties remove",
        .summary = "remove a property of a table or namespace",
        .usage = "floe properties remove table|namespace <name> <key>",
        .details = "A table property is removed in a commit; a missing key is an error (exit 3).",
        .example = "  floe --warehouse wh properties remove table shop.orders owner",
        .options = {},
        .min_positionals = 3,
        .max_positionals = 3,
        .run = [](const Invocation& inv) { return RunProperties(inv, Action::kRemove); },
    });

}  // namespace
}  // namespace floe::cli
