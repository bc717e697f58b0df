// Generate: Spark's plan node for a generator in the select list — explode, posexplode and
// their _outer forms. Each input row is repeated once per element of an array (or entry of a
// map) that an expression gives for it, with the element (or key and value) appended as new
// columns, and for posexplode the element's 0-based position before them:
//
//   input (id, tags)        explode(tags)         output (id, tags, col)
//   1, [a, b]                                     1, [a, b], a
//   2, []                                         1, [a, b], b
//   3, NULL
//
// A NULL or empty array/map gives no row; with `outer` it gives one row whose generated
// columns are NULL (explode_outer). The input columns keep their positions, so expressions
// bound over the input stay valid over the output. Streaming: one input batch at a time.
#pragma once

#include <string>
#include <vector>

#include "floe/sql/exec/plan_node.h"

namespace floe::sql {

struct GeneratorSpec {
  PhysicalExprPtr container;       // over the input; an array or a map
  bool with_position = false;      // posexplode: a `pos` column (int) first
  bool outer = false;              // explode_outer: a NULL/empty container gives one NULL row
  std::vector<std::string> names;  // the generated columns: [pos,] col | [pos,] key, value
  std::string description;         // for EXPLAIN: "explode(tags)"
};

// The number and the types of the columns a generator makes over `container_type` (array or
// map): [int,] element | [int,] key, value. InvalidArgument for other types.
Result<std::vector<columnar::DataTypePtr>> GeneratedColumnTypes(
    const columnar::DataType& container_type, bool with_position);

PlanNodePtr MakeGenerateNode(PlanNodePtr input, GeneratorSpec spec);

}  // namespace floe::sql
