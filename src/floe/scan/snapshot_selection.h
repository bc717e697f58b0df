// Which snapshot a read sees (issue #7, "Pick the snapshot"): the current one, one by id, the one
// a branch or tag points at, or the one that was current at a point in time. Time travel by
// time follows the snapshot log — the table's record of which snapshot was current when — and
// not the snapshots' own timestamps, which mislead after a rollback (an older snapshot made
// current again keeps its old timestamp). A time before the log's first entry is an error that
// says where the log starts: the log may have been trimmed by snapshot expiry.
//
// The schema a read uses comes with the choice (spec: "Snapshot reads"): a branch (and the
// current snapshot) is read with the table's current schema; a snapshot picked by id, by tag or
// by time is read with the schema it was written with, when it records one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "floe/spec/schema.h"
#include "floe/spec/snapshot.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::scan {

// At most one of these is set; none means the current snapshot.
struct SnapshotSelector {
  std::optional<int64_t> snapshot_id;
  std::optional<int64_t> as_of_ms;  // epoch milliseconds
  std::optional<std::string> ref;   // branch or tag name

  bool empty() const { return !snapshot_id && !as_of_ms && !ref; }
};

struct SnapshotChoice {
  const spec::Snapshot* snapshot = nullptr;  // nullptr: the table (or branch) has no snapshot yet
  const spec::Schema* schema = nullptr;      // never nullptr on success
};

// Not found (exit 3) for an unknown id or ref and for a time the log does not reach back to;
// invalid argument when more than one selector is set.
Result<SnapshotChoice> SelectSnapshot(const spec::TableMetadata& metadata,
                                      const SnapshotSelector& selector);

// `--as-of` text: ISO-8601 with an offset ("2026-03-05T10:00:00+01:00", "…Z") or epoch
// milliseconds ("1772700000000"). A timestamp without an offset is refused: it would silently
// depend on the machine's zone.
Result<int64_t> ParseAsOf(std::string_view text);

}  // namespace floe::scan
