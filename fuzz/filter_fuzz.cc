// libFuzzer target for the filter parser (expr/parser.h, the SQL expression grammar lowered to a
// filter): any text either fails with an error or parses, and a filter that parses prints
// (expr::ToString) to a text that parses again into the same expression.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "floe/expr/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto filter = floe::expr::ParseFilter(text);
  if (!filter.ok()) return 0;
  std::string printed = floe::expr::ToString(*filter);
  auto again = floe::expr::ParseFilter(printed);
  // The printed form may nest deeper than the parser's limit (NOT NOT ... over many levels).
  if (!again.ok() && again.error().message.find("levels deep") != std::string::npos) return 0;
  if (!again.ok() || !(*again == *filter)) {
    std::fprintf(stderr, "printed: %s\nagain:   %s\n", printed.c_str(),
                 again.ok() ? floe::expr::ToString(*again).c_str() : again.error().message.c_str());
    std::abort();
  }
  return 0;
}
