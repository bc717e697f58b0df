// The partitions metadata table (Java's PartitionsTable): the live files of one snapshot
// grouped by partition — the tuple coerced into the table's unified partition type — with
// record, file and size totals of data files, record and file counts of position and equality
// delete files, and the newest snapshot that added a file there (last_updated_at,
// last_updated_snapshot_id) with that file's spec id. An unpartitioned table has one row and
// no partition or spec_id column. Rows come sorted by partition (nulls first); memory grows
// with the number of partitions, not files.
#pragma once

#include "floe/inspect/row_batch_builder.h"
#include "floe/io/file_io.h"
#include "floe/spec/schema.h"
#include "floe/spec/table_metadata.h"

namespace floe::inspect {

Result<spec::Schema> PartitionsTableSchema(const spec::TableMetadata& metadata);

Status ReadPartitionsTable(io::FileIO& io, const spec::TableMetadata& metadata,
                           const spec::Snapshot* snapshot, RowBatchBuilder& rows);

}  // namespace floe::inspect
