// libFuzzer target for the filter parser (expr/parser.h, the SQL expression grammar lowered to a
// filter): any text either fails with an error or parses, and a filter that parses prints
// (expr::ToString) to a text that parses again into the same expression (up to the shape of its
// AND / OR chains, see Flattened).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "floe/expr/parser.h"

namespace {

// The expression with AND and OR chains flattened: the parser balances long chains, so a long
// chain written with parentheses (left-deep) prints flat and reads back balanced, the same
// condition in another shape.
std::string Flattened(const floe::expr::Expression& e) {
  using floe::expr::Operation;
  if (e.op() != Operation::kAnd && e.op() != Operation::kOr) {
    if (e.op() == Operation::kNot) return "NOT(" + Flattened(e.child(0)) + ")";
    return floe::expr::ToString(e);
  }
  std::string out = e.op() == Operation::kAnd ? "AND(" : "OR(";
  std::vector<const floe::expr::Expression*> pending{&e};
  while (!pending.empty()) {
    const floe::expr::Expression* x = pending.back();
    pending.pop_back();
    if (x->op() == e.op()) {
      pending.push_back(&x->child(1));
      pending.push_back(&x->child(0));
    } else {
      out += Flattened(*x) + ",";
    }
  }
  return out + ")";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto filter = floe::expr::ParseFilter(text);
  if (!filter.ok()) return 0;
  std::string printed = floe::expr::ToString(*filter);
  auto again = floe::expr::ParseFilter(printed);
  // The printed form may nest deeper than the parser's limit (NOT NOT ... over many levels).
  if (!again.ok() && again.error().message.find("levels deep") != std::string::npos) return 0;
  if (!again.ok() || (!(*again == *filter) && Flattened(*again) != Flattened(*filter))) {
    std::fprintf(stderr, "printed: %s\nagain:   %s\n", printed.c_str(),
                 again.ok() ? floe::expr::ToString(*again).c_str() : again.error().message.c_str());
    std::abort();
  }
  return 0;
}
