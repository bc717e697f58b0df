// Changing a table's properties (Java's UpdateProperties): keys to set and keys to remove, in
// one commit (the REST updates SetProperties and RemoveProperties, with AssertTableUuid). A key
// both set and removed is refused. Committed through a commit::Transaction like every update, so
// a conflict with another writer is retried on the refreshed table.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "floe/commit/pending_update.h"
#include "floe/commit/table_operations.h"
#include "floe/util/result.h"

namespace floe::update {

struct PropertiesCommitResult {
  commit::TableBase table;  // the table after the commit
  int attempts = 0;         // 1 when the first try landed (0: nothing to commit)
};

class UpdateProperties : public commit::PendingUpdate {
 public:
  // Without operations: only to be staged in a commit::Transaction.
  UpdateProperties() = default;
  // `ops` must outlive the update.
  explicit UpdateProperties(commit::TableOperations& ops) : ops_(&ops) {}

  UpdateProperties& Set(std::string key, std::string value);
  UpdateProperties& Remove(std::string key);

  // Commits in a Transaction of its own.
  Result<PropertiesCommitResult> Commit();

  // commit::PendingUpdate.
  Result<commit::PendingChanges> Apply(const commit::TableBase& base, int attempt) override;
  bool Landed(const spec::TableMetadata& current) const override;
  std::vector<std::string> TakeWrittenFiles() override { return {}; }
  std::string Describe() const override { return "the property change"; }

 private:
  commit::TableOperations* ops_ = nullptr;
  std::map<std::string, std::string> updates_;
  std::vector<std::string> removals_;
};

}  // namespace floe::update
