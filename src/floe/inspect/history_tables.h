// The metadata tables read from table metadata alone (no manifest is opened): snapshots (every
// known snapshot), history (the snapshot log, with whether each entry is an ancestor of the
// current snapshot), refs (branches and tags) and metadata_log_entries (the previous metadata
// files and the current one, with the snapshot that was current when each was written).
// Schemas as Java's SnapshotsTable, HistoryTable, RefsTable and MetadataLogEntriesTable.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "floe/inspect/row_batch_builder.h"
#include "floe/spec/schema.h"
#include "floe/spec/table_metadata.h"

namespace floe::inspect {

// The rows of the snapshots table: every snapshot the metadata lists, in its order, and whether
// it is the current one (`floe snapshots` marks it; Java's table has no such column).
struct SnapshotRow {
  const spec::Snapshot* snapshot = nullptr;
  bool is_current = false;
};
std::vector<SnapshotRow> SnapshotRows(const spec::TableMetadata& metadata);

// The rows of the history table: one per snapshot-log entry, with the parent of its snapshot
// (none when the snapshot is gone) and whether it is still an ancestor of the current snapshot
// (false after a rollback). `floe history` prints the same rows.
struct HistoryRow {
  int64_t made_current_at_ms = 0;
  int64_t snapshot_id = 0;
  std::optional<int64_t> parent_id;
  bool is_current_ancestor = false;
};
std::vector<HistoryRow> HistoryRows(const spec::TableMetadata& metadata);

spec::Schema SnapshotsTableSchema();
spec::Schema HistoryTableSchema();
spec::Schema RefsTableSchema();
spec::Schema MetadataLogEntriesTableSchema();

// Each writes every row into `rows` (built on the matching schema) and finishes it.
Status ReadSnapshotsTable(const spec::TableMetadata& metadata, RowBatchBuilder& rows);
Status ReadHistoryTable(const spec::TableMetadata& metadata, RowBatchBuilder& rows);
Status ReadRefsTable(const spec::TableMetadata& metadata, RowBatchBuilder& rows);
Status ReadMetadataLogEntriesTable(const spec::TableMetadata& metadata,
                                   std::string_view metadata_location, RowBatchBuilder& rows);

}  // namespace floe::inspect
