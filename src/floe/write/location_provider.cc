#include "floe/write/location_provider.h"

#include <fmt/format.h>

#include "floe/commit/table_properties.h"
#include "floe/util/murmur3.h"

namespace floe::write {

namespace {

constexpr int kHashBits = 20;

std::string WithoutTrailingSlashes(std::string s) {
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

// "<database>/<table>": the last two folders of the table's location.
std::string PathContext(const std::string& table_location) {
  std::string_view t = table_location;
  size_t slash = t.rfind('/');
  std::string_view table = slash == std::string_view::npos ? t : t.substr(slash + 1);
  std::string_view parent = slash == std::string_view::npos ? "" : t.substr(0, slash);
  size_t parent_slash = parent.rfind('/');
  std::string_view database =
      parent_slash == std::string_view::npos ? parent : parent.substr(parent_slash + 1);
  if (database.empty()) return std::string(table);
  return fmt::format("{}/{}", database, table);
}

}  // namespace

std::string ObjectStoreHashDirs(std::string_view name) {
  uint32_t hash = Murmur3X86_32(name);
  std::string bits;
  for (int i = kHashBits - 1; i >= 0; --i) bits.push_back((hash >> i) & 1 ? '1' : '0');
  return fmt::format("{}/{}/{}/{}", bits.substr(0, 4), bits.substr(4, 4), bits.substr(8, 4),
                     bits.substr(12));
}

Result<LocationProvider> LocationProvider::Make(
    const std::string& table_location, const std::map<std::string, std::string>& properties) {
  LocationProvider p;
  FLOE_ASSIGN_OR_RETURN(p.object_storage_, commit::kObjectStorageEnabled.Get(properties));
  FLOE_ASSIGN_OR_RETURN(p.partitioned_paths_,
                        commit::kObjectStoragePartitionedPaths.Get(properties));
  const std::string table = WithoutTrailingSlashes(table_location);
  std::string_view path = commit::kWriteDataPath.Get(properties);
  if (path.empty() && p.object_storage_) {
    path = commit::kObjectStoragePath.Get(properties);
    if (path.empty()) path = commit::kWriteFolderStoragePath.Get(properties);
  }
  p.data_location_ = path.empty() ? table + "/data" : WithoutTrailingSlashes(std::string(path));
  if (p.object_storage_ && !p.data_location_.starts_with(table)) {
    p.context_ = PathContext(table);
  }
  return p;
}

std::string LocationProvider::NewDataLocation(std::string_view partition_path,
                                              std::string_view file_name) const {
  std::string relative = partition_path.empty() || (object_storage_ && !partitioned_paths_)
                             ? std::string(file_name)
                             : fmt::format("{}/{}", partition_path, file_name);
  if (!object_storage_) return fmt::format("{}/{}", data_location_, relative);
  std::string hash = ObjectStoreHashDirs(relative);
  if (context_) return fmt::format("{}/{}/{}/{}", data_location_, hash, *context_, relative);
  if (partitioned_paths_) return fmt::format("{}/{}/{}", data_location_, hash, relative);
  return fmt::format("{}/{}-{}", data_location_, hash, relative);
}

}  // namespace floe::write
