#include "floe/update/writable_table.h"

namespace floe::update {

Status CheckWritable(const spec::TableMetadata& metadata, std::string_view metadata_location,
                     std::string_view operation) {
  if (metadata.format_version > spec::kMaxFormatVersion) {
    return NotSupported(
        "{}: {}: format version {} is not supported for writing (floe writes "
        "versions up to {})",
        operation, metadata_location, metadata.format_version, spec::kMaxFormatVersion);
  }
  if (!metadata.encryption_keys.empty()) {
    return NotSupported(
        "{}: {}: the table is encrypted ({} encryption key(s), first \"{}\"); "
        "floe does not write encrypted tables",
        operation, metadata_location, metadata.encryption_keys.size(),
        metadata.encryption_keys.front().key_id);
  }
  for (const spec::Snapshot& s : metadata.snapshots) {
    if (s.key_id) {
      return NotSupported(
          "{}: {}: snapshot {} has an encrypted manifest list (key-id \"{}\"); "
          "floe does not write encrypted tables",
          operation, metadata_location, s.snapshot_id, *s.key_id);
    }
  }
  return Ok();
}

}  // namespace floe::update
