// The manifests and all_manifests metadata tables (Java's ManifestsTable, AllManifestsTable):
// one row per manifest of the snapshot's manifest list — content, path, length, spec, the
// snapshot that added it, added/existing/deleted file counts split into data and delete files
// (a manifest counts under its own content, the other three are 0), and its partition field
// summaries with bounds as human text (the spec's transform prints them: "2026-03-01" for a
// day, "null" for a bound the list does not carry, as Java prints it). File counts a v1 list
// leaves out are counted from the manifest itself. all_manifests lists the
// manifests of every snapshot, each with the snapshot that lists it (reference_snapshot_id).
#pragma once

#include <optional>

#include "floe/inspect/row_batch_builder.h"
#include "floe/io/file_io.h"
#include "floe/spec/schema.h"
#include "floe/spec/table_metadata.h"

namespace floe::inspect {

spec::Schema ManifestsTableSchema();
spec::Schema AllManifestsTableSchema();

Status ReadManifestsTable(io::FileIO& io, const spec::TableMetadata& metadata,
                          const spec::Snapshot* snapshot, RowBatchBuilder& rows);
Status ReadAllManifestsTable(io::FileIO& io, const spec::TableMetadata& metadata,
                             RowBatchBuilder& rows);

}  // namespace floe::inspect
