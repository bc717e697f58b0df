// `floe snapshots <table>`: every snapshot, oldest first, with who wrote it (engine-name, app-id)
// and what it changed.
#include <fmt/format.h>

#include "cli/table_source.h"
#include "floe/inspect/history_tables.h"
#include "floe/util/json_writer.h"
#include "floe/util/time.h"

namespace floe::cli {
namespace {

std::string Summary(const spec::Snapshot& s, std::string_view key) {
  return std::string(s.SummaryValue(key).value_or(""));
}

Status RunSnapshots(const Invocation& inv) {
  FLOE_ASSIGN_OR_RETURN(TableSource table, OpenTableSource(inv.args.positionals()[0], inv));
  // The rows of the `snapshots` metadata table, with the CLI's own fields (CLI.md).
  const std::vector<inspect::SnapshotRow> rows = inspect::SnapshotRows(table.metadata);
  if (inv.args.Has("--json")) {
    JsonWriter out(/*pretty=*/true);
    out.BeginArray();
    for (const inspect::SnapshotRow& row : rows) {
      const spec::Snapshot& s = *row.snapshot;
      out.BeginObject();
      out.Member("snapshot-id", s.snapshot_id);
      out.Key("parent-snapshot-id");
      if (s.parent_snapshot_id)
        out.Int(*s.parent_snapshot_id);
      else
        out.Null();
      out.Member("sequence-number", s.sequence_number);
      out.Member("timestamp-ms", s.timestamp_ms);
      out.Member("current", row.is_current);
      out.Member("manifest-list", s.manifest_list);
      out.Key("summary");
      out.BeginObject();
      for (const auto& [k, v] : s.summary) out.Member(k, v);
      out.EndObject();
      out.EndObject();
    }
    out.EndArray();
    Print(out.Take() + "\n");
    return Ok();
  }
  std::string text =
      fmt::format("{:<20} {:<20} {:<26} {:<10} {:>14} {:>14}  {}\n", "snapshot_id", "parent_id",
                  "committed_at", "operation", "added_records", "total_records", "engine / app-id");
  for (const inspect::SnapshotRow& row : rows) {
    const spec::Snapshot& s = *row.snapshot;
    std::string engine = Summary(s, "engine-name");
    if (!engine.empty() && !Summary(s, "engine-version").empty()) {
      engine += " " + Summary(s, "engine-version");
    }
    if (!Summary(s, "app-id").empty())
      engine += (engine.empty() ? "" : " / ") + Summary(s, "app-id");
    text +=
        fmt::format("{:<20} {:<20} {:<26} {:<10} {:>14} {:>14}  {}{}\n", s.snapshot_id,
                    s.parent_snapshot_id ? std::to_string(*s.parent_snapshot_id) : "-",
                    FormatTimestampMicros(s.timestamp_ms * 1000, /*with_zone=*/false).substr(0, 23),
                    s.operation(), Summary(s, "added-records"), Summary(s, "total-records"), engine,
                    row.is_current ? "  (current)" : "");
  }
  Print(text);
  return Ok();
}

FLOE_REGISTER_COMMAND(
    snapshots,
    Command{
        .name = "snapshots",
        .summary = "list a table's snapshots with their operation, row counts and writer",
        .usage = "floe snapshots <table> [--json]",
        .details = "Oldest first. The last column says which engine and application wrote each\n"
                   "snapshot (summary keys engine-name, engine-version, app-id). Times are UTC.",
        .example = "  floe --warehouse wh snapshots shop.orders",
        .options = {{"--json", "", "one JSON array with each snapshot and its whole summary"}},
        .min_positionals = 1,
        .max_positionals = 1,
        .run = RunSnapshots,
    });

}  // namespace
}  // namespace floe::cli
