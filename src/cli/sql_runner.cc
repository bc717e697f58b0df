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
  bool explain = statement.kind() == sql::syntax::StatementKind::kExplain &&
                 options.format == columnar::RowFormat::kTable;
  sql::StatementOutput output;
  output.on_schema = [&](const columnar::SchemaPtr& schema) -> Status {
    if (explain) return Ok();
    writer = columnar::RowWriter::Make(options.format, stdout);
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
      for (int64_t i = 0; i < batch.num_rows(); ++i)
        Print(std::string(batch.column(0)->GetView(i)) + "\n");
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
  PrintErr("floe sql: end statements with ';', leave with quit or Ctrl-D\n");
  std::string buffer;
  while (true) {
    char* line = readline(buffer.empty() ? "floe> " : "   -> ");
    if (!line) break;
    std::string text(line);
    std::free(line);
    std::string trimmed = text;
    while (!trimmed.empty() && (trimmed.back() == ' ' || trimmed.back() == '\t'))
      trimmed.pop_back();
    if (buffer.empty() &&
        (trimmed == "quit" || trimmed == "exit" || trimmed == "quit;" || trimmed == "exit;"))
      break;
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
