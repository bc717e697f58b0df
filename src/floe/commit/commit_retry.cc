#include "floe/commit/commit_retry.h"

#include <algorithm>

namespace floe::commit {

Result<CommitRetryPolicy> CommitRetryPolicy::Parse(const Properties& properties) {
  CommitRetryPolicy p;
  FLOE_ASSIGN_OR_RETURN(p.num_retries, kCommitNumRetries.Get(properties));
  FLOE_ASSIGN_OR_RETURN(p.min_wait_ms, kCommitMinRetryWaitMs.Get(properties));
  FLOE_ASSIGN_OR_RETURN(p.max_wait_ms, kCommitMaxRetryWaitMs.Get(properties));
  FLOE_ASSIGN_OR_RETURN(p.total_timeout_ms, kCommitTotalRetryTimeMs.Get(properties));
  FLOE_ASSIGN_OR_RETURN(p.status_check_num_retries, kCommitStatusChecksNumRetries.Get(properties));
  FLOE_ASSIGN_OR_RETURN(p.status_check_min_wait_ms, kCommitStatusChecksMinWaitMs.Get(properties));
  FLOE_ASSIGN_OR_RETURN(p.status_check_max_wait_ms, kCommitStatusChecksMaxWaitMs.Get(properties));
  FLOE_ASSIGN_OR_RETURN(p.status_check_total_timeout_ms,
                        kCommitStatusChecksTotalWaitMs.Get(properties));
  return p;
}

int64_t BackoffMs(int64_t min_wait_ms, int64_t max_wait_ms, int retry) {
  int64_t wait = min_wait_ms;
  for (int i = 1; i < retry && wait < max_wait_ms; ++i) wait *= 2;
  return std::min(wait, max_wait_ms);
}

}  // namespace floe::commit
