// JSON form of table metadata (spec Appendix C, "Table Metadata and Snapshots"), for format
// versions 1, 2 and 3.
//
// Reading follows each version's rules: v1 falls back to `schema` when there are no `schemas`,
// to the bare `partition-spec` field array when there are no `partition-specs`, and to the
// unsorted order when there are no `sort-orders`; v2 and v3 require them. current-snapshot-id -1
// means none. An unknown format-version is kNotSupported; everything else wrong is kCorrupt with
// the JSON path and the bad value: `partition-specs[0].fields[1].transform: unknown transform
// "bukket[16]"`. Callers add the file: `metadata v3.metadata.json: ...`.
//
// Writing emits every field the version requires and none it does not have (v1 also writes
// `schema` and `partition-spec`, as Java does), so write -> read gives back the same model.
#pragma once

#include <string>
#include <string_view>

#include "floe/spec/table_metadata.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"
#include "floe/util/result.h"

namespace floe::spec {

Result<TableMetadata> ParseTableMetadata(std::string_view json);
Result<TableMetadata> ParseTableMetadata(const JsonValue& json);

// Compact JSON, as written to metadata files.
std::string WriteTableMetadata(const TableMetadata& metadata);
void WriteTableMetadata(const TableMetadata& metadata, JsonWriter& out);

}  // namespace floe::spec
