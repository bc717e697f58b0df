// `floe history <table>` (the snapshot log: when the current snapshot changed, and to which, as
// Spark's `history` metadata table) and `floe refs <table>` (branches and tags).
#include <fmt/format.h>

#include <set>

#include "cli/table_source.h"
#include "floe/util/json_writer.h"
#include "floe/util/time.h"

namespace floe::cli {
namespace {

std::string Utc(int64_t millis) { return FormatTimestampMicros(millis * 1000, true); }

Status RunHistory(const Invocation& inv) {
  FLOE_ASSIGN_OR_RETURN(TableSource t, OpenTableSource(inv.args.positionals()[0], inv));
  // Ancestors of the current snapshot: the entries that are still on the main line.
  std::set<int64_t> ancestors;
  for (const spec::Snapshot* s = t.metadata.CurrentSnapshot(); s;
       s = s->parent_snapshot_id ? t.metadata.SnapshotById(*s->parent_snapshot_id) : nullptr) {
    if (!ancestors.insert(s->snapshot_id).second) break;
  }
  const bool json = inv.args.Has("--json");
  JsonWriter out(/*pretty=*/true);
  std::string text = fmt::format("{:<32} {:<20} {:<20} {}\n", "made_current_at", "snapshot_id",
                                 "parent_id", "is_current_ancestor");
  if (json) out.BeginArray();
  for (const spec::SnapshotLogEntry& e : t.metadata.snapshot_log) {
    const spec::Snapshot* s = t.metadata.SnapshotById(e.snapshot_id);
    const std::optional<int64_t> parent = s ? s->parent_snapshot_id : std::nullopt;
    const bool ancestor = ancestors.count(e.snapshot_id) > 0;
    if (json) {
      out.BeginObject();
      out.Member("made-current-at", Utc(e.timestamp_ms));
      out.Member("snapshot-id", e.snapshot_id);
      out.Key("parent-id");
      if (parent)
        out.Int(*parent);
      else
        out.Null();
      out.Member("is-current-ancestor", ancestor);
      out.EndObject();
    } else {
      text += fmt::format("{:<32} {:<20} {:<20} {}\n", Utc(e.timestamp_ms), e.snapshot_id,
                          parent ? std::to_string(*parent) : "-", ancestor);
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
