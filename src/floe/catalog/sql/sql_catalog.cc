#include "floe/catalog/sql/sql_catalog.h"

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
#include "floe/io/read_only_file_io.h"
#include "floe/util/clock.h"

namespace floe::catalog::sql {

namespace {

// The DDL of Java's JdbcUtil (V1 schema) and PyIceberg's SqlCatalog: same names, types, keys.
constexpr std::string_view kCreateTables =
    "CREATE TABLE IF NOT EXISTS iceberg_tables ("
    "catalog_name VARCHAR(255) NOT NULL, "
    "table_namespace VARCHAR(255) NOT NULL, "
    "table_name VARCHAR(255) NOT NULL, "
    "metadata_location VARCHAR(1000), "
    "previous_metadata_location VARCHAR(1000), "
    "iceberg_type VARCHAR(5), "
    "PRIMARY KEY (catalog_name, table_namespace, table_name))";
constexpr std::string_view kCreateNamespaceProperties =
    "CREATE TABLE IF NOT EXISTS iceberg_namespace_properties ("
    "catalog_name VARCHAR(255) NOT NULL, "
    "namespace VARCHAR(255) NOT NULL, "
    "property_key VARCHAR(255), "
    "property_value VARCHAR(1000), "
    "PRIMARY KEY (catalog_name, namespace, property_key))";

// SQLite's primary result codes, without including sqlite3.h here (sqlite_database.h hides it).
constexpr int kSqliteCantOpen = 14;
constexpr int kSqliteReadOnly = 8;
constexpr int kSqliteFull = 13;

// LIKE pattern for the namespaces below `ns`: its text with LIKE's wildcards escaped, then ".%".
std::string ChildPattern(const std::string& ns_text) {
  std::string out;
  for (char c : ns_text) {
    if (c == '%' || c == '_' || c == '\\') out += '\\';
    out += c;
  }
  return out + ".%";
}

}  // namespace

Result<std::unique_ptr<SqlCatalog>> SqlCatalog::Open(SqlCatalogOptions options) {
  if (!options.io) options.io = io::LocalFileIO();
  auto db = SqliteDatabase::Open(options.database_path, options.busy_timeout_ms);
  if (!db.ok()) {
    // A file that exists but cannot be opened for writing (or have its journal created).
    std::error_code ec;
    if (!std::filesystem::exists(options.database_path, ec)) return std::move(db).error();
    db = SqliteDatabase::Open(options.database_path, options.busy_timeout_ms,
                              SqliteOpenMode::kReadOnly);
    if (!db.ok()) return std::move(db).error();
  }
  if (options.fault_hook) (*db)->SetFaultHook(options.fault_hook);
  std::unique_ptr<SqlCatalog> catalog(new SqlCatalog(std::move(options), std::move(*db)));
  FLOE_RETURN_IF_ERROR(catalog->Initialize());
  return catalog;
}

Status SqlCatalog::ReopenReadOnly(bool immutable) {
  FLOE_ASSIGN_OR_RETURN(db_, SqliteDatabase::Open(options_.database_path, options_.busy_timeout_ms,
                                                  immutable ? SqliteOpenMode::kImmutable
                                                            : SqliteOpenMode::kReadOnly));
  if (options_.fault_hook) db_->SetFaultHook(options_.fault_hook);
  if (!read_only_) {
    read_only_ = true;
    // Tables are written through io(): refuse there too, before any data file is written.
    options_.io = io::ReadOnlyFileIO(
        options_.io, fmt::format("the catalog {} is read-only (its database {} cannot be "
                                 "written: a read-only mount or file permissions)",
                                 options_.name, options_.database_path));
  }
  return Ok();
}

Status SqlCatalog::CheckWritable() const {
  if (!read_only_) return Ok();
  return IoError(
      "the catalog {} is read-only: its database {} cannot be written (a read-only mount or "
      "file permissions); only reads work",
      options_.name, options_.database_path);
}

Status SqlCatalog::Initialize() {
  if (db_->read_only()) FLOE_RETURN_IF_ERROR(ReopenReadOnly(/*immutable=*/false));
  // The first read: where the WAL's -shm file cannot be created (a read-only folder), only an
  // immutable connection can read.
  auto tables = db_->Query(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN "
      "('iceberg_tables', 'iceberg_namespace_properties')",
      {});
  if (!tables.ok()) {
    int code = db_->last_error_code() & 0xff;
    if (code != kSqliteCantOpen && code != kSqliteReadOnly) {
      return std::move(tables).error();
    }
    FLOE_RETURN_IF_ERROR(ReopenReadOnly(/*immutable=*/true));
    tables = db_->Query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN "
        "('iceberg_tables', 'iceberg_namespace_properties')",
        {});
    if (!tables.ok()) return std::move(tables).error();
  }
  if (tables->size() < 2) {
    if (read_only_) {
      return IoError(
          "the catalog {} is read-only and its database {} lacks the catalog tables "
          "(iceberg_tables, iceberg_namespace_properties)",
          options_.name, options_.database_path);
    }
    Status created = db_->Exec(kCreateTables);
    if (created.ok()) created = db_->Exec(kCreateNamespaceProperties);
    FLOE_RETURN_IF_ERROR(created);
  }
  // An existing table keeps its layout (CREATE IF NOT EXISTS left it alone): look for the column.
  FLOE_ASSIGN_OR_RETURN(auto columns, db_->Query("PRAGMA table_info(iceberg_tables)", {}));
  has_iceberg_type_ = false;
  for (const auto& row : columns) {
    if (row.size() > 1 && row[1] && *row[1] == "iceberg_type") has_iceberg_type_ = true;
  }
  return Ok();
}

