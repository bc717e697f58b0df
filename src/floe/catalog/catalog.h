// A catalog (docs/design.md, catalog/): names → the current metadata file of each table, namespaces
// with properties, and the one atomic swap every commit ends with. SQL (SQLite), file-system and
// (later) REST catalogs implement it; the commit model is REST's (update/table_update.h).
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "floe/commit/metadata_builder.h"
#include "floe/commit/table_requirement.h"
#include "floe/commit/table_update.h"
#include "floe/io/file_io.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::catalog {

using Namespace = std::vector<std::string>;  // levels, outermost first

struct TableIdentifier {
  Namespace ns;
  std::string name;
  std::string ToString() const;  // "a.b.t"
  bool operator==(const TableIdentifier&) const = default;
};

struct LoadedTable {
  TableIdentifier id;
  std::string metadata_location;
  spec::TableMetadata metadata;
};

// A table's name and its current metadata file, without reading that file.
struct TableLocation {
  TableIdentifier id;
  std::string metadata_location;
};

struct CreateTableOptions {
  commit::NewTableRequest table;  // table.location empty: <warehouse>/<ns levels>/<name>
};

class Catalog {
 public:
  virtual ~Catalog() = default;
  virtual const std::string& name() const = 0;
  // The FileIO tables of this catalog are read and written through.
  virtual io::FileIO& io() = 0;

  virtual Result<std::vector<Namespace>> ListNamespaces(const Namespace& parent) = 0;
  virtual Status CreateNamespace(const Namespace& ns,
                                 const std::map<std::string, std::string>& properties) = 0;
  virtual Result<std::map<std::string, std::string>> LoadNamespaceProperties(
      const Namespace& ns) = 0;
  virtual Status UpdateNamespaceProperties(const Namespace& ns,
                                           const std::vector<std::string>& removals,
                                           const std::map<std::string, std::string>& updates) = 0;
  // Refuses (kInvalidArgument... as PyIceberg: NamespaceNotEmpty) while tables are in it.
  virtual Status DropNamespace(const Namespace& ns) = 0;

  virtual Result<std::vector<TableIdentifier>> ListTables(const Namespace& ns) = 0;
  virtual Result<LoadedTable> CreateTable(const TableIdentifier& id,
                                          const CreateTableOptions& options) = 0;
  virtual Result<LoadedTable> LoadTable(const TableIdentifier& id) = 0;
  // Checks `requirements` against the current metadata and applies `updates`
  // (commit::ApplyUpdates), writes the new metadata file and swaps the pointer atomically.
  // kCommitConflict when a requirement fails or the swap loses a race (retryable);
  // kCommitStateUnknown when the swap's outcome cannot be known.
  virtual Result<LoadedTable> CommitTable(const TableIdentifier& id,
                                          std::span<const commit::TableRequirement> requirements,
                                          std::span<const commit::TableUpdate> updates) = 0;
  // purge: also delete every file the table's metadata references (data, deletes, manifests,
  // manifest lists, metadata files, statistics).
  virtual Status DropTable(const TableIdentifier& id, bool purge) = 0;
  virtual Status RenameTable(const TableIdentifier& from, const TableIdentifier& to) = 0;
  // Points a new name at an existing metadata file (recovery; moving between catalogs).
  virtual Result<LoadedTable> RegisterTable(const TableIdentifier& id,
                                            const std::string& metadata_location) = 0;

  // The table whose current metadata file lies in `metadata_folder` (the folder holding the
  // metadata files, usually `<table location>/metadata`), or nullopt when no table's does.
  // Folders are compared as NormalizeLocation (catalog/location_match.h) gives them: a plain
  // path and its file: URI, relative and absolute, with or without a trailing '/' are one
  // folder. Lets a reader of a metadata file learn that a newer one is current (docs/cli.md).
  // This default walks every namespace and loads every table: fine for small catalogs.
  virtual Result<std::optional<TableLocation>> FindTableByMetadataFolder(
      std::string_view metadata_folder);
};

}  // namespace floe::catalog
