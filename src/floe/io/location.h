// Location: one type for every place a file can live (docs/design.md, "FileIO"): plain local paths,
// `file:` URIs, and `scheme://authority/path` URIs (`s3://`, `s3a://`, `gs://`, `hdfs://`, ...).
//
// Text is kept as written: no percent-decoding, no "." or ".." folding (object keys may hold
// any byte), so Parse(x).ToString() == x for every location a table can hold, apart from the
// scheme, which is compared and printed in lower case.
//
// docs/cli.md: `file://host/path` with a non-empty host is read as the relative path `host/path`
// (some tools write `file://data/...` for a path relative to their working folder); relative
// paths resolve against a base folder (`--base DIR`).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "floe/util/result.h"

namespace floe::io {

class Location {
 public:
  Location() = default;

  // Forms accepted:
  //   /abs/path, rel/path, ./rel     local path (scheme "")
  //   file:/abs, file:///abs         local, absolute
  //   file:rel, file://host/rel      local, relative ("rel", "host/rel")
  //   s3://bucket/key, gs://b/k, hdfs://nn:8020/p, hdfs:///p, any other scheme://authority/path
  // Errors (invalid argument): empty text, a NUL byte, an object-store URI without a bucket.
  static Result<Location> Parse(std::string_view text);
  // A local path taken as is (no URI parsing): "a:b" stays a relative path.
  static Location LocalPath(std::string_view path);

  // Lower case; "" for a plain local path, "file" for a file: URI.
  const std::string& scheme() const { return scheme_; }
  // Bucket or host[:port]; "" for local locations.
  const std::string& authority() const { return authority_; }
  // Path inside the authority: "/key/x" for URIs ("" for `s3://bucket`), "/abs" or "rel" locally.
  const std::string& path() const { return path_; }

  bool IsLocal() const { return scheme_.empty() || scheme_ == "file"; }
  // A local location whose path does not start with '/': resolved against a base folder.
  bool IsRelative() const { return IsLocal() && (path_.empty() || path_[0] != '/'); }

  // The text form: "s3://bucket/key", "file:/abs", "file:///abs", "/abs", "rel".
  std::string ToString() const;
  // The local file-system path of a local location ("/abs" or "rel"); for other schemes the
  // path part.
  const std::string& FilePath() const { return path_; }

  // The last path segment ("c" for s3://b/a/c and for /a/c/); "" at a root.
  std::string_view Name() const;
  // `child` appended below this location with exactly one '/' between ("s3://b" + "k" ->
  // "s3://b/k"); leading '/' of `child` and "./" prefixes are dropped: it is always relative.
  Location Join(std::string_view child) const;
  // The enclosing folder: /a/b -> /a, /a -> /, s3://b/k -> s3://b/, rel -> "" (the base
  // itself); nullopt at a root (/, s3://b/, s3://b, "").
  std::optional<Location> Parent() const;
  // A relative location placed below `base`; any other location unchanged.
  Location ResolveAgainst(const Location& base) const;
  // True when `folder` is this location or one of its ancestors, at a path-segment boundary:
  // /wh/t is within /wh, /wh2 is not. Scheme and authority must be equal.
  bool IsWithin(const Location& folder) const;

  bool operator==(const Location& other) const = default;

 private:
  std::string scheme_;
  std::string authority_;
  std::string path_;
  // The text had "//" after the scheme ("file:///a", "hdfs:///p"): printed back the same way.
  bool slashes_ = false;
};

// True when `path` starts with `prefix` at a path-segment boundary: the whole of `path`, or
// followed by '/', or `prefix` itself ends in '/'. ("/wh" is a prefix of "/wh/t", not of "/wh2".)
bool IsPathPrefix(std::string_view prefix, std::string_view path);

}  // namespace floe::io
