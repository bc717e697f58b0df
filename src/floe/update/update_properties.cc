#include "floe/update/update_properties.h"

#include <algorithm>
#include <optional>

#include "floe/commit/table_properties.h"
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
  // format-version is the one reserved key a user may set: it upgrades the table (Java's
  // TableMetadata.replaceProperties); the others are metadata, never properties.
  std::map<std::string, std::string> updates = updates_;
  std::optional<int32_t> upgrade;
  for (const auto& [key, value] : updates_) {
    if (key == commit::kFormatVersion.name) {
      FLOE_ASSIGN_OR_RETURN(int32_t version, commit::kFormatVersion.Parse(value));
      if (version < base.metadata.format_version) {
        return InvalidArgument(
            "table property format-version: cannot downgrade the table from v{} to v{} (format "
            "versions only go up)",
            base.metadata.format_version, version);
      }
      if (version > base.metadata.format_version) upgrade = version;
      updates.erase(key);
    } else if (key == commit::kWriteFormatDefault.name) {
      FLOE_ASSIGN_OR_RETURN(std::string_view format, commit::kWriteFormatDefault.Parse(value));
      if (format == "orc") {
        return NotSupported(
            "table property write.format.default orc: floe has no ORC writer, so its writes could "
            "not follow it; use parquet or avro");
      }
    } else if (commit::IsReservedProperty(key)) {
      return InvalidArgument(
          "table property {} is reserved: it is table metadata, shown as a property, and cannot "
          "be set",
          key);
    }
  }
  for (const std::string& key : removals_) {
    if (commit::IsReservedProperty(key)) {
      return InvalidArgument(
          "table property {} is reserved: it is table metadata, shown as a property, and cannot "
          "be removed",
          key);
    }
  }
  commit::PendingChanges changes;
  if (updates.empty() && removals_.empty() && !upgrade) return changes;
  if (!base.metadata.table_uuid.empty()) {
    changes.requirements.push_back(commit::AssertTableUuid{base.metadata.table_uuid});
  }
  if (upgrade) changes.updates.push_back(commit::UpgradeFormatVersion{*upgrade});
  if (!updates.empty()) changes.updates.push_back(commit::SetProperties{updates});
  if (!removals_.empty()) changes.updates.push_back(commit::RemoveProperties{removals_});
  return changes;
}

bool UpdateProperties::Landed(const spec::TableMetadata& current) const {
  for (const auto& [key, value] : updates_) {
    if (key == commit::kFormatVersion.name) {
      auto version = commit::kFormatVersion.Parse(value);
      if (!version.ok() || current.format_version < *version) return false;
      continue;
    }
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
