#include "cli/sql_runner.h"

#include <editline/readline.h>
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>

#include "cli/command.h"
#include "floe/sql/local_timestamps.h"
#include "floe/sql/syntax/parser.h"
#include "floe/util/cancellation.h"

namespace floe::cli {

namespace {

Status RunOneStatement(sql::Session& session, const sql::syntax::Statement& statement,
                       const SqlRunOptions& options) {
  std::unique_ptr<columnar::RowWriter> writer;
  // A plan and a CREATE statement print as plain lines in the table format (a table would cut
  // them or escape their line ends).
  bool explain = (statement.kind() == sql::syntax::StatementKind::kExplain ||
                  statement.kind() == sql::syntax::StatementKind::kShowCreateTable) &&
                 options.format == columnar::RowFormat::kTable;
  sql::StatementOutput output;
  output.on_schema = [&](const columnar::SchemaPtr& schema) -> Status {
    if (explain) return Ok();
    writer = columnar::RowWriter::Make(options.format, stdout, TableLayoutFor(stdout));
    FLOE_ASSIGN_OR_RETURN(auto empty, columnar::RecordBatch::Make(schema, 0, [&] {
                            std::vector<columnar::ArrayPtr> columns;
                            for (const auto& f : schema->fields())
                              columns.push_back(*(*columnar::MakeBuilder(f.type))->Finish());
                            return columns;
                          }()));
    if (options.format == columnar::RowFormat::kJson) return writer->Begin(schema);
    FLOE_ASSIGN_OR_RETURN(auto local, sql::LocalizeTimestamps(empty, session.time_zone()));
    return writer->Begin(local.schema());
  };
  output.on_batch = [&](const columnar::RecordBatch& batch) -> Status {
    if (explain) {
      // The plan as plain lines (a table would cut them).
      for (int64_t i = 0; i < batch.num_rows(); ++i) {
        std::string line(batch.column(0)->GetView(i));
        if (line.empty() || line.back() != '\n') line += '\n';
        Print(line);
      }
      return Ok();
    }
    if (options.format == columnar::RowFormat::kJson) return writer->Write(batch);
    FLOE_ASSIGN_OR_RETURN(auto local, sql::LocalizeTimestamps(batch, session.time_zone()));
    return writer->Write(local);
  };
  FLOE_ASSIGN_OR_RETURN(std::string status, session.Execute(statement, output));
  if (writer) {
    FLOE_RETURN_IF_ERROR(writer->Finish());
    if (writer->replaced_invalid_utf8())
      PrintErr("floe: warning: invalid UTF-8 printed as U+FFFD\n");
  }
  std::fflush(stdout);
  if (!status.empty() && !options.quiet) PrintErr(status + "\n");
  return Ok();
}

constexpr const char* kShellHelp =
    "Statements end with ';' and may span lines. Ctrl-C cancels the line or the running\n"
    "statement; Ctrl-D, quit, exit or .exit leave.\n"
    "  SHOW NAMESPACES; SHOW TABLES [IN ns]; USE [catalog.]ns; DESCRIBE t; SHOW CREATE TABLE t;\n"
    "  SELECT ... FROM [catalog.]ns.t [VERSION AS OF id | TIMESTAMP AS OF ts];\n"
    "  SELECT * FROM ns.t.snapshots (also .history .files .manifests .partitions .refs);\n"
    "  SELECT * FROM read_parquet('f.parquet') / read_csv('f.csv') / read_json('f.ndjson')\n"
    "    / iceberg_scan('dir') (read_*: also 'dir/*.parquet' or ['a.parquet', 'b.parquet']);\n"
    "  CREATE TABLE ... [PARTITIONED BY (...)] [AS SELECT ...]; INSERT INTO t VALUES/SELECT;\n"
    "  ALTER TABLE t ADD COLUMN / RENAME COLUMN / SET TBLPROPERTIES (...); DROP TABLE t;\n"
    "  SET TIME ZONE 'Asia/Seoul';\n"
    "Shell commands: .tables (every table), .help, .exit. More: floe sql --help.\n";

// Every table of the current catalog (of the USE'd namespace, when one is), one name a line.
Status PrintAllTables(sql::Session& session) {
  FLOE_ASSIGN_OR_RETURN(std::vector<std::string> names, session.AllTableNames());
  if (names.empty()) {
    PrintErr("(no tables)\n");
    return Ok();
  }
  std::string text;
  for (const std::string& name : names) text += name + "\n";
  Print(text);
  return Ok();
}

}  // namespace

Status RunSqlScript(sql::Session& session, const std::string& script,
                    const SqlRunOptions& options) {
  FLOE_ASSIGN_OR_RETURN(auto pieces, sql::syntax::SplitScript(script));
  for (const auto& piece : pieces) {
    FLOE_ASSIGN_OR_RETURN(sql::syntax::Statement statement,
                          sql::syntax::ParseStatement(piece.text, piece.pos));
    FLOE_RETURN_IF_ERROR(RunOneStatement(session, statement, options));
  }
  return Ok();
}

Status RunSqlShell(sql::Session& session, const SqlRunOptions& options) {
  std::string history;
  if (const char* home = std::getenv("HOME")) history = std::string(home) + "/.floe_history";
  using_history();
  if (!history.empty()) read_history(history.c_str());
  PrintErr("floe sql: end statements with ';', leave with quit or Ctrl-D, help for help\n");
  std::string buffer;
  while (true) {
    char* line = readline(buffer.empty() ? "floe> " : "   -> ");
    if (!line) break;
    std::string text(line);
    std::free(line);
    std::string trimmed = text;
    while (!trimmed.empty() && (trimmed.back() == ' ' || trimmed.back() == '\t'))
      trimmed.pop_back();
    if (buffer.empty() && (trimmed == "quit" || trimmed == "exit" || trimmed == "quit;" ||
                           trimmed == "exit;" || trimmed == ".exit" || trimmed == ".quit"))
      break;
    // The DuckDB and SQLite shells' habits: help, .help, .tables.
    if (buffer.empty() && (trimmed == "help" || trimmed == "help;" || trimmed == ".help")) {
      PrintErr(kShellHelp);
      continue;
    }
    if (buffer.empty() && (trimmed == ".tables" || trimmed == ".tables;")) {
      Status s = PrintAllTables(session);
      if (!s.ok()) PrintErr(fmt::format("floe: {}\n", s.error().message));
      continue;
    }
    if (buffer.empty() && trimmed.starts_with(".")) {
      PrintErr(
          fmt::format("floe: unknown command {} (.help lists the shell's commands)\n", trimmed));
      continue;
    }
    if (trimmed.empty() && buffer.empty()) continue;
    buffer += (buffer.empty() ? "" : "\n") + text;
    if (trimmed.empty() || trimmed.back() != ';') continue;
    add_history(buffer.c_str());
    if (!history.empty()) write_history(history.c_str());
    // Ctrl-C cancels the running statement and the shell stays (docs/cli.md, "Signals").
    ResetInterrupt();
    Status s = RunSqlScript(session, buffer, options);
    if (!s.ok()) {
      PrintErr(fmt::format("floe: {}\n", IsCancelledError(s.error())
                                             ? "statement cancelled: nothing was committed"
                                             : s.error().message));
    }
    ResetInterrupt();
    buffer.clear();
  }
  PrintErr("\n");
  return Ok();
}

}  // namespace floe::cli
