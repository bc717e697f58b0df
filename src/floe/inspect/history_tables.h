// The metadata tables read from table metadata alone (no manifest is opened): snapshots (every
// known snapshot), history (the snapshot log, with whether each entry is an ancestor of the
// current snapshot), refs (branches and tags) and metadata_log_entries (the previous metadata
// files and the current one, with the snapshot that was current when each was written).
// Schemas as Java's SnapshotsTable, HistoryTable, RefsTable and MetadataLogEntriesTable.
#pragma once

#include <string_view>

#include "floe/inspect/row_batch_builder.h"
#include "floe/spec/schema.h"
#include "floe/spec/table_metadata.h"

namespace floe::inspect {

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