std::string SqlCatalog::TableTypeFilter() const {
  return has_iceberg_type_ ? " AND (iceberg_type = 'TABLE' OR iceberg_type IS NULL)" : "";
}

Result<bool> SqlCatalog::NamespaceExists(const Namespace& ns) {
  std::string text = JoinNamespace(ns);
  std::string pattern = ChildPattern(text);
  // As both tools do: a namespace exists through its properties, its tables, or a child's.
  FLOE_ASSIGN_OR_RETURN(
      auto rows,
      db_->Query("SELECT 1 FROM iceberg_namespace_properties WHERE catalog_name = ?1 AND "
                 "(namespace = ?2 OR namespace LIKE ?3 ESCAPE '\\') "
                 "UNION ALL SELECT 1 FROM iceberg_tables WHERE catalog_name = ?1 AND "
                 "(table_namespace = ?2 OR table_namespace LIKE ?3 ESCAPE '\\') LIMIT 1",
                 {options_.name, text, pattern}));
  return !rows.empty();
}

Status SqlCatalog::RequireNamespace(const Namespace& ns) {
  FLOE_RETURN_IF_ERROR(ValidateNamespace(ns));
  FLOE_ASSIGN_OR_RETURN(bool exists, NamespaceExists(ns));
  if (!exists) {
    return NotFound(
        "namespace {} does not exist in catalog {}; create it with `floe create "
        "namespace {}`",
        JoinNamespace(ns), options_.name, JoinNamespace(ns));
  }
  return Ok();
}

Result<std::vector<Namespace>> SqlCatalog::ListNamespaces(const Namespace& parent) {
  if (!parent.empty()) FLOE_RETURN_IF_ERROR(RequireNamespace(parent));
  FLOE_ASSIGN_OR_RETURN(
      auto rows,
      db_->Query("SELECT namespace FROM iceberg_namespace_properties WHERE catalog_name = ?1 "
                 "UNION SELECT table_namespace FROM iceberg_tables WHERE catalog_name = ?1",
                 {options_.name}));
  std::set<Namespace> children;
  for (const auto& row : rows) {
    if (!row[0]) continue;
    Namespace ns = SplitNamespace(*row[0]);
    if (ns.size() <= parent.size() || !std::equal(parent.begin(), parent.end(), ns.begin())) {
      continue;
    }
    ns.resize(parent.size() + 1);  // a deeper namespace makes its ancestor at this level exist
    children.insert(std::move(ns));
  }
  return std::vector<Namespace>(children.begin(), children.end());
}

Status SqlCatalog::CreateNamespace(const Namespace& ns,
                                   const std::map<std::string, std::string>& properties) {
  FLOE_RETURN_IF_ERROR(CheckWritable());
  FLOE_RETURN_IF_ERROR(ValidateNamespace(ns));
  FLOE_ASSIGN_OR_RETURN(bool exists, NamespaceExists(ns));
  if (exists) return AlreadyExists("namespace {} already exists", JoinNamespace(ns));
  std::map<std::string, std::string> rows = properties;
  rows["exists"] = "true";
  FLOE_RETURN_IF_ERROR(db_->Exec("BEGIN IMMEDIATE"));
  for (const auto& [key, value] : rows) {
    auto inserted = db_->Execute(
        "INSERT INTO iceberg_namespace_properties (catalog_name, namespace, property_key, "
        "property_value) VALUES (?, ?, ?, ?)",
        {options_.name, JoinNamespace(ns), key, value});
    if (!inserted.ok()) {
      (void)db_->Exec("ROLLBACK");
      if (inserted.error().kind == ErrorKind::kAlreadyExists) {
        return AlreadyExists("namespace {} already exists", JoinNamespace(ns));
      }
      return std::move(inserted).error();
    }
  }
  return db_->Exec("COMMIT");
}

