// Statistics registered in table metadata (spec: "Table Statistics", "Partition Statistics"):
// Puffin statistics files with their blob metadata, and partition statistics files.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace floe::spec {

struct BlobMetadata {
  std::string type;  // the Puffin blob type, e.g. "apache-datasketches-theta-v1"
  int64_t source_snapshot_id = 0;
  int64_t source_snapshot_sequence_number = 0;
  std::vector<int32_t> fields;  // field ids the statistic was computed on
  std::map<std::string, std::string> properties;
  bool operator==(const BlobMetadata&) const = default;
};

struct StatisticsFile {
  int64_t snapshot_id = 0;
  std::string path;
  int64_t file_size_in_bytes = 0;
  int64_t file_footer_size_in_bytes = 0;
  std::optional<std::string> key_metadata;  // base64, as in the file
  std::vector<BlobMetadata> blob_metadata;
  bool operator==(const StatisticsFile&) const = default;
};

struct PartitionStatisticsFile {
  int64_t snapshot_id = 0;
  std::string path;
  int64_t file_size_in_bytes = 0;
  bool operator==(const PartitionStatisticsFile&) const = default;
};

}  // namespace floe::spec
