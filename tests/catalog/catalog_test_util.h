// Shared pieces of the catalog tests: a small table request and a schema-changing commit whose
// requirement fails when another commit changed the schema first.
#pragma once

#include <vector>

#include "floe/catalog/catalog.h"

namespace floe::catalog::testing {

inline CreateTableOptions SmallTable() {
  CreateTableOptions options;
  options.table.schema.fields = {spec::NestedField{1, "id", true, spec::Type::Long()},
                                 spec::NestedField{2, "name", false, spec::Type::String()}};
  return options;
}

// Adds column `name` (id 3) on top of schema 0, requiring schema 0 to be current.
struct SchemaChange {
  std::vector<commit::TableRequirement> requirements;
  std::vector<commit::TableUpdate> updates;
};
inline SchemaChange AddColumn(const LoadedTable& base, const std::string& name) {
  SchemaChange change;
  spec::Schema schema = *base.metadata.CurrentSchema();
  schema.schema_id = base.metadata.current_schema_id + 1;
  schema.fields.push_back(
      spec::NestedField{base.metadata.last_column_id + 1, name, false, spec::Type::Int()});
  change.requirements.push_back(commit::AssertCurrentSchemaId{base.metadata.current_schema_id});
  change.updates.push_back(commit::AddSchema{schema});
  change.updates.push_back(commit::SetCurrentSchema{commit::kLastAdded});
  return change;
}

}  // namespace floe::catalog::testing
