#include "floe/update/merge_append.h"

#include <algorithm>
#include <map>

#include "floe/commit/table_properties.h"
#include "floe/manifest/manifest_reader.h"
#include "floe/manifest/manifest_writer.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/update/manifest_properties.h"

namespace floe::update {

namespace {

// Java's ListPacker.packEnd with lookback 1: bins filled from the end of the list, so the
// partly filled bin is the one holding the newest manifests.
std::vector<std::vector<manifest::ManifestFile>> PackEnd(
    const std::vector<manifest::ManifestFile>& items, int64_t target) {
  std::vector<std::vector<manifest::ManifestFile>> bins;
  int64_t weight = 0;
  for (auto it = items.rbegin(); it != items.rend(); ++it) {
    if (bins.empty() || (weight + it->manifest_length > target && !bins.back().empty())) {
      bins.emplace_back();
      weight = 0;
    }
    bins.back().push_back(*it);
    weight += it->manifest_length;
  }
  std::reverse(bins.begin(), bins.end());
  for (auto& bin : bins) std::reverse(bin.begin(), bin.end());
  return bins;
}

}  // namespace

Result<manifest::ManifestFile> MergeAppend::Merge(const spec::TableMetadata& base,
                                                  const std::vector<manifest::ManifestFile>& bin,
                                                  const std::set<std::string>& added_paths) {
  int32_t spec_id = bin[0].partition_spec_id;
  const spec::PartitionSpec* spec = base.SpecById(spec_id);
  if (spec == nullptr)
    return Corrupt("manifest {}: unknown partition spec {}", bin[0].manifest_path, spec_id);
  FLOE_ASSIGN_OR_RETURN(manifest::ManifestCodec codec,
                        ManifestCodecFromProperties(base.properties));
  manifest::ManifestWriterOptions options;
  options.format_version = base.format_version;
  options.schema = *base.CurrentSchema();
  options.spec = *spec;
  options.snapshot_id = snapshot_id();
  options.codec = codec;
  FLOE_ASSIGN_OR_RETURN(auto file, NewManifestFile(base));
  FLOE_ASSIGN_OR_RETURN(auto writer, manifest::ManifestWriter::Open(std::move(file), options));
  for (const manifest::ManifestFile& mf : bin) {
    if (added_paths.count(mf.manifest_path)) {
      // This commit's own files stay ADDED with inherited snapshot id and sequence numbers:
      // written from memory, as their manifest has no sequence number yet.
      for (const manifest::DataFile& f : files()) {
        if (f.spec_id == spec_id) FLOE_RETURN_IF_ERROR(writer->WriteAdded(f));
      }
      continue;
    }
    FLOE_ASSIGN_OR_RETURN(
        std::vector<manifest::ManifestEntry> entries,
        manifest::ReadManifestEntries(ops().io(), mf, manifest::PartitionTypeFor(base, spec_id)));
    for (manifest::ManifestEntry& e : entries) {
      // Deleted entries of earlier snapshots are dropped, live ones carried as EXISTING.
      if (!e.is_live()) continue;
      FLOE_RETURN_IF_ERROR(writer->WriteExisting(e));
    }
  }
  return writer->Close();
}

Result<std::vector<manifest::ManifestFile>> MergeAppend::Manifests(
    const spec::TableMetadata& base, std::vector<manifest::ManifestFile> added,
    std::vector<manifest::ManifestFile> parent) {
  std::vector<manifest::ManifestFile> all = std::move(added);
  size_t added_count = all.size();
  std::set<std::string> added_paths;
  for (size_t i = 0; i < added_count; ++i) added_paths.insert(all[i].manifest_path);
  for (auto& m : parent) all.push_back(std::move(m));
  FLOE_ASSIGN_OR_RETURN(bool merge_enabled, commit::kManifestMergeEnabled.Get(base.properties));
  if (!merge_enabled) return all;
  // With several new manifests of one spec, merging them would need their files per manifest;
  // keep it simple and merge only when each spec got at most one new manifest.
  std::map<int32_t, int> new_per_spec;
  for (size_t i = 0; i < added_count; ++i) {
    if (++new_per_spec[all[i].partition_spec_id] > 1) return all;
  }
  FLOE_ASSIGN_OR_RETURN(int64_t min_count, commit::kManifestMinMergeCount.Get(base.properties));
  FLOE_ASSIGN_OR_RETURN(int64_t target, commit::kManifestTargetSizeBytes.Get(base.properties));

  // Data manifests grouped by spec (newest spec first, as Java), delete manifests untouched.
  std::map<int32_t, std::vector<manifest::ManifestFile>, std::greater<>> groups;
  std::vector<manifest::ManifestFile> deletes;
  for (auto& m : all) {
    if (m.content == manifest::ManifestContent::kData) {
      groups[m.partition_spec_id].push_back(std::move(m));
    } else {
      deletes.push_back(std::move(m));
    }
  }
  std::vector<manifest::ManifestFile> out;
  for (auto& [spec_id, group] : groups) {
    const std::string first = group.front().manifest_path;
    for (auto& bin : PackEnd(group, target)) {
      bool has_first = std::any_of(bin.begin(), bin.end(),
                                   [&](const auto& m) { return m.manifest_path == first; });
      if (bin.size() == 1 || (has_first && static_cast<int64_t>(bin.size()) < min_count)) {
        for (auto& m : bin) out.push_back(std::move(m));
        continue;
      }
      FLOE_ASSIGN_OR_RETURN(manifest::ManifestFile merged, Merge(base, bin, added_paths));
      out.push_back(std::move(merged));
    }
  }
  for (auto& m : deletes) out.push_back(std::move(m));
  return out;
}

}  // namespace floe::update
