#include "floe/spec/snapshot_ref.h"

namespace floe::spec {

std::string_view SnapshotRefTypeName(SnapshotRefType type) {
  return type == SnapshotRefType::kTag ? "tag" : "branch";
}

}  // namespace floe::spec
