// JSON form of snapshots and of the snapshot and metadata logs (spec Appendix C, "Table Metadata
// and Snapshots"). Fields are read and written by format version: a field the version does not
// have is neither read nor written, so write -> read gives back the same model.
#pragma once

#include <vector>

#include "floe/spec/snapshot.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"
#include "floe/util/result.h"

namespace floe::spec {

Result<Snapshot> ParseSnapshot(const JsonValue& json, int format_version);
void WriteSnapshot(const Snapshot& snapshot, int format_version, JsonWriter& out);

// A JSON array of snapshots (the `snapshots` member); faster than one ParseSnapshot per element.
Result<std::vector<Snapshot>> ParseSnapshots(const JsonValue& array, int format_version);

Result<std::vector<SnapshotLogEntry>> ParseSnapshotLog(const JsonValue& array);
void WriteSnapshotLog(const std::vector<SnapshotLogEntry>& log, JsonWriter& out);

Result<std::vector<MetadataLogEntry>> ParseMetadataLog(const JsonValue& array);
void WriteMetadataLog(const std::vector<MetadataLogEntry>& log, JsonWriter& out);

}  // namespace floe::spec
