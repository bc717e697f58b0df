// The SQL catalog on SQLite (docs/design.md: the embedded default), sharing its database layout
// with Iceberg's JDBC catalog and PyIceberg's SqlCatalog so one database serves all three:
//   iceberg_tables(catalog_name, table_namespace, table_name, metadata_location,
//                  previous_metadata_location, iceberg_type)
//   iceberg_namespace_properties(catalog_name, namespace, property_key, property_value)
// Namespaces are stored dot-joined; one exists when it has a property row (both tools write
// `exists=true`) or holds tables. Databases without `iceberg_type` (PyIceberg, Java's V0 schema)
// are read and written as they are; a NULL type is a table.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "floe/catalog/catalog.h"
#include "floe/catalog/sql/sqlite_database.h"

namespace floe::catalog::sql {

struct SqlCatalogOptions {
  std::string name;                // the catalog_name column: the catalog's name in floe.yaml
  std::string database_path;       // SQLite file, created when absent
  std::string warehouse;           // new tables go under it
  std::shared_ptr<io::FileIO> io;  // default: the local file system
  int busy_timeout_ms = 30000;
  // Tests: SqliteDatabase::SetFaultHook for the catalog's connection (a full disk, say).
  std::function<int(std::string_view sql)> fault_hook;
};

class SqlCatalog : public Catalog {
 public:
  // Opens the database and creates the two tables when they are missing. A database that
  // cannot be written (a read-only mount, file permissions) is opened read-only, and where the
  // WAL's files cannot be created either, as immutable: reads work, and every write (the
  // catalog's, and files through io()) fails with "the catalog … is read-only".
  static Result<std::unique_ptr<SqlCatalog>> Open(SqlCatalogOptions options);

  const std::string& name() const override { return options_.name; }
  io::FileIO& io() override { return *options_.io; }
  const std::string& warehouse() const { return options_.warehouse; }

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
  // Writes `<location>/metadata/00000-<uuid>.metadata.json` and INSERTs the table's row.
  Result<LoadedTable> CreateStagedTable(const TableIdentifier& id,
                                        const spec::TableMetadata& staged,
                                        std::span<const commit::TableRequirement> requirements,
                                        std::span<const commit::TableUpdate> updates) override;
  Result<LoadedTable> CommitTable(const TableIdentifier& id,
                                  std::span<const commit::TableRequirement> requirements,
                                  std::span<const commit::TableUpdate> updates) override;
  std::optional<std::string> TakeUnrecordedMetadataFile(const TableIdentifier& id) override;
  using Catalog::DropTable;
  Result<DropTableResult> DropTable(const TableIdentifier& id,
                                    const DropTableOptions& options) override;
  Status RenameTable(const TableIdentifier& from, const TableIdentifier& to) override;
  Result<LoadedTable> RegisterTable(const TableIdentifier& id,
                                    const std::string& metadata_location) override;
  // One query over the catalog's rows, folders compared in C++ (the stored text may be a
  // file: URI or a plain path).
  Result<std::optional<TableLocation>> FindTableByMetadataFolder(
      std::string_view metadata_folder) override;

  // Whether the database has the `iceberg_type` column (false for the older layout).
  bool has_iceberg_type() const { return has_iceberg_type_; }
  // Whether the catalog was opened read-only (Open).
  bool read_only() const { return read_only_; }

 private:
  SqlCatalog(SqlCatalogOptions options, std::unique_ptr<SqliteDatabase> db)
      : options_(std::move(options)), db_(std::move(db)) {}
  Status Initialize();
  // Reopens the database read-only (immutable when `immutable`) and marks the catalog so.
  Status ReopenReadOnly(bool immutable);
  // kIo "the catalog … is read-only" when it is; Ok otherwise.
  Status CheckWritable() const;
  Result<bool> NamespaceExists(const Namespace& ns);
  Status RequireNamespace(const Namespace& ns);
  // The table's metadata_location, or nullopt when there is no such table.
  Result<std::optional<std::string>> FindTable(const TableIdentifier& id);
  Status InsertTable(const TableIdentifier& id, const std::string& metadata_location);
  // " AND (iceberg_type = 'TABLE' OR iceberg_type IS NULL)" when the column exists.
  std::string TableTypeFilter() const;

  SqlCatalogOptions options_;
  std::unique_ptr<SqliteDatabase> db_;
  bool has_iceberg_type_ = true;
  bool read_only_ = false;
  // A failed CommitTable's metadata file, by table (TakeUnrecordedMetadataFile).
  std::mutex unrecorded_mutex_;
  std::map<std::string, std::string> unrecorded_metadata_files_;
  void SetUnrecordedMetadataFile(const TableIdentifier& id, std::optional<std::string> file);
};

}  // namespace floe::catalog::sql
