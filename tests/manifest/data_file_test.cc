// DataFile's member-by-member swap (scan planning swaps a file per manifest entry): two files
// with every member set to different values trade all of them.
#include "floe/manifest/data_file.h"

#include <gtest/gtest.h>

#include <utility>

namespace floe::manifest {
namespace data_file_test {

DataFile EveryMemberSet(int n) {
  DataFile f;
  f.content = n == 1 ? FileContent::kPositionDeletes : FileContent::kEqualityDeletes;
  f.file_path =
      "s3://bucket/a-path-too-long-for-the-small-string-buffer/" + std::to_string(n) + ".parquet";
  f.file_format = n == 1 ? "PARQUET" : "AVRO";
  f.partition = {spec::Literal::Int(n), spec::Literal::String("p" + std::to_string(n))};
  f.record_count = 100 + n;
  f.file_size_in_bytes = 1000 + n;
  f.column_sizes = {{1, 10 + n}};
  f.value_counts = {{1, 20 + n}, {2, 21}};
  f.null_value_counts = {{2, n}};
  f.nan_value_counts = {{3, n}};
  f.lower_bounds = {{1, std::string(1, static_cast<char>(n))}};
  f.upper_bounds = {{1, std::string(40, static_cast<char>(n))}};
  f.key_metadata = std::string(3, static_cast<char>(n));
  f.split_offsets = std::vector<int64_t>{4, 4 + n};
  f.equality_ids = std::vector<int32_t>{n};
  f.sort_order_id = n;
  f.referenced_data_file = "ref" + std::to_string(n);
  f.first_row_id = 7 * n;
  f.content_offset = 8 * n;
  f.content_size_in_bytes = 9 * n;
  f.spec_id = n;
  return f;
}

TEST(DataFileTest, SwapTradesEveryMember) {
  const DataFile one = EveryMemberSet(1), two = EveryMemberSet(2);
  DataFile a = one, b = two;
  swap(a, b);
  EXPECT_EQ(a, two);
  EXPECT_EQ(b, one);
  DataFile empty;
  swap(a, empty);  // with a file of defaults and unset optionals
  EXPECT_EQ(a, DataFile());
  EXPECT_EQ(empty, two);
}

}  // namespace data_file_test
}  // namespace floe::manifest
