#include "floe/update/snapshot_producer.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <map>
#include <thread>

#include "floe/manifest/manifest_list_writer.h"
#include "floe/manifest/manifest_writer.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/update/writable_table.h"
#include "floe/util/clock.h"
#include "floe/util/uuid.h"
#include "floe/util/version.h"

namespace floe::update {

namespace {

int64_t SummaryInt(const spec::Snapshot* s, std::string_view key) {
  if (s == nullptr) return 0;
  auto v = s->SummaryValue(key);
  if (!v) return 0;
  int64_t out = 0;
  std::from_chars(v->data(), v->data() + v->size(), out);
  return out;
}

void Put(spec::SnapshotSummary& summary, std::string key, std::string value) {
  for (auto& [k, v] : summary) {
    if (k == key) {
      v = std::move(value);
      return;
    }
  }
  summary.emplace_back(std::move(key), std::move(value));
}

}  // namespace

std::string MetadataFolder(const spec::TableMetadata& metadata) {
  std::string folder;
  if (const std::string* p = metadata.Property("write.metadata.path")) {
    folder = *p;
  } else {
    folder = metadata.location;
    while (!folder.empty() && folder.back() == '/') folder.pop_back();
    folder += "/metadata";
  }
  while (!folder.empty() && folder.back() == '/') folder.pop_back();
  return folder;
}

SnapshotProducer::SnapshotProducer(TableOperations& ops)
    : ops_(ops),
      sleep_([](int64_t ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }),
      snapshot_id_(NewPositiveId()),
      commit_uuid_(NewUuid().ToString()) {}

Result<std::unique_ptr<io::OutputFile>> SnapshotProducer::NewManifestFile(
    const spec::TableMetadata& base) {
  std::string location =
      fmt::format("{}/{}-m{}.avro", MetadataFolder(base), commit_uuid_, manifest_count_++);
  written_.insert(location);
  return ops_.io().Create(location);
}

Result<std::vector<manifest::ManifestFile>> SnapshotProducer::WriteAddedManifests(
    const spec::TableMetadata& base) {
  const spec::Schema* schema = base.CurrentSchema();
  if (schema == nullptr) return InvalidArgument("table has no current schema");
  FLOE_ASSIGN_OR_RETURN(manifest::ManifestCodec codec,
                        manifest::ManifestCodecFromProperties(base.properties));
  FLOE_ASSIGN_OR_RETURN(int64_t target,
                        manifest::ManifestTargetSizeFromProperties(base.properties));
  // One rolling writer per partition spec: a manifest holds files of a single spec.
  std::map<int32_t, std::vector<const manifest::DataFile*>> by_spec;
  for (const manifest::DataFile& f : files_) {
    if (f.is_delete()) return InvalidArgument("append: {} is a delete file", f.file_path);
    by_spec[f.spec_id].push_back(&f);
  }
  std::vector<manifest::ManifestFile> out;
  for (const auto& [spec_id, files] : by_spec) {
    const spec::PartitionSpec* spec = base.SpecById(spec_id);
    if (spec == nullptr) {
      return InvalidArgument("append: data file {} names unknown partition spec {}",
                             files[0]->file_path, spec_id);
    }
    manifest::ManifestWriterOptions options;
    options.format_version = base.format_version;
    options.schema = *schema;
    options.spec = *spec;
    options.snapshot_id = snapshot_id_;
    options.codec = codec;
    manifest::RollingManifestWriter writer([&] { return NewManifestFile(base); }, options, target);
    for (const manifest::DataFile* f : files) FLOE_RETURN_IF_ERROR(writer.WriteAdded(*f));
    FLOE_ASSIGN_OR_RETURN(std::vector<manifest::ManifestFile> done, writer.Close());
    for (auto& m : done) out.push_back(std::move(m));
  }
  return out;
}

spec::SnapshotSummary SnapshotProducer::Summary(const spec::TableMetadata& base,
                                                const spec::Snapshot* parent) const {
  int64_t records = 0, size = 0;
  std::vector<std::pair<int32_t, const std::vector<spec::Literal>*>> partitions;
  for (const manifest::DataFile& f : files_) {
    records += f.record_count;
    size += f.file_size_in_bytes;
    const spec::PartitionSpec* spec = base.SpecById(f.spec_id);
    if (spec != nullptr && spec->IsUnpartitioned()) continue;
    bool seen = false;
    for (const auto& [id, p] : partitions) seen = seen || (id == f.spec_id && *p == f.partition);
    if (!seen) partitions.emplace_back(f.spec_id, &f.partition);
  }
  int64_t added_files = static_cast<int64_t>(files_.size());
  spec::SnapshotSummary s;
  Put(s, "operation", std::string(spec::kOperationAppend));
  if (added_files > 0) {
    Put(s, "added-data-files", std::to_string(added_files));
    Put(s, "added-records", std::to_string(records));
    Put(s, "added-files-size", std::to_string(size));
  }
  Put(s, "changed-partition-count", std::to_string(partitions.size()));
  // Totals accumulate from the parent's (spec: "Snapshot Summary").
  Put(s, "total-records", std::to_string(SummaryInt(parent, "total-records") + records));
  Put(s, "total-files-size", std::to_string(SummaryInt(parent, "total-files-size") + size));
  Put(s, "total-data-files", std::to_string(SummaryInt(parent, "total-data-files") + added_files));
  Put(s, "total-delete-files", std::to_string(SummaryInt(parent, "total-delete-files")));
  Put(s, "total-position-deletes", std::to_string(SummaryInt(parent, "total-position-deletes")));
  Put(s, "total-equality-deletes", std::to_string(SummaryInt(parent, "total-equality-deletes")));
  Put(s, "engine-name", "floe");
  Put(s, "engine-version", kFloeVersion);
  Put(s, "app-id", app_id_ ? *app_id_ : NewUuid().ToString());
  for (const auto& [k, v] : extra_summary_) Put(s, k, v);
  std::sort(s.begin(), s.end());
  return s;
}

Result<SnapshotProducer::Pending> SnapshotProducer::Apply(const TableBase& base, int attempt) {
  const spec::TableMetadata& m = base.metadata;
  FLOE_RETURN_IF_ERROR(CheckWritable(m, base.metadata_location, "append"));
  if (!app_id_) app_id_ = NewUuid().ToString();  // one app-id across retries

  // The parent is the branch's head; a new branch forks off the current snapshot (Java:
  // SnapshotUtil.latestSnapshot).
  std::optional<spec::SnapshotRef> ref;
  if (auto it = m.refs.find(branch_); it != m.refs.end()) {
    if (!it->second.is_branch())
      return InvalidArgument("append: {} is a tag, not a branch", branch_);
    ref = it->second;
  }
  const spec::Snapshot* parent = ref ? m.SnapshotById(ref->snapshot_id) : m.CurrentSnapshot();
  std::vector<manifest::ManifestFile> parent_manifests;
  if (parent != nullptr) {
    FLOE_ASSIGN_OR_RETURN(manifest::ManifestList list,
                          manifest::ReadSnapshotManifests(ops_.io(), m, *parent));
    parent_manifests = std::move(list.manifests);
  }
  if (!added_manifests_) {
    FLOE_ASSIGN_OR_RETURN(added_manifests_, WriteAddedManifests(m));
  }
  FLOE_ASSIGN_OR_RETURN(std::vector<manifest::ManifestFile> manifests,
                        Manifests(m, *added_manifests_, std::move(parent_manifests)));

  spec::Snapshot snapshot;
  snapshot.snapshot_id = snapshot_id_;
  if (parent) snapshot.parent_snapshot_id = parent->snapshot_id;
  snapshot.sequence_number = m.format_version >= 2 ? m.last_sequence_number + 1 : 0;
  snapshot.timestamp_ms = NowMillis();
  snapshot.schema_id = m.current_schema_id;
  snapshot.summary = Summary(m, parent);

  FLOE_ASSIGN_OR_RETURN(manifest::ManifestCodec codec,
                        manifest::ManifestCodecFromProperties(m.properties));
  manifest::ManifestListWriterOptions options;
  options.format_version = m.format_version;
  options.snapshot_id = snapshot_id_;
  options.parent_snapshot_id = snapshot.parent_snapshot_id;
  options.sequence_number = snapshot.sequence_number;
  if (m.format_version >= 3) options.first_row_id = m.next_row_id;
  options.codec = codec;
  // Java's name: snap-<snapshot id>-<attempt>-<commit uuid>.avro.
  std::string list_location = fmt::format("{}/snap-{}-{}-{}.avro", MetadataFolder(m), snapshot_id_,
                                          attempt + 1, commit_uuid_);
  written_.insert(list_location);
  FLOE_ASSIGN_OR_RETURN(auto file, ops_.io().Create(list_location));
  FLOE_ASSIGN_OR_RETURN(auto writer, manifest::ManifestListWriter::Open(std::move(file), options));
  Pending pending;
  for (const manifest::ManifestFile& mf : manifests) {
    FLOE_RETURN_IF_ERROR(writer->Add(mf));
    pending.manifests.push_back(mf.manifest_path);
  }
  FLOE_RETURN_IF_ERROR(writer->Close());
  if (m.format_version >= 3) {
    snapshot.first_row_id = m.next_row_id;
    snapshot.added_rows = writer->next_row_id().value_or(m.next_row_id) - m.next_row_id;
  }
  snapshot.manifest_list = list_location;
  pending.manifest_list = list_location;

  spec::SnapshotRef new_ref = ref ? *ref : spec::SnapshotRef::Branch(snapshot_id_);
  new_ref.snapshot_id = snapshot_id_;
  if (!m.table_uuid.empty()) pending.requirements.push_back(AssertTableUuid{m.table_uuid});
  pending.requirements.push_back(
      AssertRefSnapshotId{branch_, ref ? std::optional<int64_t>(ref->snapshot_id) : std::nullopt});
  pending.updates.push_back(AddSnapshot{std::move(snapshot)});
  pending.updates.push_back(SetSnapshotRef{branch_, new_ref});
  if (!table_properties_.empty()) pending.updates.push_back(SetProperties{table_properties_});
  return pending;
}

void SnapshotProducer::DeleteWritten(const std::set<std::string>& keep) {
  for (const std::string& f : written_) {
    if (!keep.count(f)) (void)ops_.io().Delete(f);  // best effort: an orphan is harmless
  }
}

Result<SnapshotCommitResult> SnapshotProducer::Commit() {
  using Clock = std::chrono::steady_clock;
  FLOE_ASSIGN_OR_RETURN(TableBase base, ops_.Refresh());
  CommitRetryPolicy policy = CommitRetryPolicy::FromProperties(base.metadata.properties);
  auto start = Clock::now();
  auto elapsed_ms = [&] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  };
  auto failed = [&](Error e) -> Error {
    DeleteWritten({});
    return Error{e.kind, fmt::format("{}; nothing was committed (the data files given were kept)",
                                     e.message)};
  };
  for (int attempt = 0;; ++attempt) {
    Result<Pending> pending = Apply(base, attempt);
    if (!pending.ok()) return failed(std::move(pending).error());
    std::set<std::string> keep(pending->manifests.begin(), pending->manifests.end());
    keep.insert(pending->manifest_list);
    auto landed = [&](TableBase table) -> Result<SnapshotCommitResult> {
      DeleteWritten(keep);  // earlier attempts' lists and unused merged manifests
      return SnapshotCommitResult{snapshot_id_, std::move(table), attempt + 1};
    };

    Result<TableBase> committed = ops_.Commit(pending->requirements, pending->updates);
    if (committed.ok()) return landed(std::move(committed).value());
    Error error = std::move(committed).error();

    if (error.kind == ErrorKind::kCommitStateUnknown) {
      // Did our snapshot land? Only a successful refresh can say; otherwise delete nothing.
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
            "{}; could not tell whether snapshot {} was committed: no file was deleted; check "
            "the table's snapshots before retrying",
            error.message, snapshot_id_);
      }
      if (refreshed->metadata.SnapshotById(snapshot_id_) != nullptr) {
        return landed(std::move(*refreshed));
      }
      // Certainly not committed: retry like a conflict.
      base = std::move(*refreshed);
      if (attempt >= policy.num_retries || elapsed_ms() > policy.total_timeout_ms) {
        return failed(CommitConflict("{} (gave up after {} attempts)", error.message, attempt + 1));
      }
      (void)ops_.io().Delete(pending->manifest_list);
      written_.erase(pending->manifest_list);
      continue;
    }
    if (error.kind != ErrorKind::kCommitConflict) return failed(std::move(error));
    if (attempt >= policy.num_retries || elapsed_ms() > policy.total_timeout_ms) {
      return failed(CommitConflict("{} (gave up after {} attempts)", error.message, attempt + 1));
    }
    sleep_(BackoffMs(policy.min_wait_ms, policy.max_wait_ms, attempt + 1));
    Result<TableBase> refreshed = ops_.Refresh();
    if (!refreshed.ok()) return failed(std::move(refreshed).error());
    base = std::move(refreshed).value();
    // This attempt's list was never committed (the conflict says so): remove it now.
    (void)ops_.io().Delete(pending->manifest_list);
    written_.erase(pending->manifest_list);
  }
}

}  // namespace floe::update
