#include "floe/catalog/metadata_commit.h"

#include <set>

#include "floe/table/metadata_file.h"
#include "floe/util/uuid.h"

namespace floe::catalog {

namespace {
std::string StripTrailingSlashes(std::string s) {
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}
}  // namespace

std::string MetadataFolder(const spec::TableMetadata& metadata) {
  if (const std::string* path = metadata.Property("write.metadata.path"); path && !path->empty()) {
    return StripTrailingSlashes(*path);
  }
  return StripTrailingSlashes(metadata.location) + "/metadata";
}

int64_t NextMetadataVersion(std::string_view base_location) {
  if (base_location.empty()) return 0;
  size_t slash = base_location.rfind('/');
  std::string_view name =
      slash == std::string_view::npos ? base_location : base_location.substr(slash + 1);
  std::optional<int64_t> version = table::MetadataFileVersion(name);
  return version ? *version + 1 : 1;
}

Result<std::string> WriteNewMetadataVersion(io::FileIO& io, const spec::TableMetadata& metadata,
                                            int64_t version) {
  FLOE_ASSIGN_OR_RETURN(table::MetadataCodec codec, table::MetadataCodecOf(metadata));
  std::string location = MetadataFolder(metadata) + "/" +
                         table::MetadataFileName(version, NewUuid().ToString(), codec);
  FLOE_RETURN_IF_ERROR(table::WriteMetadataFile(io, location, metadata));
  return location;
}

void DeleteRemovedMetadataFiles(io::FileIO& io, const spec::TableMetadata& base,
                                const spec::TableMetadata& committed) {
  const std::string* enabled = committed.Property("write.metadata.delete-after-commit.enabled");
  if (!enabled || (*enabled != "true" && *enabled != "TRUE" && *enabled != "True")) return;
  std::set<std::string> kept;
  for (const auto& entry : committed.metadata_log) kept.insert(entry.metadata_file);
  for (const auto& entry : base.metadata_log) {
    if (!kept.count(entry.metadata_file)) (void)io.Delete(entry.metadata_file);
  }
}

std::string JoinNamespace(const Namespace& ns) {
  std::string out;
  for (size_t i = 0; i < ns.size(); ++i) {
    if (i) out += '.';
    out += ns[i];
  }
  return out;
}

Namespace SplitNamespace(std::string_view text) {
  Namespace out;
  if (text.empty()) return out;
  size_t start = 0;
  while (true) {
    size_t dot = text.find('.', start);
    out.emplace_back(text.substr(start, dot == std::string_view::npos ? dot : dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return out;
}

std::string DefaultTableLocation(std::string_view warehouse, const TableIdentifier& id) {
  std::string out = StripTrailingSlashes(std::string(warehouse));
  for (const auto& level : id.ns) out += "/" + level;
  return out + "/" + id.name;
}

Status ValidateNamespace(const Namespace& ns) {
  if (ns.empty()) return InvalidArgument("empty namespace: give at least one level");
  for (const auto& level : ns) {
    if (level.empty()) {
      return InvalidArgument("namespace {}: empty level", JoinNamespace(ns));
    }
  }
  return Ok();
}

Status ValidateIdentifier(const TableIdentifier& id) {
  if (id.name.empty()) return InvalidArgument("table name {}: empty name", id.ToString());
  return ValidateNamespace(id.ns);
}

}  // namespace floe::catalog
