// `floe create namespace <ns> [--property k=v]...`
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/catalog_access.h"

namespace floe::cli {
namespace {

Status RunCreateNamespace(const Invocation& inv) {
  FLOE_ASSIGN_OR_RETURN(
      CatalogNamespace target,
      OpenCatalogNamespace(inv, inv.args.positionals()[0], CatalogUse::kMayCreate));
  if (target.ns.empty()) return InvalidArgument("create namespace: give a namespace name");
  std::map<std::string, std::string> properties;
  for (const std::string& kv : inv.args.GetAll("--property")) {
    const size_t eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) {
      return InvalidArgument("--property {}: expected KEY=VALUE", kv);
    }
    properties[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  FLOE_RETURN_IF_ERROR(target.catalog->CreateNamespace(target.ns, properties));
  if (!inv.global.quiet) Print(fmt::format("created namespace {}\n", fmt::join(target.ns, ".")));
  return Ok();
}

FLOE_REGISTER_COMMAND(
    create_namespace,
    Command{
        .name = "create namespace",
        .summary = "create a namespace in the catalog",
        .usage = "floe create namespace <namespace> [--property K=V]...",
        .details = "Nested namespaces are dotted: a.b. Properties are kept with the namespace.",
        .example = "  floe --warehouse wh create namespace shop --property owner=data-eng",
        .options = {{"--property", "K=V", "a namespace property (repeatable)", true}},
        .min_positionals = 1,
        .max_positionals = 1,
        .run = RunCreateNamespace,
    });

}  // namespace
}  // namespace floe::cli
