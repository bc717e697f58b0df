// What FastAppend and MergeAppend share (Java's SnapshotProducer): new manifests for the added
// data files, written once with ADDED entries whose snapshot id and sequence numbers are
// inherited (v2+); per attempt a manifest list carrying the parent's manifests, a new snapshot
// and the updates AddSnapshot + SetSnapshotRef with the requirement AssertRefSnapshotId. It is a
// commit::PendingUpdate: Commit() runs it in a Transaction of its own, or a caller stages it in
// a larger one. The snapshot id is chosen once and kept across retries.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "floe/commit/pending_update.h"
#include "floe/commit/table_operations.h"
#include "floe/manifest/data_file.h"
#include "floe/manifest/manifest_file.h"
#include "floe/spec/snapshot.h"

namespace floe::update {

struct SnapshotCommitResult {
  int64_t snapshot_id = 0;
  commit::TableBase table;  // the metadata the commit produced
  int attempts = 0;         // 1 when the first try landed
};

class SnapshotProducer : public commit::PendingUpdate {
 public:
  // `ops` must outlive the producer.
  explicit SnapshotProducer(commit::TableOperations& ops);

  void AppendFile(manifest::DataFile file) { files_.push_back(std::move(file)); }
  void ToBranch(std::string branch) { branch_ = std::move(branch); }
  // The summary's app-id; a generated UUID when not set.
  void SetAppId(std::string app_id) { app_id_ = std::move(app_id); }
  // Extra summary entries.
  void Set(std::string key, std::string value) {
    extra_summary_.emplace_back(std::move(key), std::move(value));
  }
  // Table properties set in the same commit as the snapshot (add-files writes the name mapping
  // its files need this way).
  void SetTableProperties(std::map<std::string, std::string> properties) {
    table_properties_ = std::move(properties);
  }
  // Replaces the sleep between retries (tests).
  void SetSleep(std::function<void(int64_t ms)> sleep) { sleep_ = std::move(sleep); }

  int64_t snapshot_id() const { return snapshot_id_; }

  // Commits in a Transaction of its own, retrying conflicts as the table's commit.retry.*
  // properties say. On a certain failure the manifests and manifest lists written are deleted,
  // never the data files given (the caller decides about those: the error message says they were
  // kept). On kCommitStateUnknown nothing is deleted.
  Result<SnapshotCommitResult> Commit();

  // commit::PendingUpdate: the requirements and updates of one attempt against `base` (writes
  // the new manifests the first time and a manifest list every time).
  Result<commit::PendingChanges> Apply(const commit::TableBase& base, int attempt) override;
  bool Landed(const spec::TableMetadata& current) const override;
  std::vector<std::string> TakeWrittenFiles() override;
  std::string Describe() const override;

 protected:
  // The new snapshot's manifests: `added` (this commit's new manifests) and the parent's, in
  // list order. FastAppend puts the new ones first; MergeAppend may merge them.
  virtual Result<std::vector<manifest::ManifestFile>> Manifests(
      const spec::TableMetadata& base, std::vector<manifest::ManifestFile> added,
      std::vector<manifest::ManifestFile> parent) = 0;

  // A new manifest file under the metadata folder: <commit uuid>-m<n>.avro (Java's name).
  Result<std::unique_ptr<io::OutputFile>> NewManifestFile(const spec::TableMetadata& base);
  const std::vector<manifest::DataFile>& files() const { return files_; }
  commit::TableOperations& ops() { return ops_; }

 private:
  Result<std::vector<manifest::ManifestFile>> WriteAddedManifests(const spec::TableMetadata& base);
  spec::SnapshotSummary Summary(const spec::TableMetadata& base,
                                const spec::Snapshot* parent) const;

  commit::TableOperations& ops_;
  std::vector<manifest::DataFile> files_;
  std::string branch_ = "main";
  std::optional<std::string> app_id_;
  spec::SnapshotSummary extra_summary_;
  std::map<std::string, std::string> table_properties_;
  std::function<void(int64_t)> sleep_;
  int64_t snapshot_id_ = 0;
  std::string commit_uuid_;
  int manifest_count_ = 0;
  std::optional<std::vector<manifest::ManifestFile>> added_manifests_;
  std::vector<std::string> written_;  // files written since the last Apply returned
};

}  // namespace floe::update
