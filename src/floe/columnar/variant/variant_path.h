// Paths into a variant, as Spark 4's variant_get writes them: `$` (the whole value), then any
// number of `.name`, `['name']` / `["name"]` and `[index]` steps ("$.a.b[0]['c d']"). A step
// that does not apply (a field of a non-object, an index past the end) leads to no value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/columnar/variant/variant_value.h"
#include "floe/util/result.h"

namespace floe::columnar::variant {

struct PathStep {
  std::optional<std::string> field;  // set: an object field; else `index`
  int64_t index = 0;
};

using VariantPath = std::vector<PathStep>;

// InvalidArgument naming the path when it is not one.
Result<VariantPath> ParsePath(std::string_view path);

// The value `path` leads to inside `root`, or nullopt. Corrupt for bad bytes on the way.
Result<std::optional<VariantValue>> Extract(const VariantValue& root, const VariantPath& path);

}  // namespace floe::columnar::variant
