// Deleting a dropped table's files (`drop --purge`, as Java's CatalogUtil.dropTableData):
// every data and delete file of every manifest of every snapshot, the manifests, the manifest
// lists, statistics files, the metadata files of the metadata-log and the current one.
#pragma once

#include <string_view>

#include "floe/io/file_io.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::catalog {

// Files already gone are skipped. A manifest that cannot be read stops nothing: the other
// files are still deleted, and the first error is returned at the end.
Status PurgeTableFiles(io::FileIO& io, const spec::TableMetadata& metadata,
                       std::string_view metadata_location);

}  // namespace floe::catalog
