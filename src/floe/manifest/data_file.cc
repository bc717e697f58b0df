#include "floe/manifest/data_file.h"

#include "floe/manifest/manifest_entry.h"
#include "floe/manifest/manifest_file.h"

namespace floe::manifest {

std::string_view FileContentName(FileContent content) {
  switch (content) {
    case FileContent::kData:
      return "data";
    case FileContent::kPositionDeletes:
      return "position_deletes";
    case FileContent::kEqualityDeletes:
      return "equality_deletes";
  }
  return "unknown";
}

std::string_view EntryStatusName(EntryStatus status) {
  switch (status) {
    case EntryStatus::kExisting:
      return "EXISTING";
    case EntryStatus::kAdded:
      return "ADDED";
    case EntryStatus::kDeleted:
      return "DELETED";
  }
  return "UNKNOWN";
}

std::string_view ManifestContentName(ManifestContent content) {
  return content == ManifestContent::kData ? "data" : "deletes";
}

const int64_t* FindCount(const CountMap& map, int32_t field_id) {
  for (const auto& [k, v] : map) {
    if (k == field_id) return &v;
  }
  return nullptr;
}

const std::string* FindBound(const BoundMap& map, int32_t field_id) {
  for (const auto& [k, v] : map) {
    if (k == field_id) return &v;
  }
  return nullptr;
}

// A field added to DataFile changes its size: swap it below too, then update the size here.
static_assert(sizeof(DataFile) == 464, "DataFile changed: swap() must swap every member");

void swap(DataFile& a, DataFile& b) noexcept {
  using std::swap;
  swap(a.content, b.content);
  swap(a.file_path, b.file_path);
  swap(a.file_format, b.file_format);
  swap(a.partition, b.partition);
  swap(a.record_count, b.record_count);
  swap(a.file_size_in_bytes, b.file_size_in_bytes);
  swap(a.column_sizes, b.column_sizes);
  swap(a.value_counts, b.value_counts);
  swap(a.null_value_counts, b.null_value_counts);
  swap(a.nan_value_counts, b.nan_value_counts);
  swap(a.lower_bounds, b.lower_bounds);
  swap(a.upper_bounds, b.upper_bounds);
  swap(a.key_metadata, b.key_metadata);
  swap(a.split_offsets, b.split_offsets);
  swap(a.equality_ids, b.equality_ids);
  swap(a.sort_order_id, b.sort_order_id);
  swap(a.referenced_data_file, b.referenced_data_file);
  swap(a.first_row_id, b.first_row_id);
  swap(a.content_offset, b.content_offset);
  swap(a.content_size_in_bytes, b.content_size_in_bytes);
  swap(a.spec_id, b.spec_id);
}

}  // namespace floe::manifest
