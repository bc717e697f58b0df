#include "floe/catalog/table_purge.h"

#include <set>
#include <string>

#include "floe/manifest/manifest_reader.h"
#include "floe/manifest/snapshot_files.h"

namespace floe::catalog {

Status PurgeTableFiles(io::FileIO& io, const spec::TableMetadata& metadata,
                       std::string_view metadata_location) {
  std::optional<Error> first_error;
  auto note = [&](const Error& e) {
    if (!first_error) first_error = e;
  };
  // Content files first, the files that reference them last: an interrupted purge leaves
  // metadata that still names whatever is left, so it can be run again.
  std::set<std::string> content, manifests, lists, metadata_files;
  for (const auto& snapshot : metadata.snapshots) {
    if (!snapshot.manifest_list.empty()) lists.insert(snapshot.manifest_list);
    auto list = manifest::ReadSnapshotManifests(io, metadata, snapshot);
    if (!list.ok()) {
      note(list.error());
      continue;
    }
    for (const auto& manifest : list->manifests) {
      if (!manifests.insert(manifest.manifest_path).second) continue;
      auto entries = manifest::ReadManifestEntries(
          io, manifest, manifest::PartitionTypeFor(metadata, manifest.partition_spec_id));
      if (!entries.ok()) {
        note(entries.error());
        continue;
      }
      for (const auto& entry : *entries) content.insert(entry.data_file.file_path);
    }
  }
  for (const auto& stats : metadata.statistics) content.insert(stats.path);
  for (const auto& stats : metadata.partition_statistics) content.insert(stats.path);
  for (const auto& entry : metadata.metadata_log) metadata_files.insert(entry.metadata_file);
  metadata_files.insert(std::string(metadata_location));

  for (const auto* group : {&content, &manifests, &lists, &metadata_files}) {
    for (const auto& location : *group) {
      Status status = io.Delete(location);
      if (!status.ok() && status.error().kind != ErrorKind::kNotFound) note(status.error());
    }
  }
  if (first_error) return first_error->WithContext("purge");
  return Ok();
}

}  // namespace floe::catalog
