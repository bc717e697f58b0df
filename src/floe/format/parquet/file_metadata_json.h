// The JSON form of FileMetaData, as `floe parquet meta --json` prints it: parquet.thrift's field
// names in snake_case, enums by name, absent optional fields omitted, unions as
// {"type": "<MEMBER>", ...members}, the same shape as hyparquet's `*.metadata.json`.
//
// Statistics values are shown typed through the column's schema element: integers, floats,
// booleans, strings for string-annotated byte arrays, dates/times/timestamps and decimals in
// docs/cli.md's value forms, UUIDs canonical, FLOAT16 as a number, other binary as lowercase hex.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "floe/format/parquet/file_metadata.h"

namespace floe::parquet {

struct MetadataJsonOptions {
  bool pretty = true;
  // The footer's length in bytes; printed as "metadata_length" when given (as hyparquet does).
  std::optional<int64_t> metadata_length;
};

std::string FileMetaDataToJson(const FileMetaData& md, const MetadataJsonOptions& options = {});

// One statistics value (PLAIN bytes, byte arrays unprefixed) as JSON text, typed by the leaf's
// schema element as described above.
std::string StatisticsValueToJson(const SchemaElement& leaf, const std::string& bytes);

}  // namespace floe::parquet
