// A thin RAII wrapper over the SQLite C API for the SQL catalog: one connection, prepared
// statements with text parameters, errors as floe Results. Only what the catalog needs.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/util/result.h"

struct sqlite3;
struct sqlite3_stmt;

namespace floe::catalog::sql {

// A bound parameter: text, or SQL NULL when nullopt.
using SqlValue = std::optional<std::string>;
using SqlRow = std::vector<SqlValue>;

enum class SqliteOpenMode {
  kReadWrite,  // created when absent; SQLite opens a write-protected file read-only instead
  kReadOnly,   // never writes the database (it may still create the WAL's -shm file)
  // Read-only storage: SQLite's immutable=1, no locks and no -wal/-shm files, so the file must
  // not change while open (nobody can write it where this is needed).
  kImmutable,
};

class SqliteDatabase {
 public:
  // Opens the database file. Concurrent writers wait up to `busy_timeout_ms` for the lock
  // instead of failing at once; WAL lets readers go on meanwhile.
  static Result<std::unique_ptr<SqliteDatabase>> Open(
      const std::string& path, int busy_timeout_ms = 30000,
      SqliteOpenMode mode = SqliteOpenMode::kReadWrite);
  ~SqliteDatabase();
  SqliteDatabase(const SqliteDatabase&) = delete;
  SqliteDatabase& operator=(const SqliteDatabase&) = delete;

  // Runs statements without parameters or results (DDL, BEGIN, COMMIT).
  Status Exec(std::string_view sql);
  // Runs one statement with parameters and returns its rows.
  Result<std::vector<SqlRow>> Query(std::string_view sql, const std::vector<SqlValue>& params);
  // Runs one statement with parameters and returns the number of rows it changed.
  // A constraint violation (a duplicate key) is kAlreadyExists; SQLITE_BUSY after the timeout
  // is kIo with "database is locked".
  Result<int64_t> Execute(std::string_view sql, const std::vector<SqlValue>& params);

  // The error code of the last failed call (SQLITE_BUSY, SQLITE_CONSTRAINT, ...), 0 if none.
  int last_error_code() const { return last_error_code_; }
  const std::string& path() const { return path_; }
  // Tests: called with each statement before it runs; a non-zero SQLite result code (13,
  // SQLITE_FULL, say) fails the statement with that code and SQLite's text for it, unrun.
  void SetFaultHook(std::function<int(std::string_view sql)> hook) {
    fault_hook_ = std::move(hook);
  }
  // Whether the connection cannot write (opened so, or the file or its storage is read-only).
  bool read_only() const;

 private:
  SqliteDatabase(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  Result<std::vector<SqlRow>> Run(std::string_view sql, const std::vector<SqlValue>& params,
                                  int64_t* changes);
  Error SqlError(int rc, std::string_view what);

  sqlite3* db_;
  std::string path_;
  int last_error_code_ = 0;
  std::function<int(std::string_view)> fault_hook_;
};

}  // namespace floe::catalog::sql
