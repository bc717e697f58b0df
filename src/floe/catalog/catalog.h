// A catalog (docs/design.md, catalog/): names → the current metadata file of each table, namespaces
// with properties, and the one atomic swap every commit ends with. SQL (SQLite), file-system and
// (later) REST catalogs implement it; the commit model is REST's (commit/table_update.h).
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "floe/catalog/table_purge.h"
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

struct DropTableOptions {
  bool purge = false;  // also delete the table's files (catalog/table_purge.h)
  // purge: also the files its metadata names outside the table's location
  bool include_outside_location = false;
  bool dry_run = false;  // only say what would happen: nothing dropped or deleted
};

struct DropTableResult {
  std::optional<PurgePlan> purge;  // with DropTableOptions::purge: what was (or would be) deleted
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

  // A staged create (REST's `stage-create`, Java's create transaction): the first metadata
  // CreateTable would make (location, fresh ids, table-uuid), checked as CreateTable checks (the
  // namespace exists: kNotFound; the name is free: kAlreadyExists), but neither written nor
  // registered: nobody sees the table until CreateStagedTable. Writers may put files under its
  // location meanwhile (catalog/staged_table_operations.h commits through it).
  virtual Result<spec::TableMetadata> StageCreateTable(const TableIdentifier& id,
                                                       const CreateTableOptions& options) = 0;
  // Creates table `id` in ONE atomic catalog operation from `staged` (StageCreateTable's) with
  // `updates` applied (the first snapshot, say): the table's first metadata file holds them, is
  // written once and is registered only if the name is still free, so the table appears with
  // its contents and its metadata-log is empty. `requirements` are checked against `staged`; an
  // AssertCreate among them is the create itself. Errors: kAlreadyExists when the name was taken
  // meanwhile (REST answers 409 to the assert-create; a REST client maps it back to this), and
  // the metadata file written is deleted; kCommitConflict when a requirement fails or the catalog
  // was busy (retryable); kCommitStateUnknown as CommitTable.
  virtual Result<LoadedTable> CreateStagedTable(
      const TableIdentifier& id, const spec::TableMetadata& staged,
      std::span<const commit::TableRequirement> requirements,
      std::span<const commit::TableUpdate> updates) = 0;
  // Gives up a staged create that was not committed: removes what staging left in the catalog's
  // own places (the file-system catalog: the table's folders when they hold no file, so they do
  // not read as a namespace). Never touches a table that exists. Default: nothing to remove.
  virtual Status DiscardStagedTable(const TableIdentifier& id, const spec::TableMetadata& staged);

  // Checks `requirements` against the current metadata and applies `updates`
  // (commit::ApplyUpdates), writes the new metadata file and swaps the pointer atomically.
  // kCommitConflict when a requirement fails or the swap loses a race (retryable);
  // kCommitStateUnknown when the swap's outcome cannot be known.
  virtual Result<LoadedTable> CommitTable(const TableIdentifier& id,
                                          std::span<const commit::TableRequirement> requirements,
                                          std::span<const commit::TableUpdate> updates) = 0;
  // After CommitTable(id, ...) failed: the metadata file it wrote and left for the caller to
  // clean up (commit::TableOperations::TakeUnrecordedMetadataFile), then forgotten. Kept per
  // table, so concurrent commits to other tables do not mix them up. Default: none.
  virtual std::optional<std::string> TakeUnrecordedMetadataFile(const TableIdentifier&) {
    return std::nullopt;
  }
  // Removes the table's name. With options.purge also deletes the files its metadata references
  // (data, deletes, manifests, manifest lists, metadata files, statistics) that lie under the
  // table's location, and those elsewhere only with include_outside_location; the result lists
  // both. With dry_run: the table must exist, and nothing changes.
  virtual Result<DropTableResult> DropTable(const TableIdentifier& id,
                                            const DropTableOptions& options) = 0;
  // The same with only `purge` set (files outside the table's location kept).
  Status DropTable(const TableIdentifier& id, bool purge);
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

// The NotFound error for a table `catalog` does not have, with what the user most likely meant:
// "table shop.ordrs does not exist in catalog default; did you mean shop.orders?", or, when its
// namespace is missing, that (with close namespace names).
Error NoSuchTable(Catalog& catalog, const TableIdentifier& id);

}  // namespace floe::catalog
