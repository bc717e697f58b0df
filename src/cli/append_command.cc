// `floe append <table> <files…> [--app-id ID] [--branch NAME]`: every file in ONE commit; prints
// the new snapshot id.

#include <fmt/format.h>

#include "cli/catalog_access.h"
#include "cli/commit_output.h"
#include "cli/text_input_options.h"
#include "floe/catalog/catalog_table_operations.h"
#include "floe/update/append_files.h"
#include "floe/util/json_writer.h"
#include "floe/util/progress.h"

namespace floe::cli {
namespace {

Status RunAppend(const Invocation& inv) {
  const Args& args = inv.args;
  FLOE_ASSIGN_OR_RETURN(CatalogTable target, OpenCatalogTable(inv, args.positionals()[0]));
  catalog::CatalogTableOperations ops(*target.catalog, target.id);
  std::vector<std::string> inputs(args.positionals().begin() + 1, args.positionals().end());
  update::AppendFilesOptions options;
  options.branch = args.Get("--branch").value_or("main");
  options.app_id = args.Get("--app-id");
  FLOE_ASSIGN_OR_RETURN(TextInputOptions text, TextInputOptionsFrom(args));
  options.replace_invalid_utf8 = text.replace_invalid_utf8;
  options.allow_missing_columns = text.allow_missing_columns;
  options.text_values = text.values;
  // Drawn only on a terminal, after a second (util/progress.h).
  // Bytes of the inputs read, so one large file moves the bar too.
  ProgressOptions bar;
  bar.bytes = true;
  Progress progress("append", 0, bar);
  options.progress = [&](int64_t done, int64_t total) {
    progress.SetTotal(total);
    progress.Advance(done - progress.done());
  };
  auto io = io::LocalFileIO();
  FLOE_ASSIGN_OR_RETURN(update::AppendFilesResult result,
                        update::AppendFiles(ops, *io, inputs, options));
  progress.Finish();
  if (result.snapshot_id == 0) {  // no rows in the inputs: nothing was committed
    if (args.Has("--json")) {
      JsonWriter out(/*pretty=*/true);
      out.BeginObject();
      out.Key("snapshot-id");
      out.Null();
      out.Member("added-records", int64_t{0});
      out.Member("added-data-files", int64_t{0});
      out.Member("attempts", 0);
      out.Member("metadata-location", result.table.metadata_location);
      out.EndObject();
      Print(out.Take() + "\n");
    } else if (!inv.global.quiet) {
      PrintErr("nothing appended: the input files hold no rows (no snapshot was committed)\n");
    }
    return Ok();
  }
  PrintCommit(inv, "appended",
              {.snapshot_id = result.snapshot_id,
               .added_records = result.added_records,
               .added_data_files = result.added_data_files,
               .attempts = result.attempts,
               .metadata_location = result.table.metadata_location});
  return Ok();
}

FLOE_REGISTER_COMMAND(
    append,
    Command{
        .name = "append",
        .summary = "append Parquet, CSV or NDJSON files to a table in one commit",
        .usage = "floe append <table> <file>... [--app-id ID] [--branch NAME] [--json]\n"
                 "                   [--null-string S] [--allow-missing-columns]\n"
                 "                   [--binary-encoding hex|base64] [--replace-invalid-utf8]",
        .details =
            "Every file is checked against the table's schema before anything is written (columns\n"
            "by field id, else by name; int→long and float→double are applied; a type that does "
            "not\n"
            "fit is refused with the column, both types and the fix). Rows are written as Parquet\n"
            "under the table's partition spec and committed as ONE snapshot, retried on conflicts "
            "as\n"
            "commit.retry.* says. Prints the new snapshot id. On a failure every file written is\n"
            "removed; when the catalog's answer is lost (exit code 9) they are kept.\n"
            "\n"
            "CSV (with a header line) and NDJSON values are read as the table's column types:\n"
            "decimals exactly (more fraction digits than the scale is an error, never rounded),\n"
            "whole numbers, NaN, Infinity and -Infinity in float and double columns, dates,\n"
            "times, timestamps (a timestamptz value needs an offset, a timestamp one must not\n"
            "have one), UUIDs, binary as hex (or base64), and lists, structs and maps from JSON\n"
            "arrays and objects (in a CSV cell: its JSON text). Spaces around values of other\n"
            "types than string are trimmed. Nulls: an unquoted empty CSV field in any column;\n"
            "an empty value and NULL in columns other than string (\"\" and NULL are strings in a\n"
            "string column, as Spark and DuckDB read them, unless --null-string is given). A\n"
            "value that does not read is refused naming the file, line, column and value (exit\n"
            "code 5), as is a CSV row with more or fewer fields than the header. Table columns\n"
            "the file lacks are null (refused when required); file columns the table lacks are\n"
            "refused. Files without rows (a header-only CSV) commit nothing.",
        .example =
            "  floe --warehouse wh append shop.orders day1.parquet day2.csv --app-id nightly\n"
            "  floe --warehouse wh create table shop.sales \\\n"
            "      --schema \"id long, amount decimal(10, 2), day date, tags list<string>\"\n"
            "  # sales.csv:  id,amount,day,tags\n"
            "  #             1,12.50,2026-03-01,\"[\"\"a\"\",\"\"b\"\"]\"\n"
            "  #             2,NA,,[]\n"
            "  floe --warehouse wh append shop.sales sales.csv --null-string NA",
        .options =
            [] {
              std::vector<OptionSpec> options = {
                  {"--app-id", "ID", "the snapshot summary's app-id (default: a new UUID)"},
                  {"--branch", "NAME", "commit to this branch (default main)"},
                  {"--json", "", "print the snapshot id, row and file counts as JSON"}};
              for (OptionSpec& o : TextInputOptionSpecs()) options.push_back(std::move(o));
              return options;
            }(),
        .min_positionals = 2,
        .max_positionals = -1,
        .run = RunAppend,
    });

}  // namespace
}  // namespace floe::cli
