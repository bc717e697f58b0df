// The leaves of a query plan that read data:
//   TableScan    an Iceberg table at a snapshot (scan/table_scan.h plans, scan/table_reader.h
//                reads): the WHERE conjuncts the binder could express as filter expressions
//                (expr/expression.h) are pushed down, so partition and metrics pruning apply and
//                the reader returns only matching rows; only the columns the query uses are read.
// (Files named in SQL, read_parquet('…') and the like: file_scan_node.h.) It normalizes column
// types to the ones queries work with (sql_type.h NormalizeType).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "floe/expr/expression.h"
#include "floe/io/file_io.h"
#include "floe/scan/snapshot_selection.h"
#include "floe/scan/table_scan.h"
#include "floe/spec/table_metadata.h"
#include "floe/sql/exec/plan_node.h"

namespace floe::sql {

struct TableScanSpec {
  io::FileIO* io = nullptr;  // outlives the plan (the catalog's)
  std::shared_ptr<const spec::TableMetadata> metadata;
  std::string table_name;  // for EXPLAIN and messages
  scan::SnapshotSelector snapshot;
  expr::Expression filter;           // the conjuncts pushed down (unbound); TRUE: every row
  std::string filter_text;           // them as EXPLAIN shows them; empty: none
  std::vector<std::string> columns;  // top-level names to read; empty: none (count only)
  std::optional<int64_t> limit;      // rows (only when nothing above filters)
  int threads = 0;
};

// The table's columns at the chosen snapshot (its schema), normalized: what binding sees. A
// top-level uuid column is a string (canonical text), as Spark shows it; the scan converts it.
Result<columnar::SchemaPtr> TableScanSchema(const spec::TableMetadata& metadata,
                                            const scan::SnapshotSelector& snapshot);

// Output: spec.columns in the order given.
Result<PlanNodePtr> MakeTableScanNode(TableScanSpec spec);

// Plans the scan (no data read) and describes it as `floe scan --plan` does: snapshot, filter,
// manifests and files scanned and skipped, bytes to read, pushdown rate.
Result<std::string> DescribeTableScanPlan(const TableScanSpec& spec);

}  // namespace floe::sql
