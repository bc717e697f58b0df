// Name mapping applied to Parquet files (spec: "Column Projection"): a data file written without
// field ids gets the ids the table's name mapping (spec/name_mapping.h) gives its columns.
#pragma once

#include <vector>

#include "floe/format/parquet/file_metadata.h"
#include "floe/format/parquet/schema.h"
#include "floe/spec/name_mapping.h"
#include "floe/util/result.h"

namespace floe::table {

// Whether any column or group of a Parquet schema carries a field id.
bool HasFieldIds(const parquet::Schema& schema);

// The Parquet schema of a file written without field ids, with the ids the mapping gives its
// columns by their names (nested fields included; the repeated middle level of lists and maps is
// looked through, a list's element is found under "element", a map's key and value under "key"
// and "value"). Columns the mapping does not name keep no id and so match no table field.
// `elements` is the file's FileMetaData::schema.
Result<parquet::Schema> ApplyNameMapping(const spec::NameMapping& mapping,
                                         const std::vector<parquet::SchemaElement>& elements);

// The Parquet schema of a file written without field ids, for a table without a name mapping
// (Hive-migrated tables, files added by old tools): the top-level columns get the ids 1..n by
// their position in the file, as Java's fallback ids (ParquetSchemaUtil.addFallbackIds) do;
// nested fields keep no id. Such files are read assuming the table's columns kept the file's
// order (which holds when columns were only ever added at the end).
Result<parquet::Schema> ApplyFallbackIds(const std::vector<parquet::SchemaElement>& elements);

}  // namespace floe::table
