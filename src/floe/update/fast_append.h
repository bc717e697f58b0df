// FastAppend (Java's FastAppend): the added data files go into new manifests placed before
// the parent snapshot's manifests, which are kept as they are. Cheap commits; the manifest
// count grows by one per commit (MergeAppend bounds it).
#pragma once
#include "floe/update/snapshot_producer.h"

namespace floe::update {

class FastAppend : public SnapshotProducer {
 public:
  using SnapshotProducer::SnapshotProducer;

 protected:
  Result<std::vector<manifest::ManifestFile>> Manifests(
      const spec::TableMetadata& base, std::vector<manifest::ManifestFile> added,
      std::vector<manifest::ManifestFile> parent) override;
};

}  // namespace floe::update
