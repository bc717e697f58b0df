#include "floe/catalog/location_match.h"

#include <filesystem>

#include "floe/io/location.h"

namespace floe::catalog {

namespace {

std::string WithoutTrailingSlashes(std::string text) {
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  return text;
}

}  // namespace

std::string NormalizeLocation(std::string_view location) {
  auto parsed = io::Location::Parse(location);
  if (!parsed.ok()) return WithoutTrailingSlashes(std::string(location));
  if (!parsed->IsLocal()) {
    return WithoutTrailingSlashes(
        fmt::format("{}://{}{}", parsed->scheme(), parsed->authority(), parsed->path()));
  }
  std::error_code ec;
  std::filesystem::path path(parsed->FilePath().empty() ? "." : parsed->FilePath());
  std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  if (ec) absolute = path;
  std::filesystem::path canonical = std::filesystem::weakly_canonical(absolute, ec);
  if (ec) canonical = absolute.lexically_normal();
  return WithoutTrailingSlashes(canonical.string());
}

std::string FolderOfLocation(std::string_view location) {
  std::string normalized = NormalizeLocation(location);
  size_t slash = normalized.rfind('/');
  if (slash == std::string::npos) return NormalizeLocation(".");
  // "s3://b/k" keeps "s3://b"; "/k" keeps "/".
  if (slash == 0) return "/";
  if (slash > 0 && normalized[slash - 1] == '/') return normalized.substr(0, slash + 1);
  return normalized.substr(0, slash);
}

}  // namespace floe::catalog
