// `floe expire-snapshots <table> [--older-than TS|DURATION] [--retain-last N] [--snapshot ID …]
// [--dry-run] [--include-outside-location] [--json]`: maintenance/expire_snapshots.h, printing
// Spark's result columns.
#include <fmt/format.h>

#include <charconv>
#include <limits>

#include "cli/catalog_access.h"
#include "floe/catalog/catalog_table_operations.h"
#include "floe/maintenance/expire_snapshots.h"
#include "floe/util/clock.h"
#include "floe/util/json_writer.h"
#include "floe/util/time.h"

namespace floe::cli {
namespace {

// ISO-8601 with an offset, or a duration back from now: 30s, 90m, 2h, 7d.
Result<int64_t> ParseOlderThan(std::string_view text, int64_t now_ms) {
  if (!text.empty()) {
    const char unit = text.back();
    const int64_t scale = unit == 's'   ? 1000
                          : unit == 'm' ? 60 * 1000
                          : unit == 'h' ? 60 * 60 * 1000
                          : unit == 'd' ? 24LL * 60 * 60 * 1000
                                        : 0;
    std::string_view digits = text.substr(0, text.size() - 1);
    int64_t n = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (scale != 0 && !digits.empty() && ec == std::errc() &&
        end == digits.data() + digits.size() && n >= 0) {
      if (n > (now_ms / scale)) {
        return InvalidArgument("--older-than {}: reaches before 1970", text);
      }
      return now_ms - n * scale;
    }
  }
  auto ts = ParseTimestamp(text);
  if (!ts || !ts->has_offset) {
    return InvalidArgument(
        "--older-than {}: expected ISO-8601 with an offset (2026-03-01T00:00:00Z) or a duration "
        "back from now (30s, 90m, 2h, 7d)",
        text);
  }
  return FloorDiv(ts->micros, 1000);
}

std::string Lines(const std::vector<std::string>& files) {
  std::string out;
  for (const auto& f : files) out += "  " + f + "\n";
  return out;
}

Status RunExpireSnapshots(const Invocation& inv) {
  maintenance::ExpireSnapshotsOptions options;
  const int64_t now = NowMillis();
  options.now_ms = now;
  if (auto older = inv.args.Get("--older-than")) {
    FLOE_ASSIGN_OR_RETURN(options.older_than_ms, ParseOlderThan(*older, now));
  }
  FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> retain, inv.args.GetInt("--retain-last"));
  if (retain) {
    if (*retain < 1 || *retain > std::numeric_limits<int32_t>::max()) {
      return InvalidArgument("--retain-last {}: must be from 1 to {}", *retain,
                             std::numeric_limits<int32_t>::max());
    }
    options.retain_last = static_cast<int32_t>(*retain);
  }
  for (const std::string& id : inv.args.GetAll("--snapshot")) {
    int64_t value = 0;
    auto [end, ec] = std::from_chars(id.data(), id.data() + id.size(), value);
    if (id.empty() || ec != std::errc() || end != id.data() + id.size()) {
      return InvalidArgument("--snapshot {}: not a snapshot id", id);
    }
    options.snapshot_ids.push_back(value);
  }
  options.dry_run = inv.args.Has("--dry-run");
  options.include_outside_location = inv.args.Has("--include-outside-location");

  FLOE_ASSIGN_OR_RETURN(CatalogTable t, OpenCatalogTable(inv, inv.args.positionals()[0]));
  catalog::CatalogTableOperations ops(*t.catalog, t.id);
  FLOE_ASSIGN_OR_RETURN(maintenance::ExpireSnapshotsResult r,
                        maintenance::ExpireSnapshots(ops, options));

