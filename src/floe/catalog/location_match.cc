#include "floe/catalog/location_match.h"

#include <filesystem>

#include "floe/io/location.h"

namespace floe::catalog {

namespace {

std::string WithoutTrailingSlashes(std::string text) {
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  return text;
}

// A path of an object-store URI with nothing a reader might fold: no "", "." or ".." segment
// between slashes (a trailing '/' is allowed).
bool HasOnlyPlainSegments(std::string_view path) {
  if (path.empty()) return true;
  if (path[0] != '/') return false;
  size_t start = 1;
  while (start < path.size()) {
    size_t slash = path.find('/', start);
    size_t end = slash == std::string_view::npos ? path.size() : slash;
    std::string_view segment = path.substr(start, end - start);
    bool last = end == path.size() || end + 1 == path.size();
    if ((segment.empty() && !last) || segment == "." || segment == "..") return false;
    start = end + 1;
  }
  return true;
}

}  // namespace

bool IsUnderLocation(std::string_view location, std::string_view root) {
  auto parsed = io::Location::Parse(location);
  auto parsed_root = io::Location::Parse(root);
  if (!parsed.ok() || !parsed_root.ok()) return false;
  if (parsed->IsLocal() != parsed_root->IsLocal()) return false;
  if (!parsed->IsLocal()) {
    if (parsed->scheme() != parsed_root->scheme() ||
        parsed->authority() != parsed_root->authority()) {
      return false;
    }
    if (!HasOnlyPlainSegments(parsed->path()) || !HasOnlyPlainSegments(parsed_root->path())) {
      return false;
    }
    std::string_view folder = parsed_root->path();
    while (!folder.empty() && folder.back() == '/') folder.remove_suffix(1);
    if (folder.empty()) return true;  // the bucket's root holds every key in it
    return io::IsPathPrefix(folder, parsed->path());
  }
  return io::IsPathPrefix(NormalizeLocation(root), NormalizeLocation(location));
}

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
