// Partition specs and sort orders written as term lists, the forms `floe create table
// --partition-by / --sort-by` take (Spark's PARTITIONED BY and WRITE ORDERED BY terms):
//   days(order_ts), bucket(16, order_id), truncate(4, name), region
//   order_ts desc nulls last, bucket(16, id)
// Transforms: identity (a bare column), year(s), month(s), day(s)/date, hour(s)/date_hour,
// bucket(N, col), truncate(W, col), void(col). Column names resolve case-insensitively.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/spec/partition_spec.h"
#include "floe/spec/schema.h"
#include "floe/spec/sort_order.h"
#include "floe/util/result.h"

namespace floe::spec {

// One term as written, before its names are resolved: `transform(argument, column)`,
// `transform(column)` or a bare `column`. SQL's PARTITIONED BY hands its terms over so, parsed
// once by its own grammar.
struct TransformTerm {
  std::string transform;            // any case; empty: identity
  std::optional<int64_t> argument;  // bucket(N, col), truncate(W, col)
  std::string column;               // dotted for a struct field
  // 1-based columns of the term and of its column name where they were written, for messages:
  // `partition spec: column 7: no column "nope" in the schema`.
  int position = 1;
  int column_position = 1;
};

// Partition field names as Java and Spark name them: the column for identity, otherwise
// <col>_year, _month, _day, _hour, _bucket, _trunc, _null. Field ids from 1000, spec id 0.
Result<PartitionSpec> MakePartitionSpec(const std::vector<TransformTerm>& terms,
                                        const Schema& schema);
// The terms parsed from text, then MakePartitionSpec.
Result<PartitionSpec> ParsePartitionSpecText(std::string_view text, const Schema& schema);

// Order id 1; an empty text is the unsorted order. Default direction asc; default null order
// as in Spark: nulls first for asc, nulls last for desc.
Result<SortOrder> ParseSortOrderText(std::string_view text, const Schema& schema);

}  // namespace floe::spec
