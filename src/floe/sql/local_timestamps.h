// Timestamps (with time zone) shown in the session time zone: table and CSV output of `floe sql`
// print them as local wall-clock time with the zone's offset ("2026-03-06T08:30:00.000000+09:00"),
// as Spark shows them in the session zone; JSON output stays UTC (docs/cli.md). Values nested in
// structs, lists and maps (a struct's timestamptz field, map<string, timestamptz>, ...) print the
// same way inside the nested value's JSON text.
#pragma once

#include "floe/columnar/record_batch.h"
#include "floe/sql/exec/session_time_zone.h"
#include "floe/util/result.h"

namespace floe::sql {

// The batch with each timestamp-with-zone value, top-level or nested, replaced by its text in
// `zone` (the column's type changes accordingly; other columns unchanged). With a UTC zone the
// batch is returned as it is.
Result<columnar::RecordBatch> LocalizeTimestamps(const columnar::RecordBatch& batch,
                                                 const SessionTimeZone& zone);

}  // namespace floe::sql
