// A staged create as TableOperations (Java's create transaction, REST's `stage-create`): the
// updates of a Transaction (commit/transaction.h) land together with the table's creation, in one
// catalog operation. CREATE TABLE ... AS SELECT appends its rows through it: the table appears
// with its first snapshot, or not at all.
//
// Until the create lands, Refresh gives the staged metadata (no metadata location) and Commit
// creates the table (Catalog::CreateStagedTable): kAlreadyExists when the name was taken since
// the create was staged, which the Transaction does not retry. Once created, both are the
// table's, as CatalogTableOperations. Not thread-safe.
#pragma once

#include <memory>
#include <span>

#include "floe/catalog/catalog.h"
#include "floe/commit/table_operations.h"

namespace floe::catalog {

class StagedTableOperations : public commit::TableOperations {
 public:
  // Stages the create of `id` (Catalog::StageCreateTable; its errors). `catalog` must outlive
  // the result.
  static Result<std::unique_ptr<StagedTableOperations>> Stage(Catalog& catalog, TableIdentifier id,
                                                              const CreateTableOptions& options);
  StagedTableOperations(Catalog& catalog, TableIdentifier id, spec::TableMetadata staged)
      : catalog_(catalog), id_(std::move(id)), staged_(std::move(staged)) {}

  Result<commit::TableBase> Refresh() override;
  Result<commit::TableBase> Commit(std::span<const commit::TableRequirement> requirements,
                                   std::span<const commit::TableUpdate> updates) override;
  io::FileIO& io() override { return catalog_.io(); }
  std::optional<std::string> TakeUnrecordedMetadataFile() override {
    return catalog_.TakeUnrecordedMetadataFile(id_);
  }

  const TableIdentifier& id() const { return id_; }
  const spec::TableMetadata& staged() const { return staged_; }
  bool created() const { return state_ == State::kCreated; }

  // Gives up the create when it did not land (Catalog::DiscardStagedTable); nothing once it did.
  // Files the writers put under the table's location are theirs to delete first.
  Status Discard();

 private:
  enum class State { kStaged, kOutcomeUnknown, kCreated };

  Catalog& catalog_;
  TableIdentifier id_;
  spec::TableMetadata staged_;
  State state_ = State::kStaged;
};

// What a catalog's CreateStagedTable creates: `staged` with `updates` applied (no metadata-log
// entry: there was no earlier file), after checking `requirements` against `staged` (AssertCreate
// is the create itself and is left to the catalog). kCommitConflict when a requirement fails.
Result<spec::TableMetadata> StagedTableMetadata(
    const spec::TableMetadata& staged, std::span<const commit::TableRequirement> requirements,
    std::span<const commit::TableUpdate> updates);

}  // namespace floe::catalog
