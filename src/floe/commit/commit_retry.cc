#include "floe/commit/commit_retry.h"

#include <algorithm>
#include <charconv>

namespace floe::commit {

namespace {
template <typename T>
void Read(const std::map<std::string, std::string>& props, const char* key, T* out) {
  auto it = props.find(key);
  if (it == props.end()) return;
  T v{};
  const std::string& s = it->second;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec == std::errc() && p == s.data() + s.size() && v >= 0) *out = v;
}
}  // namespace

CommitRetryPolicy CommitRetryPolicy::FromProperties(
    const std::map<std::string, std::string>& properties) {
  CommitRetryPolicy p;
  Read(properties, "commit.retry.num-retries", &p.num_retries);
  Read(properties, "commit.retry.min-wait-ms", &p.min_wait_ms);
  Read(properties, "commit.retry.max-wait-ms", &p.max_wait_ms);
  Read(properties, "commit.retry.total-timeout-ms", &p.total_timeout_ms);
  Read(properties, "commit.status-check.num-retries", &p.status_check_num_retries);
  Read(properties, "commit.status-check.min-wait-ms", &p.status_check_min_wait_ms);
  Read(properties, "commit.status-check.max-wait-ms", &p.status_check_max_wait_ms);
  Read(properties, "commit.status-check.total-timeout-ms", &p.status_check_total_timeout_ms);
  return p;
}

int64_t BackoffMs(int64_t min_wait_ms, int64_t max_wait_ms, int retry) {
  int64_t wait = min_wait_ms;
  for (int i = 1; i < retry && wait < max_wait_ms; ++i) wait *= 2;
  return std::min(wait, max_wait_ms);
}

}  // namespace floe::commit
