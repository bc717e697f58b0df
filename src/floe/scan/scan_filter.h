// The row filter of a table scan: a filter expression (expr/expression.h; parsed once from the
// WHERE syntax of --filter, expr/parser.h, or built in code) bound to the table schema's columnar
// form, kept together with the Iceberg schema so
// that the pruners (manifest_pruner.h, data_file_pruner.h) can map each column the filter names
// back to its Iceberg field id, which partition specs and column metrics are keyed by.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/expr/bound_expression.h"
#include "floe/expr/expression.h"
#include "floe/spec/schema.h"
#include "floe/util/result.h"

namespace floe::scan {

struct ScanFilter {
  spec::Schema schema;
  columnar::SchemaPtr columnar_schema;  // table::ToColumnarSchema(schema)
  expr::BoundExpression expr;           // TRUE: every row

  // Binds `filter` to `schema` (names ignore ASCII case unless case_sensitive). Errors are the
  // binder's InvalidArgument ("filter: no column ...").
  static Result<ScanFilter> Bind(const spec::Schema& schema, const expr::Expression& filter,
                                 bool case_sensitive = false);
  // The same schema with an already bound expression (e.g. built in code).
  static Result<ScanFilter> Make(const spec::Schema& schema, expr::BoundExpression expr);

  bool always_true() const { return expr.op() == expr::Operation::kTrue; }

  // The Iceberg field id of a column the expression refers to (struct fields included), found
  // by following the reference's path through the schema; nullopt when the path does not lead
  // to a field (the reference was bound to another schema).
  std::optional<int32_t> FieldId(const expr::BoundReference& ref) const;
  // The Iceberg field ids of every column the expression refers to, ascending, once each.
  std::vector<int32_t> FieldIds() const;
  // The Iceberg field at that path, or nullptr.
  const spec::NestedField* Field(const expr::BoundReference& ref) const;
};

}  // namespace floe::scan
