// The page index of parquet.thrift: a ColumnIndex (per-page min/max, null pages and counts) and an
// OffsetIndex (where each page starts and its first row) per column chunk, stored between the
// row groups and the footer at the offsets the ColumnChunk gives.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/format/parquet/types.h"
#include "floe/util/result.h"

namespace floe::parquet {

struct PageLocation {
  int64_t offset = 0;                // 1
  int32_t compressed_page_size = 0;  // 2 (header included)
  int64_t first_row_index = 0;       // 3
};

struct OffsetIndex {
  std::vector<PageLocation> page_locations;                             // 1
  std::optional<std::vector<int64_t>> unencoded_byte_array_data_bytes;  // 2
};

struct ColumnIndex {
  std::vector<bool> null_pages;                                     // 1
  std::vector<std::string> min_values;                              // 2
  std::vector<std::string> max_values;                              // 3
  BoundaryOrder boundary_order = BoundaryOrder::kUnordered;         // 4
  std::optional<std::vector<int64_t>> null_counts;                  // 5
  std::optional<std::vector<int64_t>> repetition_level_histograms;  // 6
  std::optional<std::vector<int64_t>> definition_level_histograms;  // 7
  std::optional<std::vector<int64_t>> nan_counts;                   // 8
};

// Decode from the exact bytes at column_index_offset / offset_index_offset. The lists of a
// ColumnIndex must have one entry per page (null_pages, min_values, max_values, null_counts).
Result<ColumnIndex> DecodeColumnIndex(std::string_view bytes);
Result<OffsetIndex> DecodeOffsetIndex(std::string_view bytes);

}  // namespace floe::parquet
