// How UpdateSchema's recorded changes become a new schema (Java's SchemaUpdate bookkeeping and
// its ApplyChanges visitor): the changes are replayed in order on the table's current schema,
// each checked as Java checks it (update_schema.h lists the refusals), then the new struct tree
// is built from the deletes, per-field updates, additions and moves. Internal to UpdateSchema.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "floe/spec/table_metadata.h"
#include "floe/update/update_schema.h"
#include "floe/util/result.h"

namespace floe::update {

// What replaying the changes produced: the schema, and what the name mapping needs.
struct ReplayedSchema {
  AppliedSchema applied;
  std::map<int32_t, std::string> renamed;                   // field id → new name
  std::map<int32_t, std::vector<spec::NestedField>> added;  // parent id → added fields
  std::map<std::string, std::string> renamed_columns;       // old full name → new full name
  std::vector<std::string> dropped_columns;                 // full names
};

// The changes replayed on base's current schema; InvalidArgument naming the column for a
// refused change.
Result<ReplayedSchema> ReplaySchemaChanges(const spec::TableMetadata& base,
                                           const std::vector<UpdateSchema::Change>& changes,
                                           bool case_sensitive, bool allow_incompatible);

}  // namespace floe::update
