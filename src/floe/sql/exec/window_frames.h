// The window node's per-partition computations (window_node.h): one result column per call over
// the rows of all partitions, in sorted order. Private to the window node.
#pragma once

#include <cstdint>
#include <vector>

#include "floe/sql/exec/window_node.h"

namespace floe::sql {

// The sorted rows, cut into partitions and peer groups.
struct WindowLayout {
  int64_t num_rows = 0;
  std::vector<int64_t> partition_start;  // per position: its partition's first position
  std::vector<int64_t> partition_end;    // … one past its last
  std::vector<int64_t> peer_start;       // per position: its peer group's first position
  std::vector<int64_t> peer_end;
  // RANGE with offsets: the order key per position, negated when descending (so it ascends), and
  // whether it is NULL.
  std::vector<double> range_key;
  std::vector<bool> range_null;
  bool range_descending = false;
};

// `arg` and `default_value` are the call's arrays already in sorted order (null when the call
// has none); the result is in sorted order too.
Result<columnar::ArrayPtr> ComputeWindowColumn(const WindowCall& call, const WindowLayout& layout,
                                               const columnar::ArrayPtr& arg,
                                               const columnar::ArrayPtr& default_value);

}  // namespace floe::sql
