#include "floe/spec/snapshot.h"

#include <algorithm>

namespace floe::spec {

std::string_view Snapshot::operation() const { return SummaryValue("operation").value_or(""); }

std::optional<std::string_view> Snapshot::SummaryValue(std::string_view key) const {
  // The summary is sorted by key.
  auto it = std::lower_bound(summary.begin(), summary.end(), key,
                             [](const auto& entry, std::string_view k) { return entry.first < k; });
  if (it == summary.end() || it->first != key) return std::nullopt;
  return std::string_view(it->second);
}

}  // namespace floe::spec
