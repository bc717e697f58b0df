// `floe drop table <t> [--purge]` and `floe drop namespace <ns>`.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/catalog_access.h"

namespace floe::cli {
namespace {

std::string FileLines(const std::vector<std::string>& files) {
  std::string out;
  for (const auto& f : files) out += "  " + f + "\n";
  return out;
}

Status DropTable(const Invocation& inv) {
  FLOE_ASSIGN_OR_RETURN(CatalogTable target, OpenCatalogTable(inv, inv.args.positionals()[0]));
  catalog::DropTableOptions options;
  options.purge = inv.args.Has("--purge");
  options.include_outside_location = inv.args.Has("--include-outside-location");
  options.dry_run = inv.args.Has("--dry-run");
  if (options.include_outside_location && !options.purge) {
    return InvalidArgument("drop table: --include-outside-location needs --purge");
  }
  FLOE_ASSIGN_OR_RETURN(catalog::DropTableResult result,
                        target.catalog->DropTable(target.id, options));
  const std::string name = target.id.ToString();
  if (options.dry_run) {
    // The lists are the point of a dry run: printed even with --quiet.
    if (!result.purge) {
      Print(fmt::format("would drop {} (its files stay)\n", name));
      return Ok();
    }
    const catalog::PurgePlan& plan = *result.purge;
    Print(fmt::format("would drop {} and delete {} files under its location {}:\n{}", name,
                      plan.inside.size(), plan.table_location, FileLines(plan.inside)));
    if (!plan.outside.empty()) {
      Print(fmt::format("{} {} files outside its location:\n{}",
                        options.include_outside_location ? "would also delete" : "would keep",
                        plan.outside.size(), FileLines(plan.outside)));
    }
    return Ok();
  }
  if (!result.purge) {
    if (!inv.global.quiet) Print(fmt::format("dropped {}\n", name));
    return Ok();
  }
  const catalog::PurgePlan& plan = *result.purge;
  size_t deleted =
      plan.inside.size() + (options.include_outside_location ? plan.outside.size() : 0);
  if (!inv.global.quiet)
    Print(fmt::format("dropped {} and its files ({} deleted)\n", name, deleted));
  if (!plan.outside.empty() && !options.include_outside_location) {
    PrintErr(fmt::format(
        "warning: kept {} files outside the table location {} (another table's or the source "
        "of add-files; --include-outside-location deletes them too):\n{}",
        plan.outside.size(), plan.table_location, FileLines(plan.outside)));
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
        .usage = "floe drop table <table> [--purge [--include-outside-location]] [--dry-run]",
        .details =
            "Without --purge the table's files stay where they are (floe register can bring\n"
            "the table back). With --purge the files its metadata references that lie under\n"
            "the table's location are deleted; files elsewhere (the sources of add-files, or\n"
            "whatever a registered metadata file names) are listed and kept unless\n"
            "--include-outside-location is given. --dry-run lists both and changes nothing.",
        .example = "  floe --warehouse wh drop table shop.orders --purge --dry-run\n"
                   "  floe --warehouse wh drop table shop.orders --purge",
        .options = {{"--purge", "", "also delete data, manifests and metadata files"},
                    {"--include-outside-location", "",
                     "with --purge: also delete referenced files outside the table's location"},
                    {"--dry-run", "", "print what would be dropped and deleted; change nothing"}},
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
