// Precompiled header of every test program (tests/CMakeLists.txt, docs/build.md "CI build"): the
// headers nearly every test file parses — googletest, fmt, the standard library, floe's Result and
// its test matchers — compiled once per build instead of once per test file. Only stable
// third-party and standard headers plus util/result.h and testing/result_matchers.h belong here: a
// change to anything listed rebuilds every test.
// Test files still include what they use; the build is also correct without this header
// (-DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON).
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "floe/util/result.h"
#include "testing/result_matchers.h"