Result<std::map<std::string, std::string>> SqlCatalog::LoadNamespaceProperties(
    const Namespace& ns) {
  FLOE_RETURN_IF_ERROR(RequireNamespace(ns));
  FLOE_ASSIGN_OR_RETURN(
      auto rows, db_->Query("SELECT property_key, property_value FROM iceberg_namespace_properties "
                            "WHERE catalog_name = ? AND namespace = ?",
                            {options_.name, JoinNamespace(ns)}));
  std::map<std::string, std::string> out;
  for (const auto& row : rows) {
    if (row[0]) out[*row[0]] = row[1].value_or("");
  }
  return out;
}

Status SqlCatalog::UpdateNamespaceProperties(const Namespace& ns,
                                             const std::vector<std::string>& removals,
                                             const std::map<std::string, std::string>& updates) {
  FLOE_RETURN_IF_ERROR(CheckWritable());
  FLOE_RETURN_IF_ERROR(RequireNamespace(ns));
  for (const auto& key : removals) {
    if (updates.count(key)) {
      return InvalidArgument("namespace property {} is both set and removed", key);
    }
  }
  std::string text = JoinNamespace(ns);
  FLOE_RETURN_IF_ERROR(db_->Exec("BEGIN IMMEDIATE"));
  auto run = [&]() -> Status {
    for (const auto& key : removals) {
      FLOE_RETURN_IF_ERROR(db_->Execute(
          "DELETE FROM iceberg_namespace_properties WHERE catalog_name = ? AND namespace = ? "
          "AND property_key = ?",
          {options_.name, text, key}));
    }
    for (const auto& [key, value] : updates) {
      FLOE_RETURN_IF_ERROR(db_->Execute(
          "INSERT INTO iceberg_namespace_properties (catalog_name, namespace, property_key, "
          "property_value) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (catalog_name, namespace, "
          "property_key) DO UPDATE SET property_value = ?4",
          {options_.name, text, key, value}));
    }
    return Ok();
  };
  Status status = run();
  if (!status.ok()) {
    (void)db_->Exec("ROLLBACK");
    return status;
  }
  return db_->Exec("COMMIT");
}

Status SqlCatalog::DropNamespace(const Namespace& ns) {
  FLOE_RETURN_IF_ERROR(CheckWritable());
  FLOE_RETURN_IF_ERROR(RequireNamespace(ns));
  FLOE_ASSIGN_OR_RETURN(auto tables, ListTables(ns));
  if (!tables.empty()) {
    return InvalidArgument(
        "namespace {} is not empty: it holds {} table(s), e.g. {}; drop them "
        "first",
        JoinNamespace(ns), tables.size(), tables.front().ToString());
  }
  FLOE_ASSIGN_OR_RETURN(auto children, ListNamespaces(ns));
  if (!children.empty()) {
    return InvalidArgument("namespace {} is not empty: it holds namespace {}", JoinNamespace(ns),
                           JoinNamespace(children.front()));
  }
  FLOE_RETURN_IF_ERROR(db_->Execute(
      "DELETE FROM iceberg_namespace_properties WHERE catalog_name = ? AND namespace = ?",
      {options_.name, JoinNamespace(ns)}));
  return Ok();
}

Result<std::vector<TableIdentifier>> SqlCatalog::ListTables(const Namespace& ns) {
  FLOE_RETURN_IF_ERROR(RequireNamespace(ns));
  FLOE_ASSIGN_OR_RETURN(
      auto rows, db_->Query("SELECT table_name FROM iceberg_tables WHERE catalog_name = ? AND "
                            "table_namespace = ?" +
                                TableTypeFilter() + " ORDER BY table_name",
                            {options_.name, JoinNamespace(ns)}));
  std::vector<TableIdentifier> out;
  for (const auto& row : rows) {
    if (row[0]) out.push_back(TableIdentifier{ns, *row[0]});
  }
  return out;
}

