#include "floe/commit/replacing_table_operations.h"

#include <utility>
#include <vector>

#include "floe/commit/table_replacement.h"

namespace floe::commit {

Result<std::unique_ptr<ReplacingTableOperations>> ReplacingTableOperations::Make(
    TableOperations& inner, const NewTableRequest& request, int64_t now_ms) {
  FLOE_ASSIGN_OR_RETURN(TableBase base, inner.Refresh());
  FLOE_ASSIGN_OR_RETURN(PendingChanges plan, ReplaceTableChanges(base.metadata, request));
  FLOE_ASSIGN_OR_RETURN(spec::TableMetadata replaced,
                        ApplyUpdates(base.metadata, plan.updates, now_ms, std::nullopt));
  return std::unique_ptr<ReplacingTableOperations>(
      new ReplacingTableOperations(inner, std::move(base), std::move(plan), std::move(replaced)));
}

Result<TableBase> ReplacingTableOperations::Refresh() {
  if (attempted_) return inner_.Refresh();
  return TableBase{base_.metadata_location, replaced_};
}

Result<TableBase> ReplacingTableOperations::Commit(std::span<const TableRequirement> requirements,
                                                   std::span<const TableUpdate> updates) {
  if (attempted_) {
    return CommitConflict(
        "the table changed while it was being replaced, or the replace could not tell whether "
        "it landed; nothing is retried: run the statement again");
  }
  FLOE_RETURN_IF_ERROR(CheckRequirements(
      std::vector<TableRequirement>(requirements.begin(), requirements.end()), &replaced_));
  std::vector<TableUpdate> all = plan_.updates;
  all.insert(all.end(), updates.begin(), updates.end());
  attempted_ = true;
  auto committed = inner_.Commit(plan_.requirements, all);
  if (!committed.ok() && committed.error().kind == ErrorKind::kCommitConflict) {
    return std::move(committed).error().WithContext(
        "the table changed while it was being replaced; run the statement again");
  }
  return committed;
}

Result<TableBase> ReplacingTableOperations::CommitReplacement() {
  auto committed = Commit({}, {});
  if (!committed.ok() && committed.error().kind != ErrorKind::kCommitStateUnknown) {
    if (auto file = inner_.TakeUnrecordedMetadataFile()) (void)inner_.io().Delete(*file);
  }
  return committed;
}

}  // namespace floe::commit
