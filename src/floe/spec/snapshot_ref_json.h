// JSON form of snapshot references: the values of table metadata's `refs` map (spec Appendix C).
#pragma once

#include <map>
#include <string>

#include "floe/spec/snapshot_ref.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"
#include "floe/util/result.h"

namespace floe::spec {

// Reads the ref's members of `json` and ignores any others, so it also reads a ref whose members
// are inline in a larger object (the REST set-snapshot-ref update).
Result<SnapshotRef> ParseSnapshotRef(const JsonValue& json);
void WriteSnapshotRef(const SnapshotRef& ref, JsonWriter& out);
// The ref's members alone, into an object the caller has begun (set-snapshot-ref).
void WriteSnapshotRefMembers(const SnapshotRef& ref, JsonWriter& out);

// The whole `refs` object: ref name -> ref.
Result<std::map<std::string, SnapshotRef>> ParseSnapshotRefs(const JsonValue& json);
void WriteSnapshotRefs(const std::map<std::string, SnapshotRef>& refs, JsonWriter& out);

}  // namespace floe::spec
