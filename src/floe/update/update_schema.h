// Schema evolution (spec: "Schema Evolution"; Java's UpdateSchema / SchemaUpdate): add columns
// (top level or inside a struct, a list element's struct or a map value's struct), rename, drop,
// promote a type (int→long, float→double, decimal(P,S)→decimal(P',S) with P'>P; v3: unknown→any),
// make a column optional (or required, only with AllowIncompatibleChanges), change a doc, and
// move columns within their struct.
//
// UpdateSchema only records the changes, by column name. Apply replays them on a table's current
// schema, so the same changes can be re-applied to refreshed metadata after a commit conflict.
// The changes are checked as Java checks them, in the order they were made; a refusal is an
// InvalidArgument naming the column and the reason, e.g.
//   cannot change column "amount" from long to int: not a promotion Iceberg allows
// Refused: unknown columns; adding a name that exists; adding a required column without a
// default (unless AllowIncompatibleChanges); any change to a column dropped in the same update,
// or dropping a column changed or added to in it; dropping a column the default partition spec,
// the default sort order or the identifier fields use; renaming to a name its struct has;
// moving a column relative to itself or to another struct; conflicting moves (a column moved, or
// used as a move's reference, by an earlier move of the same update; Java would apply them in
// turn); changing a map key or dropping a list element or map key/value. Names are looked up in
// the table's schema (not in the result of earlier renames), so rename(a→b) + rename(b→a) swaps.
//
// Field ids are never reused: added columns (and the fields nested in their types) get ids from
// the table's last-column-id + 1, in Java's order. When the result equals a schema the table has
// had, that schema's id is reused.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "floe/commit/pending_update.h"
#include "floe/commit/table_operations.h"
#include "floe/spec/schema.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::update {

// Where a column goes among its siblings. Before/After name a sibling by its full dotted name.
struct ColumnPosition {
  enum class Kind { kLast, kFirst, kBefore, kAfter };
  Kind kind = Kind::kLast;
  std::string reference;  // kBefore, kAfter

  static ColumnPosition Last() { return {}; }
  static ColumnPosition First() { return {Kind::kFirst, ""}; }
  static ColumnPosition Before(std::string name) { return {Kind::kBefore, std::move(name)}; }
  static ColumnPosition After(std::string name) { return {Kind::kAfter, std::move(name)}; }
};

struct NewColumn {
  // "" for a top-level column; else the dotted name of a struct column, or of a list or map
  // column whose element or value is a struct (the column goes into that struct).
  std::string parent;
  std::string name;
  spec::TypePtr type;  // ids of nested fields are ignored: fresh ones are assigned
  bool required = false;
  std::string doc;
  // v3: the JSON single value existing rows read (initial-default) and writers use when they
  // have no value (write-default).
  std::optional<std::string> default_value;
  ColumnPosition position;
};

// The schema an update produces.
struct AppliedSchema {
  spec::Schema schema;         // schema_id: an identical existing schema's id, else the next one
  int32_t last_column_id = 0;  // the table's last-column-id after the update
  bool exists = false;         // the table already has this schema (schema_id is its id)
};

// What a commit sends (REST): AssertCurrentSchemaId + AssertLastAssignedFieldId, and
// AddSchema + SetCurrentSchema(kLastAdded) (only SetCurrentSchema when the schema exists), plus
// SetProperties with the updated name mapping when the table has one, and column-level
// properties (write.metadata.metrics.column.<name>, write.parquet.bloom-filter-enabled.column.*,
// write.parquet.stats-enabled.column.*) moved to a renamed column's new name (SetProperties +
// RemoveProperties) or removed with a dropped column. No updates when the result is the current
// schema.
struct SchemaChanges {
  AppliedSchema applied;
  std::vector<commit::TableRequirement> requirements;
  std::vector<commit::TableUpdate> updates;
};

struct SchemaCommitResult {
  AppliedSchema applied;
  commit::TableBase table;  // the table after the commit
  int attempts = 0;         // 1 when the first try landed (0: nothing to commit)
};

