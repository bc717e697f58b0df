// `floe scan <table> [--columns …] [--filter …] [--snapshot ID | --as-of T | --ref NAME]
// [--limit N] [--format table|csv|json|parquet --output FILE] [--plan]`: the rows of a table
// (issue #7), planned with pruning, deletes applied, in docs/cli.md's output forms; or, with
// --plan, what the plan reads and skips.
#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

#include "cli/command.h"
#include "cli/scan_selection.h"
#include "cli/table_source.h"
#include "floe/columnar/row_writer.h"
#include "floe/expr/bound_expression.h"
#include "floe/format/parquet/file_writer.h"
#include "floe/io/file_io.h"
#include "floe/scan/table_reader.h"
#include "floe/scan/table_scan.h"
#include "floe/table/parquet_scan.h"
#include "floe/util/json_writer.h"

namespace floe::cli {
namespace {

std::string Percent(int64_t part, int64_t whole) {
  if (whole <= 0) return "-";
  return fmt::format("{:.1f}%", 100.0 * static_cast<double>(part) / static_cast<double>(whole));
}

void PrintPlan(const scan::ScanPlan& plan, bool json) {
  const scan::PlanReport& r = plan.report;
  const int64_t planned = r.data_files_planned();
  if (json) {
    JsonWriter w;
    w.BeginObject();
    w.Key("snapshot_id");
    if (plan.snapshot) {
      w.Int(plan.snapshot->snapshot_id);
    } else {
      w.Null();
    }
    w.Member("schema_id", static_cast<int64_t>(plan.schema.schema_id));
    w.Member("filter", expr::ToString(plan.filter.expr));
    w.Member("data_manifests", static_cast<int64_t>(r.data_manifests));
    w.Member("data_manifests_skipped", static_cast<int64_t>(r.data_manifests_skipped));
    w.Member("delete_manifests", static_cast<int64_t>(r.delete_manifests));
    w.Member("delete_manifests_skipped", static_cast<int64_t>(r.delete_manifests_skipped));
    w.Member("data_files", r.data_files);
    w.Member("data_files_skipped", r.data_files_skipped);
    w.Member("data_files_in_skipped_manifests", r.data_files_in_skipped_manifests);
    w.Member("data_files_planned", planned);
    w.Member("delete_files", r.delete_files);
    w.Member("delete_files_applied", r.delete_files_applied);
    w.Member("records_planned", r.records_planned);
    w.Member("bytes_total", r.bytes_total);
    w.Member("bytes_to_read", r.bytes_to_read);
    w.EndObject();
    Print(w.str() + "\n");
    return;
  }
  std::string out;
  out += fmt::format("snapshot:          {}\n",
                     plan.snapshot ? std::to_string(plan.snapshot->snapshot_id) : "none");
  out += fmt::format("filter:            {}\n", expr::ToString(plan.filter.expr));
  out += fmt::format("data manifests:    {} ({} skipped by partition summaries)\n",
                     r.data_manifests, r.data_manifests_skipped);
  out += fmt::format("delete manifests:  {} ({} skipped)\n", r.delete_manifests,
                     r.delete_manifests_skipped);
  int64_t all_files = r.data_files + r.data_files_in_skipped_manifests;
  out += fmt::format(
      "data files:        {} planned of {} ({} skipped by partition values and metrics, {} in "
      "skipped manifests)\n",
      planned, all_files, r.data_files_skipped, r.data_files_in_skipped_manifests);
  out +=
      fmt::format("delete files:      {} applied of {}\n", r.delete_files_applied, r.delete_files);
  out += fmt::format("records planned:   {}\n", r.records_planned);
  out += fmt::format("bytes to read:     {} (data files of the manifests read: {})\n",
                     r.bytes_to_read, r.bytes_total);
  out += fmt::format("pushdown:          {} of data files skipped\n",
                     Percent(all_files - planned, all_files));
  Print(out);
}

// The rows as Parquet, to `path` ("-": standard output, never a terminal).
class ParquetOutput {
 public:
  static Result<std::unique_ptr<ParquetOutput>> Open(const std::string& path) {
    if (path == "-" && isatty(STDOUT_FILENO)) {
      return InvalidArgument(
          "--format parquet writes binary: give --output FILE (or redirect standard output)");
    }
    auto out = std::unique_ptr<ParquetOutput>(new ParquetOutput());
    out->path_ = path == "-" ? "/dev/stdout" : path;
    return out;
  }
  Status Begin(const columnar::SchemaPtr& schema) {
    auto io = io::LocalFileIO();
    FLOE_ASSIGN_OR_RETURN(auto file, io->Create(path_, path_ == "/dev/stdout"));
    FLOE_ASSIGN_OR_RETURN(writer_, parquet::ParquetWriter::Make(std::move(file), schema));
    return Ok();
  }
  Status Write(const columnar::RecordBatch& batch) { return writer_->Write(batch); }
  void Abort() {
    if (writer_) writer_->Abort();
  }
  Status Finish() {
    FLOE_ASSIGN_OR_RETURN(auto metrics, writer_->Close());
    (void)metrics;
    return Ok();
  }

