// Binding a query (syntax::Query) into a physical plan (exec/plan_node.h):
//
//   FROM        tables (through a RelationResolver: catalog tables at a snapshot, metadata
//               tables), read_parquet / read_csv / iceberg_scan, subqueries, WITH names, joins
//               (equi-join keys found in ON: hash join; the rest of ON is a residual)
//   WHERE       split into conjuncts, each pushed as deep as it keeps its meaning: into the
//               table scan of the one table it names, when the filter language expresses it
//               (partition and metrics pruning, rows filtered by the reader), else a Filter node
//               there. Through joins: an inner join passes a conjunct over one input's columns to
//               that input; a left join only ones over its left input (a conjunct over the right
//               one, evaluated on NULL-extended rows, stays above the join). ON conjuncts over one
//               input filter it likewise (for a left join, only ones over the right input). The
//               rest is a Filter node above the FROM
//   GROUP BY    names, expressions, ordinals; aggregates in the select list, HAVING and ORDER
//               BY; a bare column that is neither grouped nor aggregated is an error
//   SELECT      expressions with Spark's column names; `*` and `t.*`; DISTINCT
//   ORDER BY    output names and ordinals, or expressions of the input (sorted before the
//               final projection); Spark's default: NULLS FIRST ascending, LAST descending
//   LIMIT/OFFSET, UNION ALL / UNION, VALUES
//
// Only the columns a query names are read from a table: a name without qualifier (or a struct's
// first part), `t.col` for the table called t, `*` and `t.*`.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "floe/sql/exec/cast.h"
#include "floe/sql/exec/plan_node.h"
#include "floe/sql/exec/scan_nodes.h"
#include "floe/sql/syntax/ast.h"

namespace floe::sql {

// What a table name in FROM means.
struct RelationSource {
  columnar::SchemaPtr schema;         // the columns a query can use
  std::optional<TableScanSpec> scan;  // an Iceberg table: the binder sets columns, filter, limit
  PlanNodePtr node;                   // anything else (metadata tables): ready to run
  std::string qualifier;              // the name columns are qualified with (the table's)
};

class RelationResolver {
 public:
  virtual ~RelationResolver() = default;
  virtual Result<RelationSource> ResolveTable(const syntax::TableName& table,
                                              const EvalContextPtr& context) = 0;
  // read_parquet / read_csv / iceberg_scan paths are read through this.
  virtual io::FileIO& LocalIo() = 0;
  // iceberg_scan(path): the table of that metadata file, or of that table folder's current one.
  virtual Result<RelationSource> ResolveMetadataFile(const std::string& path) = 0;
};

struct BoundQuery {
  PlanNodePtr node;
  std::vector<std::string> names;  // output column names (the node's schema has them too)
};

struct BindOptions {
  int threads = 0;  // table scans' reader threads (0: all cores)
};

Result<BoundQuery> BindQuery(const syntax::Query& query, RelationResolver& resolver,
                             const EvalContextPtr& context, const BindOptions& options = {});

}  // namespace floe::sql
