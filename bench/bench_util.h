// What every benchmark program shares: stop on an error, run a peer command, time a span, find
// the peers (tests/peers: DuckDB, icebird, …).
#pragma once

#include <time.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace floe::bench {

using Clock = std::chrono::steady_clock;

// Prints `what: <error>` and exits 1 when `r` failed.
template <typename R>
void Check(const R& r, const char* what) {
  if (!r.ok()) {
    std::fprintf(stderr, "%s: %s\n", what, r.error().message.c_str());
    std::exit(1);
  }
}

// Runs a shell command and returns its standard output; exits 1 when the command fails.
inline std::string Run(const std::string& cmd) {
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  if (pclose(p) != 0) {
    std::fprintf(stderr, "failed: %s\n%s\n", cmd.c_str(), out.c_str());
    std::exit(1);
  }
  return out;
}

// CPU time of the whole process (every thread, user + system): with other work on the machine,
// work per CPU-second is the steadier measure of a single core's speed.
inline double CpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

inline double Seconds(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

inline std::string PeersDir() {
  return (std::filesystem::path(FLOE_SOURCE_DIR) / "tests" / "peers").string();
}

}  // namespace floe::bench
