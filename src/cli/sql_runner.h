// Running floe SQL text for `floe sql` and its interactive shell: each statement of a script is
// parsed and run in turn; a query's rows print to stdout in the chosen format (table and CSV show
// timestamps in the session time zone, JSON in UTC), other statements' status lines go to stderr.
#pragma once

#include <string>

#include "floe/columnar/row_writer.h"
#include "floe/sql/session.h"
#include "floe/util/result.h"

namespace floe::cli {

struct SqlRunOptions {
  columnar::RowFormat format = columnar::RowFormat::kTable;
  bool quiet = false;  // no status lines
};

// Stops at the first error (earlier statements stay committed).
Status RunSqlScript(sql::Session& session, const std::string& script, const SqlRunOptions& options);

// The interactive shell (stdin is a terminal): line editing and history (libedit, history in
// ~/.floe_history); a statement runs once a line ends it with ';'. Errors are printed and the
// shell goes on; `quit`, `exit` or Ctrl-D leave it.
Status RunSqlShell(sql::Session& session, const SqlRunOptions& options);

}  // namespace floe::cli
