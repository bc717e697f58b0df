// `floe sql "<statements>"` / `floe sql -f script.sql`: runs floe SQL (Spark SQL's dialect) over
// the configured catalogs. Statements run in order; each query's rows are printed in turn
// (--format table|csv|json); DDL and DML print one status line on stderr. The first error stops
// the run with its exit code; statements before it stay committed.
#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "cli/catalog_access.h"
#include "cli/command.h"
#include "cli/sql_runner.h"
#include "floe/columnar/row_writer.h"
#include "floe/sql/session.h"
#include "floe/sql/syntax/parser.h"

namespace floe::cli {

namespace {

Result<std::string> ReadScript(const Args& args) {
  if (auto file = args.Get("-f")) {
    std::ifstream in(*file, std::ios::binary);
    if (!in) return NotFound("{}: cannot open the script", *file);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  }
  if (!args.positionals().empty()) {
    std::string text;
    for (const auto& p : args.positionals()) text += (text.empty() ? "" : " ") + p;
    return text;
  }
  std::ostringstream in;
  in << std::cin.rdbuf();
  return in.str();
}

Status RunSql(const Invocation& inv) {
  const Args& args = inv.args;
  columnar::RowFormat format = columnar::RowFormat::kTable;
  if (args.Has("--json")) {
    format = columnar::RowFormat::kJson;
  } else if (auto f = args.Get("--format")) {
    FLOE_ASSIGN_OR_RETURN(format, columnar::ParseRowFormat(*f));
  }
  // No statements and a terminal: the interactive shell.
  bool interactive = !args.Get("-f") && args.positionals().empty() && isatty(STDIN_FILENO);
  std::string script;
  if (!interactive) {
    FLOE_ASSIGN_OR_RETURN(script, ReadScript(args));
  }

  sql::SessionOptions options;
  auto config = LoadCatalogConfig(inv.global);
  if (config.ok()) {
    options.config = std::move(*config);
  } else {
    options.no_catalog_message = config.error().message;
  }
  options.time_zone = args.Get("--time-zone").value_or("UTC");
  options.threads = inv.global.threads;
  if (auto app_id = args.Get("--app-id")) options.app_id = *app_id;
  FLOE_ASSIGN_OR_RETURN(auto session, sql::Session::Make(std::move(options)));

  SqlRunOptions run;
  run.format = format;
  run.quiet = inv.global.quiet;
  if (interactive) return RunSqlShell(*session, run);
  return RunSqlScript(*session, script, run);
}

}  // namespace

FLOE_REGISTER_COMMAND(
    sql,
    Command{
        .name = "sql",
        .summary = "run SQL statements (Spark SQL's dialect) over the catalog's tables",
        .usage = "floe sql \"<statements>\" | -f script.sql [--format table|csv|json] [--time-zone "
                 "ZONE]",
        .details =
            "Statements are separated by ';' and run in order: queries print their rows, DDL and "
            "DML\n"
            "(CREATE, INSERT, ALTER, DROP) print one status line on stderr and commit at once. "
            "The\n"
            "first error stops the run with its exit code; earlier statements stay committed. "
            "Without\n"
            "statements or -f, a script is read from standard input, or, on a terminal, an "
            "interactive\n"
            "shell starts (line editing, history in ~/.floe_history; leave with quit or Ctrl-D).\n"
            "Tables: [catalog.]namespace.table, with VERSION AS OF / TIMESTAMP AS OF, metadata "
            "tables\n"
            "(t.snapshots, t.files, t.manifests, t.history, t.partitions, t.refs, t.entries, "
            "...),\n"
            "read_parquet('f.parquet'), read_csv('f.csv'), read_json('f.ndjson') (a path, a glob\n"
            "'dir/*.parquet' or a list ['a.parquet', 'b.parquet']), iceberg_scan('table-folder').\n"
            "The session time zone (--time-zone, SET TIME ZONE) decides where dates and hours of\n"
            "timestamps are cut; JSON output is always UTC.",
        .example = "  floe --warehouse wh sql \"CREATE NAMESPACE eng; CREATE TABLE eng.t (id "
                   "bigint, ts timestamp)\n"
                   "      USING iceberg PARTITIONED BY (days(ts)); INSERT INTO eng.t VALUES (1, "
                   "current_timestamp())\"\n"
                   "  floe --warehouse wh sql \"SELECT region, sum(amount) FROM eng.orders GROUP "
                   "BY 1 ORDER BY 2 DESC\"\n"
                   "  floe --warehouse wh sql -f report.sql --format csv",
        .options = {{"-f", "FILE", "read the statements from FILE"},
                    {"--format", "FORMAT", "table (default), csv or json"},
                    {"--json", "", "same as --format json"},
                    {"--time-zone", "ZONE",
                     "session time zone: UTC (default), +09:00, Asia/Seoul, ..."},
                    {"--app-id", "ID", "the app-id written in the summaries of commits"}},
        .min_positionals = 0,
        .max_positionals = -1,
        .run = RunSql,
    });

}  // namespace floe::cli
