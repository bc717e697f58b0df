// Scalar functions and operators of floe SQL, looked up by name and argument types (Spark 3.5's
// semantics with spark.sql.ansi.enabled=false: integer overflow wraps, division by zero and
// invalid casts give NULL). Operators are functions too: "+", "-", "*", "/", "%", "div", "||",
// "=", "!=", "<", "<=", ">", ">=", "<=>", "and", "or", "not", "negate", "is_null",
// "is_not_null", "like", "ilike", "rlike", "in", "case", "cast" (done by the binder), "subscript".
//
// BindFunction picks the implementation: the argument types the call needs (the binder casts
// each argument whose type differs), the result type and the kernel. Unknown names and wrong
// argument types are InvalidArgument / NotFound errors that name the function and the types.
//
// The kernels live in one file per family: arithmetic_functions.cc, comparison_functions.cc,
// string_functions.cc, string_building_functions.cc, hash_function.cc, datetime_functions.cc,
// datetime_format_functions.cc, regex_functions.cc, digest_functions.cc,
// nested_functions.cc, conditional_functions.cc.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/columnar/data_type.h"
#include "floe/sql/exec/cast.h"
#include "floe/sql/exec/physical_expr.h"
#include "floe/sql/exec/scalar_value.h"
#include "floe/util/result.h"

namespace floe::sql {

struct FunctionBinding {
  columnar::DataTypePtr result_type;
  std::vector<columnar::DataTypePtr> arg_types;  // what each argument is cast to first
  Kernel kernel;
};

Result<FunctionBinding> BindFunction(std::string_view name,
                                     const std::vector<columnar::DataTypePtr>& args,
                                     const EvalContextPtr& context);

// round(x, d) with the value of the constant d known at binding, as Spark's RoundBase types a
// decimal result by it (round_function.cc): `scale` is d, nullopt when d is NULL (every result
// NULL). BindFunction's "round" takes one argument: round(x) is round(x, 0).
Result<FunctionBinding> BindRound(const columnar::DataTypePtr& x, std::optional<int64_t> scale);

// struct(a, b, …) and named_struct('x', a, …) with the field names known at binding (the binder
// takes them from the call's syntax, nested_functions.cc): one struct of the arguments, named
// `names` (as many, distinct ignoring case).
Result<FunctionBinding> BindStructConstructor(const std::vector<std::string>& names,
                                              const std::vector<columnar::DataTypePtr>& args);

// Whether `name` (lower case) is a function floe SQL knows: scalar, aggregate, generator or one
// the binder handles itself (round, struct, variant_get, read_parquet, …).
bool IsKnownFunctionName(std::string_view name);

// NotFound "unknown function <what>", with "; did you mean x?" naming known functions whose
// names are close to `name` (lower case).
Error UnknownFunction(std::string_view what, std::string_view name);

// count, sum, avg, min, max, stddev, … (aggregate_node.h and group_accumulator.h evaluate them).
bool IsAggregateFunction(std::string_view name);

// ---- Building blocks for the kernel files ----

// A kernel calling `fn` once per row on the arguments' values. With `propagate_nulls`, a row
// with a NULL argument gives NULL without calling fn.
using RowFunction = std::function<Result<Scalar>(const std::vector<Scalar>& args)>;
Kernel MakeRowKernel(columnar::DataTypePtr result_type, RowFunction fn,
                     bool propagate_nulls = true);

// Each family's binder: nullopt when the name is not one of its functions.
using FamilyBinding = std::optional<Result<FunctionBinding>>;
FamilyBinding BindArithmeticFunction(std::string_view name,
                                     const std::vector<columnar::DataTypePtr>& args,
                                     const EvalContextPtr& context);
FamilyBinding BindComparisonFunction(std::string_view name,
                                     const std::vector<columnar::DataTypePtr>& args,
                                     const EvalContextPtr& context);
FamilyBinding BindStringFunction(std::string_view name,
                                 const std::vector<columnar::DataTypePtr>& args,
                                 const EvalContextPtr& context);
FamilyBinding BindDatetimeFunction(std::string_view name,
                                   const std::vector<columnar::DataTypePtr>& args,
                                   const EvalContextPtr& context);
FamilyBinding BindNestedFunction(std::string_view name,
                                 const std::vector<columnar::DataTypePtr>& args,
                                 const EvalContextPtr& context);
FamilyBinding BindConditionalFunction(std::string_view name,
                                      const std::vector<columnar::DataTypePtr>& args,
                                      const EvalContextPtr& context);
FamilyBinding BindStringBuildingFunction(std::string_view name,
                                         const std::vector<columnar::DataTypePtr>& args,
                                         const EvalContextPtr& context);
FamilyBinding BindHashFunction(std::string_view name,
                               const std::vector<columnar::DataTypePtr>& args,
                               const EvalContextPtr& context);
FamilyBinding BindDatetimeFormatFunction(std::string_view name,
                                         const std::vector<columnar::DataTypePtr>& args,
                                         const EvalContextPtr& context);
FamilyBinding BindRegexFunction(std::string_view name,
                                const std::vector<columnar::DataTypePtr>& args,
                                const EvalContextPtr& context);
FamilyBinding BindDigestFunction(std::string_view name,
                                 const std::vector<columnar::DataTypePtr>& args,
                                 const EvalContextPtr& context);
FamilyBinding BindVariantFunction(std::string_view name,
                                  const std::vector<columnar::DataTypePtr>& args,
                                  const EvalContextPtr& context);

// "name(int, string)" for messages.
std::string FunctionSignature(std::string_view name,
                              const std::vector<columnar::DataTypePtr>& args);

}  // namespace floe::sql
