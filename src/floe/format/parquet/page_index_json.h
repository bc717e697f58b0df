// The JSON forms of ColumnIndex and OffsetIndex, with parquet.thrift's field names (the shape of
// hyparquet's `*.column_indexes.json` / `*.offset_indexes.json`). min_values/max_values are typed
// by the column's schema element as statistics are (file_metadata_json.h).
#pragma once

#include <string>

#include "floe/format/parquet/file_metadata.h"
#include "floe/format/parquet/page_index.h"

namespace floe::parquet {

std::string ColumnIndexToJson(const ColumnIndex& index, const SchemaElement& leaf,
                              bool pretty = false);
std::string OffsetIndexToJson(const OffsetIndex& index, bool pretty = false);

}  // namespace floe::parquet
