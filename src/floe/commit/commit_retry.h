// How a commit is retried (Java's commit.retry.* and commit.status-check.* table properties):
// on a conflict the update refreshes and re-applies; on an unknown outcome it refreshes to see
// whether its snapshot landed. Backoff doubles from min-wait to max-wait.
#pragma once
#include <cstdint>
#include <map>
#include <string>

namespace floe::commit {

struct CommitRetryPolicy {
  int num_retries = 4;                              // commit.retry.num-retries
  int64_t min_wait_ms = 100;                        // commit.retry.min-wait-ms
  int64_t max_wait_ms = 60000;                      // commit.retry.max-wait-ms
  int64_t total_timeout_ms = 1800000;               // commit.retry.total-timeout-ms
  int status_check_num_retries = 3;                 // commit.status-check.num-retries
  int64_t status_check_min_wait_ms = 1000;          // commit.status-check.min-wait-ms
  int64_t status_check_max_wait_ms = 60000;         // commit.status-check.max-wait-ms
  int64_t status_check_total_timeout_ms = 1800000;  // commit.status-check.total-timeout-ms

  // The policy the table's properties ask for; unparsable values keep the default.
  static CommitRetryPolicy FromProperties(const std::map<std::string, std::string>& properties);
};

// The wait before retry number `retry` (1 for the first retry): min_wait * 2^(retry-1), at most
// max_wait.
int64_t BackoffMs(int64_t min_wait_ms, int64_t max_wait_ms, int retry);

}  // namespace floe::commit
