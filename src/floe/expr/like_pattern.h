// SQL LIKE patterns (Spark's): `%` matches any run of characters, `_` exactly one character (one
// UTF-8 code point), and a backslash makes the next character literal (`\%`, `\_`, `\\`). A
// pattern with another escape character (LIKE ... ESCAPE '#') is rewritten into this form by
// WithBackslashEscapes. The row evaluator matches strings with it; the filter parser uses
// LiteralPrefix to prune by starts_with.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace floe::expr {

class LikePattern {
 public:
  explicit LikePattern(std::string_view pattern);

  bool Matches(std::string_view s) const;

  // The characters every match begins with (`ab` for 'ab%c_'), unescaped.
  const std::string& literal_prefix() const { return prefix_; }
  // Whether the pattern is the prefix followed by one `%` (as starts_with) or has no wildcard
  // (as =): then `literal_prefix` says all.
  bool is_prefix() const { return kind_ == Kind::kPrefix; }
  bool is_exact() const { return kind_ == Kind::kExact; }

 private:
  enum class Kind { kExact, kPrefix, kGeneral };
  // One element per pattern character: a literal byte 0..255, 256 for `_`, 257 for `%`.
  std::vector<int> elems_;
  std::string prefix_;
  Kind kind_ = Kind::kExact;
};

// `pattern` written with `escape` as its escape character, in backslash form.
std::string WithBackslashEscapes(std::string_view pattern, char escape);

}  // namespace floe::expr
