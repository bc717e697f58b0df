// Expiring snapshots (Java's RemoveSnapshots with ReachableFileCleanup; Spark's
// expire_snapshots procedure): which snapshots and refs go, one RemoveSnapshots /
// RemoveSnapshotRef commit through commit::Transaction, then deleting the files that only the
// expired snapshots reached.
//
// Which snapshots are kept (as Java):
//   - a ref other than main older than its max-ref-age-ms (else history.expire.max-ref-age-ms,
//     default: never) is removed; main is always kept;
//   - every kept branch keeps the ancestors of its head while fewer than its
//     min-snapshots-to-keep (else retain_last, else history.expire.min-snapshots-to-keep, 1) are
//     kept or while they are not older than its max-snapshot-age-ms (else older_than, else now −
//     history.expire.max-snapshot-age-ms, 5 days); so main's head, the current snapshot, is kept;
//   - every kept tag keeps its snapshot;
//   - a snapshot no kept ref reaches is kept while it is not older than older_than;
//   - an explicit snapshot id is expired even if age alone would keep it; one that a kept ref
//     points at is refused.
// Files (after the commit lands): every data file, delete file, manifest, manifest list,
// statistics and partition-statistics file an expired snapshot reaches and no kept snapshot
// reaches, and among those only the ones under the table's location; the others are listed and
// kept unless include_outside_location.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "floe/commit/pending_update.h"
#include "floe/commit/table_operations.h"
#include "floe/spec/table_metadata.h"
#include "floe/util/result.h"

namespace floe::maintenance {

struct ExpireSnapshotsOptions {
  std::optional<int64_t> older_than_ms;  // nullopt: now − history.expire.max-snapshot-age-ms
  std::optional<int32_t> retain_last;    // nullopt: history.expire.min-snapshots-to-keep
  std::vector<int64_t> snapshot_ids;     // expired whatever their age
  bool dry_run = false;                  // plan and list, change nothing
  bool include_outside_location = false;
  std::optional<int64_t> now_ms;  // nullopt: the clock (tests set it)
};

// What expiry removes from one metadata: the pure planning step.
struct ExpirePlan {
  std::vector<int64_t> snapshot_ids;   // in the metadata's order
  std::vector<std::string> ref_names;  // refs past their max-ref-age-ms
};

// Plans against `metadata` at time `now_ms`. InvalidArgument for retain_last < 1, an explicit id
// the table does not have, an explicit id a kept ref points at, or an unreadable history.expire.*
// property (naming it).
Result<ExpirePlan> PlanExpireSnapshots(const spec::TableMetadata& metadata,
                                       const ExpireSnapshotsOptions& options, int64_t now_ms);

// The commit: re-plans on every attempt against the refreshed table, so a snapshot committed
// meanwhile is judged too. Remembers the snapshots the last attempt removed.
class ExpireSnapshotsUpdate : public commit::PendingUpdate {
 public:
  ExpireSnapshotsUpdate(ExpireSnapshotsOptions options, int64_t now_ms)
      : options_(std::move(options)), now_ms_(now_ms) {}

  Result<commit::PendingChanges> Apply(const commit::TableBase& base, int attempt) override;
  bool Landed(const spec::TableMetadata& current) const override;
  std::vector<std::string> TakeWrittenFiles() override { return {}; }
  std::string Describe() const override { return "the snapshot expiry"; }

  const ExpirePlan& plan() const { return plan_; }
  // The metadata the last attempt planned against.
  const spec::TableMetadata& base() const { return base_; }

 private:
  ExpireSnapshotsOptions options_;
  int64_t now_ms_;
  ExpirePlan plan_;
  spec::TableMetadata base_;
};

// Spark's result columns, and the files behind them.
struct ExpireSnapshotsResult {
  int64_t deleted_data_files_count = 0;
  int64_t deleted_position_delete_files_count = 0;
  int64_t deleted_equality_delete_files_count = 0;
  int64_t deleted_manifest_files_count = 0;
  int64_t deleted_manifest_lists_count = 0;
  int64_t deleted_statistics_files_count = 0;
  std::vector<int64_t> expired_snapshot_ids;
  std::vector<std::string> removed_refs;
  // Deleted (or, with dry_run, to be deleted), content files first.
  std::vector<std::string> deleted_files;
  // Only expired snapshots reached these, but they are outside the table's location: kept.
  std::vector<std::string> kept_outside_location;
};

// The files only the expired snapshots reached: `before` is the metadata the expiry planned
// against, `after` the metadata it leaves. Counts and lists are filled; nothing is deleted.
Result<ExpireSnapshotsResult> PlanExpiredFiles(io::FileIO& io, const spec::TableMetadata& before,
                                               const spec::TableMetadata& after,
                                               bool include_outside_location);

// The whole action. With dry_run: the plan and the files, nothing changed. Otherwise commits,
// then deletes; a file already gone is skipped, and the first failed delete is returned after
// the others were tried (the commit stands either way).
Result<ExpireSnapshotsResult> ExpireSnapshots(commit::TableOperations& ops,
                                              const ExpireSnapshotsOptions& options);

}  // namespace floe::maintenance
