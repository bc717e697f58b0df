// Data and delete files as manifests list them (spec: "Manifests", the `data_file` struct): the
// file's location, format, partition tuple, record count, size and column metrics. One struct
// serves data files, position-delete files and equality-delete files; `content` tells them apart.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "floe/spec/literal.h"

namespace floe::manifest {

// data_file.content (field 134): v1 files are always data.
enum class FileContent : int32_t { kData = 0, kPositionDeletes = 1, kEqualityDeletes = 2 };
std::string_view FileContentName(FileContent content);  // "data", "position_deletes", ...

// Column metrics keyed by field id, in the order the file lists them. Vectors, not maps: a
// manifest entry holds a few dozen of them and decoding appends in file order.
using CountMap = std::vector<std::pair<int32_t, int64_t>>;
using BoundMap = std::vector<std::pair<int32_t, std::string>>;  // single-value binary bytes

// The value for `field_id`, or nullptr.
const int64_t* FindCount(const CountMap& map, int32_t field_id);
const std::string* FindBound(const BoundMap& map, int32_t field_id);

struct DataFile {
  FileContent content = FileContent::kData;
  std::string file_path;
  std::string file_format;  // as written: "PARQUET", "parquet", "AVRO", "ORC", "PUFFIN"
  // One value per partition field, typed by the spec's partition type; a null Literal is a null
  // partition value.
  std::vector<spec::Literal> partition;
  int64_t record_count = 0;
  int64_t file_size_in_bytes = 0;
  CountMap column_sizes;
  CountMap value_counts;
  CountMap null_value_counts;
  CountMap nan_value_counts;
  BoundMap lower_bounds;
  BoundMap upper_bounds;
  std::optional<std::string> key_metadata;
  std::optional<std::vector<int64_t>> split_offsets;
  std::optional<std::vector<int32_t>> equality_ids;
  std::optional<int32_t> sort_order_id;
  std::optional<std::string> referenced_data_file;  // v2+
  std::optional<int64_t> first_row_id;              // v3
  std::optional<int64_t> content_offset;            // v3 (deletion vectors)
  std::optional<int64_t> content_size_in_bytes;     // v3

  // Not stored in the data_file struct: the spec id of the manifest the file was read from.
  int32_t spec_id = 0;

  bool is_delete() const { return content != FileContent::kData; }
  bool operator==(const DataFile&) const = default;

  // Member by member, instead of std::swap's three moves of the whole struct (scan planning
  // swaps a file per manifest entry).
  friend void swap(DataFile& a, DataFile& b) noexcept;
};

// Delete files are data_file structs with content 1 or 2.
using DeleteFile = DataFile;

}  // namespace floe::manifest
