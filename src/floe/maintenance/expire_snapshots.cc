#include "floe/maintenance/expire_snapshots.h"

#include <algorithm>
#include <map>

#include "floe/catalog/location_match.h"
#include "floe/commit/table_properties.h"
#include "floe/commit/transaction.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/util/clock.h"

namespace floe::maintenance {

namespace {

// The ancestors of `head` (itself first) as long as `keep(ancestor, kept so far)` says so.
void RetainAncestors(const spec::TableMetadata& metadata, int64_t head,
                     const std::function<bool(const spec::Snapshot&, size_t)>& keep,
                     std::set<int64_t>* retain) {
  std::set<int64_t> mine;
  const spec::Snapshot* s = metadata.SnapshotById(head);
  while (s != nullptr && mine.count(s->snapshot_id) == 0) {
    if (!keep(*s, mine.size())) break;
    mine.insert(s->snapshot_id);
    s = s->parent_snapshot_id ? metadata.SnapshotById(*s->parent_snapshot_id) : nullptr;
  }
  retain->insert(mine.begin(), mine.end());
}

void AllAncestors(const spec::TableMetadata& metadata, int64_t head, std::set<int64_t>* out) {
  const spec::Snapshot* s = metadata.SnapshotById(head);
  while (s != nullptr && out->insert(s->snapshot_id).second) {
    s = s->parent_snapshot_id ? metadata.SnapshotById(*s->parent_snapshot_id) : nullptr;
  }
}

}  // namespace

Result<ExpirePlan> PlanExpireSnapshots(const spec::TableMetadata& metadata,
                                       const ExpireSnapshotsOptions& options, int64_t now_ms) {
  if (options.retain_last && *options.retain_last < 1) {
    return InvalidArgument("expire snapshots: retain_last must be at least 1, got {}",
                           *options.retain_last);
  }
  FLOE_ASSIGN_OR_RETURN(int64_t max_age, commit::kMaxSnapshotAgeMs.Get(metadata.properties));
  FLOE_ASSIGN_OR_RETURN(int32_t min_keep_default,
                        commit::kMinSnapshotsToKeep.Get(metadata.properties));
  FLOE_ASSIGN_OR_RETURN(int64_t max_ref_age, commit::kMaxRefAgeMs.Get(metadata.properties));
  const int64_t older_than = options.older_than_ms.value_or(now_ms - max_age);
  const int32_t min_keep = options.retain_last.value_or(min_keep_default);

  ExpirePlan plan;
  std::map<std::string, spec::SnapshotRef> kept_refs;
  for (const auto& [name, ref] : metadata.refs) {
    const spec::Snapshot* s = metadata.SnapshotById(ref.snapshot_id);
    if (name == spec::kMainBranch) {
      kept_refs.emplace(name, ref);
      continue;
    }
    // A ref to a snapshot the table does not have is invalid: Java removes it too.
    if (s == nullptr || now_ms - s->timestamp_ms > ref.max_ref_age_ms.value_or(max_ref_age)) {
      plan.ref_names.push_back(name);
    } else {
      kept_refs.emplace(name, ref);
    }
  }

  std::set<int64_t> explicit_ids(options.snapshot_ids.begin(), options.snapshot_ids.end());
  for (int64_t id : explicit_ids) {
    if (metadata.SnapshotById(id) == nullptr) {
      return InvalidArgument("expire snapshots: the table has no snapshot {}", id);
    }
    std::vector<std::string> by;
    for (const auto& [name, ref] : kept_refs) {
      if (ref.snapshot_id == id) by.push_back(name);
    }
    if (!by.empty()) {
      std::string names;
      for (const auto& n : by) names += (names.empty() ? "" : ", ") + n;
      return InvalidArgument(
          "expire snapshots: cannot expire snapshot {}: ref {} still points at it", id, names);
    }
  }

  std::set<int64_t> retain, referenced;
  for (const auto& [name, ref] : kept_refs) {
    retain.insert(ref.snapshot_id);
    if (ref.is_tag()) {
      referenced.insert(ref.snapshot_id);
      continue;
    }
    AllAncestors(metadata, ref.snapshot_id, &referenced);
    const int64_t branch_older_than =
        ref.max_snapshot_age_ms ? now_ms - *ref.max_snapshot_age_ms : older_than;
    const size_t branch_min = static_cast<size_t>(ref.min_snapshots_to_keep.value_or(min_keep));
    RetainAncestors(
        metadata, ref.snapshot_id,
        [&](const spec::Snapshot& s, size_t kept) {
          return kept < branch_min || s.timestamp_ms >= branch_older_than;
        },
        &retain);
  }
  for (const auto& s : metadata.snapshots) {
    if (referenced.count(s.snapshot_id) == 0 && s.timestamp_ms >= older_than) {
      retain.insert(s.snapshot_id);
    }
  }
  for (const auto& s : metadata.snapshots) {
    if (retain.count(s.snapshot_id) == 0 || explicit_ids.count(s.snapshot_id) > 0) {
      plan.snapshot_ids.push_back(s.snapshot_id);
    }
  }
  return plan;
}

Result<commit::PendingChanges> ExpireSnapshotsUpdate::Apply(const commit::TableBase& base, int) {
  FLOE_ASSIGN_OR_RETURN(plan_, PlanExpireSnapshots(base.metadata, options_, now_ms_));
  base_ = base.metadata;
  commit::PendingChanges changes;
  if (plan_.snapshot_ids.empty() && plan_.ref_names.empty()) return changes;
  if (!base.metadata.table_uuid.empty()) {
    changes.requirements.push_back(commit::AssertTableUuid{base.metadata.table_uuid});
  }
  // A ref moved meanwhile may need a snapshot planned away: then re-plan on the new table.
  for (const auto& [name, ref] : base.metadata.refs) {
    changes.requirements.push_back(commit::AssertRefSnapshotId{name, ref.snapshot_id});
  }
  for (const auto& name : plan_.ref_names) {
    changes.updates.push_back(commit::RemoveSnapshotRef{name});
  }
  if (!plan_.snapshot_ids.empty()) {
    changes.updates.push_back(commit::RemoveSnapshots{plan_.snapshot_ids});
  }
  return changes;
}

bool ExpireSnapshotsUpdate::Landed(const spec::TableMetadata& current) const {
  for (int64_t id : plan_.snapshot_ids) {
    if (current.SnapshotById(id) != nullptr) return false;
  }
  for (const auto& name : plan_.ref_names) {
    if (current.refs.count(name) > 0) return false;
  }
  return true;
}

namespace {

// The distinct manifests of `snapshots`, and their manifest lists.
Status CollectManifests(io::FileIO& io, const spec::TableMetadata& metadata,
                        const std::vector<const spec::Snapshot*>& snapshots,
                        std::map<std::string, manifest::ManifestFile>* manifests) {
  for (const spec::Snapshot* s : snapshots) {
    FLOE_ASSIGN_OR_RETURN(manifest::ManifestList list,
                          manifest::ReadSnapshotManifests(io, metadata, *s));
    for (auto& m : list.manifests) manifests->emplace(m.manifest_path, std::move(m));
  }
  return Ok();
}

Status ForEachLiveFile(io::FileIO& io, const spec::TableMetadata& metadata,
                       const std::map<std::string, manifest::ManifestFile>& manifests,
                       const std::function<void(const manifest::DataFile&)>& fn) {
  manifest::ManifestList list;
  for (const auto& [path, m] : manifests) list.manifests.push_back(m);
  for (auto content : {manifest::ManifestContent::kData, manifest::ManifestContent::kDeletes}) {
    FLOE_RETURN_IF_ERROR(manifest::ForEachLiveEntry(
        io, metadata, list, content, [&](const manifest::ManifestEntry& e) -> Result<bool> {
          fn(e.data_file);
          return true;
        }));
  }
  return Ok();
}

}  // namespace

Result<ExpireSnapshotsResult> PlanExpiredFiles(io::FileIO& io, const spec::TableMetadata& before,
                                               const spec::TableMetadata& after,
                                               bool include_outside_location) {
  ExpireSnapshotsResult result;
  std::vector<const spec::Snapshot*> expired, kept;
  for (const auto& s : before.snapshots) {
    if (after.SnapshotById(s.snapshot_id) == nullptr) {
      expired.push_back(&s);
      result.expired_snapshot_ids.push_back(s.snapshot_id);
    }
  }
  for (const auto& s : after.snapshots) kept.push_back(&s);
  if (expired.empty()) return result;

  std::map<std::string, manifest::ManifestFile> expired_manifests, kept_manifests;
  FLOE_RETURN_IF_ERROR(CollectManifests(io, before, expired, &expired_manifests)
                           .WithContext("expire snapshots: reading the expired snapshots"));
  FLOE_RETURN_IF_ERROR(CollectManifests(io, after, kept, &kept_manifests)
                           .WithContext("expire snapshots: reading the kept snapshots"));
  for (const auto& [path, m] : kept_manifests) expired_manifests.erase(path);

  // Content files of the manifests only expired snapshots had, less those a kept one reaches.
  std::map<std::string, manifest::FileContent> content;
  FLOE_RETURN_IF_ERROR(ForEachLiveFile(
      io, before, expired_manifests,
      [&](const manifest::DataFile& f) { content.emplace(f.file_path, f.content); }));
  if (!content.empty()) {
    FLOE_RETURN_IF_ERROR(
        ForEachLiveFile(io, after, kept_manifests,
                        [&](const manifest::DataFile& f) { content.erase(f.file_path); }));
  }

  std::set<std::string> kept_lists, kept_stats;
  for (const auto* s : kept) kept_lists.insert(s->manifest_list);
  for (const auto& st : after.statistics) kept_stats.insert(st.path);
  for (const auto& st : after.partition_statistics) kept_stats.insert(st.path);
  std::set<std::string> stats;
  for (const auto& st : before.statistics) {
    if (!kept_stats.count(st.path)) stats.insert(st.path);
  }
  for (const auto& st : before.partition_statistics) {
    if (!kept_stats.count(st.path)) stats.insert(st.path);
  }

  const std::string& root = before.location;
  auto take = [&](const std::string& path, int64_t* counter) {
    if (!root.empty() && catalog::IsUnderLocation(path, root)) {
      result.deleted_files.push_back(path);
      ++*counter;
    } else if (include_outside_location) {
      result.deleted_files.push_back(path);
      ++*counter;
    } else {
      result.kept_outside_location.push_back(path);
    }
  };
  for (const auto& [path, kind] : content) {
    take(path, kind == manifest::FileContent::kData ? &result.deleted_data_files_count
               : kind == manifest::FileContent::kPositionDeletes
                   ? &result.deleted_position_delete_files_count
                   : &result.deleted_equality_delete_files_count);
  }
  for (const auto& [path, m] : expired_manifests) take(path, &result.deleted_manifest_files_count);
  for (const auto* s : expired) {
    if (!s->manifest_list.empty() && !kept_lists.count(s->manifest_list)) {
      take(s->manifest_list, &result.deleted_manifest_lists_count);
    }
  }
  for (const auto& path : stats) take(path, &result.deleted_statistics_files_count);
  return result;
}

Result<ExpireSnapshotsResult> ExpireSnapshots(commit::TableOperations& ops,
                                              const ExpireSnapshotsOptions& options) {
  const int64_t now = options.now_ms.value_or(NowMillis());
  if (options.dry_run) {
    FLOE_ASSIGN_OR_RETURN(commit::TableBase base, ops.Refresh());
    FLOE_ASSIGN_OR_RETURN(ExpirePlan plan, PlanExpireSnapshots(base.metadata, options, now));
    spec::TableMetadata after = base.metadata;
    std::set<int64_t> gone(plan.snapshot_ids.begin(), plan.snapshot_ids.end());
    std::erase_if(after.snapshots, [&](const auto& s) { return gone.count(s.snapshot_id) > 0; });
    std::erase_if(after.statistics, [&](const auto& s) { return gone.count(s.snapshot_id) > 0; });
    std::erase_if(after.partition_statistics,
                  [&](const auto& s) { return gone.count(s.snapshot_id) > 0; });
    FLOE_ASSIGN_OR_RETURN(
        ExpireSnapshotsResult result,
        PlanExpiredFiles(ops.io(), base.metadata, after, options.include_outside_location));
    result.removed_refs = plan.ref_names;
    return result;
  }
  commit::Transaction tx(ops);
  auto& update = tx.Add<ExpireSnapshotsUpdate>(options, now);
  FLOE_ASSIGN_OR_RETURN(commit::TransactionResult committed, tx.Commit());
  // Only now that the commit stands may files go: the walk compares what the landed attempt
  // planned against with what it left.
  auto planned = PlanExpiredFiles(ops.io(), update.base(), committed.table.metadata,
                                  options.include_outside_location);
  if (!planned.ok()) {
    return planned.error().WithContext(
        "the snapshots were expired, but none of their files was deleted (they are "
        "unreferenced files now)");
  }
  ExpireSnapshotsResult result = std::move(*planned);
  result.removed_refs = update.plan().ref_names;
  std::optional<Error> first_error;
  for (const auto& path : result.deleted_files) {
    Status status = ops.io().Delete(path);
    if (!status.ok() && status.error().kind != ErrorKind::kNotFound && !first_error) {
      first_error = status.error();
    }
  }
  if (first_error) return first_error->WithContext("expire snapshots: deleting expired files");
  return result;
}

}  // namespace floe::maintenance
