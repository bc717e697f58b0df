// Regular expressions of floe SQL (rlike, regexp_extract, regexp_replace, split): PCRE2 in UTF-8
// mode, whose syntax is Java's for everything people write (classes, quantifiers, lazy and
// possessive forms, groups, look-around, \d \w \s as ASCII classes, named groups). Every match
// runs under a backtracking limit, so a catastrophic pattern on a long value is an error naming
// the pattern rather than a hang.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "floe/util/result.h"

namespace floe::sql {

class Regex {
 public:
  // InvalidArgument "invalid regular expression '<pattern>': <PCRE2's reason> at offset n".
  static Result<std::shared_ptr<const Regex>> Make(std::string_view pattern);
  ~Regex();

  const std::string& pattern() const { return pattern_; }
  int num_groups() const { return num_groups_; }

  // The first match at or after byte `start`: false when there is none. groups[2k], groups[2k+1]
  // are group k's byte range (group 0 the whole match; npos for a group that took no part).
  Result<bool> Find(std::string_view subject, size_t start, std::vector<size_t>* groups) const;

  // Java's Matcher.replaceAll: `$n` / `${name}` are groups, `\x` is x taken literally.
  // InvalidArgument for a reference to a group the pattern does not have.
  Result<std::string> ReplaceAll(std::string_view subject, std::string_view replacement) const;

  // Java's String.split(regex, limit) as Spark calls it: limit > 0 gives at most limit parts
  // (the last holds the rest), otherwise every part, trailing empty ones included; a zero-width
  // match at the start gives no leading empty part.
  Result<std::vector<std::string>> Split(std::string_view subject, int64_t limit) const;

 private:
  Regex() = default;
  std::string pattern_;
  int num_groups_ = 0;
  struct Compiled;
  std::unique_ptr<Compiled> compiled_;
};

// A kernel's cache of the last pattern it compiled (patterns are usually constant).
class RegexCache {
 public:
  Result<std::shared_ptr<const Regex>> Get(const std::string& pattern);

 private:
  std::mutex mutex_;
  std::string text_;
  std::shared_ptr<const Regex> regex_;
};

}  // namespace floe::sql
