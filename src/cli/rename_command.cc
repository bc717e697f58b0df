// `floe rename <from> <to>` and `floe register <t> <metadata file>`: catalog pointers only.
#include <fmt/format.h>

#include "cli/catalog_access.h"

namespace floe::cli {
namespace {

Status Rename(const Invocation& inv) {
  FLOE_ASSIGN_OR_RETURN(CatalogTable from, OpenCatalogTable(inv, inv.args.positionals()[0]));
  FLOE_ASSIGN_OR_RETURN(CatalogTable to, OpenCatalogTable(inv, inv.args.positionals()[1]));
  if (from.catalog->name() != to.catalog->name()) {
    return InvalidArgument(
        "rename: {} and {} are in different catalogs; register the table in "
        "the other catalog instead",
        inv.args.positionals()[0], inv.args.positionals()[1]);
  }
  FLOE_RETURN_IF_ERROR(from.catalog->RenameTable(from.id, to.id));
  if (!inv.global.quiet) {
    Print(fmt::format("renamed {} to {}\n", from.id.ToString(), to.id.ToString()));
  }
  return Ok();
}

Status Register(const Invocation& inv) {
  FLOE_ASSIGN_OR_RETURN(CatalogTable target, OpenCatalogTable(inv, inv.args.positionals()[0]));
  FLOE_ASSIGN_OR_RETURN(catalog::LoadedTable table,
                        target.catalog->RegisterTable(target.id, inv.args.positionals()[1]));
  if (!inv.global.quiet) {
    Print(fmt::format("registered {} at {}\n", table.id.ToString(), table.metadata_location));
  }
  return Ok();
}

FLOE_REGISTER_COMMAND(
    rename, Command{
                .name = "rename",
                .summary = "rename a table",
                .usage = "floe rename <from> <to>",
                .details = "Only the catalog entry changes; the table's files stay where they are.",
                .example = "  floe --warehouse wh rename shop.orders shop.orders_2024",
                .options = {},
                .min_positionals = 2,
                .max_positionals = 2,
                .run = Rename,
            });

FLOE_REGISTER_COMMAND(
    register,
    Command{
        .name = "register",
        .summary = "point a table name at an existing metadata file",
        .usage = "floe register <table> <metadata file>",
        .details =
            "The recovery after a lost catalog, and how a table moves between catalogs: the\n"
            "name then refers to the table whose current metadata is that file.",
        .example = "  floe --warehouse wh register shop.orders "
                   "wh/shop/orders/metadata/00003-….metadata.json",
        .options = {},
        .min_positionals = 2,
        .max_positionals = 2,
        .run = Register,
    });

}  // namespace
}  // namespace floe::cli
