#include "floe/update/update_schema.h"

#include <algorithm>
#include <map>
#include <string_view>

#include "floe/commit/table_properties.h"
#include "floe/commit/transaction.h"
#include "floe/spec/name_mapping.h"
#include "floe/update/name_mapping_update.h"
#include "floe/update/schema_change_replay.h"

namespace floe::update {

namespace {

// Table properties that name a column at their end and follow it (Java's
// PropertyUtil.applySchemaChanges).
constexpr std::string_view kColumnPropertyPrefixes[] = {
    commit::kMetricsColumn.prefix,
    commit::kParquetBloomFilterEnabledColumn.prefix,
    commit::kParquetStatsEnabledColumn.prefix,
};

}  // namespace

UpdateSchema& UpdateSchema::CaseSensitive(bool case_sensitive) {
  case_sensitive_ = case_sensitive;
  return *this;
}

UpdateSchema& UpdateSchema::AllowIncompatibleChanges() {
  allow_incompatible_ = true;
  return *this;
}

UpdateSchema& UpdateSchema::AddColumn(NewColumn column) {
  changes_.push_back(Add{std::move(column)});
  return *this;
}

UpdateSchema& UpdateSchema::AddColumn(std::string name, spec::TypePtr type, std::string doc) {
  NewColumn column;
  column.name = std::move(name);
  column.type = std::move(type);
  column.doc = std::move(doc);
  return AddColumn(std::move(column));
}

UpdateSchema& UpdateSchema::RenameColumn(std::string name, std::string new_name) {
  changes_.push_back(Rename{std::move(name), std::move(new_name)});
  return *this;
}

UpdateSchema& UpdateSchema::DeleteColumn(std::string name) {
  changes_.push_back(Delete{std::move(name)});
  return *this;
}

UpdateSchema& UpdateSchema::UpdateColumnType(std::string name, spec::TypePtr new_type) {
  changes_.push_back(ChangeType{std::move(name), std::move(new_type)});
  return *this;
}

UpdateSchema& UpdateSchema::MakeColumnOptional(std::string name) {
  changes_.push_back(ChangeRequired{std::move(name), false});
  return *this;
}

UpdateSchema& UpdateSchema::RequireColumn(std::string name) {
  changes_.push_back(ChangeRequired{std::move(name), true});
  return *this;
}

UpdateSchema& UpdateSchema::UpdateColumnDoc(std::string name, std::string doc) {
  changes_.push_back(ChangeDoc{std::move(name), std::move(doc)});
  return *this;
}

UpdateSchema& UpdateSchema::MoveFirst(std::string name) {
  changes_.push_back(Move{std::move(name), ColumnPosition::First()});
  return *this;
}

UpdateSchema& UpdateSchema::MoveBefore(std::string name, std::string before) {
  changes_.push_back(Move{std::move(name), ColumnPosition::Before(std::move(before))});
  return *this;
}

UpdateSchema& UpdateSchema::MoveAfter(std::string name, std::string after) {
  changes_.push_back(Move{std::move(name), ColumnPosition::After(std::move(after))});
  return *this;
}

UpdateSchema& UpdateSchema::SetIdentifierFields(std::vector<std::string> names) {
  changes_.push_back(SetIdentifiers{std::move(names)});
  return *this;
}

Result<AppliedSchema> UpdateSchema::Apply(const spec::TableMetadata& base) const {
  FLOE_ASSIGN_OR_RETURN(ReplayedSchema replayed,
                        ReplaySchemaChanges(base, changes_, case_sensitive_, allow_incompatible_));
  return std::move(replayed.applied);
}

Result<SchemaChanges> UpdateSchema::Changes(const spec::TableMetadata& base) const {
  FLOE_ASSIGN_OR_RETURN(ReplayedSchema replayed,
                        ReplaySchemaChanges(base, changes_, case_sensitive_, allow_incompatible_));
  SchemaChanges out;
  out.applied = std::move(replayed.applied);
  if (out.applied.exists && out.applied.schema.schema_id == base.current_schema_id) return out;

  out.requirements.push_back(commit::AssertCurrentSchemaId{base.current_schema_id});
  out.requirements.push_back(commit::AssertLastAssignedFieldId{base.last_column_id});
  if (out.applied.exists) {
    out.updates.push_back(commit::SetCurrentSchema{out.applied.schema.schema_id});
  } else {
    out.updates.push_back(commit::AddSchema{out.applied.schema});
    out.updates.push_back(commit::SetCurrentSchema{commit::kLastAdded});
  }
  // Column-level table properties follow renames and drops (Java's
  // PropertyUtil.applySchemaChanges).
  std::map<std::string, std::string> set;
  std::vector<std::string> removed;
  for (const auto& [key, value] : base.properties) {
    for (std::string_view prefix : kColumnPropertyPrefixes) {
      if (key.size() <= prefix.size() || key.compare(0, prefix.size(), prefix) != 0) continue;
      std::string column = key.substr(prefix.size());
      auto renamed = replayed.renamed_columns.find(column);
      if (renamed != replayed.renamed_columns.end()) {
        removed.push_back(key);
        set[std::string(prefix) + renamed->second] = value;
      } else if (std::find(replayed.dropped_columns.begin(), replayed.dropped_columns.end(),
                           column) != replayed.dropped_columns.end()) {
        removed.push_back(key);
      }
    }
  }
  // Java keeps the schema update when the mapping cannot be read; so does floe.
  if (const std::string* json = commit::kDefaultNameMapping.Find(base.properties)) {
    Result<spec::NameMapping> mapping = spec::NameMapping::Parse(*json);
    if (mapping.ok()) {
      std::string updated = UpdateNameMapping(*mapping, replayed.renamed, replayed.added).ToJson();
      if (updated != *json) set[std::string(commit::kDefaultNameMapping.name)] = std::move(updated);
    }
  }
  for (const auto& [key, value] : set) {
    std::erase(removed, key);  // a rename onto a dropped column's name keeps the new value
  }
  if (!set.empty()) out.updates.push_back(commit::SetProperties{std::move(set)});
  if (!removed.empty()) out.updates.push_back(commit::RemoveProperties{std::move(removed)});
  return out;
}

Result<commit::PendingChanges> UpdateSchema::Apply(const commit::TableBase& base, int attempt) {
  FLOE_ASSIGN_OR_RETURN(SchemaChanges changes, Changes(base.metadata));
  last_applied_ = std::move(changes.applied);
  return commit::PendingChanges{std::move(changes.requirements), std::move(changes.updates), {}};
}

bool UpdateSchema::Landed(const spec::TableMetadata& current) const {
  const spec::Schema* schema = current.CurrentSchema();
  return last_applied_ && schema != nullptr && schema->SameSchema(last_applied_->schema) &&
         current.last_column_id == last_applied_->last_column_id;
}

Result<SchemaCommitResult> UpdateSchema::Commit() {
  if (ops_ == nullptr) {
    return InvalidArgument("UpdateSchema::Commit: the update was made without table operations");
  }
  commit::Transaction transaction(*ops_);
  if (sleep_) transaction.SetSleep(sleep_);
  transaction.Stage(*this);
  FLOE_ASSIGN_OR_RETURN(commit::TransactionResult committed, transaction.Commit());
  AppliedSchema applied = std::move(*last_applied_);
  // The id the table gave the schema (a lost answer may hide it from the attempt's own count).
  const spec::Schema* current = committed.table.metadata.CurrentSchema();
  if (committed.attempts > 0 && current != nullptr && current->SameSchema(applied.schema)) {
    applied.schema.schema_id = current->schema_id;
  }
  return SchemaCommitResult{std::move(applied), std::move(committed.table), committed.attempts};
}

}  // namespace floe::update
