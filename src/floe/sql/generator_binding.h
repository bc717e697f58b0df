// Generators in a select list, as Spark binds them: explode, explode_outer, posexplode and
// posexplode_outer turn one row into one row per element of an array (column `col`) or entry
// of a map (columns `key`, `value`), posexplode with the element's position (`pos`) first.
//
//   SELECT id, explode(tags) FROM t              one row per tag, columns id, col
//   SELECT explode(m) AS (k, v) FROM t           a map's entries, named k and v
//   SELECT posexplode(tags) AS (i, tag) FROM t
//
// Spark's rules: at most one generator per SELECT; a generator is a whole select item (not
// inside another expression) and appears nowhere else in the query. The query binder runs the
// generator (exec/generate_node.h) after WHERE and before ORDER BY/LIMIT. Unlike Spark, floe
// does not combine a generator with GROUP BY or aggregates in the same SELECT: explode in a
// FROM subquery and group its rows.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "floe/sql/exec/generate_node.h"
#include "floe/sql/expression_binder.h"
#include "floe/sql/syntax/ast.h"

namespace floe::sql {

bool IsGeneratorFunction(std::string_view name);

// The index of the select item that is a generator call, nullopt when there is none. Errors,
// at the offending call: a second generator, a generator inside an expression, or one in
// WHERE, GROUP BY, HAVING or ORDER BY.
Result<std::optional<size_t>> FindGenerator(const syntax::Select& select,
                                            const std::vector<syntax::OrderItem>& order_by);

// The generator of a select item found by FindGenerator, its argument bound by `binder` (the
// query's input), its columns named by Spark's defaults or the item's aliases.
Result<GeneratorSpec> BindGenerator(const syntax::SelectItem& item, const ExpressionBinder& binder);

}  // namespace floe::sql
