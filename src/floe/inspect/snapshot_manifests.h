// What the manifest-reading metadata tables walk: the snapshot a per-snapshot table reads, its
// manifests, every manifest reachable from any snapshot (the all_* tables; each manifest once,
// in snapshot order), and a manifest's entries one at a time (memory: one entry).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "floe/io/file_io.h"
#include "floe/manifest/manifest_entry.h"
#include "floe/manifest/manifest_file.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::inspect {

// The snapshot `snapshot_id` names, else the current snapshot; nullptr when the table has none.
// NotFound for an id the table does not know.
Result<const spec::Snapshot*> MetadataTableSnapshot(const spec::TableMetadata& metadata,
                                                    std::optional<int64_t> snapshot_id);

// The snapshot's manifests in manifest-list order (none for a null snapshot).
Result<std::vector<manifest::ManifestFile>> SnapshotManifestFiles(
    io::FileIO& io, const spec::TableMetadata& metadata, const spec::Snapshot* snapshot);

// Every manifest of every snapshot, each path once.
Result<std::vector<manifest::ManifestFile>> ReachableManifestFiles(
    io::FileIO& io, const spec::TableMetadata& metadata);

// Calls `on_entry` for each entry of the manifest (only ADDED and EXISTING ones when
// `live_only`), decoded with the table's partition type of the manifest's spec and with
// inheritance from the manifest-list entry applied. Without `with_metrics` the entries carry no
// column metrics (read past: most of a manifest's bytes).
Status ForEachManifestEntry(io::FileIO& io, const spec::TableMetadata& metadata,
                            const manifest::ManifestFile& manifest, bool live_only,
                            const std::function<Status(const manifest::ManifestEntry&)>& on_entry,
                            bool with_metrics = true);

}  // namespace floe::inspect
