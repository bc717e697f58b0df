#include "floe/update/fast_append.h"

namespace floe::update {

Result<std::vector<manifest::ManifestFile>> FastAppend::Manifests(
    const spec::TableMetadata& /*base*/, std::vector<manifest::ManifestFile> added,
    std::vector<manifest::ManifestFile> parent) {
  for (manifest::ManifestFile& m : parent) added.push_back(std::move(m));
  return added;
}

}  // namespace floe::update
