// round(x, d): x rounded half up (away from zero at .5) to d decimal places, d < 0 rounding to
// tens, hundreds, ... Spark 3.5's RoundBase (mathExpressions.scala), ansi off:
//   decimal(p, s)  → d >= 0: decimal(min(p - s + 1 + min(s, d), 38), min(s, d));
//                    d < 0:  decimal(min(max(p - s + 1, 1 - d), 38), 0)
//                    (so round(2.345, 2) is 2.35 of type decimal(4,2)); a value that needs more
//                    than 38 digits is an error, as Spark's Decimal.set throws.
//   int, bigint    → the same type; d >= 0 keeps the value, d < 0 rounds exactly and keeps the
//                    low 32/64 bits of the result (Java's BigDecimal.intValue/longValue).
//   float, double  → the same type, rounded as Java's BigDecimal of the shortest decimal text of
//                    the value (Double.toString): round(2.675, 2) is 2.68, although the double
//                    2.675 is slightly below it; NaN and infinities stay; zero is +0.0.
//   string         → read as a double (Spark's implicit cast), so round('2.675', 2) is 2.68.
// d is a constant (Spark requires it foldable); a NULL d makes every result NULL.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

#include "floe/spec/single_value.h"
#include "floe/sql/exec/decimal_math.h"
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/sql_type.h"

namespace floe::sql {

using columnar::DataTypePtr;
using columnar::TypeId;

namespace {

// Spark's RoundBase result type of decimal(p, s) rounded to d places.
DataTypePtr RoundedDecimalType(int p, int s, int64_t d) {
  const int64_t integral = p - s + 1;  // one more digit for a carry (9.9 → 10)
  if (d < 0)
    return columnar::Decimal128(static_cast<int>(std::min<int64_t>(std::max(integral, 1 - d), 38)),
                                0);
  const int64_t scale = std::min<int64_t>(s, d);
  return columnar::Decimal128(static_cast<int>(std::min<int64_t>(integral + scale, 38)),
                              static_cast<int>(scale));
}

// The decimal text ("2675e-3", "0") of x rounded half up to d places, from the shortest decimal
// text of x (std::to_chars gives the shortest text that reads back, as Java's Double.toString
// does for all but a few values on JDKs before 19).
std::string RoundedDoubleText(double x, int64_t d) {
  if (x == 0) return "0";  // BigDecimal has no -0
  char buf[64];
  char* end = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific).ptr;
  std::string_view text(buf, static_cast<size_t>(end - buf));  // "-2.675e+00"
  const bool negative = text[0] == '-';
  if (negative) text.remove_prefix(1);
  const size_t e = text.find('e');
  std::string digits;
  for (char c : text.substr(0, e)) {
    if (c != '.') digits.push_back(c);
  }
  int64_t exponent = 0;  // the first digit's weight is 10^exponent
  std::string_view exp_text = text.substr(e + 1);
  const bool exp_negative = exp_text[0] == '-';
  for (char c : exp_text.substr(1)) exponent = exponent * 10 + (c - '0');
  if (exp_negative) exponent = -exponent;
  // Keep the digits of weight >= 10^-d; the last kept one then has weight 10^-d.
  const int64_t keep = exponent + d + 1;
  if (keep >= static_cast<int64_t>(digits.size()))
    return std::string(buf, end);  // nothing to round
  if (keep < 0) return "0";
  const bool up = digits[static_cast<size_t>(keep)] >= '5';
  digits.resize(static_cast<size_t>(keep));
  if (up) {
    int64_t i = keep - 1;
    while (i >= 0 && digits[static_cast<size_t>(i)] == '9') digits[static_cast<size_t>(i--)] = '0';
    if (i < 0) {
      digits.insert(digits.begin(), '1');
    } else {
      ++digits[static_cast<size_t>(i)];
    }
  }
  if (digits.find_first_not_of('0') == std::string::npos) return "0";  // BigDecimal has no -0
  return (negative ? "-" : "") + digits + "e" + std::to_string(-d);
}

// An integer rounded to d < 0 places, exactly, then cut to its low 64 bits as Java's
// BigDecimal.longValue does (the caller cuts to 32 for int).
int64_t RoundIntegerHalfUp(int64_t v, int64_t d) {
  if (d >= 0) return v;
  if (d < -19) return 0;  // |v| < 9.3e18 is less than half of 10^20
  const __int128 unit = Pow10(static_cast<int>(-d));
  const __int128 rounded = DivRoundHalfUp(v, unit) * unit;
  return static_cast<int64_t>(static_cast<uint64_t>(static_cast<unsigned __int128>(rounded)));
}

}  // namespace

Result<FunctionBinding> BindRound(const DataTypePtr& x, std::optional<int64_t> scale) {
  // An untyped NULL and a string are doubles, as Spark casts them (implicit cast to NumericType).
  DataTypePtr t = x->id() == TypeId::kNull || x->id() == TypeId::kString ? columnar::Float64()
                                                                         : NormalizeType(x);
  if (!IsNumeric(*t))
    return InvalidArgument("round takes a number and a scale, not {}", SparkTypeName(*x));
  const int64_t d = scale.value_or(0);  // Spark types a NULL scale's result as scale 0
  DataTypePtr out = t;
  if (t->id() == TypeId::kDecimal128) out = RoundedDecimalType(t->precision(), t->scale(), d);
  if (!scale) {
    return FunctionBinding{
        out, {t}, MakeRowKernel(out, [](const std::vector<Scalar>&) -> Result<Scalar> {
          return Scalar::Null();
        })};
  }
  if (t->id() == TypeId::kDecimal128) {
    const int s = t->scale();
    return FunctionBinding{
        out, {t}, MakeRowKernel(out, [s, d, out](const std::vector<Scalar>& v) -> Result<Scalar> {
          const __int128 value = v[0].as_decimal();
          if (d >= s) return v[0];
          if (d >= 0) return Scalar::Decimal(DivRoundHalfUp(value, Pow10(s - static_cast<int>(d))));
          if (s - d > 38) return Scalar::Decimal(0);  // |value| < 10^38 is less than half a unit
          const __int128 units = DivRoundHalfUp(value, Pow10(s - static_cast<int>(d)));
          std::optional<__int128> rounded = ScaleUp(units, static_cast<int>(-d));
          if (!rounded || !DecimalFits(*rounded, out->precision())) {
            return InvalidArgument("{} rounded to {} places has more digits than {} holds",
                                   spec::DecimalToString(value, s), d, SparkTypeName(*out));
          }
          return Scalar::Decimal(*rounded);
        })};
  }
  if (IsIntegral(*t)) {
    const bool is_int = t->id() == TypeId::kInt32;
    return FunctionBinding{
        out, {t}, MakeRowKernel(out, [d, is_int](const std::vector<Scalar>& v) -> Result<Scalar> {
          int64_t r = RoundIntegerHalfUp(v[0].as_int(), d);
          if (is_int) r = static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(r)));
          return Scalar::Int(r);
        })};
  }
  const bool is_float = t->id() == TypeId::kFloat32;
  return FunctionBinding{
      out, {t}, MakeRowKernel(out, [d, is_float](const std::vector<Scalar>& v) -> Result<Scalar> {
        const double value = v[0].as_double();
        if (!std::isfinite(value)) return v[0];
        const std::string text = RoundedDoubleText(value, d);
        if (is_float) return Scalar::Double(std::strtof(text.c_str(), nullptr));
        return Scalar::Double(std::strtod(text.c_str(), nullptr));
      })};
}

}  // namespace floe::sql
