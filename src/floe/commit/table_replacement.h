// Replacing a table (Spark's REPLACE TABLE and CREATE OR REPLACE TABLE, Java's
// TableMetadata.buildReplacement) as REST updates on the table's current metadata: the table
// keeps its uuid, location, history (snapshots, snapshot log, earlier schemas and specs) and
// properties, and gets
//   - the new schema as its current schema: a column whose full name the current schema has
//     keeps its id, other columns get ids after last-column-id (commit/fresh_ids.h);
//   - the new partition spec as its default (v2+: a field keeps the id of a field with the same
//     source and transform in any earlier spec, others get ids after last-partition-id; v1:
//     1000, 1001, … by position, as v1 specs are numbered) and the new sort order;
//   - the request's properties set over the table's, a LOCATION when one is given, a higher
//     format-version when asked for;
//   - no current snapshot: `main` is removed, so the table reads empty until rows are appended
//     in the same commit (REPLACE TABLE … AS SELECT). Other branches and tags stay.
// The requirements make the commit fail with a conflict when the table changed in between.
#pragma once

#include "floe/commit/metadata_builder.h"
#include "floe/commit/pending_update.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::commit {

// `request.location` empty: the table stays where it is. Errors: InvalidArgument when a
// partition or sort field names no column of the new schema, or the format version would go
// down; NotSupported for a format version floe does not write.
Result<PendingChanges> ReplaceTableChanges(const spec::TableMetadata& base,
                                           const NewTableRequest& request);

}  // namespace floe::commit
