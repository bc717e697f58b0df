// The wall clock, made deterministic for tests: FLOE_TEST_NOW (epoch milliseconds, or an
// ISO-8601 timestamp with offset) fixes "now" for every timestamp floe generates (docs/cli.md).
#pragma once

#include <cstdint>

namespace floe {

// Milliseconds since the epoch: FLOE_TEST_NOW when set, else the system clock.
int64_t NowMillis();

}  // namespace floe
