// MergeAppend (Java's MergeAppend, the default append): like FastAppend, then the data
// manifests of each partition spec are packed into bins of commit.manifest.target-size-bytes
// (8 MB) from the oldest end, and bins of several manifests are rewritten as one; the bin
// holding the newest manifest is merged only once it has commit.manifest.min-count-to-merge
// (100) manifests. commit.manifest-merge.enabled=false makes it a FastAppend.
#pragma once
#include "floe/update/snapshot_producer.h"

namespace floe::update {

class MergeAppend : public SnapshotProducer {
 public:
  using SnapshotProducer::SnapshotProducer;

 protected:
  Result<std::vector<manifest::ManifestFile>> Manifests(
      const spec::TableMetadata& base, std::vector<manifest::ManifestFile> added,
      std::vector<manifest::ManifestFile> parent) override;

 private:
  Result<manifest::ManifestFile> Merge(const spec::TableMetadata& base,
                                       const std::vector<manifest::ManifestFile>& bin,
                                       const std::set<std::string>& added_paths);
};

}  // namespace floe::update
