#include "floe/catalog/catalog_names.h"

namespace floe::catalog {

namespace {
std::string StripTrailingSlashes(std::string s) {
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}
}  // namespace

std::string JoinNamespace(const Namespace& ns) {
  std::string out;
  for (size_t i = 0; i < ns.size(); ++i) {
    if (i) out += '.';
    out += ns[i];
  }
  return out;
}

Namespace SplitNamespace(std::string_view text) {
  Namespace out;
  if (text.empty()) return out;
  size_t start = 0;
  while (true) {
    size_t dot = text.find('.', start);
    out.emplace_back(text.substr(start, dot == std::string_view::npos ? dot : dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return out;
}

std::string DefaultTableLocation(std::string_view warehouse, const TableIdentifier& id) {
  std::string out = StripTrailingSlashes(std::string(warehouse));
  for (const auto& level : id.ns) out += "/" + level;
  return out + "/" + id.name;
}

Status ValidateNamespace(const Namespace& ns) {
  if (ns.empty()) return InvalidArgument("empty namespace: give at least one level");
  for (const auto& level : ns) {
    if (level.empty()) {
      return InvalidArgument("namespace {}: empty level", JoinNamespace(ns));
    }
  }
  return Ok();
}

Status ValidateIdentifier(const TableIdentifier& id) {
  if (id.name.empty()) return InvalidArgument("table name {}: empty name", id.ToString());
  return ValidateNamespace(id.ns);
}

}  // namespace floe::catalog
