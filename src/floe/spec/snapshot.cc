#include "floe/spec/snapshot.h"

namespace floe::spec {

std::string_view Snapshot::operation() const {
  auto it = summary.find("operation");
  return it == summary.end() ? std::string_view() : std::string_view(it->second);
}

std::optional<std::string_view> Snapshot::SummaryValue(std::string_view key) const {
  auto it = summary.find(std::string(key));
  if (it == summary.end()) return std::nullopt;
  return std::string_view(it->second);
}

}  // namespace floe::spec
