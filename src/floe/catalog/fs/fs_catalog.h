// The file-system (Hadoop-style) catalog: the warehouse folder is the catalog. Namespaces are
// folders, a table is a folder `<warehouse>/<ns levels>/<table>` holding
// `metadata/v<N>[.gz].metadata.json`; the highest published version is current.
//
// A commit publishes v<N+1> atomically: written under a temporary name, fsynced, then linked
// into place only if that name is still free (io/local_file_io.cc), so two writers racing for
// the same version see exactly one win and no reader sees half a file. `version-hint.text` is
// rewritten afterwards as a shortcut; readers probe past a stale hint.
//
// As in Java's HadoopCatalog: no namespace properties, no rename (a table's location is its
// name), no custom locations. Local file systems only (it needs folders and link()). A warehouse
// folder that cannot be written (a read-only mount, permissions) still reads; writes fail with
// "the catalog … is read-only".
#pragma once

#include <memory>
#include <string>

#include "floe/catalog/catalog.h"

namespace floe::catalog::fs {

struct FsCatalogOptions {
  std::string name;
  std::string warehouse;           // a local folder (plain path or file: URI)
  std::shared_ptr<io::FileIO> io;  // default: the local file system
};

class FsCatalog : public Catalog {
 public:
  static Result<std::unique_ptr<FsCatalog>> Open(FsCatalogOptions options);

  const std::string& name() const override { return options_.name; }
  io::FileIO& io() override { return *options_.io; }

  Result<std::vector<Namespace>> ListNamespaces(const Namespace& parent) override;
  Status CreateNamespace(const Namespace& ns,
                         const std::map<std::string, std::string>& properties) override;
  Result<std::map<std::string, std::string>> LoadNamespaceProperties(const Namespace& ns) override;
  Status UpdateNamespaceProperties(const Namespace& ns, const std::vector<std::string>& removals,
                                   const std::map<std::string, std::string>& updates) override;
  Status DropNamespace(const Namespace& ns) override;

  Result<std::vector<TableIdentifier>> ListTables(const Namespace& ns) override;
  Result<LoadedTable> CreateTable(const TableIdentifier& id,
                                  const CreateTableOptions& options) override;
  Result<LoadedTable> LoadTable(const TableIdentifier& id) override;
  Result<spec::TableMetadata> StageCreateTable(const TableIdentifier& id,
                                               const CreateTableOptions& options) override;
  // Publishes `metadata/v1.metadata.json` with an exclusive create.
  Result<LoadedTable> CreateStagedTable(const TableIdentifier& id,
                                        const spec::TableMetadata& staged,
                                        std::span<const commit::TableRequirement> requirements,
                                        std::span<const commit::TableUpdate> updates) override;
  // Removes the table's folders that hold no file (writers made them; an empty one would list as
  // a namespace) unless the folder is a table's.
  Status DiscardStagedTable(const TableIdentifier& id, const spec::TableMetadata& staged) override;
  Result<LoadedTable> CommitTable(const TableIdentifier& id,
                                  std::span<const commit::TableRequirement> requirements,
                                  std::span<const commit::TableUpdate> updates) override;
  using Catalog::DropTable;
  Result<DropTableResult> DropTable(const TableIdentifier& id,
                                    const DropTableOptions& options) override;
  Status RenameTable(const TableIdentifier& from, const TableIdentifier& to) override;
  Result<LoadedTable> RegisterTable(const TableIdentifier& id,
                                    const std::string& metadata_location) override;
  // The folder names the table: `<warehouse>/<ns levels>/<table>/metadata`; no walk.
  Result<std::optional<TableLocation>> FindTableByMetadataFolder(
      std::string_view metadata_folder) override;

 private:
  explicit FsCatalog(FsCatalogOptions options, std::string root)
      : options_(std::move(options)), root_(std::move(root)) {}
  std::string NamespacePath(const Namespace& ns) const;
  std::string TablePath(const TableIdentifier& id) const;
  Status RequireNamespace(const Namespace& ns);
  // kIo "the catalog … is read-only" when the warehouse folder cannot be written.
  Status CheckWritable() const;
  // The current metadata file and its version, or kNotFound.
  Result<std::pair<std::string, int64_t>> CurrentVersion(const TableIdentifier& id);
  // Publishes `metadata` as version `version`; kAlreadyExists when that version exists.
  Result<std::string> PublishVersion(const TableIdentifier& id, const spec::TableMetadata& metadata,
                                     int64_t version);

  FsCatalogOptions options_;
  std::string root_;        // the warehouse as a file-system path, no trailing '/'
  bool read_only_ = false;  // a read-only mount or folder: reads work, writes are refused
};

// Whether `folder` is a table folder: it has `metadata/` with a `*.metadata.json` in it.
bool IsTableFolder(const std::string& folder);

}  // namespace floe::catalog::fs
