// The files a read_parquet / read_csv / read_json argument names: a path, a glob
// (`dir/*.parquet`: `*`, `?` and `[…]` in any part, as the shell reads them, matches in name
// order) or a list of those (`['a.parquet', 'b.parquet']`), in the order given. A glob that
// matches no file is an error naming the pattern; a plain path is returned as it is (reading it
// reports a missing file).
#pragma once

#include <string>
#include <vector>

#include "floe/util/result.h"

namespace floe::sql {

// Whether `pattern` has glob characters (`*`, `?`, `[`).
bool IsFilePattern(const std::string& pattern);

// The files `patterns` name, in order; `function` names the caller in errors.
Result<std::vector<std::string>> ExpandFilePatterns(const std::vector<std::string>& patterns,
                                                    const std::string& function);

}  // namespace floe::sql
