#include "floe/catalog/catalog_names.h"

#include <fmt/format.h>

#include <optional>

#include "floe/catalog/location_match.h"

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

Result<std::string> RequireUnderWarehouse(std::string_view warehouse, std::string location,
                                          std::string_view what) {
  if (!IsUnderLocation(location, warehouse)) {
    return InvalidArgument("{}: {} does not lie under the warehouse {}", what, location, warehouse);
  }
  return location;
}

Result<std::string> DefaultTableLocation(std::string_view warehouse, const TableIdentifier& id) {
  FLOE_RETURN_IF_ERROR(ValidateIdentifier(id));
  std::string out = StripTrailingSlashes(std::string(warehouse));
  for (const auto& level : id.ns) out += "/" + level;
  return RequireUnderWarehouse(warehouse, out + "/" + id.name,
                               fmt::format("table {}", id.ToString()));
}

namespace {

// Why `part` cannot be one folder name, or nullopt when it can.
std::optional<std::string> NamePartProblem(std::string_view part) {
  if (part.empty()) return "it is empty";
  if (part == "." || part == "..") return fmt::format("'{}' names a folder of its own", part);
  for (char c : part) {
    if (c == '/') return "it contains '/'";
    if (c == '\\') return "it contains '\\'";
    auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) return fmt::format("it contains the control character 0x{:02x}", u);
  }
  return std::nullopt;
}

// The name as the user might have typed it, with unprintable bytes escaped.
std::string Printable(std::string_view text) {
  std::string out;
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      out += fmt::format("\\x{:02x}", u);
    } else {
      out += c;
    }
  }
  return out;
}

constexpr std::string_view kNameRule =
    "names become folders under the warehouse: no '/', '\\', '.' or '..' parts, empty parts or "
    "control characters";

}  // namespace

Status ValidateNamespace(const Namespace& ns) {
  if (ns.empty()) return InvalidArgument("empty namespace: give at least one level");
  for (const auto& level : ns) {
    if (auto problem = NamePartProblem(level)) {
      return InvalidArgument("namespace {}: level '{}' is not a valid name: {} ({})",
                             Printable(JoinNamespace(ns)), Printable(level), *problem, kNameRule);
    }
  }
  return Ok();
}

Status ValidateIdentifier(const TableIdentifier& id) {
  if (auto problem = NamePartProblem(id.name)) {
    return InvalidArgument("table {}: name '{}' is not a valid name: {} ({})",
                           Printable(id.ToString()), Printable(id.name), *problem, kNameRule);
  }
  return ValidateNamespace(id.ns);
}

}  // namespace floe::catalog
