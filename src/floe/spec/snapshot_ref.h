// Snapshot references (spec: "Snapshot References"): named branches and tags, with the retention
// settings that snapshot expiry honours.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace floe::spec {

inline constexpr std::string_view kMainBranch = "main";

enum class SnapshotRefType { kBranch, kTag };

std::string_view SnapshotRefTypeName(SnapshotRefType type);  // "branch", "tag"

struct SnapshotRef {
  int64_t snapshot_id = 0;
  SnapshotRefType type = SnapshotRefType::kBranch;
  // Branches only: keep at least this many snapshots, and snapshots up to this age.
  std::optional<int32_t> min_snapshots_to_keep;
  std::optional<int64_t> max_snapshot_age_ms;
  // Every ref except main: how long the ref itself is kept.
  std::optional<int64_t> max_ref_age_ms;

  bool is_branch() const { return type == SnapshotRefType::kBranch; }
  bool is_tag() const { return type == SnapshotRefType::kTag; }
  static SnapshotRef Branch(int64_t snapshot_id) {
    SnapshotRef ref;
    ref.snapshot_id = snapshot_id;
    return ref;
  }
  static SnapshotRef Tag(int64_t snapshot_id) {
    SnapshotRef ref = Branch(snapshot_id);
    ref.type = SnapshotRefType::kTag;
    return ref;
  }
  bool operator==(const SnapshotRef&) const = default;
};

}  // namespace floe::spec
