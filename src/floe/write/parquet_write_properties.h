// Iceberg's write.parquet.* table properties (declared in commit/table_properties.h) as Parquet
// writer options (Iceberg's "Write properties"): compression-codec (default zstd; zstd, gzip,
// snappy, brotli, lz4 — written as LZ4_RAW —, uncompressed), compression-level,
// row-group-size-bytes (128 MB), page-size-bytes (1 MB), page-row-limit (20,000), dict-size-bytes
// (2 MB), page-version (v1, v2), bloom-filter-enabled.column.<name> with
// bloom-filter-fpp.column.<name> (default 0.01). Properties of other prefixes are ignored.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "floe/format/parquet/file_writer.h"
#include "floe/util/result.h"

namespace floe::write {

// The codec for one of Iceberg's codec names (case-insensitive); InvalidArgument otherwise.
Result<parquet::CompressionCodec> ParquetCodecFromName(std::string_view name);

// InvalidArgument naming the property when a value does not parse or is out of range.
Result<parquet::ParquetWriterOptions> ParquetWriterOptionsFromProperties(
    const std::map<std::string, std::string>& properties);

}  // namespace floe::write
