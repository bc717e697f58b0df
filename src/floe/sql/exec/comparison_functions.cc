// Comparisons and logic (functions.h): = != < <= > >= <=> on two values of their common type
// (sql_type.h CommonType: the binder casts), NULL when either side is NULL except for <=>; NaN
// equals NaN and sorts above every number (Spark). AND/OR/NOT with three-valued logic,
// IS [NOT] NULL, IS [NOT] TRUE/FALSE, IS [NOT] NAN (isnan), [NOT] LIKE / ILIKE, IN (RLIKE:
// regex_functions.cc).
#include <cmath>

#include "floe/columnar/array_builder.h"
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/util/ascii.h"

namespace floe::sql {

using columnar::ArrayPtr;
using columnar::DataTypePtr;
using columnar::TypeId;

namespace {

enum class CompareOp { kEq, kNe, kLt, kLe, kGt, kGe, kNullSafeEq };

bool CompareResult(CompareOp op, int c) {
  switch (op) {
    case CompareOp::kEq:
    case CompareOp::kNullSafeEq:
      return c == 0;
    case CompareOp::kNe:
      return c != 0;
    case CompareOp::kLt:
      return c < 0;
    case CompareOp::kLe:
      return c <= 0;
    case CompareOp::kGt:
      return c > 0;
    case CompareOp::kGe:
      return c >= 0;
  }
  return false;
}

template <typename T>
int CompareTyped(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    bool an = a != a, bn = b != b;
    if (an || bn) return an == bn ? 0 : (an ? 1 : -1);
  }
  return a < b ? -1 : (a > b ? 1 : 0);
}

// One loop per physical type; `cmp(i)` compares row i.
template <typename Cmp>
Result<ArrayPtr> CompareLoop(CompareOp op, const ArrayPtr& a, const ArrayPtr& b, int64_t n,
                             Cmp cmp) {
  columnar::BooleanBuilder builder;
  FLOE_RETURN_IF_ERROR(builder.Reserve(n));
  bool nulls = a->null_count > 0 || b->null_count > 0;
  for (int64_t i = 0; i < n; ++i) {
    if (nulls) {
      bool an = a->IsNull(i), bn = b->IsNull(i);
      if (an || bn) {
        if (op == CompareOp::kNullSafeEq) {
          FLOE_RETURN_IF_ERROR(builder.Append(an && bn));
        } else {
          FLOE_RETURN_IF_ERROR(builder.AppendNull());
        }
        continue;
      }
    }
    FLOE_RETURN_IF_ERROR(builder.Append(CompareResult(op, cmp(i))));
  }
  return builder.Finish();
}

Kernel CompareKernel(CompareOp op, const DataTypePtr& type) {
  return [op, type](const std::vector<ArrayPtr>& args, int64_t n) -> Result<ArrayPtr> {
    const ArrayPtr& a = args[0];
    const ArrayPtr& b = args[1];
    switch (type->id()) {
      case TypeId::kInt32:
      case TypeId::kDate32: {
        const int32_t* x = a->values<int32_t>();
        const int32_t* y = b->values<int32_t>();
        return CompareLoop(op, a, b, n, [&](int64_t i) { return CompareTyped(x[i], y[i]); });
      }
      case TypeId::kInt64:
      case TypeId::kTimestamp:
      case TypeId::kTime64: {
        const int64_t* x = a->values<int64_t>();
        const int64_t* y = b->values<int64_t>();
        return CompareLoop(op, a, b, n, [&](int64_t i) { return CompareTyped(x[i], y[i]); });
      }
      case TypeId::kFloat64: {
        const double* x = a->values<double>();
        const double* y = b->values<double>();
        return CompareLoop(op, a, b, n, [&](int64_t i) { return CompareTyped(x[i], y[i]); });
      }
      case TypeId::kString:
      case TypeId::kBinary:
        return CompareLoop(op, a, b, n, [&](int64_t i) {
          int c = a->GetView(i).compare(b->GetView(i));
          return c < 0 ? -1 : (c > 0 ? 1 : 0);
        });
      default:
        return CompareLoop(op, a, b, n, [&](int64_t i) { return CompareValues(*a, i, *b, i); });
    }
  };
}

// Kleene AND / OR over two boolean arrays.
Kernel LogicKernel(bool is_and) {
  return [is_and](const std::vector<ArrayPtr>& args, int64_t n) -> Result<ArrayPtr> {
    columnar::BooleanBuilder builder;
    FLOE_RETURN_IF_ERROR(builder.Reserve(n));
    const ArrayPtr& a = args[0];
    const ArrayPtr& b = args[1];
    for (int64_t i = 0; i < n; ++i) {
      bool an = a->IsNull(i), bn = b->IsNull(i);
      bool av = !an && a->GetBool(i), bv = !bn && b->GetBool(i);
      if (is_and) {
        if ((!an && !av) || (!bn && !bv)) {
          FLOE_RETURN_IF_ERROR(builder.Append(false));
        } else if (an || bn) {
          FLOE_RETURN_IF_ERROR(builder.AppendNull());
        } else {
          FLOE_RETURN_IF_ERROR(builder.Append(true));
        }
      } else {
        if (av || bv) {
          FLOE_RETURN_IF_ERROR(builder.Append(true));
        } else if (an || bn) {
          FLOE_RETURN_IF_ERROR(builder.AppendNull());
        } else {
          FLOE_RETURN_IF_ERROR(builder.Append(false));
        }
      }
    }
    return builder.Finish();
  };
}

// SQL LIKE pattern → matcher: '%' any run, '_' one character (UTF-8 aware), escape char.
bool LikeMatch(std::string_view s, std::string_view p, char escape, bool fold_case) {
  auto char_len = [](std::string_view t, size_t i) -> size_t {
    auto c = static_cast<unsigned char>(t[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
    return std::min(len, t.size() - i);
  };
  auto eq = [fold_case](char x, char y) {
    return fold_case ? AsciiLower(x) == AsciiLower(y) : x == y;
  };
  // Iterative matching with backtracking to the last '%'.
  size_t si = 0, pi = 0, star_p = std::string_view::npos, star_s = 0;
  while (si < s.size()) {
    if (pi < p.size() && p[pi] == escape && pi + 1 < p.size()) {
      if (eq(s[si], p[pi + 1])) {
        ++si;
        pi += 2;
        continue;
      }
    } else if (pi < p.size() && p[pi] == '%') {
      star_p = pi++;
      star_s = si;
      continue;
    } else if (pi < p.size() && p[pi] == '_') {
      si += char_len(s, si);
      ++pi;
      continue;
    } else if (pi < p.size() && eq(s[si], p[pi])) {
      ++si;
      ++pi;
      continue;
    }
    if (star_p == std::string_view::npos) return false;
    pi = star_p + 1;
    star_s += char_len(s, star_s);
    si = star_s;
  }
  while (pi < p.size() && p[pi] == '%') ++pi;
  return pi == p.size();
}

}  // namespace

FamilyBinding BindComparisonFunction(std::string_view name, const std::vector<DataTypePtr>& args,
                                     const EvalContextPtr&) {
  static const std::pair<std::string_view, CompareOp> kOps[] = {
      {"=", CompareOp::kEq},          {"!=", CompareOp::kNe}, {"<", CompareOp::kLt},
      {"<=", CompareOp::kLe},         {">", CompareOp::kGt},  {">=", CompareOp::kGe},
      {"<=>", CompareOp::kNullSafeEq}};
  for (const auto& [n, op] : kOps) {
    if (name != n) continue;
    if (args.size() != 2) return FamilyBinding(InvalidArgument("{} takes two arguments", name));
    if (args[0]->is_variant() || args[1]->is_variant()) {
      // As in Spark 4: equal values can have different encodings, so bytes do not compare them.
      return FamilyBinding(InvalidArgument(
          "cannot compare {} with {}: variants are not comparable; compare fields extracted with "
          "variant_get(v, '$.path', type)",
          SparkTypeName(*args[0]), SparkTypeName(*args[1])));
    }
    auto common = CommonType(args[0], args[1]);
    if (!common.ok()) {
      return FamilyBinding(InvalidArgument("cannot compare {} with {}", SparkTypeName(*args[0]),
                                           SparkTypeName(*args[1])));
    }
    DataTypePtr t = *common;
    if (t->id() == TypeId::kNull) t = columnar::Boolean();
    t = NormalizeType(t);
    if (t->id() == TypeId::kFloat32) t = columnar::Float64();
    if (t->id() == TypeId::kFixedSizeBinary) t = columnar::Binary();
    return FamilyBinding(FunctionBinding{columnar::Boolean(), {t, t}, CompareKernel(op, t)});
  }
  if (name == "and" || name == "or") {
    DataTypePtr b = columnar::Boolean();
    return FamilyBinding(FunctionBinding{b, {b, b}, LogicKernel(name == "and")});
  }
  if (name == "not") {
    DataTypePtr b = columnar::Boolean();
    return FamilyBinding(FunctionBinding{
        b, {b}, MakeRowKernel(b, [](const std::vector<Scalar>& v) -> Result<Scalar> {
          return Scalar::Bool(!v[0].as_bool());
        })});
  }
  if (name == "is_null" || name == "is_not_null" || name == "isnull" || name == "isnotnull") {
    if (args.size() != 1) return FamilyBinding(InvalidArgument("{} takes one argument", name));
    bool want_null = name == "is_null" || name == "isnull";
    DataTypePtr b = columnar::Boolean();
    Kernel k = [want_null](const std::vector<ArrayPtr>& a, int64_t n) -> Result<ArrayPtr> {
      columnar::BooleanBuilder builder;
      FLOE_RETURN_IF_ERROR(builder.Reserve(n));
      for (int64_t i = 0; i < n; ++i)
        FLOE_RETURN_IF_ERROR(builder.Append(a[0]->IsNull(i) == want_null));
      return builder.Finish();
    };
    return FamilyBinding(FunctionBinding{b, {args[0]}, k});
  }
  if (name == "is_nan" || name == "is_not_nan" || name == "isnan") {
    // x IS [NOT] NAN (the expression language's) and Spark's isnan(x): a null is not NaN.
    if (args.size() != 1) return FamilyBinding(InvalidArgument("{} takes one argument", name));
    bool negated = name == "is_not_nan";
    DataTypePtr b = columnar::Boolean();
    return FamilyBinding(
        FunctionBinding{b,
                        {columnar::Float64()},
                        MakeRowKernel(
                            b,
                            [negated](const std::vector<Scalar>& v) -> Result<Scalar> {
                              bool nan = !v[0].is_null() && std::isnan(v[0].as_double());
                              return Scalar::Bool(nan != negated);
                            },
                            false)});
  }
  if (name == "is_true" || name == "is_false" || name == "is_not_true" || name == "is_not_false") {
    bool want = name == "is_true" || name == "is_not_true";
    bool negated = name.starts_with("is_not");
    DataTypePtr b = columnar::Boolean();
    return FamilyBinding(
        FunctionBinding{b,
                        {b},
                        MakeRowKernel(
                            b,
                            [want, negated](const std::vector<Scalar>& v) -> Result<Scalar> {
                              bool is = !v[0].is_null() && v[0].as_bool() == want;
                              return Scalar::Bool(is != negated);
                            },
                            false)});
  }
  if (name == "like" || name == "ilike") {
    if (args.size() < 2 || args.size() > 3)
      return FamilyBinding(InvalidArgument("{} takes a value and a pattern", name));
    bool fold = name == "ilike";
    DataTypePtr s = columnar::Utf8();
    std::vector<DataTypePtr> types{s, s};
    if (args.size() == 3) types.push_back(s);
    return FamilyBinding(FunctionBinding{
        columnar::Boolean(), types,
        MakeRowKernel(columnar::Boolean(), [fold](const std::vector<Scalar>& v) -> Result<Scalar> {
          char escape = '\\';
          if (v.size() == 3) {
            if (v[2].as_string().size() != 1)
              return InvalidArgument("the LIKE escape must be one character, not '{}'",
                                     v[2].as_string());
            escape = v[2].as_string()[0];
          }
          return Scalar::Bool(LikeMatch(v[0].as_string(), v[1].as_string(), escape, fold));
        })});
  }
  if (name == "in") {
    // in(operand, a, b, ...): true when equal to one; NULL when not found and a NULL was present.
    if (args.size() < 2) return FamilyBinding(InvalidArgument("IN needs a list"));
    DataTypePtr t = args[0];
    for (size_t i = 1; i < args.size(); ++i) {
      auto common = CommonType(t, args[i]);
      if (!common.ok()) {
        return FamilyBinding(InvalidArgument("IN: cannot compare {} with {}", SparkTypeName(*t),
                                             SparkTypeName(*args[i])));
      }
      t = *common;
    }
    t = NormalizeType(t);
    std::vector<DataTypePtr> types(args.size(), t);
    return FamilyBinding(FunctionBinding{columnar::Boolean(), types,
                                         MakeRowKernel(
                                             columnar::Boolean(),
                                             [](const std::vector<Scalar>& v) -> Result<Scalar> {
                                               if (v[0].is_null()) return Scalar::Null();
                                               bool saw_null = false;
                                               for (size_t i = 1; i < v.size(); ++i) {
                                                 if (v[i].is_null()) {
                                                   saw_null = true;
                                                 } else if (CompareScalars(v[0], v[i]) == 0) {
                                                   return Scalar::Bool(true);
                                                 }
                                               }
                                               return saw_null ? Scalar::Null()
                                                               : Scalar::Bool(false);
                                             },
                                             false)});
  }
  return std::nullopt;
}

}  // namespace floe::sql
