// `floe parquet cat <file> [--columns a,b.c] [--filter "<expr>"] [--limit N] [--format ...]`:
// the rows of a Parquet file, in file order, in docs/cli.md's output forms.
#include <fmt/format.h>

#include "cli/command.h"
#include "floe/columnar/row_writer.h"
#include "floe/expr/parser.h"
#include "floe/io/file_io.h"
#include "floe/table/parquet_scan.h"

namespace floe::cli {
namespace {

Result<columnar::RowFormat> FormatOption(const Args& args) {
  if (args.Has("--json")) return columnar::RowFormat::kJson;
  return columnar::ParseRowFormat(args.Get("--format").value_or("table"));
}

// Unset: nanoseconds for the INT96 columns whose values fit them, microseconds for the others.
Result<std::optional<columnar::TimeUnit>> Int96UnitOption(const Args& args) {
  std::optional<std::string> given = args.Get("--int96-unit");
  if (!given) return std::optional<columnar::TimeUnit>();
  const std::string& unit = *given;
  if (unit == "ns") return std::optional(columnar::TimeUnit::kNano);
  if (unit == "us") return std::optional(columnar::TimeUnit::kMicro);
  return InvalidArgument("--int96-unit: expected ns or us, got \"{}\"", unit);
}

FLOE_REGISTER_COMMAND(
    parquet_cat,
    Command{
        .name = "parquet cat",
        .summary = "print the rows of a Parquet file (columns, filter, limit; table, csv or json)",
        .usage = "floe parquet cat <file> [--columns a,b.c] [--filter \"<expr>\"] [--limit N]\n"
                 "                 [--format table|csv|json] [--json] [--int96-unit ns|us]",
        .details =
            "Rows come in file order. --columns takes dotted paths (a nested column b.c comes "
            "back\n"
            "as {\"b\": {\"c\": ...}}). --filter takes the WHERE-clause grammar of floe SQL, e.g.\n"
            "  region = 'seoul' and order_ts >= '2026-03-05T00:00:00+00:00'\n"
            "with and/or/not, = != < <= > >=, in (...), between, is [not] null, is [not] nan,\n"
            "like 'prefix%', starts_with(col, 'p'), `quoted` and dotted names (SQL that a filter\n"
            "cannot evaluate, such as arithmetic, is refused). Row groups whose statistics or "
            "bloom\n"
            "filters exclude a match are skipped, and exactly the matching rows are printed. JSON\n"
            "rows are one object per line (docs/cli.md value forms); CSV has a header line. INT96\n"
            "timestamps print in nanoseconds, or in microseconds for a column holding years\n"
            "outside 1677-2262 (Hive, Impala and Spark write them); --int96-unit ns|us picks one\n"
            "unit for every INT96 column.",
        .example =
            "  floe parquet cat data.parquet --limit 10\n"
            "  floe parquet cat data.parquet --columns id,s --filter \"k < 10\" --format csv",
        .options = {{"--columns", "LIST", "comma-separated column paths to print (default: all)"},
                    {"--filter", "EXPR", "print only the rows where EXPR is true"},
                    {"--limit", "N", "print at most N rows"},
                    {"--format", "FORMAT", "table (default), csv or json"},
                    {"--json", "", "same as --format json"},
                    {"--int96-unit", "UNIT",
                     "ns or us for INT96 timestamps (default: ns where values fit)"}},
        .min_positionals = 1,
        .max_positionals = 1,
        .run = [](const Invocation& inv) -> Status {
          table::ParquetScanOptions options;
          FLOE_ASSIGN_OR_RETURN(columnar::RowFormat format, FormatOption(inv.args));
          FLOE_ASSIGN_OR_RETURN(options.int96_unit, Int96UnitOption(inv.args));
          if (auto columns = inv.args.Get("--columns"))
            options.columns = table::SplitColumnList(*columns);
          if (auto filter = inv.args.Get("--filter"); filter && !filter->empty()) {
            FLOE_ASSIGN_OR_RETURN(options.filter, expr::ParseFilter(*filter));
          }
          FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> limit, inv.args.GetInt("--limit"));
          if (limit && *limit < 0) return InvalidArgument("--limit must not be negative");
          options.limit = limit;
          auto writer = columnar::RowWriter::Make(format, stdout, TableLayoutFor(stdout));
          auto io = io::LocalFileIO();
          table::ParquetScanCallbacks callbacks;
          callbacks.on_schema = [&](const columnar::SchemaPtr& s) { return writer->Begin(s); };
          callbacks.on_batch = [&](const columnar::RecordBatch& b) { return writer->Write(b); };
          FLOE_ASSIGN_OR_RETURN(auto report, table::ScanParquetFile(*io, inv.args.positionals()[0],
                                                                    options, callbacks));
          if (inv.global.verbose) {
            PrintErr(fmt::format(
                "row groups: {} ({} skipped by statistics, {} by bloom filters, "
                "{} by the page index); rows read {} ({} outside the pages the "
                "page index keeps), printed {}\n",
                report.row_groups, report.row_groups_skipped_by_statistics,
                report.row_groups_skipped_by_bloom_filter, report.row_groups_skipped_by_page_index,
                report.rows_read, report.rows_skipped_by_page_index, report.rows_returned));
          }
          FLOE_RETURN_IF_ERROR(writer->Finish());
          if (writer->replaced_invalid_utf8()) {
            PrintErr(
                "warning: some strings held invalid UTF-8, printed with U+FFFD in its place\n");
          }
          return Ok();
        },
    });

}  // namespace
}  // namespace floe::cli
