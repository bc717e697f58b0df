// Private to the manifest readers: reading optional (union-with-null) Avro fields of manifests
// and manifest lists through a resolved read plan.
#pragma once

#include <cstdint>
#include <optional>

#include "floe/format/avro/read_plan.h"

namespace floe::manifest::internal {

// The value plan of an optional reader field, or nullptr when the value is null.
inline Result<const avro::ReadPlan*> Value(const avro::ReadPlan& p, avro::Decoder& d) {
  int branch;
  FLOE_ASSIGN_OR_RETURN(const avro::ReadPlan* v, avro::ResolveBranch(p, d, &branch));
  if (v->op == avro::ReadPlan::Op::kNull) return static_cast<const avro::ReadPlan*>(nullptr);
  return v;
}

inline Result<std::optional<int64_t>> OptLong(const avro::ReadPlan& p, avro::Decoder& d) {
  FLOE_ASSIGN_OR_RETURN(const avro::ReadPlan* v, Value(p, d));
  if (!v) return std::optional<int64_t>();
  FLOE_ASSIGN_OR_RETURN(int64_t x, avro::ReadLongValue(*v, d));
  return std::optional<int64_t>(x);
}

inline Result<std::optional<int32_t>> OptInt(const avro::ReadPlan& p, avro::Decoder& d) {
  FLOE_ASSIGN_OR_RETURN(const avro::ReadPlan* v, Value(p, d));
  if (!v) return std::optional<int32_t>();
  FLOE_ASSIGN_OR_RETURN(int32_t x, avro::ReadIntValue(*v, d));
  return std::optional<int32_t>(x);
}

}  // namespace floe::manifest::internal
