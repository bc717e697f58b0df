#include "floe/commit/transaction.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <random>
#include <thread>

#include "floe/commit/commit_retry.h"
#include "floe/commit/metadata_builder.h"
#include "floe/util/clock.h"

namespace floe::commit {

namespace {

// Up to 10% more than `wait_ms`, so writers that conflicted together do not retry together.
int64_t WithJitter(int64_t wait_ms) {
  thread_local std::minstd_rand random(std::random_device{}());
  int64_t span = std::max<int64_t>(1, wait_ms / 10);
  return wait_ms + static_cast<int64_t>(random() % static_cast<uint64_t>(span));
}

bool Contains(const std::vector<TableRequirement>& list, const TableRequirement& r) {
  return std::find(list.begin(), list.end(), r) != list.end();
}

// Whether `table` is at metadata file `location` or lists it in its metadata log.
bool ReferencesMetadataFile(const TableBase& table, const std::string& location) {
  if (table.metadata_location == location) return true;
  for (const auto& entry : table.metadata.metadata_log) {
    if (entry.metadata_file == location) return true;
  }
  return false;
}

}  // namespace

Transaction::Transaction(TableOperations& ops)
    : ops_(ops),
      sleep_([](int64_t ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }) {}

Result<Transaction::Attempt> Transaction::ApplyAll(const TableBase& base, int attempt) {
  Attempt out;
  // The base with the earlier updates' changes applied; a copy only once an update changed it
  // and another follows (a one-update commit never copies the metadata).
  std::optional<TableBase> changed;
  for (size_t i = 0; i < pending_.size(); ++i) {
    Result<PendingChanges> changes = pending_[i]->Apply(changed ? *changed : base, attempt);
    for (std::string& f : pending_[i]->TakeWrittenFiles()) written_.insert(std::move(f));
    if (!changes.ok()) return std::move(changes).error();
    out.referenced.insert(changes->referenced.begin(), changes->referenced.end());
    for (TableRequirement& r : changes->requirements) {
      // A later update's requirement describes the metadata the earlier ones made; where that
      // differs from the base, the earlier update's own requirement already guards it.
      if (i > 0 && !CheckRequirement(r, &base.metadata).ok()) continue;
      if (!Contains(out.requirements, r)) out.requirements.push_back(std::move(r));
    }
    if (i + 1 < pending_.size() && !changes->updates.empty()) {
      if (!changed) changed = base;
      FLOE_ASSIGN_OR_RETURN(changed->metadata, ApplyUpdates(changed->metadata, changes->updates,
                                                            NowMillis(), std::nullopt));
    }
    for (TableUpdate& u : changes->updates) out.updates.push_back(std::move(u));
  }
  return out;
}

bool Transaction::AllLanded(const spec::TableMetadata& current) const {
  for (const PendingUpdate* u : pending_) {
    if (!u->Landed(current)) return false;
  }
  return true;
}

std::string Transaction::Describe() const {
  std::string out;
  for (const PendingUpdate* u : pending_) {
    if (!out.empty()) out += " and ";
    out += u->Describe();
  }
  return out;
}

void Transaction::DeleteWritten(const std::set<std::string>& keep) {
  for (const std::string& f : written_) {
    if (!keep.count(f)) (void)ops_.io().Delete(f);  // best effort: an orphan is harmless
  }
  written_.clear();
}

Result<TransactionResult> Transaction::Commit() {
  using Clock = std::chrono::steady_clock;
  FLOE_ASSIGN_OR_RETURN(TableBase base, ops_.Refresh());
  FLOE_ASSIGN_OR_RETURN(CommitRetryPolicy policy,
                        CommitRetryPolicy::Parse(base.metadata.properties));
  auto start = Clock::now();
  auto elapsed_ms = [&] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  };
  auto out_of_retries = [&](int attempt) {
    return attempt >= policy.num_retries || elapsed_ms() > policy.total_timeout_ms;
  };
  // The first unknown outcome that turned out not to have landed: the cause a later attempt's
  // error must not hide (a full disk, say, before a retry that conflicted).
  std::optional<std::string> first_failure;
  auto failed = [&](Error e) -> Error {
    DeleteWritten({});
    if (first_failure && e.message.find(*first_failure) == std::string::npos) {
      e.message += fmt::format(" (after an earlier attempt failed: {})", *first_failure);
    }
    return e;
  };
  for (int attempt = 0;; ++attempt) {
    Result<Attempt> changes = ApplyAll(base, attempt);
    if (!changes.ok()) return failed(std::move(changes).error());
    if (changes->updates.empty()) {
      DeleteWritten({});
      return TransactionResult{std::move(base), 0};
    }

    Result<TableBase> committed = ops_.Commit(changes->requirements, changes->updates);
    if (committed.ok()) {
      DeleteWritten(changes->referenced);
      return TransactionResult{std::move(committed).value(), attempt + 1};
    }
    Error error = std::move(committed).error();

    if (error.kind == ErrorKind::kCommitStateUnknown) {
      std::optional<std::string> uncertain = ops_.TakeUnrecordedMetadataFile();
      // Did the changes land? Only a successful refresh can say; otherwise delete nothing.
      std::optional<TableBase> refreshed;
      for (int check = 0; check <= policy.status_check_num_retries; ++check) {
        if (check > 0) {
          if (elapsed_ms() > policy.status_check_total_timeout_ms) break;
          sleep_(
              BackoffMs(policy.status_check_min_wait_ms, policy.status_check_max_wait_ms, check));
        }
        Result<TableBase> r = ops_.Refresh();
        if (r.ok()) {
          refreshed = std::move(r).value();
          break;
        }
      }
      if (!refreshed) {
        return CommitStateUnknown(
            "{}; could not tell whether {} was committed: no file was deleted; check the "
            "table's history before retrying",
            error.message, Describe());
      }
      if (AllLanded(refreshed->metadata)) {
        DeleteWritten(changes->referenced);
        return TransactionResult{std::move(*refreshed), attempt + 1};
      }
      // Certainly not committed: retry like a conflict, on the table as it is now. The metadata
      // file the failed swap wrote is nobody's unless the table lists it.
      if (uncertain && !ReferencesMetadataFile(*refreshed, *uncertain)) {
        (void)ops_.io().Delete(*uncertain);
      }
      if (!first_failure) first_failure = error.message;
      base = std::move(*refreshed);
      if (out_of_retries(attempt)) {
        return failed(CommitConflict("{} (gave up after {} attempts)", error.message, attempt + 1));
      }
      continue;
    }
    // Certainly not committed (a lost race, a full disk): the metadata file the catalog wrote
    // for this attempt is nobody's unless the table, as it is now, lists it. A failed refresh
    // does not keep it: the catalog's answer was certain.
    std::optional<std::string> unrecorded = ops_.TakeUnrecordedMetadataFile();
    auto discard_unrecorded = [&](const Result<TableBase>& now) {
      if (unrecorded && (!now.ok() || !ReferencesMetadataFile(*now, *unrecorded))) {
        (void)ops_.io().Delete(*unrecorded);
      }
    };
    if (error.kind != ErrorKind::kCommitConflict || out_of_retries(attempt)) {
      if (unrecorded) discard_unrecorded(ops_.Refresh());
      if (error.kind != ErrorKind::kCommitConflict) return failed(std::move(error));
      return failed(CommitConflict("{} (gave up after {} attempts)", error.message, attempt + 1));
    }
    sleep_(WithJitter(BackoffMs(policy.min_wait_ms, policy.max_wait_ms, attempt + 1)));
    Result<TableBase> refreshed = ops_.Refresh();
    discard_unrecorded(refreshed);
    if (!refreshed.ok()) return failed(std::move(refreshed).error());
    base = std::move(refreshed).value();
  }
}

}  // namespace floe::commit
