// "Did you mean" for names users type: tables, catalogs, columns, options. Names compare ignoring
// ASCII case, by Levenshtein distance; a name is close when at most 1 edit away (names of up to 3
// characters) or 2 (longer ones).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace floe {

// Levenshtein distance, ignoring ASCII case.
size_t EditDistance(std::string_view a, std::string_view b);

// The candidates close to `wanted`, nearest first, in input order among equals.
std::vector<std::string> CloseNames(std::string_view wanted,
                                    const std::vector<std::string>& candidates);

// "; did you mean a or b?" when some candidates are close, else "" (for appending to a message).
std::string DidYouMean(std::string_view wanted, const std::vector<std::string>& candidates);

}  // namespace floe
