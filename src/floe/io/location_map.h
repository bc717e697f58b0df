// `--location-map FROM=TO` and `--base DIR` (docs/cli.md, "Table folders and metadata files"): the
// rewriting of every location a command reads, for tables moved from another machine and for
// the relative paths some tools write. RemappedFileIO applies it below any reader, so metadata,
// manifest lists, manifests, data, delete and Puffin files are all found through it.
//
// Rules, exactly as docs/cli.md states them:
//   - a rule's text splits at the first '=' (TO may hold '=');
//   - FROM matches at a path-segment boundary: `/wh` matches `/wh` and `/wh/x`, not `/wh2`;
//   - the longest matching FROM (by its text) wins; among equally long ones, the first given;
//   - a FROM without a scheme also matches the same path under any scheme and authority:
//     `/test-warehouse/t` matches `hdfs://nn:8020/test-warehouse/t/x` (the path part of the
//     location is replaced, so the result is TO followed by the rest of the path);
//   - a location that is relative after mapping (`data/x`, `./x`, `file://data/x`) is placed
//     below the base folder; without a base it stays relative (the current directory).
// A FileIO with at least one FROM=TO rule is read-only: "a remapped table is read-only".
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/io/file_io.h"
#include "floe/io/location.h"
#include "floe/util/result.h"

namespace floe::io {

class LocationMap {
 public:
  struct Rule {
    std::string from;  // as given, without trailing '/'
    std::string to;    // as given, without trailing '/' (unless that leaves it empty)
    Location from_location;
    bool from_has_scheme = false;
  };

  LocationMap() = default;

  // Builds a map from `--location-map` values ("FROM=TO") and an optional `--base` folder.
  static Result<LocationMap> Make(const std::vector<std::string>& rules,
                                  std::optional<std::string> base = std::nullopt);

  // Adds one "FROM=TO" rule. Invalid argument when there is no '=', FROM or TO is empty, or
  // either is not a valid location.
  Status AddRule(std::string_view rule);
  // The folder relative locations resolve against (`--base`).
  Status SetBase(std::string_view base);

  // The location to read for `location`: the longest matching rule applied, then a relative
  // result placed below the base. Locations no rule matches come back unchanged (apart from
  // base resolution).
  std::string Apply(std::string_view location) const;
  // The rule that would apply to `location`, if any (for messages).
  const Rule* MatchingRule(std::string_view location) const;

  bool has_rules() const { return !rules_.empty(); }
  bool empty() const { return rules_.empty() && !base_; }
  const std::vector<Rule>& rules() const { return rules_; }
  const std::optional<Location>& base() const { return base_; }

 private:
  std::vector<Rule> rules_;
  std::optional<Location> base_;
};

// A FileIO that maps every location through `map` before handing it to `inner`. Listing maps
// the prefix and gives results back under the caller's prefix. When the map has FROM=TO rules,
// Create and Delete fail with invalid argument "a remapped table is read-only"; a map with only
// a base stays writable. Errors name both the location asked for and the one read.
std::shared_ptr<FileIO> RemappedFileIO(std::shared_ptr<FileIO> inner, LocationMap map);

}  // namespace floe::io
