#include "floe/sql/aggregate_binding.h"

#include <cmath>

#include "floe/sql/exec/group_accumulator.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/util/ascii.h"

namespace floe::sql {
namespace {

using columnar::DataTypePtr;
using columnar::TypeId;

bool TakesDoubles(AggregateKind kind) {
  switch (kind) {
    case AggregateKind::kStddevSamp:
    case AggregateKind::kStddevPop:
    case AggregateKind::kVarSamp:
    case AggregateKind::kVarPop:
    case AggregateKind::kPercentile:
      return true;
    default:
      return false;
  }
}

// The percentage argument of percentile / percentile_approx: a constant double in [0, 1] or a
// constant array of them.
Status BindPercentages(const std::string& name, const PhysicalExprPtr& arg,
                       const ExpressionBinder& binder, AggregateCall& out) {
  auto fail = [&](std::string_view why) {
    return InvalidArgument("{}: the percentage (argument 2) {}", name, why);
  };
  const DataTypePtr& type = arg->type();
  if (type->id() == TypeId::kList) {
    const DataTypePtr& element = type->value_field().type;
    if (!IsNumeric(*element) && element->id() != TypeId::kNull)
      return fail("must be a number or an array of numbers");
    auto values = EvaluateConstantArray(*arg);
    if (!values.ok()) return fail("must be a constant");
    const columnar::ArrayData& list = **values;
    if (list.IsNull(0)) return fail("must not be NULL");
    const int32_t* offsets = list.values<int32_t>();
    const columnar::ArrayData& items = *list.children[0];
    for (int32_t i = offsets[0]; i < offsets[1]; ++i) {
      if (items.IsNull(i)) return fail("must not hold NULL");
      FLOE_ASSIGN_OR_RETURN(Scalar v, ScalarAt(items, i));
      double p = 0;
      if (std::holds_alternative<double>(v.value)) {
        p = v.as_double();
      } else if (element->id() == TypeId::kDecimal128) {
        p = static_cast<double>(v.as_decimal()) / std::pow(10.0, element->scale());
      } else {
        p = static_cast<double>(v.as_int());
      }
      out.percentages.push_back(p);
    }
    if (out.percentages.empty()) return fail("must not be an empty array");
    out.percentage_array = true;
  } else {
    if (!IsNumeric(*type)) return fail("must be a number or an array of numbers");
    auto cast = binder.CastTo(arg, columnar::Float64());
    if (!cast.ok() || (*cast)->literal() == nullptr) return fail("must be a constant");
    const Scalar& v = *(*cast)->literal();
    if (v.is_null()) return fail("must not be NULL");
    out.percentages.push_back(v.as_double());
  }
  for (double p : out.percentages) {
    if (!(p >= 0.0 && p <= 1.0))
      return InvalidArgument("{}: percentage {} is not between 0.0 and 1.0", name, p);
  }
  return Ok();
}

Result<double> ConstantDouble(const std::string& name, const PhysicalExprPtr& arg,
                              const ExpressionBinder& binder, std::string_view what) {
  auto fail = InvalidArgument("{}: the {} (argument 2, {}) must be a constant number", name, what,
                              SparkTypeName(*arg->type()));
  if (!IsNumeric(*arg->type())) return fail;
  auto cast = binder.CastTo(arg, columnar::Float64());
  if (!cast.ok() || (*cast)->literal() == nullptr || (*cast)->literal()->is_null()) return fail;
  return (*cast)->literal()->as_double();
}

}  // namespace

Status BindAggregateArguments(const syntax::FunctionCall& call, const ExpressionBinder& binder,
                              AggregateCall& out) {
  const std::string name = AsciiLower(call.name[0]);
  size_t min_args = 1, max_args = 1;
  if (out.kind == AggregateKind::kPercentile && name == "percentile") min_args = max_args = 2;
  if (out.kind == AggregateKind::kPercentileApprox) min_args = 2, max_args = 3;
  if (out.kind == AggregateKind::kApproxCountDistinct) max_args = 2;
  if (call.args.size() < min_args || call.args.size() > max_args) {
    if (min_args == max_args)
      return InvalidArgument("{} takes {} argument{}, not {}", name, min_args,
                             min_args == 1 ? "" : "s", call.args.size());
    return InvalidArgument("{} takes {} to {} arguments, not {}", name, min_args, max_args,
                           call.args.size());
  }
  for (const auto& a : call.args) {
    if (ContainsAggregate(*a))
      return InvalidArgument("aggregates cannot be nested: {}", syntax::ToSql(*a));
  }
  std::vector<PhysicalExprPtr> args;
  for (const auto& a : call.args) {
    FLOE_ASSIGN_OR_RETURN(PhysicalExprPtr bound, binder.Bind(*a));
    args.push_back(std::move(bound));
  }
  out.arg = args[0];
  const DataTypePtr type = out.arg->type();
  if (out.kind == AggregateKind::kSum || out.kind == AggregateKind::kAvg) {
    if (type->id() == TypeId::kString) {
      FLOE_ASSIGN_OR_RETURN(out.arg, binder.CastTo(out.arg, columnar::Float64()));
    }
  }
  if (TakesDoubles(out.kind)) {
    if (!IsNumeric(*type) && type->id() != TypeId::kString && type->id() != TypeId::kNull)
      return InvalidArgument("{} of {}: not a number", name, SparkTypeName(*type));
    FLOE_ASSIGN_OR_RETURN(out.arg, binder.CastTo(out.arg, columnar::Float64()));
  }
  if (name == "median") out.percentages = {0.5};
  if (args.size() >= 2 &&
      (out.kind == AggregateKind::kPercentile || out.kind == AggregateKind::kPercentileApprox)) {
    FLOE_RETURN_IF_ERROR(BindPercentages(name, args[1], binder, out));
  }
  if (args.size() == 3) {
    FLOE_ASSIGN_OR_RETURN(double accuracy, ConstantDouble(name, args[2], binder, "accuracy"));
    if (!(accuracy > 0) || accuracy > 2147483647.0 || accuracy != std::floor(accuracy))
      return InvalidArgument("{}: the accuracy must be a positive int, not {}", name, accuracy);
  }
  if (out.kind == AggregateKind::kApproxCountDistinct && args.size() == 2) {
    FLOE_ASSIGN_OR_RETURN(out.relative_sd, ConstantDouble(name, args[1], binder, "relative error"));
  }
  auto result = AggregateResultType(out);
  if (!result.ok()) return std::move(result).error();
  if (IsAccumulatorKind(out.kind)) {
    auto accumulator = MakeGroupAccumulator(out);  // checks the constants it takes
    if (!accumulator.ok()) return std::move(accumulator).error();
  }
  return Ok();
}

}  // namespace floe::sql
