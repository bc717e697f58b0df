// Conditional functions (functions.h):
//   case(c1, v1, c2, v2, ..., [else])  the first vi whose ci is true (the binder turns CASE x WHEN
//                                      into this searched form); NULL without ELSE
//   coalesce(a, b, ...), nvl / ifnull(a, b)   the first non-NULL
//   nullif(a, b)                       NULL when a = b, else a
//   if(c, a, b)                        a when c is true, else b
//   nvl2(a, b, c)                      b when a is not NULL, else c
//   greatest(a, b, ...), least(...)    the largest / smallest non-NULL argument (Spark's order:
//                                      NaN above every number); NULL when all are NULL
// Values of any type, nested ones included; arguments are cast to their common type.
#include "floe/columnar/array_builder.h"
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/sql_type.h"

namespace floe::sql {

using columnar::ArrayPtr;
using columnar::DataTypePtr;

namespace {

Result<DataTypePtr> CommonOf(std::string_view name, const std::vector<DataTypePtr>& types) {
  DataTypePtr t = columnar::Null();
  for (const auto& x : types) {
    auto c = CommonType(t, x);
    if (!c.ok()) {
      return InvalidArgument("{}: no common type for {} and {}", name, SparkTypeName(*t),
                             SparkTypeName(*x));
    }
    t = *c;
  }
  if (t->id() == columnar::TypeId::kNull) return t;
  return NormalizeType(t);
}

// Picks, per row, the array to copy the value from (-1: NULL).
using Chooser = std::function<int(const std::vector<ArrayPtr>&, int64_t)>;

Kernel ChooseKernel(DataTypePtr out, Chooser choose) {
  return [out, choose](const std::vector<ArrayPtr>& args, int64_t n) -> Result<ArrayPtr> {
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(out));
    for (int64_t row = 0; row < n; ++row) {
      int k = choose(args, row);
      if (k < 0) {
        FLOE_RETURN_IF_ERROR(builder->AppendNull());
      } else {
        FLOE_RETURN_IF_ERROR(CopyValue(*args[static_cast<size_t>(k)], row, *builder));
      }
    }
    return builder->Finish();
  };
}

bool IsTrue(const ArrayPtr& a, int64_t row) { return a->IsValid(row) && a->GetBool(row); }

}  // namespace

FamilyBinding BindConditionalFunction(std::string_view name, const std::vector<DataTypePtr>& args,
                                      const EvalContextPtr&) {
  if (name == "case") {
    std::vector<DataTypePtr> values;
    for (size_t i = 1; i < args.size(); i += 2) values.push_back(args[i]);
    if (args.size() % 2 == 1) values.push_back(args.back());
    auto common = CommonOf("CASE", values);
    if (!common.ok()) return FamilyBinding(std::move(common).error());
    DataTypePtr t = *common;
    std::vector<DataTypePtr> types;
    for (size_t i = 0; i < args.size(); ++i) {
      bool is_condition = i % 2 == 0 && i + 1 < args.size();
      types.push_back(is_condition ? columnar::Boolean() : t);
    }
    size_t n = args.size();
    return FamilyBinding(
        FunctionBinding{t, types, ChooseKernel(t, [n](const std::vector<ArrayPtr>& a, int64_t row) {
                          size_t i = 0;
                          for (; i + 1 < n; i += 2) {
                            if (IsTrue(a[i], row)) return static_cast<int>(i + 1);
                          }
                          return i < n ? static_cast<int>(i) : -1;
                        })});
  }
  if (name == "coalesce" || name == "nvl" || name == "ifnull") {
    if (args.empty()) return FamilyBinding(InvalidArgument("{} needs arguments", name));
    auto common = CommonOf(name, args);
    if (!common.ok()) return FamilyBinding(std::move(common).error());
    std::vector<DataTypePtr> types(args.size(), *common);
    return FamilyBinding(FunctionBinding{
        *common, types, ChooseKernel(*common, [](const std::vector<ArrayPtr>& a, int64_t row) {
          for (size_t i = 0; i < a.size(); ++i) {
            if (a[i]->IsValid(row)) return static_cast<int>(i);
          }
          return -1;
        })});
  }
  if (name == "nullif") {
    if (args.size() != 2) return FamilyBinding(InvalidArgument("nullif takes two arguments"));
    auto common = CommonOf(name, args);
    if (!common.ok()) return FamilyBinding(std::move(common).error());
    return FamilyBinding(
        FunctionBinding{*common,
                        {*common, *common},
                        ChooseKernel(*common, [](const std::vector<ArrayPtr>& a, int64_t row) {
                          if (a[0]->IsNull(row)) return -1;
                          if (a[1]->IsValid(row) && CompareValues(*a[0], row, *a[1], row) == 0)
                            return -1;
                          return 0;
                        })});
  }
  if (name == "nvl2") {
    if (args.size() != 3) return FamilyBinding(InvalidArgument("nvl2 takes three arguments"));
    auto common = CommonOf(name, {args[1], args[2]});
    if (!common.ok()) return FamilyBinding(std::move(common).error());
    return FamilyBinding(
        FunctionBinding{*common,
                        {args[0], *common, *common},
                        ChooseKernel(*common, [](const std::vector<ArrayPtr>& a, int64_t row) {
                          return a[0]->IsValid(row) ? 1 : 2;
                        })});
  }
  if (name == "greatest" || name == "least") {
    if (args.size() < 2)
      return FamilyBinding(InvalidArgument("{} takes at least two arguments", name));
    auto common = CommonOf(name, args);
    if (!common.ok()) return FamilyBinding(std::move(common).error());
    if ((*common)->id() == columnar::TypeId::kMap) {
      return FamilyBinding(
          InvalidArgument("{}: maps have no order ({})", name, FunctionSignature(name, args)));
    }
    const int sign = name == "greatest" ? 1 : -1;
    std::vector<DataTypePtr> types(args.size(), *common);
    return FamilyBinding(FunctionBinding{
        *common, types, ChooseKernel(*common, [sign](const std::vector<ArrayPtr>& a, int64_t row) {
          int best = -1;
          for (size_t i = 0; i < a.size(); ++i) {
            if (a[i]->IsNull(row)) continue;
            if (best < 0 ||
                sign * CompareValues(*a[i], row, *a[static_cast<size_t>(best)], row) > 0)
              best = static_cast<int>(i);
          }
          return best;
        })});
  }
  if (name == "if" || name == "iff") {
    if (args.size() != 3)
      return FamilyBinding(InvalidArgument("if takes a condition and two values"));
    auto common = CommonOf(name, {args[1], args[2]});
    if (!common.ok()) return FamilyBinding(std::move(common).error());
    return FamilyBinding(
        FunctionBinding{*common,
                        {columnar::Boolean(), *common, *common},
                        ChooseKernel(*common, [](const std::vector<ArrayPtr>& a, int64_t row) {
                          return IsTrue(a[0], row) ? 1 : 2;
                        })});
  }
  return std::nullopt;
}

}  // namespace floe::sql
