// Sort orders (spec: "Sorting"): the order in which rows of data files are written. Order id 0
// is reserved for the unsorted order, which has no fields.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "floe/spec/schema.h"
#include "floe/spec/transform.h"
#include "floe/util/result.h"

namespace floe::spec {

enum class SortDirection { kAsc, kDesc };
enum class NullOrder { kNullsFirst, kNullsLast };

// "asc"/"desc" and "nulls-first"/"nulls-last", as in the JSON form.
std::string_view SortDirectionName(SortDirection direction);
std::string_view NullOrderName(NullOrder order);

struct SortField {
  Transform transform;
  int32_t source_id = 0;
  std::vector<int32_t> source_ids;  // v3 multi-argument transforms; usually empty
  SortDirection direction = SortDirection::kAsc;
  NullOrder null_order = NullOrder::kNullsFirst;

  bool operator==(const SortField& other) const = default;
};

struct SortOrder {
  static constexpr int32_t kUnsortedOrderId = 0;

  int32_t order_id = kUnsortedOrderId;
  std::vector<SortField> fields;

  static SortOrder Unsorted() { return SortOrder{}; }
  bool IsUnsorted() const { return fields.empty(); }
  // Source columns exist and are primitive, transforms apply to their types, the unsorted id
  // has no fields and a sorted order does not use id 0.
  Status Validate(const Schema& schema) const;

  bool operator==(const SortOrder& other) const = default;
};

}  // namespace floe::spec