 private:
  std::string path_;
  std::unique_ptr<parquet::ParquetWriter> writer_;
};

Status RunScan(const Invocation& inv) {
  const Args& args = inv.args;
  FLOE_ASSIGN_OR_RETURN(scan::ScanOptions options, ScanOptionsFrom(args));
  std::string format = args.Has("--json") ? "json" : args.Get("--format").value_or("table");
  std::optional<std::string> output = args.Get("--output");
  if (format == "parquet" && !output) {
    return InvalidArgument(
        "--format parquet needs --output FILE (it refuses to write binary to a terminal)");
  }
  std::optional<columnar::RowFormat> row_format;
  if (format != "parquet") {
    FLOE_ASSIGN_OR_RETURN(row_format, columnar::ParseRowFormat(format));
  }
  scan::TableReadOptions read;
  if (auto columns = args.Get("--columns")) read.columns = table::SplitColumnList(*columns);
  FLOE_ASSIGN_OR_RETURN(read.limit, args.GetInt("--limit"));
  if (read.limit && *read.limit < 0) return InvalidArgument("--limit must not be negative");
  FLOE_ASSIGN_OR_RETURN(read.threads, ReadThreadsFrom(inv));

  FLOE_ASSIGN_OR_RETURN(TableSource table, OpenTableSource(args.positionals()[0], inv));
  if (args.Has("--plan")) {  // the tasks are not kept: the report counts them
    auto plan = scan::PlanScan(*table.io, table.metadata, options,
                               [](scan::FileScanTask&) { return Ok(); });
    if (!plan.ok()) return std::move(plan).error().WithContext(table.metadata_location);
    PrintPlan(*plan, args.Has("--json"));
    return Ok();
  }

  scan::TableReadCallbacks callbacks;
  std::unique_ptr<columnar::RowWriter> rows;
  std::unique_ptr<ParquetOutput> parquet_out;
  FILE* text_out = stdout;
  if (row_format) {
    if (output && *output != "-") {
      text_out = std::fopen(output->c_str(), "wx");
      if (!text_out) return IoError("{}: cannot create the file (does it exist already?)", *output);
    }
    rows = columnar::RowWriter::Make(*row_format, text_out, TableLayoutFor(text_out));
    callbacks.on_schema = [&](const columnar::SchemaPtr& s) { return rows->Begin(s); };
    callbacks.on_batch = [&](const columnar::RecordBatch& b) { return rows->Write(b); };
  } else {
    FLOE_ASSIGN_OR_RETURN(parquet_out, ParquetOutput::Open(*output));
    callbacks.on_schema = [&](const columnar::SchemaPtr& s) { return parquet_out->Begin(s); };
    callbacks.on_batch = [&](const columnar::RecordBatch& b) { return parquet_out->Write(b); };
  }
  // Planned while it is read: a table of millions of files is never held as a whole plan.
  std::optional<scan::PlanReport> plan_report;
  auto report = scan::ReadTable(*table.io, table.metadata, options, read, callbacks, &plan_report);
  if (!report.ok()) {
    // No closing lines for rows that were never all printed; no partial Parquet file.
    if (parquet_out) parquet_out->Abort();
    if (text_out != stdout) {
      std::fclose(text_out);
      std::remove(output->c_str());  // made by this run ("wx"): a partial file is nobody's
    }
    return std::move(report).error();
  }
  Status finished = rows ? rows->Finish() : (parquet_out ? parquet_out->Finish() : Ok());
  if (text_out != stdout) std::fclose(text_out);
  FLOE_RETURN_IF_ERROR(finished);
  if (rows && rows->replaced_invalid_utf8()) {
    PrintErr("warning: some strings held invalid UTF-8, printed with U+FFFD in its place\n");
  }
  if (inv.global.verbose) {
    std::string planned = plan_report
                              ? fmt::format("of {} planned", plan_report->data_files_planned())
                              : "(planning stopped at the limit)";
    PrintErr(fmt::format(
        "files read {} {}; row groups {} ({} skipped); rows read {}, deleted {}, returned {}\n",
        report->files_read, planned, report->row_groups, report->row_groups_skipped,
        report->rows_read, report->rows_deleted, report->rows_returned));
  }
  return Ok();
}

std::vector<OptionSpec> ScanOptionsList() {
  std::vector<OptionSpec> options = ScanSelectionOptions();
  options.push_back({"--columns", "LIST", "comma-separated column names to print (default: all)"});
  options.push_back({"--limit", "N", "print at most N rows"});
  options.push_back({"--format", "FORMAT", "table (default), csv, json or parquet"});
  options.push_back({"--json", "", "same as --format json (with --plan: the plan as JSON)"});
  options.push_back({"--output", "FILE", "write the rows to FILE (needed for --format parquet)"});
  options.push_back({"--plan", "", "print what the scan reads and skips instead of the rows"});
  options.push_back(ReadThreadsOption());
  return options;
}

FLOE_REGISTER_COMMAND(
    scan,
    Command{
        .name = "scan",
        .summary =
            "print the rows of a table (filter, columns, time travel; table, csv, json or parquet)",
        .usage = "floe scan <table | table folder | metadata.json> [--columns a,b.c] [--filter "
                 "\"<expr>\"]\n"
                 "                [--snapshot ID | --as-of TIMESTAMP | --ref NAME] [--limit N]\n"
                 "                [--format table|csv|json|parquet] [--output FILE] [--plan] "
                 "[--threads N]",
        .details =
            "Plans the scan from the table's metadata — manifests skipped by their partition\n"
            "summaries, files by their partition values and column metrics (hidden partitioning:\n"
            "a filter on ts prunes day(ts) partitions) — then reads the remaining data files by\n"
            "field id through schema evolution, applies position deletes, deletion vectors and\n"
            "equality deletes, and prints exactly the rows that match. Rows come in plan order,\n"
            "then file order. --as-of picks the snapshot that was current at that time by the\n"
            "snapshot log (ISO-8601 with an offset, or epoch milliseconds); --ref a branch or "
            "tag.\n"
            "--plan prints the plan report: manifests and files scanned and skipped, bytes to "
            "read.\n"
            "--threads N reads N data files at once (default: all cores); the rows still come in\n"
            "plan order, and --limit stops every file as soon as it has its rows. --filter takes\n"
            "the WHERE-clause grammar of floe SQL (see floe parquet cat --help).",
        .example = "  floe scan db.events --filter \"ts >= '2026-03-05T00:00:00Z' and k < 10\" "
                   "--limit 20\n"
                   "  floe scan ./warehouse/db/events --as-of 2026-03-01T00:00:00Z --format csv\n"
                   "  floe scan db.events --format parquet --output events.parquet\n"
                   "  floe scan db.events --filter \"region = 'eu'\" --plan\n"
                   "  floe scan db.events --threads 2 --format csv --output events.csv",
        .options = ScanOptionsList(),
        .min_positionals = 1,
        .max_positionals = 1,
        .run = RunScan,
    });

Status RunCount(const Invocation& inv) {
  FLOE_ASSIGN_OR_RETURN(scan::ScanOptions options, ScanOptionsFrom(inv.args));
  FLOE_ASSIGN_OR_RETURN(int threads, ReadThreadsFrom(inv));
  FLOE_ASSIGN_OR_RETURN(TableSource table, OpenTableSource(inv.args.positionals()[0], inv));
  auto counted = scan::CountRows(*table.io, table.metadata, options, threads);
  if (!counted.ok()) return std::move(counted).error().WithContext(table.metadata_location);
  const scan::RowCount& count = *counted;
  if (inv.args.Has("--json")) {
    Print(fmt::format("{{\"count\": {}, \"from_metadata\": {}}}\n", count.count,
                      count.from_metadata));
  } else {
    Print(fmt::format("{}\n", count.count));
  }
  return Ok();
}

std::vector<OptionSpec> CountOptionsList() {
  std::vector<OptionSpec> options = ScanSelectionOptions();
  options.push_back({"--json", "", "print {\"count\": N, \"from_metadata\": true|false}"});
  options.push_back(ReadThreadsOption());
  return options;
}

FLOE_REGISTER_COMMAND(
    count,
    Command{
        .name = "count",
        .summary = "print the number of rows of a table (answered from metadata when it can be)",
        .usage = "floe count <table | table folder | metadata.json> [--filter \"<expr>\"]\n"
                 "                 [--snapshot ID | --as-of TIMESTAMP | --ref NAME] [--threads N] "
                 "[--json]",
        .details =
            "Prints the bare number of rows the filter keeps, after deletes. Files whose "
            "partition\n"
            "values and metrics show that every row matches, and that no delete applies to, are\n"
            "counted from their record counts; the others are read (only the columns the filter\n"
            "and the deletes need), --threads N of them at once (default: all cores). A count is\n"
            "never data records minus delete records.",
        .example =
            "  floe count db.events\n"
            "  floe count ./warehouse/db/events --filter \"ts >= '2026-03-05T00:00:00Z'\" --json",
        .options = CountOptionsList(),
        .min_positionals = 1,
        .max_positionals = 1,
        .run = RunCount,
    });

}  // namespace
}  // namespace floe::cli