Result<std::optional<std::string>> SqlCatalog::FindTable(const TableIdentifier& id) {
  FLOE_RETURN_IF_ERROR(ValidateIdentifier(id));
  FLOE_ASSIGN_OR_RETURN(
      auto rows, db_->Query("SELECT metadata_location FROM iceberg_tables WHERE catalog_name = ? "
                            "AND table_namespace = ? AND table_name = ?" +
                                TableTypeFilter(),
                            {options_.name, JoinNamespace(id.ns), id.name}));
  if (rows.empty()) return std::optional<std::string>();
  if (!rows[0][0] || rows[0][0]->empty()) {
    return Corrupt("catalog {}: table {} has no metadata_location", options_.name, id.ToString());
  }
  return std::optional<std::string>(*rows[0][0]);
}

Status SqlCatalog::InsertTable(const TableIdentifier& id, const std::string& metadata_location) {
  Result<int64_t> inserted =
      has_iceberg_type_
          ? db_->Execute(
                "INSERT INTO iceberg_tables (catalog_name, table_namespace, table_name, "
                "metadata_location, previous_metadata_location, iceberg_type) VALUES "
                "(?, ?, ?, ?, NULL, 'TABLE')",
                {options_.name, JoinNamespace(id.ns), id.name, metadata_location})
          : db_->Execute(
                "INSERT INTO iceberg_tables (catalog_name, table_namespace, table_name, "
                "metadata_location, previous_metadata_location) VALUES "
                "(?, ?, ?, ?, NULL)",
                {options_.name, JoinNamespace(id.ns), id.name, metadata_location});
  if (!inserted.ok()) {
    if (inserted.error().kind == ErrorKind::kAlreadyExists) {
      return AlreadyExists("table {} already exists", id.ToString());
    }
    return std::move(inserted).error();
  }
  return Ok();
}

Result<LoadedTable> SqlCatalog::LoadTable(const TableIdentifier& id) {
  FLOE_ASSIGN_OR_RETURN(auto location, FindTable(id));
  if (!location) return NoSuchTable(*this, id);
  FLOE_ASSIGN_OR_RETURN(auto metadata, commit::ReadMetadataFile(*options_.io, *location));
  return LoadedTable{id, *location, std::move(metadata)};
}

Result<LoadedTable> SqlCatalog::CreateTable(const TableIdentifier& id,
                                            const CreateTableOptions& options) {
  FLOE_ASSIGN_OR_RETURN(spec::TableMetadata staged, StageCreateTable(id, options));
  return CreateStagedTable(id, staged, {}, {});
}

Result<spec::TableMetadata> SqlCatalog::StageCreateTable(const TableIdentifier& id,
                                                         const CreateTableOptions& options) {
  FLOE_RETURN_IF_ERROR(CheckWritable());
  FLOE_RETURN_IF_ERROR(RequireNamespace(id.ns));
  FLOE_ASSIGN_OR_RETURN(auto existing, FindTable(id));
  if (existing) return AlreadyExists("table {} already exists", id.ToString());
  commit::NewTableRequest request = options.table;
  if (request.location.empty()) {
    FLOE_ASSIGN_OR_RETURN(request.location, DefaultTableLocation(options_.warehouse, id));
  }
  return commit::NewTableMetadata(request, NowMillis());
}

Result<LoadedTable> SqlCatalog::CreateStagedTable(
    const TableIdentifier& id, const spec::TableMetadata& staged,
    std::span<const commit::TableRequirement> requirements,
    std::span<const commit::TableUpdate> updates) {
  FLOE_RETURN_IF_ERROR(CheckWritable());
  FLOE_RETURN_IF_ERROR(RequireNamespace(id.ns));
  FLOE_ASSIGN_OR_RETURN(auto metadata, StagedTableMetadata(staged, requirements, updates));
  // A certain answer before anything is written; the INSERT below is the atomic one.
  FLOE_ASSIGN_OR_RETURN(auto existing, FindTable(id));
  if (existing) return AlreadyExists("table {} already exists", id.ToString());
  FLOE_ASSIGN_OR_RETURN(std::string location,
                        commit::WriteNewMetadataVersion(*options_.io, metadata, 0));
  // One INSERT: the primary key refuses it when another create took the name first.
  Status inserted = InsertTable(id, location);
  if (!inserted.ok()) {
    int code = db_->last_error_code() & 0xff;
    ErrorKind kind = inserted.error().kind;
    // A name taken, or a lock never acquired (the statement never ran): certainly not created.
    if (code == kSqliteFull) {
      (void)options_.io->Delete(location);
      return IoError(
          "table {}: the disk holding the catalog database is full (no space left on device), "
          "so the table was not created and its metadata file {} was deleted; free space and "
          "try again ({})",
          id.ToString(), location, inserted.error().message);
    }
    if (kind == ErrorKind::kAlreadyExists || code == 5 /*SQLITE_BUSY*/ ||
        code == 6 /*SQLITE_LOCKED*/) {
      (void)options_.io->Delete(location);  // nobody references it
      if (kind == ErrorKind::kAlreadyExists) return std::move(inserted).error();
      return CommitConflict("table {}: catalog database busy: {}", id.ToString(),
                            inserted.error().message);
    }
    // Otherwise the row may have been written: keep the file, let the caller check.
    return CommitStateUnknown(
        "table {}: creating it with {} failed and may or may not have landed: {}", id.ToString(),
        location, inserted.error().message);
  }
  return LoadedTable{id, location, std::move(metadata)};
}

