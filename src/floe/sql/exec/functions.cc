#include "floe/sql/exec/functions.h"

#include <algorithm>

#include "floe/sql/exec/sql_type.h"
#include "floe/util/ascii.h"
#include "floe/util/suggest.h"

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

namespace {

// Every name BindFunction's families, the aggregates, the generators and the binder take (the
// operators' names are left out: no one types them as calls).
constexpr std::string_view kKnownFunctions[] = {"abs",
                                                "approx_count_distinct",
                                                "approx_percentile",
                                                "array",
                                                "array_contains",
                                                "array_agg",
                                                "avg",
                                                "cardinality",
                                                "ceil",
                                                "ceiling",
                                                "char_length",
                                                "character_length",
                                                "coalesce",
                                                "collect_list",
                                                "collect_set",
                                                "concat",
                                                "concat_ws",
                                                "contains",
                                                "count",
                                                "current_date",
                                                "current_timestamp",
                                                "date_add",
                                                "date_format",
                                                "date_sub",
                                                "date_trunc",
                                                "dateadd",
                                                "datediff",
                                                "day",
                                                "dayofmonth",
                                                "dayofweek",
                                                "dayofyear",
                                                "element_at",
                                                "ends_with",
                                                "endswith",
                                                "explode",
                                                "explode_outer",
                                                "floor",
                                                "from_unixtime",
                                                "greatest",
                                                "hash",
                                                "hour",
                                                "iceberg_scan",
                                                "if",
                                                "iff",
                                                "ifnull",
                                                "ilike",
                                                "is_variant_null",
                                                "isnan",
                                                "isnotnull",
                                                "isnull",
                                                "lcase",
                                                "least",
                                                "left",
                                                "length",
                                                "like",
                                                "lower",
                                                "lpad",
                                                "ltrim",
                                                "map",
                                                "map_keys",
                                                "map_values",
                                                "max",
                                                "md5",
                                                "mean",
                                                "median",
                                                "min",
                                                "minute",
                                                "month",
                                                "named_struct",
                                                "now",
                                                "nullif",
                                                "nvl",
                                                "nvl2",
                                                "parse_json",
                                                "percentile",
                                                "percentile_approx",
                                                "posexplode",
                                                "posexplode_outer",
                                                "positive",
                                                "quarter",
                                                "read_csv",
                                                "read_json",
                                                "read_parquet",
                                                "regexp",
                                                "regexp_extract",
                                                "regexp_like",
                                                "regexp_replace",
                                                "right",
                                                "rlike",
                                                "round",
                                                "rpad",
                                                "rtrim",
                                                "schema_of_variant",
                                                "second",
                                                "sha",
                                                "sha1",
                                                "sha2",
                                                "size",
                                                "split",
                                                "starts_with",
                                                "startswith",
                                                "std",
                                                "stddev",
                                                "stddev_pop",
                                                "stddev_samp",
                                                "struct",
                                                "substr",
                                                "substring",
                                                "sum",
                                                "to_date",
                                                "to_json",
                                                "to_unix_timestamp",
                                                "trim",
                                                "try_parse_json",
                                                "try_variant_get",
                                                "ucase",
                                                "unix_timestamp",
                                                "upper",
                                                "var_pop",
                                                "var_samp",
                                                "variance",
                                                "variant_get",
                                                "week",
                                                "year"};

}  // namespace

bool IsKnownFunctionName(std::string_view name) {
  for (std::string_view known : kKnownFunctions) {
    if (known == name) return true;
  }
  return false;
}

Error UnknownFunction(std::string_view what, std::string_view name) {
  const std::vector<std::string> known(std::begin(kKnownFunctions), std::end(kKnownFunctions));
  return NotFound("unknown function {}{}", what, DidYouMean(name, known));
}

bool IsAggregateFunction(std::string_view name) {
  std::string n = AsciiLower(name);
  return n == "count" || n == "sum" || n == "avg" || n == "mean" || n == "min" || n == "max" ||
         n == "stddev" || n == "std" || n == "stddev_samp" || n == "stddev_pop" ||
         n == "variance" || n == "var_samp" || n == "var_pop" || n == "collect_list" ||
         n == "array_agg" || n == "collect_set" || n == "percentile" || n == "median" ||
         n == "percentile_approx" || n == "approx_percentile" || n == "approx_count_distinct";
}

Result<FunctionBinding> BindFunction(std::string_view name,
                                     const std::vector<columnar::DataTypePtr>& args,
                                     const EvalContextPtr& context) {
  std::string lower = AsciiLower(name);
  for (auto* family : {&BindArithmeticFunction, &BindComparisonFunction, &BindStringFunction,
                       &BindStringBuildingFunction, &BindHashFunction, &BindDigestFunction,
                       &BindDatetimeFunction, &BindDatetimeFormatFunction, &BindNestedFunction,
                       &BindRegexFunction, &BindConditionalFunction, &BindVariantFunction}) {
    FamilyBinding found = (*family)(lower, args, context);
    if (found) return std::move(*found);
  }
  return UnknownFunction(FunctionSignature(lower, args), lower);
}

}  // namespace floe::sql
