// Which column metrics go into manifests (spec: "Write properties" → write.metadata.metrics.*,
// as Java's MetricsConfig reads them):
//   write.metadata.metrics.default                  none | counts | truncate(N) | full,
//                                                   default truncate(16)
//   write.metadata.metrics.column.<column name>     the same, for one column (dotted name)
//   write.metadata.metrics.max-inferred-column-defaults   default 100: when no default is set,
//       only the first 100 primitive columns (depth first) get truncate(16), the rest none, so
//       very wide tables do not bloat their manifests.
// none keeps nothing of the column; counts keeps value, null and NaN counts and the column size;
// truncate(N) adds bounds, strings and binaries cut to N characters/bytes; full adds exact bounds.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>

#include "floe/spec/schema.h"
#include "floe/util/result.h"

namespace floe::table {

struct MetricsMode {
  enum class Kind { kNone, kCounts, kTruncate, kFull };
  Kind kind = Kind::kTruncate;
  int32_t length = 16;  // truncate(N)

  // "none", "counts", "truncate(16)", "full" (case-insensitive); InvalidArgument otherwise.
  static Result<MetricsMode> Parse(std::string_view text);
  std::string ToString() const;
  bool operator==(const MetricsMode&) const = default;
};

class MetricsConfig {
 public:
  // InvalidArgument naming the property when a mode or the column limit does not parse. Modes of
  // columns the schema does not have are ignored (Java logs them the same way).
  static Result<MetricsConfig> Make(const spec::Schema& schema,
                                    const std::map<std::string, std::string>& properties);

  // The mode of a column by field id (truncate(16) for ids not in the schema).
  MetricsMode ModeFor(int32_t field_id) const;

 private:
  MetricsMode default_mode_;
  std::unordered_map<int32_t, MetricsMode> modes_;
};

}  // namespace floe::table
