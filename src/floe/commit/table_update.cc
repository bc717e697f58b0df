#include "floe/commit/table_update.h"

#include <type_traits>

namespace floe::commit {

namespace {
template <typename T>
constexpr std::string_view Action() {
  if constexpr (std::is_same_v<T, AssignUuid>)
    return "assign-uuid";
  else if constexpr (std::is_same_v<T, UpgradeFormatVersion>)
    return "upgrade-format-version";
  else if constexpr (std::is_same_v<T, AddSchema>)
    return "add-schema";
  else if constexpr (std::is_same_v<T, SetCurrentSchema>)
    return "set-current-schema";
  else if constexpr (std::is_same_v<T, AddPartitionSpec>)
    return "add-spec";
  else if constexpr (std::is_same_v<T, SetDefaultSpec>)
    return "set-default-spec";
  else if constexpr (std::is_same_v<T, AddSortOrder>)
    return "add-sort-order";
  else if constexpr (std::is_same_v<T, SetDefaultSortOrder>)
    return "set-default-sort-order";
  else if constexpr (std::is_same_v<T, AddSnapshot>)
    return "add-snapshot";
  else if constexpr (std::is_same_v<T, SetSnapshotRef>)
    return "set-snapshot-ref";
  else if constexpr (std::is_same_v<T, RemoveSnapshots>)
    return "remove-snapshots";
  else if constexpr (std::is_same_v<T, RemoveSnapshotRef>)
    return "remove-snapshot-ref";
  else if constexpr (std::is_same_v<T, SetLocation>)
    return "set-location";
  else if constexpr (std::is_same_v<T, SetProperties>)
    return "set-properties";
  else if constexpr (std::is_same_v<T, RemoveProperties>)
    return "remove-properties";
  else if constexpr (std::is_same_v<T, SetStatistics>)
    return "set-statistics";
  else {
    static_assert(std::is_same_v<T, RemoveStatistics>);
    return "remove-statistics";
  }
}
}  // namespace

std::string_view ActionName(const TableUpdate& update) {
  return std::visit([](const auto& u) { return Action<std::decay_t<decltype(u)>>(); }, update);
}

}  // namespace floe::commit
