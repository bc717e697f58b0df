// The JSON form of sort orders (spec: Appendix C, "Sort Orders"):
//   {"order-id":1,"fields":[{"transform":"identity","source-id":2,"direction":"asc",
//                            "null-order":"nulls-first"}]}
#pragma once

#include "floe/spec/sort_order.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"
#include "floe/util/result.h"

namespace floe::spec {

Result<SortOrder> ParseSortOrder(const JsonValue& json);
void WriteSortOrder(const SortOrder& order, JsonWriter& out);

}  // namespace floe::spec
