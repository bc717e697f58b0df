// `floe list [namespace]`: the namespaces and tables of the catalog (PyIceberg's `pyiceberg list`).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/catalog_access.h"
#include "floe/util/json_writer.h"

namespace floe::cli {
namespace {

Status RunList(const Invocation& inv) {
  const std::string name = inv.args.positionals().empty() ? "" : inv.args.positionals()[0];
  FLOE_ASSIGN_OR_RETURN(CatalogNamespace target, OpenCatalogNamespace(inv, name));
  FLOE_ASSIGN_OR_RETURN(std::vector<catalog::Namespace> namespaces,
                        target.catalog->ListNamespaces(target.ns));
  std::vector<catalog::TableIdentifier> tables;
  if (!target.ns.empty()) {
    FLOE_ASSIGN_OR_RETURN(tables, target.catalog->ListTables(target.ns));
  }
  if (inv.args.Has("--json")) {
    JsonWriter out(/*pretty=*/true);
    out.BeginObject();
    out.Key("namespaces");
    out.BeginArray();
    for (const auto& ns : namespaces) out.String(fmt::format("{}", fmt::join(ns, ".")));
    out.EndArray();
    out.Key("tables");
    out.BeginArray();
    for (const auto& t : tables) out.String(t.ToString());
    out.EndArray();
    out.EndObject();
    Print(out.Take() + "\n");
    return Ok();
  }
  std::string text;
  for (const auto& ns : namespaces) text += fmt::format("{}\n", fmt::join(ns, "."));
  for (const auto& t : tables) text += t.ToString() + "\n";
  Print(text);
  return Ok();
}

FLOE_REGISTER_COMMAND(
    list, Command{
              .name = "list",
              .summary = "list namespaces, or the namespaces and tables in a namespace",
              .usage = "floe list [namespace] [--json]",
              .details =
                  "Without a namespace: the top-level namespaces. With one: its child namespaces,\n"
                  "then its tables, one per line.",
              .example = "  floe --warehouse wh list\n  floe --warehouse wh list shop",
              .options = {{"--json", "", "print {\"namespaces\": [...], \"tables\": [...]}"}},
              .min_positionals = 0,
              .max_positionals = 1,
              .run = RunList,
          });

}  // namespace
}  // namespace floe::cli
