// libFuzzer target for the SQL path past the parser (sql/session.h): every statement of the input
// that reads (queries, EXPLAIN, SHOW, DESCRIBE) is parsed, bound, planned and run on a small
// catalog made once — a SQLite catalog in a temporary folder with a few tables of every kind of
// column, partitioned and not, with nulls, NaN and nested values. Any text either fails with an
// error or runs; a crash, a sanitizer report or an escaped exception is a finding. Statements that
// write are skipped, so every input sees the same tables.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "floe/catalog/config/catalog_config.h"
#include "floe/sql/session.h"
#include "floe/sql/syntax/parser.h"

namespace {

namespace syntax = floe::sql::syntax;

const char kSetup[] =
    "CREATE NAMESPACE f;"
    "CREATE TABLE f.t (i int, l bigint, d double, m decimal(10, 2), s string, b boolean, "
    "dt date, ts timestamp, ntz timestamp_ntz, bin binary, "
    "st struct<x: int, y: string>, arr array<int>, mp map<string, bigint>);"
    "INSERT INTO f.t VALUES "
    "(1, 10, 1.5, 1.25, 'a', true, DATE '2026-03-05', TIMESTAMP '2026-03-05 10:00:00', "
    "TIMESTAMP_NTZ '2026-03-05 10:00:00', X'00ff', named_struct('x', 1, 'y', 'p'), array(1, 2), "
    "map('k', 1)),"
    "(2, NULL, CAST('NaN' AS DOUBLE), -3.5, 'bb', false, NULL, NULL, NULL, NULL, NULL, array(), "
    "map()),"
    "(NULL, -9223372036854775808, -0.0, NULL, NULL, NULL, DATE '1970-01-01', "
    "TIMESTAMP '1970-01-01 00:00:00', NULL, X'', named_struct('x', NULL, 'y', NULL), "
    "array(NULL, 3), NULL),"
    "(2147483647, 9223372036854775807, 1e308, 99999999.99, 'caf\xc3\xa9', true, "
    "DATE '9999-12-31', NULL, NULL, NULL, NULL, NULL, map('a', NULL));"
    "CREATE TABLE f.p (k string, v bigint, ts timestamp) PARTITIONED BY (k, days(ts));"
    "INSERT INTO f.p VALUES ('x', 1, TIMESTAMP '2026-03-05 10:00:00'), "
    "('y', 2, TIMESTAMP '2026-03-06 11:00:00'), ('x', NULL, NULL);"
    "INSERT INTO f.p VALUES ('z', 3, TIMESTAMP '2026-03-07 12:00:00');";

bool Reads(syntax::StatementKind kind) {
  switch (kind) {
    case syntax::StatementKind::kQuery:
    case syntax::StatementKind::kExplain:
    case syntax::StatementKind::kShowNamespaces:
    case syntax::StatementKind::kShowTables:
    case syntax::StatementKind::kDescribeTable:
    case syntax::StatementKind::kShowCreateTable:
    case syntax::StatementKind::kShowTblProperties:
      return true;
    default:
      return false;
  }
}

floe::sql::Session* TheSession() {
  static std::unique_ptr<floe::sql::Session> session = [] {
    std::string base = std::filesystem::exists("/dev/shm") ? "/dev/shm" : "/tmp";
    std::string dir = base + "/floe-sql-fuzz-XXXXXX";
    if (mkdtemp(dir.data()) == nullptr) std::abort();
    static std::string cleanup = dir;
    std::atexit([] { std::filesystem::remove_all(cleanup); });
    floe::sql::SessionOptions options;
    floe::catalog::FloeConfig config;
    config.catalogs["default"] = floe::catalog::WarehouseCatalogSettings(dir);
    config.default_catalog = "default";
    options.config = config;
    options.threads = 1;
    options.now_micros = [] { return int64_t{1772704800} * 1000000; };
    auto made = floe::sql::Session::Make(options);
    if (!made.ok()) std::abort();
    auto script = syntax::ParseScript(kSetup);
    if (!script.ok()) {
      std::fprintf(stderr, "setup: %s\n", script.error().message.c_str());
      std::abort();
    }
    for (const syntax::Statement& statement : *script) {
      auto done = (*made)->Execute(statement, {});
      if (!done.ok()) {
        std::fprintf(stderr, "setup: %s\n", done.error().message.c_str());
        std::abort();
      }
    }
    return std::move(*made);
  }();
  return session.get();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;  // long inputs only make runs slow
  floe::sql::Session* session = TheSession();
  auto statements =
      syntax::ParseScript(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!statements.ok()) return 0;
  floe::sql::StatementOutput output;
  output.on_schema = [](const floe::columnar::SchemaPtr&) { return floe::Ok(); };
  int64_t rows = 0;
  output.on_batch = [&rows](const floe::columnar::RecordBatch& batch) -> floe::Status {
    rows += batch.num_rows();
    if (rows > 100000) return floe::InvalidArgument("fuzz: too many rows");  // generators
    return floe::Ok();
  };
  for (const syntax::Statement& statement : *statements) {
    if (!Reads(statement.kind())) continue;
    (void)session->Execute(statement, output);
  }
  return 0;
}
