// Filters written as text in tests: parsed once, here, as `--filter` text is by the CLI, and
// handed to the scans and readers as the expression they take.
#pragma once

#include <gtest/gtest.h>

#include <string_view>

#include "floe/expr/parser.h"

namespace floe::testing {

// The filter `text` says (empty or blank: TRUE). A parse error fails the test.
inline expr::Expression FilterOf(std::string_view text) {
  auto parsed = expr::ParseFilterOrTrue(text);
  if (!parsed.ok()) {
    ADD_FAILURE() << "filter " << text << ": " << parsed.error().message;
    return expr::Expression::False();
  }
  return std::move(*parsed);
}

}  // namespace floe::testing
