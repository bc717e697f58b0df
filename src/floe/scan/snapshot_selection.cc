#include "floe/scan/snapshot_selection.h"

#include <charconv>

#include "floe/util/time.h"

namespace floe::scan {
namespace {

// The snapshot's own schema when it records one the table still has, else the current schema.
const spec::Schema* SchemaOf(const spec::TableMetadata& metadata, const spec::Snapshot& snapshot) {
  if (snapshot.schema_id) {
    if (const spec::Schema* schema = metadata.SchemaById(*snapshot.schema_id)) return schema;
  }
  return metadata.CurrentSchema();
}

Result<SnapshotChoice> ById(const spec::TableMetadata& metadata, int64_t id, bool own_schema) {
  const spec::Snapshot* snapshot = metadata.SnapshotById(id);
  if (!snapshot) return NotFound("snapshot {} does not exist in this table", id);
  return SnapshotChoice{snapshot,
                        own_schema ? SchemaOf(metadata, *snapshot) : metadata.CurrentSchema()};
}

Result<SnapshotChoice> AsOf(const spec::TableMetadata& metadata, int64_t as_of_ms) {
  const spec::SnapshotLogEntry* current = nullptr;
  for (const spec::SnapshotLogEntry& entry : metadata.snapshot_log) {
    if (entry.timestamp_ms <= as_of_ms) current = &entry;  // the log is in time order
  }
  if (!current) {
    if (metadata.snapshot_log.empty()) {
      return NotFound("no snapshot was current at {}: the table's snapshot log is empty",
                      FormatTimestampMicros(as_of_ms * 1000, true));
    }
    return NotFound("no snapshot was current at {}: the snapshot log starts at {} (snapshot {})",
                    FormatTimestampMicros(as_of_ms * 1000, true),
                    FormatTimestampMicros(metadata.snapshot_log.front().timestamp_ms * 1000, true),
                    metadata.snapshot_log.front().snapshot_id);
  }
  const spec::Snapshot* snapshot = metadata.SnapshotById(current->snapshot_id);
  if (!snapshot) {
    return NotFound("snapshot {}, current at {} by the snapshot log, has expired",
                    current->snapshot_id,
                    FormatTimestampMicros(current->timestamp_ms * 1000, true));
  }
  return SnapshotChoice{snapshot, SchemaOf(metadata, *snapshot)};
}

}  // namespace

Result<SnapshotChoice> SelectSnapshot(const spec::TableMetadata& metadata,
                                      const SnapshotSelector& selector) {
  int given = (selector.snapshot_id ? 1 : 0) + (selector.as_of_ms ? 1 : 0) + (selector.ref ? 1 : 0);
  if (given > 1) return InvalidArgument("give at most one of a snapshot id, a time and a ref");
  if (!metadata.CurrentSchema()) return Corrupt("the table has no current schema");
  if (selector.snapshot_id) return ById(metadata, *selector.snapshot_id, true);
  if (selector.as_of_ms) return AsOf(metadata, *selector.as_of_ms);
  if (selector.ref) {
    auto it = metadata.refs.find(*selector.ref);
    if (it == metadata.refs.end()) {
      if (*selector.ref == "main")
        return SnapshotChoice{metadata.CurrentSnapshot(), metadata.CurrentSchema()};
      return NotFound("no branch or tag named \"{}\"", *selector.ref);
    }
    return ById(metadata, it->second.snapshot_id, it->second.is_tag());
  }
  return SnapshotChoice{metadata.CurrentSnapshot(), metadata.CurrentSchema()};
}

Result<int64_t> ParseAsOf(std::string_view text) {
  int64_t millis = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), millis);
  if (ec == std::errc() && end == text.data() + text.size()) return millis;
  std::optional<ParsedTimestamp> parsed = ParseTimestamp(text);
  if (!parsed) {
    return InvalidArgument(
        "--as-of \"{}\": expected ISO-8601 with an offset (2026-03-05T10:00:00Z) or epoch "
        "milliseconds",
        text);
  }
  if (!parsed->has_offset) {
    return InvalidArgument("--as-of \"{}\" has no UTC offset: add Z or +HH:MM", text);
  }
  return FloorDiv(parsed->micros, 1000);
}

}  // namespace floe::scan
