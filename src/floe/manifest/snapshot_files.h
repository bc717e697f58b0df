// A snapshot's manifests and files: the manifest list (or a v1 snapshot's inline manifest
// locations), then every manifest, read with the table's partition spec of that manifest.
// What the metadata tables (inspect/) and so `floe manifests` and `floe files` show; scan planning
// (scan/) adds filtering on top.
#pragma once

#include <functional>
#include <vector>

#include "floe/io/file_io.h"
#include "floe/manifest/manifest_entry.h"
#include "floe/manifest/manifest_file.h"
#include "floe/manifest/manifest_list_reader.h"
#include "floe/spec/table_metadata.h"

namespace floe::manifest {

// The snapshot's manifest list. A v1 snapshot without one lists manifest locations inline:
// those manifests are opened to learn their spec id and counts.
Result<ManifestList> ReadSnapshotManifests(io::FileIO& io, const spec::TableMetadata& metadata,
                                           const spec::Snapshot& snapshot);

// The partition type of spec `spec_id` over the table's current schema, or nullptr when the
// spec is unknown or no longer binds (a dropped source column): readers then use the type the
// manifest itself declares.
spec::TypePtr PartitionTypeFor(const spec::TableMetadata& metadata, int32_t spec_id);

// Every live (ADDED or EXISTING) entry of the snapshot's manifests, data manifests first, in
// manifest-list order; inheritance applied.
Result<std::vector<ManifestEntry>> ReadLiveEntries(io::FileIO& io,
                                                   const spec::TableMetadata& metadata,
                                                   const ManifestList& list);

// Calls `fn` with each live entry of the snapshot's manifests of `content`, in manifest-list
// order, one at a time and without column metrics (memory: one entry, not the table); `fn`
// returns false to stop early. The entry is reused between calls.
Status ForEachLiveEntry(io::FileIO& io, const spec::TableMetadata& metadata,
                        const ManifestList& list, ManifestContent content,
                        const std::function<Result<bool>(const ManifestEntry&)>& fn);

}  // namespace floe::manifest
