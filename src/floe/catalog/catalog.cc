#include "floe/catalog/catalog.h"

#include <fmt/format.h>

namespace floe::catalog {

std::string TableIdentifier::ToString() const {
  std::string out = fmt::format("{}", fmt::join(ns, "."));
  if (!out.empty()) out += '.';
  return out + name;
}

}  // namespace floe::catalog
