#include "floe/manifest/snapshot_files.h"

#include <utility>

#include "floe/manifest/manifest_reader.h"

namespace floe::manifest {

spec::TypePtr PartitionTypeFor(const spec::TableMetadata& metadata, int32_t spec_id) {
  const spec::PartitionSpec* spec = metadata.SpecById(spec_id);
  const spec::Schema* schema = metadata.CurrentSchema();
  if (!spec || !schema) return nullptr;
  auto t = spec->PartitionType(*schema);
  return t.ok() ? *t : nullptr;
}

Result<ManifestList> ReadSnapshotManifests(io::FileIO& io, const spec::TableMetadata& metadata,
                                           const spec::Snapshot& snapshot) {
  if (!snapshot.manifest_list.empty()) return ReadManifestList(io, snapshot.manifest_list);
  // v1 inline manifests: no list entry, so open each manifest for what the list would say.
  ManifestList list;
  list.metadata.format_version = 1;
  list.metadata.snapshot_id = snapshot.snapshot_id;
  list.metadata.parent_snapshot_id = snapshot.parent_snapshot_id;
  for (const std::string& location : snapshot.manifests) {
    FLOE_ASSIGN_OR_RETURN(std::shared_ptr<io::InputFile> file, io.OpenInput(location));
    FLOE_ASSIGN_OR_RETURN(int64_t size, file->Size());
    FLOE_ASSIGN_OR_RETURN(auto reader, ManifestReader::Open(std::move(file)));
    ManifestFile m;
    m.manifest_path = location;
    m.manifest_length = size;
    m.partition_spec_id = reader->metadata().partition_spec_id.value_or(0);
    m.added_snapshot_id = snapshot.snapshot_id;
    int32_t files[3] = {0, 0, 0};
    int64_t rows[3] = {0, 0, 0};
    ManifestEntry e;
    for (;;) {
      FLOE_ASSIGN_OR_RETURN(bool more, reader->Next(&e));
      if (!more) break;
      ++files[static_cast<int>(e.status)];
      rows[static_cast<int>(e.status)] += e.data_file.record_count;
    }
    m.existing_files_count = files[0];
    m.added_files_count = files[1];
    m.deleted_files_count = files[2];
    m.existing_rows_count = rows[0];
    m.added_rows_count = rows[1];
    m.deleted_rows_count = rows[2];
    list.manifests.push_back(std::move(m));
  }
  return list;
}

Result<std::vector<ManifestEntry>> ReadLiveEntries(io::FileIO& io,
                                                   const spec::TableMetadata& metadata,
                                                   const ManifestList& list) {
  std::vector<ManifestEntry> out;
  for (ManifestContent content : {ManifestContent::kData, ManifestContent::kDeletes}) {
    for (const ManifestFile& m : list.manifests) {
      if (m.content != content) continue;
      FLOE_ASSIGN_OR_RETURN(
          auto entries,
          ReadManifestEntries(io, m, PartitionTypeFor(metadata, m.partition_spec_id)));
      for (ManifestEntry& e : entries) {
        if (e.is_live()) out.push_back(std::move(e));
      }
    }
  }
  return out;
}

Status ForEachLiveEntry(io::FileIO& io, const spec::TableMetadata& metadata,
                        const ManifestList& list, ManifestContent content,
                        const std::function<Result<bool>(const ManifestEntry&)>& fn) {
  for (const ManifestFile& m : list.manifests) {
    if (m.content != content) continue;
    ManifestReadOptions options;
    options.metrics_field_ids = std::vector<int32_t>();
    options.header_schema = false;
    options.partition_type = PartitionTypeFor(metadata, m.partition_spec_id);
    bool stop = false;
    FLOE_RETURN_IF_ERROR(ReadManifest(io, m, options, [&](ManifestReader& reader) -> Status {
      ManifestEntry entry;
      while (true) {
        FLOE_ASSIGN_OR_RETURN(bool more, reader.Next(&entry));
        if (!more) return Ok();
        if (!entry.is_live()) continue;
        FLOE_ASSIGN_OR_RETURN(bool go_on, fn(entry));
        if (!go_on) {
          stop = true;
          return Ok();
        }
      }
    }));
    if (stop) break;
  }
  return Ok();
}

}  // namespace floe::manifest
