#include "floe/commit/metadata_location.h"

#include <set>

#include "floe/commit/metadata_file.h"
#include "floe/commit/table_properties.h"
#include "floe/util/uuid.h"

namespace floe::commit {

namespace {
std::string StripTrailingSlashes(std::string s) {
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}
}  // namespace

std::string MetadataFolder(const spec::TableMetadata& metadata) {
  if (std::string_view path = kWriteMetadataPath.Get(metadata.properties); !path.empty()) {
    return StripTrailingSlashes(std::string(path));
  }
  return StripTrailingSlashes(metadata.location) + "/metadata";
}

int64_t NextMetadataVersion(std::string_view base_location) {
  if (base_location.empty()) return 0;
  size_t slash = base_location.rfind('/');
  std::string_view name =
      slash == std::string_view::npos ? base_location : base_location.substr(slash + 1);
  std::optional<int64_t> version = MetadataFileVersion(name);
  return version ? *version + 1 : 1;
}

Result<std::string> WriteNewMetadataVersion(io::FileIO& io, const spec::TableMetadata& metadata,
                                            int64_t version) {
  FLOE_ASSIGN_OR_RETURN(MetadataCodec codec, MetadataCodecOf(metadata));
  std::string location =
      MetadataFolder(metadata) + "/" + MetadataFileName(version, NewUuid().ToString(), codec);
  FLOE_RETURN_IF_ERROR(WriteMetadataFile(io, location, metadata));
  return location;
}

void DeleteRemovedMetadataFiles(io::FileIO& io, const spec::TableMetadata& base,
                                const spec::TableMetadata& committed) {
  // ApplyUpdates refused metadata whose value does not parse; should one come here all the same,
  // deleting nothing is the safe reading.
  Result<bool> enabled = kMetadataDeleteAfterCommitEnabled.Get(committed.properties);
  if (!enabled.ok() || !*enabled) return;
  std::set<std::string> kept;
  for (const auto& entry : committed.metadata_log) kept.insert(entry.metadata_file);
  for (const auto& entry : base.metadata_log) {
    if (!kept.count(entry.metadata_file)) (void)io.Delete(entry.metadata_file);
  }
}

}  // namespace floe::commit
