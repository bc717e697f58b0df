#include "floe/update/update_properties.h"

#include <algorithm>

#include "floe/commit/transaction.h"

namespace floe::update {

UpdateProperties& UpdateProperties::Set(std::string key, std::string value) {
  updates_[std::move(key)] = std::move(value);
  return *this;
}

UpdateProperties& UpdateProperties::Remove(std::string key) {
  if (std::find(removals_.begin(), removals_.end(), key) == removals_.end()) {
    removals_.push_back(std::move(key));
  }
  return *this;
}

Result<commit::PendingChanges> UpdateProperties::Apply(const commit::TableBase& base, int) {
  for (const std::string& key : removals_) {
    if (updates_.count(key)) {
      return InvalidArgument("table property {}: cannot both set and remove it", key);
    }
  }
  commit::PendingChanges changes;
  if (updates_.empty() && removals_.empty()) return changes;
  if (!base.metadata.table_uuid.empty()) {
    changes.requirements.push_back(commit::AssertTableUuid{base.metadata.table_uuid});
  }
  if (!updates_.empty()) changes.updates.push_back(commit::SetProperties{updates_});
  if (!removals_.empty()) changes.updates.push_back(commit::RemoveProperties{removals_});
  return changes;
}

bool UpdateProperties::Landed(const spec::TableMetadata& current) const {
  for (const auto& [key, value] : updates_) {
    const std::string* now = current.Property(key);
    if (now == nullptr || *now != value) return false;
  }
  for (const std::string& key : removals_) {
    if (current.Property(key) != nullptr) return false;
  }
  return true;
}

Result<PropertiesCommitResult> UpdateProperties::Commit() {
  if (ops_ == nullptr) {
    return InvalidArgument(
        "UpdateProperties::Commit: the update was made without table operations");
  }
  commit::Transaction transaction(*ops_);
  transaction.Stage(*this);
  FLOE_ASSIGN_OR_RETURN(commit::TransactionResult committed, transaction.Commit());
  return PropertiesCommitResult{std::move(committed.table), committed.attempts};
}

}  // namespace floe::update
