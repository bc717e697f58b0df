// A written Parquet file's column metrics (parquet::FileMetrics) as the metrics of an Iceberg
// data file (spec: "Manifests" → data_file column_sizes, value_counts, null_value_counts,
// nan_value_counts, lower_bounds, upper_bounds), keyed by field id, under the table's metrics
// modes (metrics_config.h). Bounds are in the spec's single-value binary form ("Appendix D").
//
// Truncated bounds stay bounds: a lower bound is cut to N characters (strings, whole UTF-8 code
// points) or N bytes (binary); an upper bound is cut the same way and its last code point or byte
// incremented, dropping trailing ones that cannot be; when nothing can be incremented there is no
// upper bound. Fields inside lists and maps get counts but no bounds: a bound over all elements
// of all rows is of little use to pruning and Java writes none either.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "floe/format/parquet/file_writer.h"
#include "floe/manifest/data_file.h"
#include "floe/spec/schema.h"
#include "floe/table/metrics_config.h"
#include "floe/util/result.h"

namespace floe::table {

// Fills record_count, file_size_in_bytes, split_offsets and the six metric maps of `file`.
// Corrupt when a column's bound bytes do not fit its Iceberg type.
Status SetDataFileMetrics(const parquet::FileMetrics& metrics, const spec::Schema& schema,
                          const MetricsConfig& config, manifest::DataFile* file);

// Bound truncation (Java's UnicodeUtil / BinaryUtil): nullopt when no upper bound exists.
std::string TruncateStringLower(std::string_view s, int32_t length);
std::optional<std::string> TruncateStringUpper(std::string_view s, int32_t length);
std::string TruncateBinaryLower(std::string_view s, int32_t length);
std::optional<std::string> TruncateBinaryUpper(std::string_view s, int32_t length);

}  // namespace floe::table
