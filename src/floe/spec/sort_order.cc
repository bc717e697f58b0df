#include "floe/spec/sort_order.h"

namespace floe::spec {

std::string_view SortDirectionName(SortDirection direction) {
  return direction == SortDirection::kAsc ? "asc" : "desc";
}

std::string_view NullOrderName(NullOrder order) {
  return order == NullOrder::kNullsFirst ? "nulls-first" : "nulls-last";
}

Status SortOrder::Validate(const Schema& schema) const {
  if (order_id == kUnsortedOrderId && !fields.empty()) {
    return InvalidArgument(
        "sort order id 0 is reserved for the unsorted order, which has no fields");
  }
  if (order_id != kUnsortedOrderId && fields.empty()) {
    return InvalidArgument("sort order {} has no fields; only order 0 may be unsorted", order_id);
  }
  for (const SortField& f : fields) {
    std::vector<int32_t> sources =
        f.source_ids.empty() ? std::vector<int32_t>{f.source_id} : f.source_ids;
    for (int32_t source_id : sources) {
      const NestedField* source = schema.FindFieldById(source_id);
      if (source == nullptr) {
        return InvalidArgument("sort order {}: source field {} is not in the schema", order_id,
                               source_id);
      }
      std::string name = schema.FindColumnName(source_id).value_or(source->name);
      if (!source->type->is_primitive()) {
        return InvalidArgument("sort order {}: cannot sort by {}, a {}", order_id, name,
                               source->type->ToString());
      }
      if (!f.transform.CanTransform(*source->type)) {
        return InvalidArgument("sort order {}: {} cannot transform {} ({})", order_id,
                               f.transform.ToString(), name, source->type->ToString());
      }
    }
  }
  return Ok();
}

}  // namespace floe::spec
