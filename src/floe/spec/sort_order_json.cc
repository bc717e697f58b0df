#include "floe/spec/sort_order_json.h"

namespace floe::spec {

namespace {

Result<SortField> ParseSortField(const JsonValue& json) {
  SortField f;
  FLOE_ASSIGN_OR_RETURN(JsonValue transform_json, json.Get("transform"));
  FLOE_ASSIGN_OR_RETURN(std::string_view transform, transform_json.AsString());
  auto parsed = Transform::ParseAllowUnknown(transform);
  if (!parsed.ok()) return transform_json.Invalid(parsed.error().message);
  f.transform = std::move(parsed).value();

  if (auto ids = json.Find("source-ids"); ids && !ids->IsNull()) {
    FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> items, ids->AsArray());
    for (const JsonValue& item : items) {
      FLOE_ASSIGN_OR_RETURN(int32_t id, item.AsInt32());
      f.source_ids.push_back(id);
    }
    if (f.source_ids.empty()) return ids->Invalid("source-ids must not be empty");
  }
  FLOE_ASSIGN_OR_RETURN(std::optional<int32_t> source_id, json.FindInt32("source-id"));
  if (source_id) {
    f.source_id = *source_id;
  } else if (!f.source_ids.empty()) {
    f.source_id = f.source_ids[0];
  } else {
    return json.Invalid("missing required field \"source-id\"");
  }
  if (f.source_ids.size() == 1 && f.source_ids[0] == f.source_id) f.source_ids.clear();

  FLOE_ASSIGN_OR_RETURN(JsonValue direction_json, json.Get("direction"));
  FLOE_ASSIGN_OR_RETURN(std::string_view direction, direction_json.AsString());
  if (direction == "asc") {
    f.direction = SortDirection::kAsc;
  } else if (direction == "desc") {
    f.direction = SortDirection::kDesc;
  } else {
    return direction_json.Invalid(
        fmt::format("unknown sort direction \"{}\" (want asc or desc)", direction));
  }
  FLOE_ASSIGN_OR_RETURN(JsonValue null_order_json, json.Get("null-order"));
  FLOE_ASSIGN_OR_RETURN(std::string_view null_order, null_order_json.AsString());
  if (null_order == "nulls-first") {
    f.null_order = NullOrder::kNullsFirst;
  } else if (null_order == "nulls-last") {
    f.null_order = NullOrder::kNullsLast;
  } else {
    return null_order_json.Invalid(
        fmt::format("unknown null order \"{}\" (want nulls-first or nulls-last)", null_order));
  }
  return f;
}

}  // namespace

Result<SortOrder> ParseSortOrder(const JsonValue& json) {
  SortOrder order;
  FLOE_ASSIGN_OR_RETURN(order.order_id, json.GetInt32("order-id"));
  FLOE_ASSIGN_OR_RETURN(JsonValue fields_json, json.Get("fields"));
  FLOE_ASSIGN_OR_RETURN(std::vector<JsonValue> items, fields_json.AsArray());
  for (const JsonValue& item : items) {
    FLOE_ASSIGN_OR_RETURN(SortField f, ParseSortField(item));
    order.fields.push_back(std::move(f));
  }
  return order;
}

void WriteSortOrder(const SortOrder& order, JsonWriter& out) {
  out.BeginObject();
  out.Member("order-id", order.order_id);
  out.Key("fields");
  out.BeginArray();
  for (const SortField& f : order.fields) {
    out.BeginObject();
    out.Member("transform", f.transform.ToString());
    if (f.source_ids.empty()) {
      out.Member("source-id", f.source_id);
    } else {
      out.Key("source-ids");
      out.BeginArray();
      for (int32_t id : f.source_ids) out.Int(id);
      out.EndArray();
    }
    out.Member("direction", SortDirectionName(f.direction));
    out.Member("null-order", NullOrderName(f.null_order));
    out.EndObject();
  }
  out.EndArray();
  out.EndObject();
}

}  // namespace floe::spec
