// The footer of a Puffin file (Puffin spec, "FileMetadata" and "BlobMetadata"): the list of
// blobs — each a typed byte range of the file computed for some table fields — and free-form
// string properties. The JSON form lives in file_metadata_json.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace floe::puffin {

// "PFA1": at the start of the file and twice in the footer.
inline constexpr std::string_view kMagic = "PFA1";

// Blob types the spec defines.
inline constexpr std::string_view kDeletionVectorV1 = "deletion-vector-v1";
inline constexpr std::string_view kThetaSketchV1 = "apache-datasketches-theta-v1";

// Ordered string properties (the JSON object's member order is kept).
using Properties = std::vector<std::pair<std::string, std::string>>;

// The value stored under `key`, or nullptr.
const std::string* FindProperty(const Properties& properties, std::string_view key);

struct BlobMetadata {
  std::string type;
  std::vector<int32_t> fields;  // field ids the blob was computed for
  int64_t snapshot_id = -1;     // -1 for deletion vectors (not known when written)
  int64_t sequence_number = -1;
  int64_t offset = 0;                            // where the blob's bytes start in the file
  int64_t length = 0;                            // stored length (after compression)
  std::optional<std::string> compression_codec;  // "lz4" or "zstd"; absent: uncompressed
  Properties properties;

  bool operator==(const BlobMetadata&) const = default;
};

struct FileMetadata {
  std::vector<BlobMetadata> blobs;
  Properties properties;  // e.g. "created-by"

  bool operator==(const FileMetadata&) const = default;
};

}  // namespace floe::puffin
