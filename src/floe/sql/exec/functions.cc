#include "floe/sql/exec/functions.h"

#include "floe/sql/exec/sql_type.h"
#include "floe/util/ascii.h"

namespace floe::sql {

std::string FunctionSignature(std::string_view name,
                              const std::vector<columnar::DataTypePtr>& args) {
  std::string out(name);
  out += "(";
  for (size_t i = 0; i < args.size(); ++i) {
    if (i > 0) out += ", ";
    out += SparkTypeName(*args[i]);
  }
  return out + ")";
}

Kernel MakeRowKernel(columnar::DataTypePtr result_type, RowFunction fn, bool propagate_nulls) {
  return [result_type, fn = std::move(fn), propagate_nulls](
             const std::vector<columnar::ArrayPtr>& args,
             int64_t num_rows) -> Result<columnar::ArrayPtr> {
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(result_type));
    FLOE_RETURN_IF_ERROR(builder->Reserve(num_rows));
    std::vector<Scalar> values(args.size());
    for (int64_t row = 0; row < num_rows; ++row) {
      bool any_null = false;
      for (size_t k = 0; k < args.size(); ++k) {
        if (args[k]->IsNull(row)) {
          values[k] = Scalar::Null();
          any_null = true;
          continue;
        }
        FLOE_ASSIGN_OR_RETURN(values[k], ScalarAt(*args[k], row));
      }
      if (propagate_nulls && any_null) {
        FLOE_RETURN_IF_ERROR(builder->AppendNull());
        continue;
      }
      FLOE_ASSIGN_OR_RETURN(Scalar out, fn(values));
      FLOE_RETURN_IF_ERROR(AppendScalar(*builder, out));
    }
    return builder->Finish();
  };
}

bool IsAggregateFunction(std::string_view name) {
  std::string n = AsciiLower(name);
  return n == "count" || n == "sum" || n == "avg" || n == "mean" || n == "min" || n == "max";
}

Result<FunctionBinding> BindFunction(std::string_view name,
                                     const std::vector<columnar::DataTypePtr>& args,
                                     const EvalContextPtr& context) {
  std::string lower = AsciiLower(name);
  for (auto* family : {&BindArithmeticFunction, &BindComparisonFunction, &BindStringFunction,
                       &BindStringBuildingFunction, &BindHashFunction, &BindDatetimeFunction,
                       &BindNestedFunction, &BindConditionalFunction, &BindVariantFunction}) {
    FamilyBinding found = (*family)(lower, args, context);
    if (found) return std::move(*found);
  }
  return NotFound("unknown function {}", FunctionSignature(lower, args));
}

}  // namespace floe::sql
