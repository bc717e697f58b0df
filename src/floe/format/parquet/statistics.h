// Statistics of a column chunk or a page (parquet.thrift `Statistics`). Values are the raw PLAIN
// bytes (byte arrays without their length prefix); what they mean depends on the column's type and
// order, which the reader of a column applies.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "floe/util/result.h"

namespace floe::parquet {

namespace thrift {
class CompactReader;
}

struct Statistics {
  // Deprecated: signed-comparison min/max of old writers.
  std::optional<std::string> max;          // 1
  std::optional<std::string> min;          // 2
  std::optional<int64_t> null_count;       // 3
  std::optional<int64_t> distinct_count;   // 4
  std::optional<std::string> max_value;    // 5
  std::optional<std::string> min_value;    // 6
  std::optional<bool> is_max_value_exact;  // 7
  std::optional<bool> is_min_value_exact;  // 8
  std::optional<int64_t> nan_count;        // 9
};

// Decodes one Statistics struct at the reader's position.
Status DecodeStatistics(thrift::CompactReader& r, Statistics* out);

}  // namespace floe::parquet
