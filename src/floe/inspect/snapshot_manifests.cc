#include "floe/inspect/snapshot_manifests.h"

#include <unordered_set>

#include "floe/manifest/manifest_reader.h"
#include "floe/manifest/snapshot_files.h"

namespace floe::inspect {

Result<const spec::Snapshot*> MetadataTableSnapshot(const spec::TableMetadata& metadata,
                                                    std::optional<int64_t> snapshot_id) {
  if (!snapshot_id) return metadata.CurrentSnapshot();
  const spec::Snapshot* s = metadata.SnapshotById(*snapshot_id);
  if (s == nullptr) return NotFound("the table has no snapshot {}", *snapshot_id);
  return s;
}

Result<std::vector<manifest::ManifestFile>> SnapshotManifestFiles(
    io::FileIO& io, const spec::TableMetadata& metadata, const spec::Snapshot* snapshot) {
  if (snapshot == nullptr) return std::vector<manifest::ManifestFile>();
  FLOE_ASSIGN_OR_RETURN(manifest::ManifestList list,
                        manifest::ReadSnapshotManifests(io, metadata, *snapshot));
  return std::move(list.manifests);
}

Result<std::vector<manifest::ManifestFile>> ReachableManifestFiles(
    io::FileIO& io, const spec::TableMetadata& metadata) {
  std::vector<manifest::ManifestFile> out;
  std::unordered_set<std::string> seen;
  for (const spec::Snapshot& s : metadata.snapshots) {
    FLOE_ASSIGN_OR_RETURN(std::vector<manifest::ManifestFile> manifests,
                          SnapshotManifestFiles(io, metadata, &s));
    for (manifest::ManifestFile& m : manifests) {
      if (seen.insert(m.manifest_path).second) out.push_back(std::move(m));
    }
  }
  return out;
}

Status ForEachManifestEntry(io::FileIO& io, const spec::TableMetadata& metadata,
                            const manifest::ManifestFile& manifest, bool live_only,
                            const std::function<Status(const manifest::ManifestEntry&)>& on_entry,
                            bool with_metrics) {
  manifest::ManifestReadOptions options;
  options.partition_type = manifest::PartitionTypeFor(metadata, manifest.partition_spec_id);
  if (!with_metrics) options.metrics_field_ids = std::vector<int32_t>();
  // ReadManifest may read the file a second time (a manifest rewritten after its list was
  // written): entries already handed on are skipped then.
  int64_t handed_on = 0;
  return manifest::ReadManifest(
      io, manifest, std::move(options), [&](manifest::ManifestReader& reader) -> Status {
        manifest::ManifestEntry entry;
        int64_t index = 0;
        while (true) {
          FLOE_ASSIGN_OR_RETURN(bool more, reader.Next(&entry));
          if (!more) return Ok();
          if (index++ < handed_on) continue;
          if (!live_only || entry.is_live()) FLOE_RETURN_IF_ERROR(on_entry(entry));
          ++handed_on;  // only once handed on: a failed entry fails again on the second read
        }
      });
}

}  // namespace floe::inspect
