#include "floe/inspect/history_tables.h"

#include <unordered_map>
#include <unordered_set>

#include "floe/inspect/schema_fields.h"

namespace floe::inspect {

using spec::Type;

spec::Schema SnapshotsTableSchema() {
  return SchemaOf({
      Required(1, "committed_at", Type::TimestampTz()),
      Required(2, "snapshot_id", Type::Long()),
      Optional(3, "parent_id", Type::Long()),
      Optional(4, "operation", Type::String()),
      Optional(5, "manifest_list", Type::String()),
      Optional(6, "summary", RequiredMap(7, Type::String(), 8, Type::String())),
  });
}

spec::Schema HistoryTableSchema() {
  return SchemaOf({
      Required(1, "made_current_at", Type::TimestampTz()),
      Required(2, "snapshot_id", Type::Long()),
      Optional(3, "parent_id", Type::Long()),
      Required(4, "is_current_ancestor", Type::Boolean()),
  });
}

spec::Schema RefsTableSchema() {
  return SchemaOf({
      Required(1, "name", Type::String()),
      Required(2, "type", Type::String()),
      Required(3, "snapshot_id", Type::Long()),
      Optional(4, "max_reference_age_in_ms", Type::Long()),
      Optional(5, "min_snapshots_to_keep", Type::Int()),
      Optional(6, "max_snapshot_age_in_ms", Type::Long()),
  });
}

spec::Schema MetadataLogEntriesTableSchema() {
  return SchemaOf({
      Required(1, "timestamp", Type::TimestampTz()),
      Required(2, "file", Type::String()),
      Optional(3, "latest_snapshot_id", Type::Long()),
      Optional(4, "latest_schema_id", Type::Int()),
      Optional(5, "latest_sequence_number", Type::Long()),
  });
}

std::vector<SnapshotRow> SnapshotRows(const spec::TableMetadata& metadata) {
  std::vector<SnapshotRow> rows;
  for (const spec::Snapshot& s : metadata.snapshots) {
    rows.push_back({&s, metadata.current_snapshot_id == s.snapshot_id});
  }
  return rows;
}

std::vector<HistoryRow> HistoryRows(const spec::TableMetadata& metadata) {
  std::unordered_map<int64_t, const spec::Snapshot*> by_id;
  for (const spec::Snapshot& s : metadata.snapshots) by_id[s.snapshot_id] = &s;
  // The current snapshot and its parents, as far as the chain reaches known snapshots.
  std::unordered_set<int64_t> ancestors;
  std::optional<int64_t> next = metadata.current_snapshot_id;
  while (next && !ancestors.count(*next)) {
    auto it = by_id.find(*next);
    if (it == by_id.end()) break;
    ancestors.insert(*next);
    next = it->second->parent_snapshot_id;
  }
  std::vector<HistoryRow> rows;
  for (const spec::SnapshotLogEntry& e : metadata.snapshot_log) {
    auto it = by_id.find(e.snapshot_id);
    rows.push_back({e.timestamp_ms, e.snapshot_id,
                    it == by_id.end() ? std::nullopt : it->second->parent_snapshot_id,
                    ancestors.count(e.snapshot_id) > 0});
  }
  return rows;
}

Status ReadSnapshotsTable(const spec::TableMetadata& metadata, RowBatchBuilder& rows) {
  for (const SnapshotRow& row : SnapshotRows(metadata)) {
    const spec::Snapshot& s = *row.snapshot;
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(0), s.timestamp_ms * 1000));
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(1), s.snapshot_id));
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(2), s.parent_snapshot_id));
    std::string_view op = s.operation();
    FLOE_RETURN_IF_ERROR(
        AppendBytes(rows.column(3), op.empty() ? std::nullopt : std::optional(op)));
    // A v1 snapshot listing its manifests inline has no manifest list (Java: null).
    FLOE_RETURN_IF_ERROR(AppendBytes(
        rows.column(4),
        s.manifest_list.empty() ? std::nullopt : std::optional<std::string_view>(s.manifest_list)));
    FLOE_RETURN_IF_ERROR(AppendStringMap(rows.column(5), &s.summary));
    FLOE_RETURN_IF_ERROR(rows.EndRow());
  }
  return rows.Finish();
}

Status ReadHistoryTable(const spec::TableMetadata& metadata, RowBatchBuilder& rows) {
  for (const HistoryRow& row : HistoryRows(metadata)) {
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(0), row.made_current_at_ms * 1000));
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(1), row.snapshot_id));
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(2), row.parent_id));
    FLOE_RETURN_IF_ERROR(AppendBoolean(rows.column(3), row.is_current_ancestor));
    FLOE_RETURN_IF_ERROR(rows.EndRow());
  }
  return rows.Finish();
}

Status ReadRefsTable(const spec::TableMetadata& metadata, RowBatchBuilder& rows) {
  for (const auto& [name, ref] : metadata.refs) {
    FLOE_RETURN_IF_ERROR(AppendBytes(rows.column(0), name));
    // Java prints the enum constant: BRANCH or TAG.
    FLOE_RETURN_IF_ERROR(AppendBytes(rows.column(1), ref.is_branch() ? "BRANCH" : "TAG"));
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(2), ref.snapshot_id));
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(3), ref.max_ref_age_ms));
    FLOE_RETURN_IF_ERROR(AppendInt32(rows.column(4), ref.min_snapshots_to_keep));
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(5), ref.max_snapshot_age_ms));
    FLOE_RETURN_IF_ERROR(rows.EndRow());
  }
  return rows.Finish();
}

Status ReadMetadataLogEntriesTable(const spec::TableMetadata& metadata,
                                   std::string_view metadata_location, RowBatchBuilder& rows) {
  auto row = [&](int64_t timestamp_ms, std::string_view file) -> Status {
    // The snapshot current at that time: the last snapshot-log entry not after it (Java's
    // SnapshotUtil.nullableSnapshotIdAsOfTime); none for files written before the first commit.
    std::optional<int64_t> snapshot_id;
    for (const spec::SnapshotLogEntry& e : metadata.snapshot_log) {
      if (e.timestamp_ms <= timestamp_ms) snapshot_id = e.snapshot_id;
    }
    const spec::Snapshot* snapshot = snapshot_id ? metadata.SnapshotById(*snapshot_id) : nullptr;
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(0), timestamp_ms * 1000));
    FLOE_RETURN_IF_ERROR(AppendBytes(rows.column(1), file));
    FLOE_RETURN_IF_ERROR(AppendInt64(rows.column(2), snapshot_id));
    FLOE_RETURN_IF_ERROR(
        AppendInt32(rows.column(3), snapshot ? snapshot->schema_id : std::nullopt));
    FLOE_RETURN_IF_ERROR(AppendInt64(
        rows.column(4), snapshot ? std::optional(snapshot->sequence_number) : std::nullopt));
    return rows.EndRow();
  };
  for (const spec::MetadataLogEntry& e : metadata.metadata_log) {
    FLOE_RETURN_IF_ERROR(row(e.timestamp_ms, e.metadata_file));
  }
  FLOE_RETURN_IF_ERROR(row(metadata.last_updated_ms, metadata_location));
  return rows.Finish();
}

}  // namespace floe::inspect
