#include "floe/sql/statement_rows.h"

#include "floe/columnar/array_builder.h"
#include "floe/sql/exec/plan_node.h"

namespace floe::sql {

using columnar::DataTypePtr;
using columnar::RecordBatch;
using columnar::SchemaPtr;

Status EmitTextRows(const StatementOutput& output, const std::vector<std::string>& names,
                    const std::vector<std::vector<std::optional<std::string>>>& rows) {
  std::vector<DataTypePtr> types(names.size(), columnar::Utf8());
  SchemaPtr schema = MakeSchema(names, types);
  if (output.on_schema) FLOE_RETURN_IF_ERROR(output.on_schema(schema));
  std::vector<columnar::ArrayPtr> columns;
  for (size_t i = 0; i < names.size(); ++i) {
    columnar::BinaryBuilder builder(columnar::Utf8());
    for (const auto& row : rows) {
      if (row[i]) {
        FLOE_RETURN_IF_ERROR(builder.Append(*row[i]));
      } else {
        FLOE_RETURN_IF_ERROR(builder.AppendNull());
      }
    }
    FLOE_ASSIGN_OR_RETURN(auto a, builder.Finish());
    columns.push_back(std::move(a));
  }
  FLOE_ASSIGN_OR_RETURN(
      RecordBatch batch,
      RecordBatch::Make(schema, static_cast<int64_t>(rows.size()), std::move(columns)));
  if (rows.empty() || !output.on_batch) return Ok();
  return output.on_batch(batch);
}

}  // namespace floe::sql