Result<LoadedTable> SqlCatalog::CommitTable(const TableIdentifier& id,
                                            std::span<const commit::TableRequirement> requirements,
                                            std::span<const commit::TableUpdate> updates) {
  SetUnrecordedMetadataFile(id, std::nullopt);
  FLOE_RETURN_IF_ERROR(CheckWritable());
  FLOE_ASSIGN_OR_RETURN(LoadedTable base, LoadTable(id));
  for (const auto& requirement : requirements) {
    FLOE_RETURN_IF_ERROR(commit::CheckRequirement(requirement, &base.metadata));
  }
  FLOE_ASSIGN_OR_RETURN(auto metadata, commit::ApplyUpdates(base.metadata, updates, NowMillis(),
                                                            base.metadata_location));
  FLOE_ASSIGN_OR_RETURN(
      std::string location,
      commit::WriteNewMetadataVersion(*options_.io, metadata,
                                      commit::NextMetadataVersion(base.metadata_location)));
  // The atomic swap: it lands only if nobody moved the pointer since we loaded `base`.
  auto updated = db_->Execute(
      "UPDATE iceberg_tables SET metadata_location = ?, previous_metadata_location = ? WHERE "
      "catalog_name = ? AND table_namespace = ? AND table_name = ? AND metadata_location = ?",
      {location, base.metadata_location, options_.name, JoinNamespace(id.ns), id.name,
       base.metadata_location});
  if (!updated.ok()) {
    int code = db_->last_error_code() & 0xff;
    // Its metadata file is left to the transaction's cleanup (TakeUnrecordedMetadataFile).
    SetUnrecordedMetadataFile(id, location);
    // A lock never acquired means the statement never ran: a certain, retryable failure.
    if (code == 5 /*SQLITE_BUSY*/ || code == 6 /*SQLITE_LOCKED*/) {
      return CommitConflict("table {}: catalog database busy: {}", id.ToString(),
                            updated.error().message);
    }
    // A full disk: SQLite rolled the statement back, so the swap certainly did not land, and
    // retrying cannot help until space is freed.
    if (code == kSqliteFull) {
      return IoError(
          "table {}: the disk holding the catalog database is full (no space left on device), "
          "so the commit was not recorded; free space and try again ({})",
          id.ToString(), updated.error().message);
    }
    // Otherwise the update may have been written: the caller checks before deleting the file.
    return CommitStateUnknown(
        "table {}: the catalog swap to {} failed and may or may not have "
        "landed: {}",
        id.ToString(), location, updated.error().message);
  }
  if (*updated == 0) {
    SetUnrecordedMetadataFile(id, location);
    return CommitConflict("table {} was changed by another commit since {} was loaded",
                          id.ToString(), base.metadata_location);
  }
  commit::DeleteRemovedMetadataFiles(*options_.io, base.metadata, metadata);
  return LoadedTable{id, location, std::move(metadata)};
}

void SqlCatalog::SetUnrecordedMetadataFile(const TableIdentifier& id,
                                           std::optional<std::string> file) {
  std::lock_guard<std::mutex> lock(unrecorded_mutex_);
  if (file) {
    unrecorded_metadata_files_[id.ToString()] = std::move(*file);
  } else {
    unrecorded_metadata_files_.erase(id.ToString());
  }
}

std::optional<std::string> SqlCatalog::TakeUnrecordedMetadataFile(const TableIdentifier& id) {
  std::lock_guard<std::mutex> lock(unrecorded_mutex_);
  auto it = unrecorded_metadata_files_.find(id.ToString());
  if (it == unrecorded_metadata_files_.end()) return std::nullopt;
  std::string file = std::move(it->second);
  unrecorded_metadata_files_.erase(it);
  return file;
}

