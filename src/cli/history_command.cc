// `floe history <table>` (the snapshot log: when the current snapshot changed, and to which: the
// rows of the `history` metadata table, inspect/history_tables.h) and `floe refs <table>` (branches
// and tags).
#include <fmt/format.h>

#include "cli/table_source.h"
#include "floe/inspect/history_tables.h"
#include "floe/util/json_writer.h"
#include "floe/util/time.h"

namespace floe::cli {
namespace {

std::string Utc(int64_t millis) { return FormatTimestampMicros(millis * 1000, true); }

Status RunHistory(const Invocation& inv) {
  FLOE_ASSIGN_OR_RETURN(TableSource t, OpenTableSource(inv.args.positionals()[0], inv));
  const bool json = inv.args.Has("--json");
  JsonWriter out(/*pretty=*/true);
  std::string text = fmt::format("{:<32} {:<20} {:<20} {}\n", "made_current_at", "snapshot_id",
                                 "parent_id", "is_current_ancestor");
  if (json) out.BeginArray();
  for (const inspect::HistoryRow& row : inspect::HistoryRows(t.metadata)) {
    if (json) {
      out.BeginObject();
      out.Member("made-current-at", Utc(row.made_current_at_ms));
      out.Member("snapshot-id", row.snapshot_id);
      out.Key("parent-id");
      if (row.parent_id)
        out.Int(*row.parent_id);
      else
        out.Null();
      out.Member("is-current-ancestor", row.is_current_ancestor);
      out.EndObject();
    } else {
      text += fmt::format("{:<32} {:<20} {:<20} {}\n", Utc(row.made_current_at_ms), row.snapshot_id,
                          row.parent_id ? std::to_string(*row.parent_id) : "-",
                          row.is_current_ancestor);
    }
  }
  if (json) {
    out.EndArray();
    Print(out.Take() + "\n");
  } else {
    Print(text);
  }
  return Ok();
}

Status RunRefs(const Invocation& inv) {
  FLOE_ASSIGN_OR_RETURN(TableSource t, OpenTableSource(inv.args.positionals()[0], inv));
  const bool json = inv.args.Has("--json");
  JsonWriter out(/*pretty=*/true);
  std::string text =
      fmt::format("{:<20} {:<7} {:<20} {}\n", "name", "type", "snapshot_id", "retention");
  if (json) out.BeginObject();
  for (const auto& [name, ref] : t.metadata.refs) {
    std::string retention;
    if (ref.min_snapshots_to_keep)
      retention += fmt::format("min-snapshots-to-keep={} ", *ref.min_snapshots_to_keep);
    if (ref.max_snapshot_age_ms)
      retention += fmt::format("max-snapshot-age-ms={} ", *ref.max_snapshot_age_ms);
    if (ref.max_ref_age_ms) retention += fmt::format("max-ref-age-ms={} ", *ref.max_ref_age_ms);
    if (json) {
      out.Key(name);
      out.BeginObject();
      out.Member("snapshot-id", ref.snapshot_id);
      out.Member("type", ref.is_branch() ? "branch" : "tag");
      if (ref.min_snapshots_to_keep)
        out.Member("min-snapshots-to-keep", *ref.min_snapshots_to_keep);
      if (ref.max_snapshot_age_ms) out.Member("max-snapshot-age-ms", *ref.max_snapshot_age_ms);
      if (ref.max_ref_age_ms) out.Member("max-ref-age-ms", *ref.max_ref_age_ms);
      out.EndObject();
    } else {
      text += fmt::format("{:<20} {:<7} {:<20} {}\n", name, ref.is_branch() ? "branch" : "tag",
                          ref.snapshot_id, retention.empty() ? "-" : retention);
    }
  }
  if (json) {
    out.EndObject();
    Print(out.Take() + "\n");
  } else {
    Print(text);
  }
  return Ok();
}

FLOE_REGISTER_COMMAND(
    history,
    Command{
        .name = "history",
        .summary = "when the table's current snapshot changed, and to which",
        .usage = "floe history <table> [--json]",
        .details =
            "The snapshot log, oldest first (Spark's history table): the time in UTC, the\n"
            "snapshot, its parent and whether it is still an ancestor of the current snapshot\n"
            "(false after a rollback).",
        .example = "  floe --warehouse wh history shop.orders",
        .options = {{"--json", "", "one JSON array"}},
        .min_positionals = 1,
        .max_positionals = 1,
        .run = RunHistory,
    });

FLOE_REGISTER_COMMAND(
    refs, Command{
              .name = "refs",
              .summary = "list the table's branches and tags",
              .usage = "floe refs <table> [--json]",
              .details = "Each ref's name, type, snapshot and retention settings.",
              .example = "  floe --warehouse wh refs shop.orders",
              .options = {{"--json", "", "one JSON object keyed by ref name, as in the metadata"}},
              .min_positionals = 1,
              .max_positionals = 1,
              .run = RunRefs,
          });

}  // namespace
}  // namespace floe::cli
