// The one commit loop (Java's BaseTransaction and SnapshotProducer.commit, in one place): a
// Transaction holds pending updates and commits them to one table in ONE atomic swap.
//
// Commit():
//   1. refreshes the table and applies every pending update to it, in the order they were
//      added, each seeing the metadata the earlier ones produce;
//   2. asks the catalog (TableOperations::Commit) to check the requirements and swap;
//   3. on a conflict (kCommitConflict): backs off (commit.retry.min-wait-ms doubling up to
//      max-wait-ms, plus up to 10% jitter), refreshes and goes back to 1, which re-runs every
//      update's validation on the new base; at most commit.retry.num-retries retries within
//      commit.retry.total-timeout-ms;
//   4. on an unknown outcome (kCommitStateUnknown): refreshes (commit.status-check.*) to see
//      whether the changes landed; landed is success, certainly not landed is retried like a
//      conflict (the metadata file the failed swap wrote, TakeUnrecordedMetadataFile, is deleted
//      unless the table lists it, and the final error keeps this first failure as its cause),
//      and when it cannot tell, it says so and deletes nothing; after a certain failure (a lost
//      race, a full disk) the metadata file the catalog wrote is deleted the same way;
//   5. deletes the files the updates wrote that the landed commit does not reference (earlier
//      attempts' manifest lists, unused merged manifests), or all of them when the commit
//      certainly failed. Data files are never its business: their writers own them.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "floe/commit/pending_update.h"
#include "floe/commit/table_operations.h"
#include "floe/util/result.h"

namespace floe::commit {

struct TransactionResult {
  TableBase table;   // the table after the commit (the refreshed base when nothing changed)
  int attempts = 0;  // 1 when the first try landed; 0 when no update changed anything
};

class Transaction {
 public:
  // `ops` must outlive the transaction.
  explicit Transaction(TableOperations& ops);

  // Adds an update the transaction owns, made from `args`, and returns it to be filled in.
  template <typename Update, typename... Args>
  Update& Add(Args&&... args) {
    auto update = std::make_unique<Update>(std::forward<Args>(args)...);
    Update& ref = *update;
    Stage(ref);
    owned_.push_back(std::move(update));
    return ref;
  }
  // Adds an update the caller owns; it must outlive Commit().
  void Stage(PendingUpdate& update) { pending_.push_back(&update); }

  // Replaces the sleep between retries (tests).
  void SetSleep(std::function<void(int64_t ms)> sleep) { sleep_ = std::move(sleep); }

  // Commits every staged update in one swap (see above). Errors: the update's own (validation,
  // I/O), kCommitConflict "... (gave up after N attempts)", kCommitStateUnknown when the outcome
  // could not be learned.
  Result<TransactionResult> Commit();

  TableOperations& ops() { return ops_; }

 private:
  struct Attempt {
    std::vector<TableRequirement> requirements;
    std::vector<TableUpdate> updates;
    std::set<std::string> referenced;
  };
  Result<Attempt> ApplyAll(const TableBase& base, int attempt);
  bool AllLanded(const spec::TableMetadata& current) const;
  std::string Describe() const;
  void DeleteWritten(const std::set<std::string>& keep);

  TableOperations& ops_;
  std::vector<PendingUpdate*> pending_;
  std::vector<std::unique_ptr<PendingUpdate>> owned_;
  std::function<void(int64_t)> sleep_;
  std::set<std::string> written_;  // every file the updates wrote, in any attempt
};

}  // namespace floe::commit
