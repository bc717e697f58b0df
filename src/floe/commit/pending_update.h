// One pending change to a table (Java's PendingUpdate), as a Transaction sees it: given the table
// as it is now, what the change requires of it and what it updates. Every update in update/
// (appends, add-files, schema and property changes, ...) implements this; the Transaction
// (commit/transaction.h) is the one place that commits them.
#pragma once

#include <string>
#include <vector>

#include "floe/commit/table_operations.h"
#include "floe/commit/table_requirement.h"
#include "floe/commit/table_update.h"
#include "floe/util/result.h"

namespace floe::commit {

// What one update asks for against one base.
struct PendingChanges {
  std::vector<TableRequirement> requirements;
  std::vector<TableUpdate> updates;
  // Files the update wrote (in this attempt or earlier ones) that `updates` reference: kept when
  // this attempt is the one that lands.
  std::vector<std::string> referenced;
};

class PendingUpdate {
 public:
  virtual ~PendingUpdate() = default;

  // The changes against `base`. Pure but for writing new files the updates will reference
  // (docs/style.md 10): no catalog I/O. Called again on a refreshed base after a conflict;
  // `attempt` counts from 0. Validation that the base still allows the change belongs here, so it
  // is re-run on every attempt.
  virtual Result<PendingChanges> Apply(const TableBase& base, int attempt) = 0;

  // After a commit whose outcome is unknown: whether `current` shows that the changes of the last
  // Apply landed.
  virtual bool Landed(const spec::TableMetadata& current) const = 0;

  // The files written since the last call (manifests, manifest lists), whether Apply succeeded
  // or not: the transaction deletes them when the commit certainly fails, or when the attempt
  // that lands does not reference them.
  virtual std::vector<std::string> TakeWrittenFiles() = 0;

  // What the update is, for messages: "snapshot 123", "the schema change".
  virtual std::string Describe() const = 0;
};

}  // namespace floe::commit