class UpdateSchema : public commit::PendingUpdate {
 public:
  // Without operations: Apply and Changes only (or staged in a commit::Transaction).
  UpdateSchema() = default;
  // `ops` must outlive the update.
  explicit UpdateSchema(commit::TableOperations& ops) : ops_(&ops) {}

  // Names are looked up exactly (default) or ignoring ASCII case.
  UpdateSchema& CaseSensitive(bool case_sensitive);
  // Allows adding required columns without defaults and making optional columns required.
  UpdateSchema& AllowIncompatibleChanges();

  UpdateSchema& AddColumn(NewColumn column);
  // Shorthand: an optional top-level column at the end.
  UpdateSchema& AddColumn(std::string name, spec::TypePtr type, std::string doc = "");
  UpdateSchema& RenameColumn(std::string name, std::string new_name);
  UpdateSchema& DeleteColumn(std::string name);
  // `new_type` must be a primitive the column's type may be promoted to.
  UpdateSchema& UpdateColumnType(std::string name, spec::TypePtr new_type);
  UpdateSchema& MakeColumnOptional(std::string name);
  UpdateSchema& RequireColumn(std::string name);
  UpdateSchema& UpdateColumnDoc(std::string name, std::string doc);
  UpdateSchema& MoveFirst(std::string name);
  UpdateSchema& MoveBefore(std::string name, std::string before);
  UpdateSchema& MoveAfter(std::string name, std::string after);
  // Replaces the identifier fields (names as in the new schema).
  UpdateSchema& SetIdentifierFields(std::vector<std::string> names);

  // The new schema: the changes replayed on base's current schema. Nothing is changed.
  Result<AppliedSchema> Apply(const spec::TableMetadata& base) const;
  // The requirements and updates of a commit on top of `base`.
  Result<SchemaChanges> Changes(const spec::TableMetadata& base) const;
  // Commits through the operations given in a Transaction of its own, retrying conflicts as the
  // table's commit.retry.* properties say (each retry re-applies the changes to the refreshed
  // table).
  Result<SchemaCommitResult> Commit();

  // commit::PendingUpdate: Changes(base.metadata) as a transaction commits them.
  Result<commit::PendingChanges> Apply(const commit::TableBase& base, int attempt) override;
  bool Landed(const spec::TableMetadata& current) const override;
  std::vector<std::string> TakeWrittenFiles() override { return {}; }
  std::string Describe() const override { return "the schema change"; }

  // Replaces the sleep between retries (tests).
  void SetSleep(std::function<void(int64_t ms)> sleep) { sleep_ = std::move(sleep); }

  // The recorded changes (one per call above, in call order).
  struct Add {
    NewColumn column;
  };
  struct Rename {
    std::string name, new_name;
  };
  struct Delete {
    std::string name;
  };
  struct ChangeType {
    std::string name;
    spec::TypePtr type;
  };
  struct ChangeRequired {
    std::string name;
    bool required = false;
  };
  struct ChangeDoc {
    std::string name, doc;
  };
  struct Move {
    std::string name;
    ColumnPosition position;
  };
  struct SetIdentifiers {
    std::vector<std::string> names;
  };
  using Change = std::variant<Add, Rename, Delete, ChangeType, ChangeRequired, ChangeDoc, Move,
                              SetIdentifiers>;

 private:
  commit::TableOperations* ops_ = nullptr;
  bool case_sensitive_ = true;
  bool allow_incompatible_ = false;
  std::vector<Change> changes_;
  std::function<void(int64_t)> sleep_;
  std::optional<AppliedSchema> last_applied_;  // by the last Apply(TableBase, attempt)
};

// Whether the spec lets a column of type `from` become `to` in this format version: int→long,
// float→double, decimal(P,S)→decimal(P',S) with P'>P; from v3 also unknown→any type.
bool IsPromotionAllowed(const spec::Type& from, const spec::Type& to, int format_version);

}  // namespace floe::update
