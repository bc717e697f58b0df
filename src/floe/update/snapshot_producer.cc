#include "floe/update/snapshot_producer.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <utility>

#include "floe/commit/metadata_location.h"
#include "floe/commit/transaction.h"
#include "floe/manifest/manifest_list_writer.h"
#include "floe/manifest/manifest_writer.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/update/manifest_properties.h"
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

SnapshotProducer::SnapshotProducer(commit::TableOperations& ops)
    : ops_(ops), snapshot_id_(NewPositiveId()), commit_uuid_(NewUuid().ToString()) {}

Result<std::unique_ptr<io::OutputFile>> SnapshotProducer::NewManifestFile(
    const spec::TableMetadata& base) {
  std::string location =
      fmt::format("{}/{}-m{}.avro", commit::MetadataFolder(base), commit_uuid_, manifest_count_++);
  written_.push_back(location);
  return ops_.io().Create(location);
}

Result<std::vector<manifest::ManifestFile>> SnapshotProducer::WriteAddedManifests(
    const spec::TableMetadata& base) {
  const spec::Schema* schema = base.CurrentSchema();
  if (schema == nullptr) return InvalidArgument("table has no current schema");
  FLOE_ASSIGN_OR_RETURN(manifest::ManifestCodec codec,
                        ManifestCodecFromProperties(base.properties));
  FLOE_ASSIGN_OR_RETURN(int64_t target, commit::kManifestTargetSizeBytes.Get(base.properties));
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

Result<commit::PendingChanges> SnapshotProducer::Apply(const commit::TableBase& base, int attempt) {
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

  FLOE_ASSIGN_OR_RETURN(manifest::ManifestCodec codec, ManifestCodecFromProperties(m.properties));
  manifest::ManifestListWriterOptions options;
  options.format_version = m.format_version;
  options.snapshot_id = snapshot_id_;
  options.parent_snapshot_id = snapshot.parent_snapshot_id;
  options.sequence_number = snapshot.sequence_number;
  if (m.format_version >= 3) options.first_row_id = m.next_row_id;
  options.codec = codec;
  // Java's name: snap-<snapshot id>-<attempt>-<commit uuid>.avro.
  std::string list_location = fmt::format("{}/snap-{}-{}-{}.avro", commit::MetadataFolder(m),
                                          snapshot_id_, attempt + 1, commit_uuid_);
  written_.push_back(list_location);
  FLOE_ASSIGN_OR_RETURN(auto file, ops_.io().Create(list_location));
  FLOE_ASSIGN_OR_RETURN(auto writer, manifest::ManifestListWriter::Open(std::move(file), options));
  commit::PendingChanges pending;
  for (const manifest::ManifestFile& mf : manifests) {
    FLOE_RETURN_IF_ERROR(writer->Add(mf));
    pending.referenced.push_back(mf.manifest_path);
  }
  FLOE_RETURN_IF_ERROR(writer->Close());
  if (m.format_version >= 3) {
    snapshot.first_row_id = m.next_row_id;
    snapshot.added_rows = writer->next_row_id().value_or(m.next_row_id) - m.next_row_id;
  }
  snapshot.manifest_list = list_location;
  pending.referenced.push_back(list_location);

  spec::SnapshotRef new_ref = ref ? *ref : spec::SnapshotRef::Branch(snapshot_id_);
  new_ref.snapshot_id = snapshot_id_;
  if (!m.table_uuid.empty()) pending.requirements.push_back(commit::AssertTableUuid{m.table_uuid});
  pending.requirements.push_back(commit::AssertRefSnapshotId{
      branch_, ref ? std::optional<int64_t>(ref->snapshot_id) : std::nullopt});
  pending.updates.push_back(commit::AddSnapshot{std::move(snapshot)});
  pending.updates.push_back(commit::SetSnapshotRef{branch_, new_ref});
  if (!table_properties_.empty()) {
    pending.updates.push_back(commit::SetProperties{table_properties_});
  }
  return pending;
}

bool SnapshotProducer::Landed(const spec::TableMetadata& current) const {
  return current.SnapshotById(snapshot_id_) != nullptr;
}

std::vector<std::string> SnapshotProducer::TakeWrittenFiles() {
  return std::exchange(written_, {});
}

std::string SnapshotProducer::Describe() const { return fmt::format("snapshot {}", snapshot_id_); }

Result<SnapshotCommitResult> SnapshotProducer::Commit() {
  commit::Transaction transaction(ops_);
  if (sleep_) transaction.SetSleep(sleep_);
  transaction.Stage(*this);
  Result<commit::TransactionResult> committed = transaction.Commit();
  if (!committed.ok()) {
    Error e = std::move(committed).error();
    if (e.kind == ErrorKind::kCommitStateUnknown) return e;
    return Error{e.kind, fmt::format("{}; nothing was committed (the data files given were kept)",
                                     e.message)};
  }
  return SnapshotCommitResult{snapshot_id_, std::move(committed->table), committed->attempts};
}

}  // namespace floe::update
