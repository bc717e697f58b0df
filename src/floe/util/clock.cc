#include "floe/util/clock.h"

#include <chrono>
#include <cstdlib>
#include <string_view>

#include "floe/util/time.h"

namespace floe {

int64_t NowMillis() {
  if (const char* env = std::getenv("FLOE_TEST_NOW"); env != nullptr && *env != '\0') {
    std::string_view text(env);
    char* end = nullptr;
    long long millis = std::strtoll(env, &end, 10);
    if (end != nullptr && *end == '\0') return millis;
    if (auto ts = ParseTimestamp(text)) return FloorDiv(ts->nanos, 1000000);
  }
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace floe
