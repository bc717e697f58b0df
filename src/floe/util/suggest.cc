#include "floe/util/suggest.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <utility>

#include "floe/util/ascii.h"

namespace floe {

size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t sub = prev[j - 1] + (AsciiLower(a[i - 1]) == AsciiLower(b[j - 1]) ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::vector<std::string> CloseNames(std::string_view wanted,
                                    const std::vector<std::string>& candidates) {
  const size_t limit = wanted.size() <= 3 ? 1 : 2;
  std::vector<std::pair<size_t, std::string>> close;
  for (const std::string& c : candidates) {
    size_t d = EditDistance(c, wanted);
    if (d <= limit) close.emplace_back(d, c);
  }
  std::stable_sort(close.begin(), close.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<std::string> out;
  for (auto& [d, name] : close) out.push_back(std::move(name));
  return out;
}

std::string DidYouMean(std::string_view wanted, const std::vector<std::string>& candidates) {
  std::vector<std::string> close = CloseNames(wanted, candidates);
  if (close.empty()) return "";
  return fmt::format("; did you mean {}?", fmt::join(close, " or "));
}

}  // namespace floe
