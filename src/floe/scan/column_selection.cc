#include "floe/scan/column_selection.h"

#include <fmt/format.h>

#include "floe/spec/type.h"

namespace floe::scan {
namespace {

// The field a selection of `id` keeps whole: the outermost list or map above it, else itself.
int32_t SelectedId(const spec::Schema& schema, int32_t id) {
  std::optional<std::vector<int32_t>> parents = schema.FindParentIds(id);
  if (!parents) return id;
  for (int32_t parent : *parents) {
    const spec::NestedField* field = schema.FindFieldById(parent);
    if (field && (field->type->is_list() || field->type->is_map())) return parent;
  }
  return id;
}

// The fields of `fields` that are selected or hold a selected field below them.
std::vector<spec::NestedField> Select(const std::vector<spec::NestedField>& fields,
                                      const std::set<int32_t>& ids) {
  std::vector<spec::NestedField> out;
  for (const spec::NestedField& field : fields) {
    if (ids.count(field.id)) {
      out.push_back(field);
    } else if (field.type->is_struct()) {
      std::vector<spec::NestedField> children = Select(field.type->fields(), ids);
      if (children.empty()) continue;
      spec::NestedField kept = field;
      kept.type = spec::Type::Struct(std::move(children));
      out.push_back(std::move(kept));
    }
  }
  return out;
}

}  // namespace

Result<std::set<int32_t>> ColumnIds(const spec::Schema& schema,
                                    const std::vector<std::string>& columns, bool case_sensitive) {
  std::set<int32_t> ids;
  if (columns.empty()) {
    for (const spec::NestedField& field : schema.fields) ids.insert(field.id);
    return ids;
  }
  for (const std::string& column : columns) {
    const spec::NestedField* field = schema.FindFieldByName(column, case_sensitive);
    if (!field) {
      std::vector<std::string> names;
      for (const spec::NestedField& f : schema.fields) names.push_back(f.name);
      return NotFound("no column \"{}\" in the table (columns: {})", column,
                      fmt::join(names, ", "));
    }
    ids.insert(SelectedId(schema, field->id));
  }
  return ids;
}

spec::Schema SelectFields(const spec::Schema& schema, const std::set<int32_t>& ids) {
  spec::Schema out;
  out.schema_id = schema.schema_id;
  out.fields = Select(schema.fields, ids);
  return out;
}

}  // namespace floe::scan
