// Where a table's metadata files go and what they are called (spec: "Metastore Tables"), the one
// rule every writer of metadata, manifests and manifest lists follows, and cleaning up old
// metadata files after a commit (`write.metadata.delete-after-commit.enabled`).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "floe/io/file_io.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::commit {

// `write.metadata.path` when set and not empty, else `<location>/metadata`; no trailing '/'.
std::string MetadataFolder(const spec::TableMetadata& metadata);

// The version after the one `base_location` names (00012-… → 13); 0 for a new table, 1 when
// the base name carries no version.
int64_t NextMetadataVersion(std::string_view base_location);

// Writes `metadata` as `<metadata folder>/<NNNNN>-<uuid>[.gz].metadata.json` (never replacing a
// file) and returns its location.
Result<std::string> WriteNewMetadataVersion(io::FileIO& io, const spec::TableMetadata& metadata,
                                            int64_t version);

// After a successful commit: when `write.metadata.delete-after-commit.enabled` is true, deletes
// the metadata files that were in `base`'s metadata-log but fell out of `committed`'s (trimmed
// to `write.metadata.previous-versions-max`). Best effort: the commit already succeeded.
void DeleteRemovedMetadataFiles(io::FileIO& io, const spec::TableMetadata& base,
                                const spec::TableMetadata& committed);

}  // namespace floe::commit
