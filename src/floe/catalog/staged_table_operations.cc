#include "floe/catalog/staged_table_operations.h"

#include <optional>
#include <variant>

#include "floe/commit/metadata_builder.h"
#include "floe/util/clock.h"

namespace floe::catalog {

Result<std::unique_ptr<StagedTableOperations>> StagedTableOperations::Stage(
    Catalog& catalog, TableIdentifier id, const CreateTableOptions& options) {
  FLOE_ASSIGN_OR_RETURN(spec::TableMetadata staged, catalog.StageCreateTable(id, options));
  return std::make_unique<StagedTableOperations>(catalog, std::move(id), std::move(staged));
}

Result<commit::TableBase> StagedTableOperations::Refresh() {
  if (state_ == State::kStaged) return commit::TableBase{"", staged_};
  Result<LoadedTable> table = catalog_.LoadTable(id_);
  if (state_ == State::kOutcomeUnknown) {
    // Ours landed when the name holds our table-uuid; nothing else can say so.
    if (table.ok() && table->metadata.table_uuid == staged_.table_uuid) {
      state_ = State::kCreated;
    } else if (table.ok() || table.error().kind == ErrorKind::kNotFound) {
      state_ = State::kStaged;  // certainly not created: the next commit tries again
      return commit::TableBase{"", staged_};
    }
  }
  if (!table.ok()) return std::move(table).error();
  return commit::TableBase{std::move(table->metadata_location), std::move(table->metadata)};
}

Result<commit::TableBase> StagedTableOperations::Commit(
    std::span<const commit::TableRequirement> requirements,
    std::span<const commit::TableUpdate> updates) {
  Result<LoadedTable> committed =
      state_ == State::kCreated ? catalog_.CommitTable(id_, requirements, updates)
                                : catalog_.CreateStagedTable(id_, staged_, requirements, updates);
  if (!committed.ok()) {
    if (state_ != State::kCreated && committed.error().kind == ErrorKind::kCommitStateUnknown) {
      state_ = State::kOutcomeUnknown;
    }
    return std::move(committed).error();
  }
  state_ = State::kCreated;
  return commit::TableBase{std::move(committed->metadata_location), std::move(committed->metadata)};
}

Status StagedTableOperations::Discard() {
  if (state_ != State::kStaged) return Ok();
  return catalog_.DiscardStagedTable(id_, staged_);
}

Result<spec::TableMetadata> StagedTableMetadata(
    const spec::TableMetadata& staged, std::span<const commit::TableRequirement> requirements,
    std::span<const commit::TableUpdate> updates) {
  for (const commit::TableRequirement& requirement : requirements) {
    if (std::holds_alternative<commit::AssertCreate>(requirement)) continue;
    FLOE_RETURN_IF_ERROR(commit::CheckRequirement(requirement, &staged));
  }
  if (updates.empty()) return staged;
  return commit::ApplyUpdates(staged, updates, NowMillis(), std::nullopt);
}

}  // namespace floe::catalog
