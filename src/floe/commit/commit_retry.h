// How a commit is retried (Java's commit.retry.* and commit.status-check.* table properties,
// commit/table_properties.h): on a conflict the update refreshes and re-applies; on an unknown
// outcome it refreshes to see whether its snapshot landed. Backoff doubles from min-wait to
// max-wait.
#pragma once
#include <cstdint>
#include <map>
#include <string>

#include "floe/commit/table_properties.h"
#include "floe/util/result.h"

namespace floe::commit {

struct CommitRetryPolicy {
  int num_retries = kCommitNumRetries.default_value;
  int64_t min_wait_ms = kCommitMinRetryWaitMs.default_value;
  int64_t max_wait_ms = kCommitMaxRetryWaitMs.default_value;
  int64_t total_timeout_ms = kCommitTotalRetryTimeMs.default_value;
  int status_check_num_retries = kCommitStatusChecksNumRetries.default_value;
  int64_t status_check_min_wait_ms = kCommitStatusChecksMinWaitMs.default_value;
  int64_t status_check_max_wait_ms = kCommitStatusChecksMaxWaitMs.default_value;
  int64_t status_check_total_timeout_ms = kCommitStatusChecksTotalWaitMs.default_value;

  // The policy the table's properties ask for; InvalidArgument naming the property when a value
  // is not a non-negative integer.
  static Result<CommitRetryPolicy> Parse(const Properties& properties);
};

// The wait before retry number `retry` (1 for the first retry): min_wait * 2^(retry-1), at most
// max_wait.
int64_t BackoffMs(int64_t min_wait_ms, int64_t max_wait_ms, int retry);

}  // namespace floe::commit