Result<DropTableResult> SqlCatalog::DropTable(const TableIdentifier& id,
                                              const DropTableOptions& options) {
  FLOE_ASSIGN_OR_RETURN(auto location, FindTable(id));
  if (!location) return NotFound("table {} does not exist", id.ToString());
  DropTableResult result;
  if (options.purge) {
    // Read before the row goes: afterwards nothing says which files were the table's.
    FLOE_ASSIGN_OR_RETURN(auto metadata, commit::ReadMetadataFile(*options_.io, *location));
    result.purge = PlanTablePurge(*options_.io, metadata, *location, metadata.location);
  }
  if (options.dry_run) return result;
  FLOE_RETURN_IF_ERROR(CheckWritable());
  FLOE_ASSIGN_OR_RETURN(
      int64_t deleted,
      db_->Execute("DELETE FROM iceberg_tables WHERE catalog_name = ? AND table_namespace = ? "
                   "AND table_name = ? AND metadata_location = ?" +
                       TableTypeFilter(),
                   {options_.name, JoinNamespace(id.ns), id.name, *location}));
  if (deleted == 0) {
    return CommitConflict("table {} changed while it was being dropped; try again", id.ToString());
  }
  if (result.purge) {
    FLOE_RETURN_IF_ERROR(
        PurgeTableFiles(*options_.io, *result.purge, options.include_outside_location));
  }
  return result;
}

Status SqlCatalog::RenameTable(const TableIdentifier& from, const TableIdentifier& to) {
  FLOE_RETURN_IF_ERROR(CheckWritable());
  FLOE_RETURN_IF_ERROR(ValidateIdentifier(to));
  FLOE_ASSIGN_OR_RETURN(auto location, FindTable(from));
  if (!location) return NotFound("table {} does not exist", from.ToString());
  FLOE_RETURN_IF_ERROR(RequireNamespace(to.ns));
  FLOE_ASSIGN_OR_RETURN(auto target, FindTable(to));
  if (target) return AlreadyExists("table {} already exists", to.ToString());
  auto renamed = db_->Execute(
      "UPDATE iceberg_tables SET table_namespace = ?, table_name = ? WHERE catalog_name = ? AND "
      "table_namespace = ? AND table_name = ?",
      {JoinNamespace(to.ns), to.name, options_.name, JoinNamespace(from.ns), from.name});
  if (!renamed.ok()) {
    if (renamed.error().kind == ErrorKind::kAlreadyExists) {
      return AlreadyExists("table {} already exists", to.ToString());
    }
    return std::move(renamed).error();
  }
  if (*renamed == 0) return NotFound("table {} does not exist", from.ToString());
  return Ok();
}

Result<LoadedTable> SqlCatalog::RegisterTable(const TableIdentifier& id,
                                              const std::string& metadata_location) {
  FLOE_RETURN_IF_ERROR(CheckWritable());
  FLOE_RETURN_IF_ERROR(RequireNamespace(id.ns));
  FLOE_ASSIGN_OR_RETURN(auto existing, FindTable(id));
  if (existing) return AlreadyExists("table {} already exists", id.ToString());
  // The file must be a table's metadata before a name points at it.
  FLOE_ASSIGN_OR_RETURN(auto metadata, commit::ReadMetadataFile(*options_.io, metadata_location));
  FLOE_RETURN_IF_ERROR(InsertTable(id, metadata_location));
  return LoadedTable{id, metadata_location, std::move(metadata)};
}

Result<std::optional<TableLocation>> SqlCatalog::FindTableByMetadataFolder(
    std::string_view metadata_folder) {
  const std::string wanted = NormalizeLocation(metadata_folder);
  FLOE_ASSIGN_OR_RETURN(auto rows,
                        db_->Query("SELECT table_namespace, table_name, metadata_location FROM "
                                   "iceberg_tables WHERE catalog_name = ?" +
                                       TableTypeFilter() + " ORDER BY table_namespace, table_name",
                                   {options_.name}));
  for (const auto& row : rows) {
    if (!row[0] || !row[1] || !row[2] || row[2]->empty()) continue;
    if (FolderOfLocation(*row[2]) != wanted) continue;
    return std::optional<TableLocation>(
        TableLocation{TableIdentifier{SplitNamespace(*row[0]), *row[1]}, *row[2]});
  }
  return std::optional<TableLocation>();
}

}  // namespace floe::catalog::sql
