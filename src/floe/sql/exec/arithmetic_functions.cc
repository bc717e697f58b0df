// Arithmetic: + - * / % div, negate, abs, round, floor, ceil (functions.h).
// Integers wrap on overflow; x / 0, x % 0 and x div 0 are NULL; `/` of integers and floats is
// double division; decimals follow Spark's result types (sql_type.h DecimalResultType) and give
// NULL when the result does not fit. Every kind runs in a typed loop over whole arrays.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "floe/columnar/array_builder.h"
#include "floe/sql/exec/decimal_math.h"
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/util/time.h"

namespace floe::sql {

using columnar::ArrayPtr;
using columnar::DataTypePtr;
using columnar::TypeId;

namespace {

// A typed binary loop: nulls where either side is null or `op` says so (sets *valid = false).
template <typename T, typename Op>
Result<ArrayPtr> TypedBinary(const ArrayPtr& a, const ArrayPtr& b, const DataTypePtr& type,
                             int64_t n, Op op) {
  columnar::PrimitiveBuilder<T> builder(type);
  FLOE_RETURN_IF_ERROR(builder.Reserve(n));
  const T* x = a->values<T>();
  const T* y = b->values<T>();
  bool nulls = a->null_count > 0 || b->null_count > 0;
  for (int64_t i = 0; i < n; ++i) {
    if (nulls && (a->IsNull(i) || b->IsNull(i))) {
      FLOE_RETURN_IF_ERROR(builder.AppendNull());
      continue;
    }
    bool valid = true;
    T v = op(x[i], y[i], &valid);
    if (valid) {
      builder.UnsafeAppend(v);
    } else {
      FLOE_RETURN_IF_ERROR(builder.AppendNull());
    }
  }
  return builder.Finish();
}

template <typename T>
T WrapAdd(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
}
template <typename T>
T WrapSub(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
}
template <typename T>
T WrapMul(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
}

template <typename T>
Kernel IntegerKernel(char op, DataTypePtr type) {
  return [op, type](const std::vector<ArrayPtr>& args, int64_t n) -> Result<ArrayPtr> {
    switch (op) {
      case '+':
        return TypedBinary<T>(args[0], args[1], type, n,
                              [](T a, T b, bool*) { return WrapAdd(a, b); });
      case '-':
        return TypedBinary<T>(args[0], args[1], type, n,
                              [](T a, T b, bool*) { return WrapSub(a, b); });
      case '*':
        return TypedBinary<T>(args[0], args[1], type, n,
                              [](T a, T b, bool*) { return WrapMul(a, b); });
      case 'd':  // div
        return TypedBinary<T>(args[0], args[1], type, n, [](T a, T b, bool* valid) -> T {
          if (b == 0) return *valid = false, T{0};
          if (b == -1) return static_cast<T>(-static_cast<std::make_unsigned_t<T>>(a));
          return a / b;
        });
      default:  // '%'
        return TypedBinary<T>(args[0], args[1], type, n, [](T a, T b, bool* valid) -> T {
          if (b == 0) return *valid = false, T{0};
          if (b == -1) return T{0};
          return a % b;
        });
    }
  };
}

template <typename T>
Kernel FloatKernel(char op, DataTypePtr type) {
  return [op, type](const std::vector<ArrayPtr>& args, int64_t n) -> Result<ArrayPtr> {
    switch (op) {
      case '+':
        return TypedBinary<T>(args[0], args[1], type, n, [](T a, T b, bool*) { return a + b; });
      case '-':
        return TypedBinary<T>(args[0], args[1], type, n, [](T a, T b, bool*) { return a - b; });
      case '*':
        return TypedBinary<T>(args[0], args[1], type, n, [](T a, T b, bool*) { return a * b; });
      case '/':
        return TypedBinary<T>(args[0], args[1], type, n, [](T a, T b, bool* valid) -> T {
          if (b == 0) return *valid = false, T{0};
          return a / b;
        });
      default:
        return TypedBinary<T>(args[0], args[1], type, n, [](T a, T b, bool* valid) -> T {
          if (b == 0) return *valid = false, T{0};
          return std::fmod(a, b);
        });
    }
  };
}

// One decimal operation on unscaled values: x has scale sa, y scale sb; the result has scale rs
// and precision rp. nullopt: NULL (division by zero, or too many digits).
inline std::optional<__int128> DecimalOp(char op, __int128 x, __int128 y, int sa, int sb, int rs,
                                         int rp) {
  std::optional<__int128> result;
  switch (op) {
    case '+':
    case '-': {
      int s = std::max(sa, sb);
      auto xs = ScaleUp(x, s - sa), ys = ScaleUp(y, s - sb);
      if (!xs || !ys) return std::nullopt;
      __int128 r = op == '+' ? *xs + *ys : *xs - *ys;
      result = s > rs ? DivRoundHalfUp(r, Pow10(s - rs)) : ScaleUp(r, rs - s);
      break;
    }
    case '*': {
      __int128 r;
      if (FitsInt64(x) && FitsInt64(y)) {
        r = static_cast<__int128>(static_cast<int64_t>(x)) *
            static_cast<int64_t>(y);  // cannot overflow
      } else if (__builtin_mul_overflow(x, y, &r)) {
        return std::nullopt;
      }
      int s = sa + sb;
      result = s > rs ? DivRoundHalfUp(r, Pow10(s - rs)) : ScaleUp(r, rs - s);
      break;
    }
    case '/': {
      if (y == 0) return std::nullopt;
      // x / y at scale rs: (x * 10^(rs - sa + sb)) / y.
      int shift = rs - sa + sb;
      if (shift >= 0) {
        auto xs = ScaleUp(x, shift);
        if (!xs) return std::nullopt;
        result = DivRoundHalfUp(*xs, y);
      } else {
        result = DivRoundHalfUp(x, y * Pow10(-shift));
      }
      break;
    }
    default: {  // '%'
      if (y == 0) return std::nullopt;
      int s = std::max(sa, sb);
      auto xs = ScaleUp(x, s - sa), ys = ScaleUp(y, s - sb);
      if (!xs || !ys) return std::nullopt;
      __int128 r = *xs % *ys;
      result = s > rs ? DivRoundHalfUp(r, Pow10(s - rs)) : ScaleUp(r, rs - s);
      break;
    }
  }
  if (!result || !DecimalFits(*result, rp)) return std::nullopt;
  return result;
}

// One decimal operation over whole arrays, written straight into the result's buffers: the
// operator is a template argument so the compiler specializes DecimalOp's switch away.
// DecimalLoop's common case in one branch-free pass: no NULLs, the result's scale needs no
// rounding (operands aligned by scale_x / scale_y for + and -). False when some operand does
// not fit 64 bits or some result has more digits than `limit` allows: the caller then goes
// value by value (making those results NULL) and overwrites what this wrote.
template <char kOp>
bool SmallDecimalLoop(const uint8_t* xs, const uint8_t* ys, int64_t n, int64_t scale_x,
                      int64_t scale_y, __int128 limit, uint8_t* dst) {
  uint64_t wide = 0;  // non-zero when some operand's high half is not its low half's sign
  bool too_big = false;
  for (int64_t i = 0; i < n; ++i) {
    int64_t a, a_hi, b, b_hi;
    std::memcpy(&a, xs + i * 16, 8);
    std::memcpy(&a_hi, xs + i * 16 + 8, 8);
    std::memcpy(&b, ys + i * 16, 8);
    std::memcpy(&b_hi, ys + i * 16 + 8, 8);
    wide |= static_cast<uint64_t>(a_hi ^ (a >> 63)) | static_cast<uint64_t>(b_hi ^ (b >> 63));
    __int128 v;
    if constexpr (kOp == '*') {
      v = static_cast<__int128>(a) * b;
    } else {
      // |a|, |b| < 2^63 and the scales at most 10^18 < 2^60: no overflow.
      const __int128 ax = static_cast<__int128>(a) * scale_x;
      const __int128 by = static_cast<__int128>(b) * scale_y;
      v = kOp == '+' ? ax + by : ax - by;
    }
    too_big |= (v >= limit) | (v <= -limit);
    std::memcpy(dst + i * 16, &v, 16);
  }
  return wide == 0 && !too_big;
}

template <char kOp>
Result<ArrayPtr> DecimalLoop(const columnar::ArrayData& x, const columnar::ArrayData& y, int64_t n,
                             int sa, int sb, const DataTypePtr& out) {
  const int rs = out->scale(), rp = out->precision();
  FLOE_ASSIGN_OR_RETURN(columnar::BufferPtr values, columnar::Buffer::AllocateForWriting(n * 16));
  FLOE_RETURN_IF_ERROR(values->Resize(n * 16));
  uint8_t* dst = values->mutable_data();
  columnar::BufferPtr validity;
  int64_t null_count = 0;
  const bool nulls = x.null_count > 0 || y.null_count > 0;
  // The common case without rescaling the result: operands of up to 18 digits, where neither the
  // scale alignment (x * 10^k, k <= 18) nor the product can overflow 128 bits; only the result's
  // precision is checked. Everything else goes through DecimalOp.
  const int s = kOp == '*' ? sa + sb : std::max(sa, sb);
  const bool fast =
      (kOp == '+' || kOp == '-' || kOp == '*') && s == rs && s - sa <= 18 && s - sb <= 18;
  const int64_t scale_x = kOp == '*' ? 1 : static_cast<int64_t>(Pow10(s - sa));
  const int64_t scale_y = kOp == '*' ? 1 : static_cast<int64_t>(Pow10(s - sb));
  const __int128 limit = Pow10(rp);
  const uint8_t* xs = x.buffers[1]->data() + x.offset * 16;
  const uint8_t* ys = y.buffers[1]->data() + y.offset * 16;
  if constexpr (kOp == '+' || kOp == '-' || kOp == '*') {
    if (fast && !nulls && SmallDecimalLoop<kOp>(xs, ys, n, scale_x, scale_y, limit, dst)) {
      return columnar::ArrayData::Make(out, n, {nullptr, std::move(values)}, 0);
    }
  }
  for (int64_t i = 0; i < n; ++i) {
    std::optional<__int128> r;
    if (!nulls || (x.IsValid(i) && y.IsValid(i))) {
      __int128 a, b;
      std::memcpy(&a, xs + i * 16, 16);
      std::memcpy(&b, ys + i * 16, 16);
      if (fast && FitsInt64(a) && FitsInt64(b)) {
        __int128 v;
        if constexpr (kOp == '*') {
          v = static_cast<__int128>(static_cast<int64_t>(a)) * static_cast<int64_t>(b);
        } else {
          __int128 ax = static_cast<__int128>(static_cast<int64_t>(a)) * scale_x;
          __int128 by = static_cast<__int128>(static_cast<int64_t>(b)) * scale_y;
          v = kOp == '+' ? ax + by : ax - by;
        }
        if (v < limit && v > -limit) r = v;
      } else {
        r = DecimalOp(kOp, a, b, sa, sb, rs, rp);
      }
    }
    __int128 v = r.value_or(0);
    std::memcpy(dst + i * 16, &v, 16);
    if (!r) {
      if (validity == nullptr) {
        FLOE_ASSIGN_OR_RETURN(validity, columnar::Buffer::Allocate(columnar::BytesForBits(n)));
        columnar::SetBitsTo(validity->mutable_data(), 0, n, true);
      }
      columnar::ClearBit(validity->mutable_data(), i);
      ++null_count;
    }
  }
  return columnar::ArrayData::Make(out, n, {std::move(validity), std::move(values)}, null_count);
}

Kernel DecimalKernel(char op, DataTypePtr a_type, DataTypePtr b_type, DataTypePtr out) {
  int sa = a_type->scale(), sb = b_type->scale();
  return [=](const std::vector<ArrayPtr>& args, int64_t n) -> Result<ArrayPtr> {
    const columnar::ArrayData& x = *args[0];
    const columnar::ArrayData& y = *args[1];
    switch (op) {
      case '+':
        return DecimalLoop<'+'>(x, y, n, sa, sb, out);
      case '-':
        return DecimalLoop<'-'>(x, y, n, sa, sb, out);
      case '*':
        return DecimalLoop<'*'>(x, y, n, sa, sb, out);
      case '/':
        return DecimalLoop<'/'>(x, y, n, sa, sb, out);
      default:
        return DecimalLoop<'%'>(x, y, n, sa, sb, out);
    }
  };
}

Result<FunctionBinding> BindBinaryArithmetic(char op, const std::vector<DataTypePtr>& args) {
  const DataTypePtr& a = args[0];
  const DataTypePtr& b = args[1];
  // date ± days
  if ((op == '+' || op == '-') && a->id() == TypeId::kDate32 && IsIntegral(*b)) {
    return FunctionBinding{
        columnar::Date32(), {a, columnar::Int32()}, IntegerKernel<int32_t>(op, columnar::Date32())};
  }
  if (op == '+' && IsIntegral(*a) && b->id() == TypeId::kDate32) {
    return FunctionBinding{
        columnar::Date32(), {columnar::Int32(), b}, IntegerKernel<int32_t>(op, columnar::Date32())};
  }
  auto numeric_or_null = [](const DataTypePtr& t) {
    return IsNumeric(*t) || t->id() == TypeId::kNull || t->id() == TypeId::kString;
  };
  if (!numeric_or_null(a) || !numeric_or_null(b)) {
    return InvalidArgument("cannot apply {} to {} and {}",
                           op == 'd' ? std::string("div") : std::string(1, op), SparkTypeName(*a),
                           SparkTypeName(*b));
  }
  // Strings in arithmetic are read as doubles (Spark's non-ANSI rule).
  DataTypePtr ta = a->id() == TypeId::kString ? columnar::Float64() : a;
  DataTypePtr tb = b->id() == TypeId::kString ? columnar::Float64() : b;
  if (ta->id() == TypeId::kNull) ta = tb->id() == TypeId::kNull ? columnar::Int32() : tb;
  if (tb->id() == TypeId::kNull) tb = ta;
  if (op == 'd') {
    return FunctionBinding{columnar::Int64(),
                           {columnar::Int64(), columnar::Int64()},
                           IntegerKernel<int64_t>('d', columnar::Int64())};
  }
  bool any_decimal = ta->id() == TypeId::kDecimal128 || tb->id() == TypeId::kDecimal128;
  bool any_float = IsFloating(*ta) || IsFloating(*tb);
  if (any_decimal && !any_float) {
    DataTypePtr da = DecimalForIntegral(NormalizeType(ta)),
                db = DecimalForIntegral(NormalizeType(tb));
    DataTypePtr out = DecimalResultType(op, *da, *db);
    return FunctionBinding{out, {da, db}, DecimalKernel(op, da, db, out)};
  }
  if (op == '/' || any_float) {
    FLOE_ASSIGN_OR_RETURN(DataTypePtr common, CommonType(ta, tb));
    if (op == '/' || common->id() != TypeId::kFloat32) common = columnar::Float64();
    if (common->id() == TypeId::kFloat32) {
      return FunctionBinding{common, {common, common}, FloatKernel<float>(op, common)};
    }
    return FunctionBinding{common, {common, common}, FloatKernel<double>(op, common)};
  }
  FLOE_ASSIGN_OR_RETURN(DataTypePtr common, CommonType(NormalizeType(ta), NormalizeType(tb)));
  if (common->id() == TypeId::kInt64) {
    return FunctionBinding{common, {common, common}, IntegerKernel<int64_t>(op, common)};
  }
  common = columnar::Int32();
  return FunctionBinding{common, {common, common}, IntegerKernel<int32_t>(op, common)};
}

// floor/ceil to bigint (or decimal(p - s + 1, 0)); round(x) is round(x, 0), round(x, d) is bound
// by the binder through BindRound, which needs the value of d.
Result<FunctionBinding> BindRounding(std::string_view name, const std::vector<DataTypePtr>& args) {
  if (name == "round") {
    if (args.size() == 2) return InvalidArgument("round: the scale must be a constant int");
    if (args.size() == 1) return BindRound(args[0], 0);
  }
  const bool untyped_null = !args.empty() && args[0]->id() == TypeId::kNull;
  if (args.empty() || args.size() > 2 || (!IsNumeric(*args[0]) && !untyped_null)) {
    return InvalidArgument("{} takes a number{}", name, name == "round" ? " and a scale" : "");
  }

  // An untyped NULL is a double, as Spark casts it: floor/ceil give a NULL bigint.
  DataTypePtr t = untyped_null ? columnar::Float64() : NormalizeType(args[0]);
  bool is_floor = name == "floor";
  if (t->id() == TypeId::kDecimal128) {
    int s = t->scale();
    DataTypePtr out = BoundedDecimal(t->precision() - s + 1, 0);
    return FunctionBinding{
        out, {t}, MakeRowKernel(out, [s, is_floor](const std::vector<Scalar>& v) -> Result<Scalar> {
          __int128 unit = Pow10(s), x = v[0].as_decimal();
          __int128 q = x / unit, r = x % unit;
          if (r != 0 && (is_floor ? x < 0 : x > 0)) q += is_floor ? -1 : 1;
          return Scalar::Decimal(q);
        })};
  }
  if (IsIntegral(*t)) {
    DataTypePtr out = columnar::Int64();
    return FunctionBinding{
        out, {out}, MakeRowKernel(out, [](const std::vector<Scalar>& v) -> Result<Scalar> {
          return v[0];
        })};
  }
  DataTypePtr out = columnar::Int64();
  return FunctionBinding{
      out,
      {columnar::Float64()},
      MakeRowKernel(out, [is_floor](const std::vector<Scalar>& v) -> Result<Scalar> {
        double x = is_floor ? std::floor(v[0].as_double()) : std::ceil(v[0].as_double());
        if (std::isnan(x)) return Scalar::Int(0);
        if (x >= 9.2233720368547758e18) return Scalar::Int(INT64_MAX);
        if (x <= -9.2233720368547758e18) return Scalar::Int(INT64_MIN);
        return Scalar::Int(static_cast<int64_t>(x));
      })};
}

}  // namespace

FamilyBinding BindArithmeticFunction(std::string_view name, const std::vector<DataTypePtr>& args,
                                     const EvalContextPtr&) {
  static const std::pair<std::string_view, char> kBinary[] = {
      {"+", '+'}, {"-", '-'}, {"*", '*'}, {"/", '/'}, {"%", '%'}, {"mod", '%'}, {"div", 'd'}};
  for (const auto& [n, op] : kBinary) {
    if (name != n) continue;
    if (args.size() != 2) return InvalidArgument("{} takes two arguments", name);
    return BindBinaryArithmetic(op, args);
  }
  if (name == "negate" || name == "abs" || name == "positive") {
    if (args.size() != 1 || !(IsNumeric(*args[0]) || args[0]->id() == TypeId::kNull)) {
      return FamilyBinding(InvalidArgument("{} takes one number", name));
    }
    DataTypePtr t = args[0]->id() == TypeId::kNull ? columnar::Int32() : NormalizeType(args[0]);
    if (name == "positive") {
      return FamilyBinding(FunctionBinding{
          t, {t}, MakeRowKernel(t, [](const std::vector<Scalar>& v) -> Result<Scalar> {
            return v[0];
          })});
    }
    bool abs = name == "abs";
    return FamilyBinding(FunctionBinding{
        t, {t}, MakeRowKernel(t, [t, abs](const std::vector<Scalar>& v) -> Result<Scalar> {
          const Scalar& x = v[0];
          if (t->id() == TypeId::kDecimal128) {
            __int128 d = x.as_decimal();
            return Scalar::Decimal(abs && d >= 0 ? d : -d);
          }
          if (IsFloating(*t))
            return Scalar::Double(abs ? std::fabs(x.as_double()) : -x.as_double());
          int64_t i = x.as_int();
          if (abs && i >= 0) return x;
          // Wraps like Java: -MIN = MIN.
          int64_t neg = static_cast<int64_t>(-static_cast<uint64_t>(i));
          if (t->id() == TypeId::kInt32) neg = static_cast<int32_t>(neg);
          return Scalar::Int(neg);
        })});
  }
  if (name == "round" || name == "floor" || name == "ceil" || name == "ceiling") {
    return FamilyBinding(BindRounding(name == "ceiling" ? "ceil" : name, args));
  }
  return std::nullopt;
}

}  // namespace floe::sql
