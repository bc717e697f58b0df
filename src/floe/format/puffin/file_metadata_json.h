// The JSON form of a Puffin footer payload (Puffin spec, "Footer Payload"):
//   {"blobs": [{"type": "deletion-vector-v1", "fields": [], "snapshot-id": -1,
//               "sequence-number": -1, "offset": 4, "length": 42,
//               "properties": {"referenced-data-file": "...", "cardinality": "3"}}],
//    "properties": {"created-by": "floe version 0.1"}}
#pragma once

#include <string>
#include <string_view>

#include "floe/format/puffin/file_metadata.h"
#include "floe/util/result.h"

namespace floe::puffin {

// Corrupt with the JSON path of the bad value (callers add the file name).
Result<FileMetadata> ParseFileMetadata(std::string_view json);

std::string FileMetadataToJson(const FileMetadata& metadata);

}  // namespace floe::puffin
