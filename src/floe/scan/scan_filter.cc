#include "floe/scan/scan_filter.h"

#include <algorithm>

#include "floe/expr/binder.h"
#include "floe/table/schema_conversion.h"

namespace floe::scan {
Result<ScanFilter> ScanFilter::Make(const spec::Schema& schema, expr::BoundExpression expr) {
  FLOE_ASSIGN_OR_RETURN(columnar::SchemaPtr columnar_schema, table::ToColumnarSchema(schema));
  return ScanFilter{schema, std::move(columnar_schema), std::move(expr)};
}

Result<ScanFilter> ScanFilter::Bind(const spec::Schema& schema, const expr::Expression& filter,
                                    bool case_sensitive) {
  FLOE_ASSIGN_OR_RETURN(ScanFilter bound, Make(schema, expr::BoundExpression::True()));
  expr::BindOptions options;
  options.case_sensitive = case_sensitive;
  FLOE_ASSIGN_OR_RETURN(bound.expr, expr::Bind(filter, *bound.columnar_schema, options));
  return bound;
}

const spec::NestedField* ScanFilter::Field(const expr::BoundReference& ref) const {
  // ToColumnarSchema keeps the order of fields at every level, so the columnar path indexes
  // the Iceberg fields too.
  const std::vector<spec::NestedField>* fields = &schema.fields;
  const spec::NestedField* field = nullptr;
  for (int index : ref.path) {
    if (!fields || index < 0 || static_cast<size_t>(index) >= fields->size()) return nullptr;
    field = &(*fields)[static_cast<size_t>(index)];
    bool is_struct = field->type && field->type->is_struct();
    fields = is_struct ? &field->type->fields() : nullptr;
  }
  return field;
}

std::optional<int32_t> ScanFilter::FieldId(const expr::BoundReference& ref) const {
  const spec::NestedField* field = Field(ref);
  if (!field) return std::nullopt;
  return field->id;
}

std::vector<int32_t> ScanFilter::FieldIds() const {
  std::vector<int32_t> ids;
  std::vector<const expr::BoundExpression*> todo = {&expr};
  while (!todo.empty()) {
    const expr::BoundExpression* e = todo.back();
    todo.pop_back();
    if (e->is_predicate()) {
      if (std::optional<int32_t> id = FieldId(e->term())) ids.push_back(*id);
    }
    for (const expr::BoundExpression& child : e->children()) todo.push_back(&child);
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

}  // namespace floe::scan
