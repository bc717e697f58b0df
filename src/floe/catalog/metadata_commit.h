// The parts of a metastore-style commit every local catalog shares: where the next metadata
// file goes and what it is called (spec: "Metastore Tables"), and cleaning up old metadata
// files after a commit (`write.metadata.delete-after-commit.enabled`).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "floe/catalog/catalog.h"
#include "floe/io/file_io.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::catalog {

// `write.metadata.path` when set, else `<location>/metadata` (no trailing '/').
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

// Names in the text forms PyIceberg and Java's JDBC catalog store: levels joined by '.'.
std::string JoinNamespace(const Namespace& ns);
Namespace SplitNamespace(std::string_view text);

// `<warehouse>/<namespace levels>/<table>` (docs/cli.md).
std::string DefaultTableLocation(std::string_view warehouse, const TableIdentifier& id);

// The identifier's parts are non-empty (kInvalidArgument otherwise).
Status ValidateIdentifier(const TableIdentifier& id);
Status ValidateNamespace(const Namespace& ns);

}  // namespace floe::catalog