  const std::pair<const char*, int64_t> columns[] = {
      {"deleted_data_files_count", r.deleted_data_files_count},
      {"deleted_position_delete_files_count", r.deleted_position_delete_files_count},
      {"deleted_equality_delete_files_count", r.deleted_equality_delete_files_count},
      {"deleted_manifest_files_count", r.deleted_manifest_files_count},
      {"deleted_manifest_lists_count", r.deleted_manifest_lists_count},
      {"deleted_statistics_files_count", r.deleted_statistics_files_count},
  };
  if (inv.args.Has("--json")) {
    JsonWriter out(/*pretty=*/true);
    out.BeginObject();
    out.Member("dry_run", options.dry_run);
    for (const auto& [name, value] : columns) out.Member(name, value);
    out.Key("expired_snapshot_ids");
    out.BeginArray();
    for (int64_t id : r.expired_snapshot_ids) out.Int(id);
    out.EndArray();
    out.Key("removed_refs");
    out.BeginArray();
    for (const auto& name : r.removed_refs) out.String(name);
    out.EndArray();
    out.Key(options.dry_run ? "files_to_delete" : "deleted_files");
    out.BeginArray();
    for (const auto& f : r.deleted_files) out.String(f);
    out.EndArray();
    out.Key("kept_outside_location");
    out.BeginArray();
    for (const auto& f : r.kept_outside_location) out.String(f);
    out.EndArray();
    out.EndObject();
    Print(out.Take() + "\n");
    return Ok();
  }
  std::string text;
  if (options.dry_run) {
    // The lists are the point of a dry run: printed even with --quiet.
    text += fmt::format("would expire {} snapshots", r.expired_snapshot_ids.size());
    if (!r.removed_refs.empty()) text += fmt::format(" and {} refs", r.removed_refs.size());
    text +=
        fmt::format(" and delete {} files:\n{}", r.deleted_files.size(), Lines(r.deleted_files));
  } else if (!inv.global.quiet) {
    text += fmt::format("expired {} snapshots", r.expired_snapshot_ids.size());
    if (!r.removed_refs.empty()) text += fmt::format(" and {} refs", r.removed_refs.size());
    text += "\n";
  }
  if (options.dry_run || !inv.global.quiet) {
    for (const auto& [name, value] : columns) text += fmt::format("{:<36} {}\n", name, value);
  }
  Print(text);
  if (!r.kept_outside_location.empty()) {
    PrintErr(fmt::format(
        "warning: {} {} files outside the table location only expired snapshots reached (the "
        "source of add-files; --include-outside-location deletes them too):\n{}",
        options.dry_run ? "would keep" : "kept", r.kept_outside_location.size(),
        Lines(r.kept_outside_location)));
  }
  return Ok();
}

FLOE_REGISTER_COMMAND(
    expire_snapshots,
    Command{
        .name = "expire-snapshots",
        .summary = "expire old snapshots and delete the files only they reached",
        .usage = "floe expire-snapshots <table> [--older-than TS|DURATION] [--retain-last N]\n"
                 "                      [--snapshot ID]... [--dry-run] [--include-outside-location]"
                 " [--json]",
        .details =
            "Removes the snapshots older than --older-than (default: the table's\n"
            "history.expire.max-snapshot-age-ms, 5 days) beyond the newest --retain-last of\n"
            "each branch (default history.expire.min-snapshots-to-keep, 1), and the --snapshot\n"
            "ids given; refs past their max-ref-age-ms go too. What a branch's retention or a\n"
            "tag needs is kept, and so is the current snapshot. After the commit, the data,\n"
            "delete, manifest, manifest-list and statistics files no kept snapshot reaches are\n"
            "deleted, those under the table's location only (the others are listed and kept\n"
            "unless --include-outside-location). Prints Spark's result columns. Times: ISO-8601\n"
            "with an offset or a duration back from now (30s, 90m, 2h, 7d).",
        .example = "  floe --warehouse wh expire-snapshots shop.orders --older-than 7d "
                   "--retain-last 10 --dry-run\n"
                   "  floe --warehouse wh expire-snapshots shop.orders --older-than "
                   "2026-03-01T00:00:00Z",
        .options = {{"--older-than", "TS|DURATION",
                     "expire snapshots older than this (ISO-8601 with offset, or 30s/90m/2h/7d)"},
                    {"--retain-last", "N", "keep at least the newest N snapshots of each branch"},
                    {"--snapshot", "ID", "expire this snapshot too (repeatable)", true},
                    {"--dry-run", "", "list what would be expired and deleted; change nothing"},
                    {"--include-outside-location", "",
                     "also delete expired files outside the table's location"},
                    {"--json", "", "print the result as one JSON object"}},
        .min_positionals = 1,
        .max_positionals = 1,
        .run = RunExpireSnapshots,
    });

}  // namespace
}  // namespace floe::cli
