// The leaf reading files named in SQL: read_parquet('…'), read_csv('…'), read_json('…') over
// one file or several of the same schema (a glob or a list, sql/file_patterns.h).
//
// Parquet files are read as `floe parquet cat --filter --columns` reads them
// (table/parquet_scan.h): only the columns the query names, the WHERE conjuncts the binder could
// push (sql/filter_pushdown.h) pruning row groups by statistics and bloom filters and rows by
// the page index, with the filter's columns decoded first and the others only for the rows it
// keeps. CSV and NDJSON files are parsed whole and the unread columns dropped.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "floe/expr/expression.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/io/file_io.h"
#include "floe/spec/schema.h"
#include "floe/sql/exec/plan_node.h"

namespace floe::sql {

enum class FileFormatKind { kParquet, kCsv, kNdjson };

// "read_parquet", "read_csv", "read_json".
const char* FileFunctionName(FileFormatKind format);

struct FileScanSpec {
  io::FileIO* io = nullptr;  // outlives the plan
  FileFormatKind format = FileFormatKind::kParquet;
  std::string source;              // as the query wrote it (EXPLAIN)
  std::vector<std::string> paths;  // the files, in the order read
  columnar::SchemaPtr schema;      // every column of the files, normalized: what binding sees
  // The columns a pushed filter may name, as an Iceberg schema (filter_pushdown.h binds to it):
  // those read as the query sees them (no uuids, no retyped integers or timestamps). nullopt:
  // nothing is pushed (CSV, NDJSON).
  std::optional<spec::Schema> pushdown_schema;
  expr::Expression filter;           // the pushed conjuncts (unbound); TRUE: every row
  std::string filter_text;           // them as EXPLAIN shows them; empty: none
  std::vector<std::string> columns;  // top-level names to return, in file order; empty: none
  int threads = 0;                   // row groups of a Parquet file read at once; 0: all cores
  // Parquet: the footers read for the schema, by position in `paths` (the first
  // kKeptFooters only), so the scan does not read them again.
  std::vector<std::shared_ptr<const parquet::FileReader>> footers;
  static constexpr size_t kKeptFooters = 16;
};

// Opens the files' footers (Parquet) or reads them once (text formats, whose types are
// inferred) for their schema: every file must have the first one's columns (names and types),
// else an error naming the file that differs. spec.columns is every column.
Result<FileScanSpec> OpenFileScan(io::FileIO& io, FileFormatKind format, std::string source,
                                  std::vector<std::string> paths);

// Output: spec.columns. EXPLAIN's report (Report) lists the row groups the filter prunes.
Result<PlanNodePtr> MakeFileScanNode(FileScanSpec spec);

}  // namespace floe::sql
