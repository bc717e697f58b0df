#include "floe/catalog/table_purge.h"

#include <set>
#include <string>

#include "floe/catalog/location_match.h"
#include "floe/io/location.h"
#include "floe/manifest/manifest_reader.h"
#include "floe/manifest/snapshot_files.h"

namespace floe::catalog {

namespace {

bool IsRoot(std::string_view location) {
  auto parsed = io::Location::Parse(location);
  if (!parsed.ok()) return true;
  if (!parsed->IsLocal()) return parsed->path().find_first_not_of('/') == std::string::npos;
  return NormalizeLocation(location) == "/";
}

}  // namespace

PurgePlan PlanTablePurge(io::FileIO& io, const spec::TableMetadata& metadata,
                         std::string_view metadata_location, std::string_view table_location) {
  PurgePlan plan;
  plan.table_location = std::string(table_location);
  auto note = [&](const Error& e) {
    if (!plan.read_error) plan.read_error = e;
  };
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

  const bool owns_nothing = IsRoot(table_location);
  std::set<std::string> seen;
  for (const auto* group : {&content, &manifests, &lists, &metadata_files}) {
    for (const auto& location : *group) {
      if (!seen.insert(location).second) continue;
      if (!owns_nothing && IsUnderLocation(location, table_location)) {
        plan.inside.push_back(location);
      } else {
        plan.outside.push_back(location);
      }
    }
  }
  return plan;
}

Status PurgeTableFiles(io::FileIO& io, const PurgePlan& plan, bool include_outside_location) {
  std::optional<Error> first_error = plan.read_error;
  auto remove = [&](const std::vector<std::string>& files) {
    for (const auto& location : files) {
      Status status = io.Delete(location);
      if (!status.ok() && status.error().kind != ErrorKind::kNotFound && !first_error) {
        first_error = status.error();
      }
    }
  };
  if (include_outside_location) remove(plan.outside);
  remove(plan.inside);
  if (first_error) return first_error->WithContext("purge");
  return Ok();
}

}  // namespace floe::catalog
