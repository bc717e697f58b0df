#include "floe/catalog/fs/fs_catalog.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "floe/catalog/catalog_names.h"
#include "floe/catalog/location_match.h"
#include "floe/catalog/staged_table_operations.h"
#include "floe/catalog/table_purge.h"
#include "floe/commit/metadata_builder.h"
#include "floe/commit/metadata_file.h"
#include "floe/commit/metadata_location.h"
#include "floe/commit/table_requirement.h"
#include "floe/io/location.h"
#include "floe/io/read_only_file_io.h"
#include "floe/util/clock.h"

namespace floe::catalog::fs {

namespace stdfs = std::filesystem;

namespace {

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool IsFolder(const std::string& path) {
  std::error_code ec;
  return stdfs::is_directory(path, ec);
}

// Sub-folders of `path`, sorted, hidden ones skipped.
std::vector<std::string> SubFolders(const std::string& path) {
  std::vector<std::string> out;
  std::error_code ec;
  for (auto it = stdfs::directory_iterator(path, ec); !ec && it != stdfs::directory_iterator();
       it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.' || !it->is_directory(ec)) continue;
    out.push_back(name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string VersionFileName(int64_t version, commit::MetadataCodec codec) {
  return fmt::format("v{}{}", version, commit::MetadataFileSuffix(codec));
}

}  // namespace

bool IsTableFolder(const std::string& folder) {
  std::error_code ec;
  std::string metadata = folder + "/metadata";
  if (!stdfs::is_directory(metadata, ec)) return false;
  for (auto it = stdfs::directory_iterator(metadata, ec); !ec && it != stdfs::directory_iterator();
       it.increment(ec)) {
    if (EndsWith(it->path().filename().string(), ".metadata.json")) return true;
  }
  return false;
}

Result<std::unique_ptr<FsCatalog>> FsCatalog::Open(FsCatalogOptions options) {
  if (!options.io) options.io = io::LocalFileIO();
  FLOE_ASSIGN_OR_RETURN(io::Location location, io::Location::Parse(options.warehouse));
  if (!location.IsLocal()) {
    return NotSupported("catalog {}: a file-system catalog needs a local warehouse folder, not {}",
                        options.name, options.warehouse);
  }
  std::string root = location.FilePath();
  while (root.size() > 1 && root.back() == '/') root.pop_back();
  std::error_code ec;
  stdfs::create_directories(root, ec);
  if (ec) return IoError("{}: cannot create the warehouse folder: {}", root, ec.message());
  bool read_only = access(root.c_str(), W_OK) != 0;
  if (read_only) {
    options.io = io::ReadOnlyFileIO(
        options.io, fmt::format("the catalog {} is read-only (its warehouse folder {} cannot be "
                                "written: a read-only mount or file permissions)",
                                options.name, root));
  }
  std::unique_ptr<FsCatalog> catalog(new FsCatalog(std::move(options), std::move(root)));
  catalog->read_only_ = read_only;
  return catalog;
}

Status FsCatalog::CheckWritable() const {
  if (!read_only_) return Ok();
  return IoError(
      "the catalog {} is read-only: its warehouse folder {} cannot be written (a read-only "
      "mount or file permissions); only reads work",
      options_.name, root_);
}

std::string FsCatalog::NamespacePath(const Namespace& ns) const {
  std::string out = root_;
  for (const auto& level : ns) out += "/" + level;
  return out;
}

std::string FsCatalog::TablePath(const TableIdentifier& id) const {
  return NamespacePath(id.ns) + "/" + id.name;
}

Status FsCatalog::RequireNamespace(const Namespace& ns) {
  FLOE_RETURN_IF_ERROR(ValidateNamespace(ns));
  std::string path = NamespacePath(ns);
  if (!IsFolder(path) || IsTableFolder(path)) {
    return NotFound(
        "namespace {} does not exist in catalog {} (no folder {}); create it with "
        "`floe create namespace {}`",
        JoinNamespace(ns), options_.name, path, JoinNamespace(ns));
  }
  return Ok();
}

Result<std::vector<Namespace>> FsCatalog::ListNamespaces(const Namespace& parent) {
  if (!parent.empty()) FLOE_RETURN_IF_ERROR(RequireNamespace(parent));
  std::string path = NamespacePath(parent);
  std::vector<Namespace> out;
  for (const auto& name : SubFolders(path)) {
    if (IsTableFolder(path + "/" + name)) continue;
    Namespace child = parent;
    child.push_back(name);
    out.push_back(std::move(child));
  }
  return out;
}

Status FsCatalog::CreateNamespace(const Namespace& ns,
                                  const std::map<std::string, std::string>& properties) {
  FLOE_RETURN_IF_ERROR(CheckWritable());
  FLOE_RETURN_IF_ERROR(ValidateNamespace(ns));
  if (!properties.empty()) {
    return NotSupported(
        "catalog {}: a file-system catalog cannot store namespace properties; "
        "create the namespace without them or use a SQL catalog",
        options_.name);
  }
  FLOE_ASSIGN_OR_RETURN(std::string path,
                        RequireUnderWarehouse(root_, NamespacePath(ns),
                                              fmt::format("namespace {}", JoinNamespace(ns))));
  if (IsFolder(path)) return AlreadyExists("namespace {} already exists", JoinNamespace(ns));
  std::error_code ec;
  stdfs::create_directories(path, ec);
  if (ec) return IoError("{}: cannot create folder: {}", path, ec.message());
  return Ok();
}

Result<std::map<std::string, std::string>> FsCatalog::LoadNamespaceProperties(const Namespace& ns) {
  FLOE_RETURN_IF_ERROR(RequireNamespace(ns));
  // As Java's HadoopCatalog: the folder is the only thing a namespace has.
  return std::map<std::string, std::string>{{"location", NamespacePath(ns)}};
}

Status FsCatalog::UpdateNamespaceProperties(const Namespace& ns, const std::vector<std::string>&,
                                            const std::map<std::string, std::string>&) {
  FLOE_RETURN_IF_ERROR(RequireNamespace(ns));
  return NotSupported(
      "catalog {}: a file-system catalog cannot store namespace properties; use "
      "a SQL catalog for them",
      options_.name);
}

Status FsCatalog::DropNamespace(const Namespace& ns) {
  FLOE_RETURN_IF_ERROR(RequireNamespace(ns));
  std::string path = NamespacePath(ns);
  std::error_code ec;
  if (!stdfs::is_empty(path, ec)) {
    return InvalidArgument(
        "namespace {} is not empty: folder {} holds tables, namespaces or "
        "files; drop them first",
        JoinNamespace(ns), path);
  }
  stdfs::remove(path, ec);
  if (ec) return IoError("{}: cannot remove folder: {}", path, ec.message());
  return Ok();
}

Result<std::vector<TableIdentifier>> FsCatalog::ListTables(const Namespace& ns) {
  FLOE_RETURN_IF_ERROR(RequireNamespace(ns));
  std::string path = NamespacePath(ns);
  std::vector<TableIdentifier> out;
  for (const auto& name : SubFolders(path)) {
    if (IsTableFolder(path + "/" + name)) out.push_back(TableIdentifier{ns, name});
  }
  return out;
}

Result<std::pair<std::string, int64_t>> FsCatalog::CurrentVersion(const TableIdentifier& id) {
  FLOE_RETURN_IF_ERROR(ValidateIdentifier(id));
  std::string folder = TablePath(id);
  if (!IsTableFolder(folder)) return NotFound("table {} does not exist", id.ToString());
  FLOE_ASSIGN_OR_RETURN(std::string current, commit::FindCurrentMetadataFile(*options_.io, folder));
  std::string name = stdfs::path(current).filename().string();
  std::optional<int64_t> version = commit::MetadataFileVersion(name);
  if (!version) {
    return Corrupt("table {}: current metadata file {} has no version number", id.ToString(),
                   current);
  }
  // The hint is written after a version is published, so it may lag: look past it.
  while (true) {
    bool found = false;
    for (auto codec : {commit::MetadataCodec::kNone, commit::MetadataCodec::kGzip}) {
      std::string next = folder + "/metadata/" + VersionFileName(*version + 1, codec);
      FLOE_ASSIGN_OR_RETURN(bool exists, options_.io->Exists(next));
      if (exists) {
        current = next;
        ++*version;
        found = true;
        break;
      }
    }
    if (!found) break;
  }
  return std::make_pair(current, *version);
}

Result<std::string> FsCatalog::PublishVersion(const TableIdentifier& id,
                                              const spec::TableMetadata& metadata,
                                              int64_t version) {
  FLOE_ASSIGN_OR_RETURN(commit::MetadataCodec codec, commit::MetadataCodecOf(metadata));
  std::string folder = TablePath(id) + "/metadata";
  // Both spellings of version N count as taken: readers accept either.
  std::string other = folder + "/" +
                      VersionFileName(version, codec == commit::MetadataCodec::kNone
                                                   ? commit::MetadataCodec::kGzip
                                                   : commit::MetadataCodec::kNone);
  FLOE_ASSIGN_OR_RETURN(bool other_exists, options_.io->Exists(other));
  if (other_exists) return AlreadyExists("{}: version {} already exists", other, version);
  std::string location = folder + "/" + VersionFileName(version, codec);
  // Exclusive create: the file appears whole, and only if nobody published this version first.
  FLOE_RETURN_IF_ERROR(commit::WriteMetadataFile(*options_.io, location, metadata));
  // Only a shortcut for readers: losing it costs a probe, never correctness.
  (void)io::WriteFile(*options_.io, folder + "/version-hint.text", std::to_string(version),
                      /*overwrite=*/true);
  return location;
}

Result<LoadedTable> FsCatalog::LoadTable(const TableIdentifier& id) {
  auto found = CurrentVersion(id);
  if (!found.ok() && found.error().kind == ErrorKind::kNotFound && !IsTableFolder(TablePath(id))) {
    return NoSuchTable(*this, id);
  }
  FLOE_ASSIGN_OR_RETURN(auto current, std::move(found));
  FLOE_ASSIGN_OR_RETURN(auto metadata, commit::ReadMetadataFile(*options_.io, current.first));
  return LoadedTable{id, current.first, std::move(metadata)};
}

Result<LoadedTable> FsCatalog::CreateTable(const TableIdentifier& id,
                                           const CreateTableOptions& options) {
  FLOE_ASSIGN_OR_RETURN(spec::TableMetadata staged, StageCreateTable(id, options));
  return CreateStagedTable(id, staged, {}, {});
}

Result<spec::TableMetadata> FsCatalog::StageCreateTable(const TableIdentifier& id,
                                                        const CreateTableOptions& options) {
  FLOE_RETURN_IF_ERROR(CheckWritable());
  FLOE_RETURN_IF_ERROR(ValidateIdentifier(id));
  FLOE_RETURN_IF_ERROR(RequireNamespace(id.ns));
  FLOE_ASSIGN_OR_RETURN(
      std::string folder,
      RequireUnderWarehouse(root_, TablePath(id), fmt::format("table {}", id.ToString())));
  if (IsTableFolder(folder)) return AlreadyExists("table {} already exists", id.ToString());
  commit::NewTableRequest request = options.table;
  if (!request.location.empty() && request.location != folder) {
    return InvalidArgument(
        "table {}: a file-system catalog keeps each table in its folder {}; "
        "a custom location ({}) is not possible",
        id.ToString(), folder, request.location);
  }
  request.location = folder;
  return commit::NewTableMetadata(request, NowMillis());
}

Result<LoadedTable> FsCatalog::CreateStagedTable(
    const TableIdentifier& id, const spec::TableMetadata& staged,
    std::span<const commit::TableRequirement> requirements,
    std::span<const commit::TableUpdate> updates) {
  FLOE_RETURN_IF_ERROR(CheckWritable());
  FLOE_RETURN_IF_ERROR(ValidateIdentifier(id));
  FLOE_RETURN_IF_ERROR(RequireNamespace(id.ns));
  std::string folder = TablePath(id);
  FLOE_ASSIGN_OR_RETURN(auto metadata, StagedTableMetadata(staged, requirements, updates));
  if (metadata.location != folder) {
    return InvalidArgument(
        "table {}: a file-system catalog keeps each table in its folder {}, not {}", id.ToString(),
        folder, metadata.location);
  }
  if (IsTableFolder(folder)) return AlreadyExists("table {} already exists", id.ToString());
  // Exclusive create of v1: of two creates racing for the name, exactly one publishes it.
  auto published = PublishVersion(id, metadata, 1);
  if (!published.ok()) {
    if (published.error().kind == ErrorKind::kAlreadyExists) {
      return AlreadyExists("table {} already exists", id.ToString());
    }
    return std::move(published).error();
  }
  return LoadedTable{id, *published, std::move(metadata)};
}

Status FsCatalog::DiscardStagedTable(const TableIdentifier& id, const spec::TableMetadata&) {
  FLOE_RETURN_IF_ERROR(ValidateIdentifier(id));
  std::string folder = TablePath(id);
  if (IsTableFolder(folder)) return Ok();  // another create took the name: its table now
  // Deepest first; remove() leaves any folder that still holds something.
  std::vector<std::string> folders;
  std::error_code ec;
  for (auto it = stdfs::recursive_directory_iterator(folder, ec);
       !ec && it != stdfs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->symlink_status(ec).type() == stdfs::file_type::directory) {
      folders.push_back(it->path().string());
    }
  }
  std::sort(folders.begin(), folders.end(),
            [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  folders.push_back(folder);
  for (const std::string& f : folders) stdfs::remove(f, ec);
  return Ok();
}

Result<LoadedTable> FsCatalog::CommitTable(const TableIdentifier& id,
                                           std::span<const commit::TableRequirement> requirements,
                                           std::span<const commit::TableUpdate> updates) {
  FLOE_RETURN_IF_ERROR(CheckWritable());
  FLOE_ASSIGN_OR_RETURN(auto current, CurrentVersion(id));
  FLOE_ASSIGN_OR_RETURN(auto base, commit::ReadMetadataFile(*options_.io, current.first));
  for (const auto& requirement : requirements) {
    FLOE_RETURN_IF_ERROR(commit::CheckRequirement(requirement, &base));
  }
  FLOE_ASSIGN_OR_RETURN(auto metadata,
                        commit::ApplyUpdates(base, updates, NowMillis(), current.first));
  if (metadata.location != base.location) {
    return NotSupported("table {}: a file-system catalog cannot move a table's location",
                        id.ToString());
  }
  auto published = PublishVersion(id, metadata, current.second + 1);
  if (!published.ok()) {
    if (published.error().kind == ErrorKind::kAlreadyExists) {
      return CommitConflict("table {}: version {} was published by another commit first",
                            id.ToString(), current.second + 1);
    }
    return std::move(published).error();
  }
  commit::DeleteRemovedMetadataFiles(*options_.io, base, metadata);
  return LoadedTable{id, *published, std::move(metadata)};
}

Result<DropTableResult> FsCatalog::DropTable(const TableIdentifier& id,
                                             const DropTableOptions& options) {
  FLOE_ASSIGN_OR_RETURN(auto current, CurrentVersion(id));
  std::string folder = TablePath(id);
  DropTableResult result;
  if (options.purge) {
    FLOE_ASSIGN_OR_RETURN(auto metadata, commit::ReadMetadataFile(*options_.io, current.first));
    // The table's folder is its location here, whatever a hand-placed metadata file says.
    result.purge = PlanTablePurge(*options_.io, metadata, current.first, folder);
  }
  if (options.dry_run) return result;
  FLOE_RETURN_IF_ERROR(CheckWritable());
  if (result.purge) {
    Status purged = PurgeTableFiles(*options_.io, *result.purge, options.include_outside_location);
    std::error_code ec;
    stdfs::remove_all(folder, ec);
    FLOE_RETURN_IF_ERROR(purged);
    if (ec) return IoError("{}: cannot remove folder: {}", folder, ec.message());
    return result;
  }
  // Without purge the data stays; only the metadata folder (what makes it a table) goes.
  std::error_code ec;
  stdfs::remove_all(folder + "/metadata", ec);
  if (ec) return IoError("{}/metadata: cannot remove folder: {}", folder, ec.message());
  stdfs::remove(folder, ec);  // only when now empty
  return result;
}

Status FsCatalog::RenameTable(const TableIdentifier& from, const TableIdentifier&) {
  FLOE_RETURN_IF_ERROR(CurrentVersion(from));
  return NotSupported(
      "catalog {}: a file-system catalog cannot rename tables (a table's name is "
      "its folder, and its metadata holds that location); use a SQL catalog",
      options_.name);
}

Result<LoadedTable> FsCatalog::RegisterTable(const TableIdentifier& id, const std::string&) {
  FLOE_RETURN_IF_ERROR(ValidateIdentifier(id));
  return NotSupported(
      "catalog {}: a file-system catalog cannot register tables (its tables are "
      "the folders under the warehouse); use a SQL catalog",
      options_.name);
}

Result<std::optional<TableLocation>> FsCatalog::FindTableByMetadataFolder(
    std::string_view metadata_folder) {
  stdfs::path folder(NormalizeLocation(metadata_folder));
  if (folder.filename() != "metadata") return std::optional<TableLocation>();
  stdfs::path relative = folder.parent_path().lexically_relative(NormalizeLocation(root_));
  std::vector<std::string> parts;
  for (const auto& part : relative) parts.push_back(part.string());
  // At least a namespace level and a table name, all below the warehouse.
  if (parts.size() < 2) return std::optional<TableLocation>();
  for (const auto& part : parts) {
    if (part.empty() || part == "." || part == "..") return std::optional<TableLocation>();
  }
  TableIdentifier id;
  id.name = parts.back();
  id.ns.assign(parts.begin(), parts.end() - 1);
  auto current = CurrentVersion(id);
  if (!current.ok()) {
    if (current.error().kind == ErrorKind::kNotFound) return std::optional<TableLocation>();
    return std::move(current).error();
  }
  return std::optional<TableLocation>(TableLocation{std::move(id), current->first});
}

}  // namespace floe::catalog::fs
