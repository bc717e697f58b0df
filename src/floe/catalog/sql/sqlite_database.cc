#include "floe/catalog/sql/sqlite_database.h"

#include <sqlite3.h>

#include <cerrno>
#include <memory>

namespace floe::catalog::sql {

namespace {

// `path` as a file: URI for SQLite's URI parameters ('%', '?' and '#' escaped).
std::string FileUri(const std::string& path) {
  std::string out = "file:";
  for (char c : path) {
    if (c == '%' || c == '?' || c == '#') {
      out += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

Result<std::unique_ptr<SqliteDatabase>> SqliteDatabase::Open(const std::string& path,
                                                             int busy_timeout_ms,
                                                             SqliteOpenMode mode) {
  sqlite3* db = nullptr;
  int flags = SQLITE_OPEN_FULLMUTEX;
  std::string name = path;
  switch (mode) {
    case SqliteOpenMode::kReadWrite:
      flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
      break;
    case SqliteOpenMode::kReadOnly:
      flags |= SQLITE_OPEN_READONLY;
      break;
    case SqliteOpenMode::kImmutable:
      flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
      name = FileUri(path) + "?immutable=1";
      break;
  }
  int rc = sqlite3_open_v2(name.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close(db);
    return IoError("catalog database {}: cannot open: {}", path, message);
  }
  sqlite3_busy_timeout(db, busy_timeout_ms);
  std::unique_ptr<SqliteDatabase> out(new SqliteDatabase(db, path));
  // WAL: readers do not block the writer of a commit. Some file systems refuse it (network
  // mounts); the default rollback journal then still works, so a failure is not fatal.
  if (!out->read_only()) (void)out->Exec("PRAGMA journal_mode=WAL");
  return out;
}

bool SqliteDatabase::read_only() const { return sqlite3_db_readonly(db_, "main") == 1; }

SqliteDatabase::~SqliteDatabase() { sqlite3_close_v2(db_); }

Error SqliteDatabase::SqlError(int rc, std::string_view what) {
  last_error_code_ = rc;
  // An injected code has no connection message of its own.
  const char* text = sqlite3_errcode(db_) == rc ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
  std::string message = fmt::format("catalog database {}: {}: {}", path_, what, text);
  // SQLite says "disk I/O error" when its -shm or -wal file cannot grow; the system's errno
  // tells a full disk from other failures.
  if ((rc & 0xff) == SQLITE_IOERR && sqlite3_system_errno(db_) == ENOSPC) {
    message += " (no space left on device: the disk holding the catalog database is full)";
  }
  switch (rc & 0xff) {
    case SQLITE_CONSTRAINT:
      return Error{ErrorKind::kAlreadyExists, message};
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return Error{ErrorKind::kCorrupt, message};
    default:
      return Error{ErrorKind::kIo, message};
  }
}

Status SqliteDatabase::Exec(std::string_view sql) {
  last_error_code_ = 0;
  if (fault_hook_) {
    if (int injected = fault_hook_(sql); injected != 0) return SqlError(injected, sql);
  }
  std::string text(sql);
  int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) return SqlError(rc, text);
  return Ok();
}

Result<std::vector<SqlRow>> SqliteDatabase::Run(std::string_view sql,
                                                const std::vector<SqlValue>& params,
                                                int64_t* changes) {
  last_error_code_ = 0;
  if (fault_hook_) {
    if (int injected = fault_hook_(sql); injected != 0) return SqlError(injected, sql);
  }
  sqlite3_stmt* raw = nullptr;
  int rc = sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &raw, nullptr);
  if (rc != SQLITE_OK) return SqlError(rc, sql);
  std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> stmt(raw, sqlite3_finalize);
  for (size_t i = 0; i < params.size(); ++i) {
    int index = static_cast<int>(i) + 1;
    rc = params[i] ? sqlite3_bind_text(raw, index, params[i]->data(),
                                       static_cast<int>(params[i]->size()), SQLITE_TRANSIENT)
                   : sqlite3_bind_null(raw, index);
    if (rc != SQLITE_OK) return SqlError(rc, sql);
  }
  std::vector<SqlRow> rows;
  while ((rc = sqlite3_step(raw)) == SQLITE_ROW) {
    SqlRow row;
    int columns = sqlite3_column_count(raw);
    for (int c = 0; c < columns; ++c) {
      if (sqlite3_column_type(raw, c) == SQLITE_NULL) {
        row.emplace_back(std::nullopt);
      } else {
        const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(raw, c));
        row.emplace_back(std::string(text, sqlite3_column_bytes(raw, c)));
      }
    }
    rows.push_back(std::move(row));
  }
  if (rc != SQLITE_DONE) return SqlError(rc, sql);
  if (changes) *changes = sqlite3_changes64(db_);
  return rows;
}

Result<std::vector<SqlRow>> SqliteDatabase::Query(std::string_view sql,
                                                  const std::vector<SqlValue>& params) {
  return Run(sql, params, nullptr);
}

Result<int64_t> SqliteDatabase::Execute(std::string_view sql, const std::vector<SqlValue>& params) {
  int64_t changes = 0;
  FLOE_RETURN_IF_ERROR(Run(sql, params, &changes));
  return changes;
}

}  // namespace floe::catalog::sql
