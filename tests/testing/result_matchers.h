// ASSERT_OK / EXPECT_OK: a test's check that a Result<T> or Status succeeded. A failure names the
// expression, the error's kind and its message, so a test need not stream
// `r.error().message` itself; more context can still be streamed: `ASSERT_OK(r) << path;`.
#pragma once

#include <gtest/gtest.h>

#include "floe/util/result.h"

namespace floe::testing {

// The predicate-formatter behind ASSERT_OK/EXPECT_OK (googletest's ASSERT_PRED_FORMAT1).
template <typename T>
::testing::AssertionResult ResultIsOk(const char* expression, const Result<T>& result) {
  if (result.ok()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << expression << " failed: " << ErrorKindName(result.error().kind) << ": "
         << result.error().message;
}

}  // namespace floe::testing

#define ASSERT_OK(expr) ASSERT_PRED_FORMAT1(::floe::testing::ResultIsOk, expr)
#define EXPECT_OK(expr) EXPECT_PRED_FORMAT1(::floe::testing::ResultIsOk, expr)
