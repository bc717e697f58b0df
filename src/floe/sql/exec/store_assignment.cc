// Store assignment (store_assignment.h): CastArray, then every converted number checked against
// its source value.
#include "floe/sql/exec/store_assignment.h"

#include <fmt/format.h>

#include <cmath>

#include "floe/columnar/array_builder.h"
#include "floe/sql/exec/sql_type.h"

namespace floe::sql {

using columnar::DataType;
using columnar::TypeId;

namespace {

// Whether the integer `c`, converted from `v` (of type `from`, not null), is `v` without its
// fraction: the conversion neither wrapped nor saturated.
bool IntegerIsExact(const Scalar& v, const DataType& from, int64_t c) {
  if (IsIntegral(from)) return v.as_int() == c;
  if (IsFloating(from)) {
    double d = v.as_double();
    if (!std::isfinite(d)) return false;
    double whole = std::trunc(d);
    // [-2^63, 2^63) is exactly representable at its ends; the narrower types round-trip.
    if (whole < -9223372036854775808.0 || whole >= 9223372036854775808.0) return false;
    return static_cast<int64_t>(whole) == c;
  }
  return true;  // decimals out of range already became NULL
}

Status Overflow(const Scalar& v, const DataType& from, const DataType& to,
                const EvalContext& context, const std::string& where) {
  std::string to_name = SparkTypeName(to);
  return Corrupt(
      "{}: {} ({}) does not fit {} (an INSERT converts as Spark's ANSI store assignment); "
      "write try_cast(... AS {}) to store NULL instead",
      where, ScalarToSparkString(v, from, context), SparkTypeName(from), to_name, to_name);
}

// Whether `c`, the conversion of the non-null number `v`, is exact (see store_assignment.h).
bool FitsExactly(const Scalar& v, const DataType& from, const Scalar& c, const DataType& to) {
  return !c.is_null() && (!IsIntegral(to) || IntegerIsExact(v, from, c.as_int()));
}

// Checks each non-null number of `input` against its conversion in `output` (same length).
Status CheckNumbers(const columnar::ArrayData& input, const columnar::ArrayData& output,
                    const EvalContext& context, const std::string& where) {
  const DataType& from = *input.type;
  const DataType& to = *output.type;
  for (int64_t i = 0; i < input.length; ++i) {
    if (input.IsNull(i)) continue;
    FLOE_ASSIGN_OR_RETURN(Scalar v, ScalarAt(input, i));
    FLOE_ASSIGN_OR_RETURN(Scalar c, ScalarAt(output, i));
    if (!FitsExactly(v, from, c, to)) return Overflow(v, from, to, context, where);
  }
  return Ok();
}

// Walks `input` and its conversion `output` together down to the numbers that changed type.
Status Check(const columnar::ArrayPtr& input, const columnar::ArrayPtr& output,
             const EvalContext& context, const std::string& where) {
  const DataType& from = *input->type;
  const DataType& to = *output->type;
  if (SameType(from, to)) return Ok();
  if (from.id() == TypeId::kStruct && to.id() == TypeId::kStruct &&
      from.num_children() == to.num_children()) {
    for (int k = 0; k < to.num_children(); ++k) {
      FLOE_RETURN_IF_ERROR(Check(input->children[static_cast<size_t>(k)],
                                 output->children[static_cast<size_t>(k)], context,
                                 where + "." + to.child(k).name));
    }
    return Ok();
  }
  if ((from.id() == TypeId::kList || from.id() == TypeId::kMap) && to.id() == from.id()) {
    return Check(input->children[0], output->children[0], context,
                 where + (to.id() == TypeId::kList ? ".element" : ""));
  }
  if (IsNumeric(from) && IsNumeric(to) && !IsFloating(to)) {
    return CheckNumbers(*input, *output, context, where);
  }
  return Ok();
}

}  // namespace

Result<columnar::ArrayPtr> StoreAssignArray(const columnar::ArrayPtr& input,
                                            const columnar::DataTypePtr& to,
                                            const EvalContext& context, const std::string& where) {
  FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr output, CastArray(input, to, context));
  FLOE_RETURN_IF_ERROR(Check(input, output, context, where));
  return output;
}

Result<columnar::ArrayPtr> TryCastArray(const columnar::ArrayPtr& input,
                                        const columnar::DataTypePtr& to,
                                        const EvalContext& context) {
  FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr output, CastArray(input, to, context));
  const DataType& from = *input->type;
  if (!IsNumeric(from) || !IsNumeric(*to) || IsFloating(*to)) return output;
  FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(to));
  FLOE_RETURN_IF_ERROR(builder->Reserve(output->length));
  for (int64_t i = 0; i < output->length; ++i) {
    FLOE_ASSIGN_OR_RETURN(Scalar c, ScalarAt(*output, i));
    if (!input->IsNull(i)) {
      FLOE_ASSIGN_OR_RETURN(Scalar v, ScalarAt(*input, i));
      if (!FitsExactly(v, from, c, *to)) c = Scalar::Null();
    }
    FLOE_RETURN_IF_ERROR(AppendScalar(*builder, c));
  }
  return builder->Finish();
}

PhysicalExprPtr StoreAssignExpr(PhysicalExprPtr value, columnar::DataTypePtr to,
                                std::string statement, std::string where, EvalContextPtr context) {
  columnar::DataTypePtr type = to;
  Kernel kernel = [context, to = std::move(to), where = std::move(where)](
                      const std::vector<columnar::ArrayPtr>& args,
                      int64_t) -> Result<columnar::ArrayPtr> {
    return StoreAssignArray(args[0], to, *context, where);
  };
  return MakeCallExpr(std::move(statement), std::move(kernel), {std::move(value)}, std::move(type));
}

}  // namespace floe::sql
