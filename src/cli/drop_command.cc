// `floe drop table <t> [--purge]` and `floe drop namespace <ns>`.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/catalog_access.h"

namespace floe::cli {
namespace {

Status DropTable(const Invocation& inv) {
  FLOE_ASSIGN_OR_RETURN(CatalogTable target, OpenCatalogTable(inv, inv.args.positionals()[0]));
  const bool purge = inv.args.Has("--purge");
  FLOE_RETURN_IF_ERROR(target.catalog->DropTable(target.id, purge));
  if (!inv.global.quiet) {
    Print(fmt::format("dropped {}{}\n", target.id.ToString(), purge ? " and its files" : ""));
  }
  return Ok();
}

Status DropNamespace(const Invocation& inv) {
  FLOE_ASSIGN_OR_RETURN(CatalogNamespace target,
                        OpenCatalogNamespace(inv, inv.args.positionals()[0]));
  if (target.ns.empty()) return InvalidArgument("drop namespace: give a namespace name");
  FLOE_RETURN_IF_ERROR(target.catalog->DropNamespace(target.ns));
  if (!inv.global.quiet) Print(fmt::format("dropped namespace {}\n", fmt::join(target.ns, ".")));
  return Ok();
}

FLOE_REGISTER_COMMAND(
    drop_table,
    Command{
        .name = "drop table",
        .summary = "remove a table from the catalog (--purge: and delete its files)",
        .usage = "floe drop table <table> [--purge]",
        .details =
            "Without --purge the table's files stay where they are (floe register can bring\n"
            "the table back). With --purge every file its metadata references is deleted.",
        .example = "  floe --warehouse wh drop table shop.orders --purge",
        .options = {{"--purge", "", "also delete data, manifests and metadata files"}},
        .min_positionals = 1,
        .max_positionals = 1,
        .run = DropTable,
    });

FLOE_REGISTER_COMMAND(drop_namespace,
                      Command{
                          .name = "drop namespace",
                          .summary = "remove an empty namespace",
                          .usage = "floe drop namespace <namespace>",
                          .details = "A namespace that still holds tables is refused.",
                          .example = "  floe --warehouse wh drop namespace shop",
                          .options = {},
                          .min_positionals = 1,
                          .max_positionals = 1,
                          .run = DropNamespace,
                      });

}  // namespace
}  // namespace floe::cli
