#include "cli/scan_selection.h"

#include "floe/expr/parser.h"
#include "floe/util/thread_pool.h"

namespace floe::cli {

std::vector<OptionSpec> ScanSelectionOptions() {
  std::vector<OptionSpec> options = TableSourceOptions();
  options.push_back({"--as-of", "TIMESTAMP",
                     "the snapshot current at that time (ISO-8601 with an offset, or epoch ms)"});
  options.push_back({"--ref", "NAME", "the snapshot a branch or tag points at"});
  options.push_back(
      {"--filter", "EXPR", "only the rows where EXPR (floe SQL's WHERE grammar) is true"});
  return options;
}

Result<scan::ScanOptions> ScanOptionsFrom(const Args& args) {
  scan::ScanOptions options;
  int given = args.Has("--snapshot") + args.Has("--as-of") + args.Has("--ref");
  if (given > 1) return InvalidArgument("give at most one of --snapshot, --as-of and --ref");
  FLOE_ASSIGN_OR_RETURN(options.snapshot.snapshot_id, args.GetInt("--snapshot"));
  if (auto as_of = args.Get("--as-of")) {
    FLOE_ASSIGN_OR_RETURN(int64_t millis, scan::ParseAsOf(*as_of));
    options.snapshot.as_of_ms = millis;
  }
  options.snapshot.ref = args.Get("--ref");
  // Parsed here, once: the scan binds the expression to the table's schema.
  FLOE_ASSIGN_OR_RETURN(options.filter, expr::ParseFilterOrTrue(args.Get("--filter").value_or("")));
  return options;
}

OptionSpec ReadThreadsOption() {
  return {"--threads", "N", "data files read at once (default: all cores); rows keep their order"};
}

Result<int> ReadThreadsFrom(const Invocation& inv) {
  int threads = inv.global.threads;
  FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> given, inv.args.GetInt("--threads"));
  if (given) {
    if (*given < 0 || *given > 4096) {
      return InvalidArgument("--threads {}: expected 0 (all cores) up to 4096", *given);
    }
    threads = static_cast<int>(*given);
  }
  FLOE_RETURN_IF_ERROR(SetThreadCount(threads));
  return threads;
}

}  // namespace floe::cli
