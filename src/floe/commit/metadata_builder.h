// Pure metadata changes (docs/style.md: "Updates are pure"): applying REST TableUpdates to base
// metadata, and the metadata of a new table. No I/O here; catalogs call these inside their
// commit, after checking the requirements against the same base.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>

#include "floe/commit/table_update.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::commit {

// The new metadata: `base` with `updates` applied in order, last-updated-ms = now_ms, and the
// spec's bookkeeping done (snapshot-log entry when main moves; last-sequence-number from an
// added snapshot; last-column-id / last-partition-id from added schemas and specs; v3
// next-row-id advanced by an added snapshot's added-rows; ids -1 resolved to the last added).
// `base_metadata_location` (when set) is appended to the metadata-log, which is then trimmed to
// `write.metadata.previous-versions-max` (default 100) entries.
// Errors: kInvalidArgument for an update that does not fit the base (unknown schema id, a
// snapshot whose parent or sequence number is wrong, a format downgrade, ...).
Result<spec::TableMetadata> ApplyUpdates(const spec::TableMetadata& base,
                                         std::span<const TableUpdate> updates, int64_t now_ms,
                                         std::optional<std::string> base_metadata_location);

struct NewTableRequest {
  spec::Schema schema;         // field ids may be anything: fresh ids are assigned 1..n
  spec::PartitionSpec spec;    // refers to `schema`'s ids as given; remapped with them
  spec::SortOrder sort_order;  // likewise; an empty order means unsorted
  std::map<std::string, std::string> properties;  // "format-version" is taken out of them
  int format_version = 2;
  std::string location;  // the table's location, already decided by the catalog
};

// The first metadata of a table (spec: as Java's TableMetadata.newTableMetadata): fresh column
// ids in pre-order, partition field ids from 1000, spec id 0, sort order id 1 (0 when unsorted),
// a new table-uuid (util/uuid.h, so FLOE_TEST_SEED makes it deterministic), no snapshots.
Result<spec::TableMetadata> NewTableMetadata(const NewTableRequest& request, int64_t now_ms);

}  // namespace floe::commit
