#include "floe/io/location.h"

#include <cctype>

namespace floe::io {
namespace {

// RFC 3986 scheme: a letter, then letters, digits, '+', '-', '.'. One-letter "schemes" are
// not taken as schemes, so "C:/x" stays a path.
bool IsScheme(std::string_view s) {
  if (s.size() < 2 || !std::isalpha(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '-' && c != '.') {
      return false;
    }
  }
  return true;
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Schemes whose authority is a bucket or container, without which the location names nothing.
bool NeedsAuthority(std::string_view scheme) {
  return scheme == "s3" || scheme == "s3a" || scheme == "s3n" || scheme == "gs" ||
         scheme == "gcs" || scheme == "abfs" || scheme == "abfss" || scheme == "wasb" ||
         scheme == "wasbs" || scheme == "oss";
}

// Drops leading '/' and "./" so that `child` is relative.
std::string_view TrimChild(std::string_view child) {
  while (true) {
    if (!child.empty() && child[0] == '/') {
      child.remove_prefix(1);
    } else if (child.size() >= 2 && child[0] == '.' && child[1] == '/') {
      child.remove_prefix(2);
    } else if (child == ".") {
      child = {};
    } else {
      return child;
    }
  }
}

}  // namespace

bool IsPathPrefix(std::string_view prefix, std::string_view path) {
  if (prefix.empty()) return true;
  if (path.substr(0, prefix.size()) != prefix) return false;
  return path.size() == prefix.size() || prefix.back() == '/' || path[prefix.size()] == '/';
}

Result<Location> Location::Parse(std::string_view text) {
  if (text.empty()) return InvalidArgument("empty location");
  if (text.find('\0') != std::string_view::npos) {
    return InvalidArgument("location \"{}\" holds a NUL byte", text);
  }
  Location loc;
  size_t colon = text.find(':');
  std::string_view scheme =
      colon == std::string_view::npos ? std::string_view() : text.substr(0, colon);
  if (!IsScheme(scheme)) return LocalPath(text);
  std::string_view rest = text.substr(colon + 1);
  std::string lower = Lower(scheme);
  if (lower == "file") {
    loc.scheme_ = "file";
    if (rest.substr(0, 2) == "//") {
      loc.slashes_ = true;
      rest.remove_prefix(2);
    }
    // file:///abs -> "/abs"; file://host/p (docs/cli.md) and file:rel -> the relative path.
    loc.path_ = std::string(rest);
    return loc;
  }
  if (rest.substr(0, 2) != "//") return LocalPath(text);  // "a:b" is a file name, not a URI
  rest.remove_prefix(2);
  loc.scheme_ = std::move(lower);
  loc.slashes_ = true;
  size_t slash = rest.find('/');
  loc.authority_ = std::string(rest.substr(0, slash));
  if (slash != std::string_view::npos) loc.path_ = std::string(rest.substr(slash));
  if (loc.authority_.empty() && NeedsAuthority(loc.scheme_)) {
    return InvalidArgument("location \"{}\" names no bucket: write {}://<bucket>/<path>", text,
                           loc.scheme_);
  }
  return loc;
}

Location Location::LocalPath(std::string_view path) {
  Location loc;
  loc.path_ = std::string(path);
  return loc;
}

std::string Location::ToString() const {
  if (scheme_.empty()) return path_;
  if (scheme_ == "file") return (slashes_ ? "file://" : "file:") + path_;
  return scheme_ + "://" + authority_ + path_;
}

std::string_view Location::Name() const {
  std::string_view p = path_;
  while (!p.empty() && p.back() == '/') p.remove_suffix(1);
  size_t slash = p.rfind('/');
  return slash == std::string_view::npos ? p : p.substr(slash + 1);
}

Location Location::Join(std::string_view child) const {
  child = TrimChild(child);
  if (child.empty()) return *this;
  Location out = *this;
  if (path_.empty()) {
    out.path_ = IsLocal() ? std::string(child) : "/" + std::string(child);
  } else if (path_.back() == '/') {
    out.path_ = path_ + std::string(child);
  } else {
    out.path_ = path_ + "/" + std::string(child);
  }
  return out;
}

std::optional<Location> Location::Parent() const {
  std::string_view p = path_;
  while (p.size() > 1 && p.back() == '/') p.remove_suffix(1);
  if (p.empty() || p == "/") return std::nullopt;
  Location out = *this;
  size_t slash = p.rfind('/');
  if (slash == std::string_view::npos) {
    out.path_.clear();  // "rel" -> the folder it is relative to
  } else if (slash == 0) {
    out.path_ = "/";
  } else {
    out.path_ = std::string(p.substr(0, slash));
  }
  return out;
}

Location Location::ResolveAgainst(const Location& base) const {
  if (!IsRelative()) return *this;
  return base.Join(path_);
}

bool Location::IsWithin(const Location& folder) const {
  bool same_kind = (IsLocal() && folder.IsLocal()) || scheme_ == folder.scheme_;
  return same_kind && authority_ == folder.authority_ && IsPathPrefix(folder.path_, path_);
}

}  // namespace floe::io
