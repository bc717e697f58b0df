// Deleting a dropped table's files (`drop --purge`, as Java's CatalogUtil.dropTableData): the
// data and delete files of every manifest of every snapshot, the manifests, the manifest lists,
// statistics files, the metadata files of the metadata-log and the current one. Only the files
// under the table's location are the table's own; anything else its metadata names (the source
// files of `add-files`, whatever a hand-made metadata file lists) is another's, listed and kept
// unless the caller asks for it too (IsUnderLocation, catalog/location_match.h: the same rule
// as expiry and orphan removal).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/io/file_io.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::catalog {

struct PurgePlan {
  std::string table_location;  // the folder files are compared with
  // Content files first, the files that reference them last (manifests, lists, metadata), so an
  // interrupted purge leaves metadata that still names whatever is left.
  std::vector<std::string> inside;   // under table_location: deleted by a purge
  std::vector<std::string> outside;  // elsewhere: kept unless include_outside_location
  // The first manifest list or manifest that could not be read (the files of the others are
  // still listed); PurgeTableFiles returns it at the end.
  std::optional<Error> read_error;
};

// Lists every file the metadata references, split by `table_location` (the table's location as
// the catalog knows it). A location that is a root ("/", "s3://bucket") owns nothing: a table
// placed there would own every file.
PurgePlan PlanTablePurge(io::FileIO& io, const spec::TableMetadata& metadata,
                         std::string_view metadata_location, std::string_view table_location);

// Deletes plan.inside, and plan.outside too when include_outside_location. Files already gone
// are skipped; a failed delete stops nothing, and the first error is returned at the end.
Status PurgeTableFiles(io::FileIO& io, const PurgePlan& plan, bool include_outside_location);

}  // namespace floe::catalog
