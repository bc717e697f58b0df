// REPLACE TABLE and CREATE OR REPLACE TABLE on a table that exists (Spark's atomic replace,
// commit/table_replacement.h): the new columns, partitioning and properties and, for AS SELECT,
// the query's rows land in one commit; the table keeps its uuid and history, so earlier
// snapshots still read with VERSION AS OF.
#include <fmt/format.h>

#include "floe/catalog/catalog_table_operations.h"
#include "floe/commit/replacing_table_operations.h"
#include "floe/sql/session.h"
#include "floe/util/clock.h"

namespace floe::sql {

Result<std::string> Session::ReplaceTable(const TableRef& ref,
                                          const catalog::CreateTableOptions& create,
                                          std::optional<BoundQuery> query) {
  catalog::CatalogTableOperations table(*ref.catalog, ref.id);
  FLOE_ASSIGN_OR_RETURN(auto ops,
                        commit::ReplacingTableOperations::Make(table, create.table, NowMillis()));
  int64_t rows = 0;
  if (query) {
    FLOE_ASSIGN_OR_RETURN(rows, AppendQuery(ref, *ops, std::move(*query), {}));
  }
  if (!ops->attempted()) FLOE_RETURN_IF_ERROR(ops->CommitReplacement());
  if (!query) return "replaced table " + ref.display;
  return fmt::format("replaced table {} with {} rows", ref.display, rows);
}

}  // namespace floe::sql
