#include "floe/sql/exec/cast.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "floe/columnar/value_text.h"
#include "floe/spec/single_value.h"
#include "floe/sql/exec/decimal_math.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/util/ascii.h"
#include "floe/util/time.h"

namespace floe::sql {

using columnar::DataType;
using columnar::TypeId;

namespace {

constexpr int64_t kMicrosPerDay = int64_t{86400} * 1000000;

// Rescales an unscaled value from scale `from` to `to` (half up); nullopt on overflow.
std::optional<__int128> Rescale(__int128 v, int from, int to, int precision) {
  if (to >= from) {
    auto scaled = ScaleUp(v, to - from);
    if (!scaled) return std::nullopt;
    v = *scaled;
  } else {
    v = DivRoundHalfUp(v, Pow10(from - to));
  }
  if (!DecimalFits(v, precision)) return std::nullopt;
  return v;
}

std::string_view TrimSpaces(std::string_view s) {
  while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') s.remove_prefix(1);
  while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') s.remove_suffix(1);
  return s;
}

std::optional<double> ParseDoubleText(std::string_view s) {
  s = TrimSpaces(s);
  if (s.empty()) return std::nullopt;
  std::string lower = AsciiLower(s);
  if (lower == "nan") return std::nan("");
  if (lower == "infinity" || lower == "+infinity" || lower == "inf" || lower == "+inf") {
    return std::numeric_limits<double>::infinity();
  }
  if (lower == "-infinity" || lower == "-inf") return -std::numeric_limits<double>::infinity();
  if (!lower.empty() && (lower.back() == 'd' || lower.back() == 'f')) lower.pop_back();
  std::string text(lower);
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || text.empty()) return std::nullopt;
  if (text.find_first_of("xX") != std::string::npos) return std::nullopt;  // no hex floats
  return v;
}

// Java's double text ("1.2345E10", "1.0E-4", "12.5") in plain notation ("12345000000",
// "0.00010", "12.5") with at most `max_fraction` digits after the point: enough for rounding half
// up to fewer (only the first dropped digit decides). Used for double → decimal, which must not
// go back through a double (the exponent form parsed as a number is a double again).
std::string PlainDecimalText(std::string_view text, int max_fraction) {
  std::string sign, digits;
  if (!text.empty() && text[0] == '-') {
    sign = "-";
    text.remove_prefix(1);
  }
  size_t e = text.find_first_of("eE");
  long exponent = e == std::string_view::npos
                      ? 0
                      : std::strtol(std::string(text.substr(e + 1)).c_str(), nullptr, 10);
  std::string_view mantissa = text.substr(0, e);
  size_t dot = mantissa.find('.');
  long point =
      dot == std::string_view::npos ? static_cast<long>(mantissa.size()) : static_cast<long>(dot);
  for (char c : mantissa) {
    if (c != '.') digits += c;
  }
  point += exponent;  // the point's place in `digits`
  if (point <= 0) {
    digits.insert(0, static_cast<size_t>(-point) + 1, '0');
    point = 1;
  } else if (point > static_cast<long>(digits.size())) {
    digits.append(static_cast<size_t>(point) - digits.size(), '0');
  }
  std::string whole = digits.substr(0, static_cast<size_t>(point));
  std::string fraction = digits.substr(static_cast<size_t>(point));
  if (static_cast<long>(fraction.size()) > max_fraction)
    fraction.resize(static_cast<size_t>(max_fraction));
  return sign + whole + (fraction.empty() ? "" : "." + fraction);
}

// Integer text, with Spark's truncation of a fractional part ("1.9" → 1); nullopt when not a
// number or out of the int64 range.
std::optional<int64_t> ParseIntegerText(std::string_view s) {
  s = TrimSpaces(s);
  if (s.empty()) return std::nullopt;
  size_t i = 0;
  bool negative = false;
  if (s[0] == '+' || s[0] == '-') {
    negative = s[0] == '-';
    i = 1;
  }
  if (i == s.size()) return std::nullopt;
  unsigned __int128 v = 0;
  size_t digits = 0;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, ++digits) {
    v = v * 10 + static_cast<unsigned>(s[i] - '0');
    if (v > (static_cast<unsigned __int128>(1) << 63)) return std::nullopt;
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    size_t frac = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) ++frac;
    if (digits == 0 && frac == 0) return std::nullopt;
  } else if (digits == 0) {
    return std::nullopt;
  }
  if (i != s.size()) return std::nullopt;
  if (!negative && v > static_cast<unsigned __int128>(INT64_MAX)) return std::nullopt;
  return negative ? static_cast<int64_t>(-static_cast<__int128>(v)) : static_cast<int64_t>(v);
}

int64_t WrapToWidth(int64_t v, const DataType& to) {
  switch (to.id()) {
    case TypeId::kInt8:
      return static_cast<int8_t>(v);
    case TypeId::kInt16:
      return static_cast<int16_t>(v);
    case TypeId::kInt32:
      return static_cast<int32_t>(v);
    default:
      return v;
  }
}

int64_t SaturatingDoubleToInt(double d, const DataType& to) {
  if (std::isnan(d)) return 0;
  double lo, hi;
  switch (to.id()) {
    case TypeId::kInt8:
      lo = -128, hi = 127;
      break;
    case TypeId::kInt16:
      lo = -32768, hi = 32767;
      break;
    case TypeId::kInt32:
      lo = INT32_MIN, hi = INT32_MAX;
      break;
    default:
      lo = -9223372036854775808.0, hi = 9223372036854775807.0;
      break;
  }
  if (d <= lo) return static_cast<int64_t>(lo);
  if (d >= hi) return to.id() == TypeId::kInt64 ? INT64_MAX : static_cast<int64_t>(hi);
  return static_cast<int64_t>(d);  // truncates toward zero
}

// Timestamps in the type's unit ↔ micros.
int64_t ToMicros(int64_t v, const DataType& t) {
  return t.unit() == columnar::TimeUnit::kNano ? FloorDiv(v, 1000) : v;
}
int64_t FromMicros(int64_t micros, const DataType& t) {
  return t.unit() == columnar::TimeUnit::kNano ? micros * 1000 : micros;
}

std::string FormatSparkTimestamp(int64_t local_micros) {
  int64_t days = FloorDiv(local_micros, kMicrosPerDay);
  int64_t in_day = FloorMod(local_micros, kMicrosPerDay);
  CivilDate d = CivilFromDays(days);
  int64_t secs = in_day / 1000000, frac = in_day % 1000000;
  std::string out = fmt::format("{:04}-{:02}-{:02} {:02}:{:02}:{:02}", d.year, d.month, d.day,
                                secs / 3600, secs / 60 % 60, secs % 60);
  if (frac != 0) {
    std::string f = fmt::format("{:06}", frac);
    while (!f.empty() && f.back() == '0') f.pop_back();
    out += "." + f;
  }
  return out;
}

}  // namespace

std::string JavaDoubleString(double v, bool is_float) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  if (v == 0) return std::signbit(v) ? "-0.0" : "0.0";
  // Shortest digits that read back to the same value in the column's width.
  char buf[64];
  int digits = 1;
  for (; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*e", digits - 1, v);
    double back = std::strtod(buf, nullptr);
    if (is_float ? static_cast<float>(back) == static_cast<float>(v) : back == v) break;
  }
  // buf: [-]d.ddde[+-]XX
  std::string s(buf);
  bool negative = s[0] == '-';
  if (negative) s.erase(0, 1);
  size_t e = s.find('e');
  int exponent = std::atoi(s.c_str() + e + 1);
  std::string mantissa = s.substr(0, e);
  std::string digits_only;
  for (char ch : mantissa) {
    if (ch != '.') digits_only.push_back(ch);
  }
  while (digits_only.size() > 1 && digits_only.back() == '0') digits_only.pop_back();
  std::string out;
  double mag = std::fabs(v);
  if (mag >= 1e-3 && mag < 1e7) {
    if (exponent >= 0) {
      std::string int_part = digits_only.substr(
          0, std::min<size_t>(digits_only.size(), static_cast<size_t>(exponent) + 1));
      while (int_part.size() < static_cast<size_t>(exponent) + 1) int_part.push_back('0');
      std::string frac = digits_only.size() > static_cast<size_t>(exponent) + 1
                             ? digits_only.substr(static_cast<size_t>(exponent) + 1)
                             : "0";
      out = int_part + "." + frac;
    } else {
      out = "0." + std::string(static_cast<size_t>(-exponent - 1), '0') + digits_only;
    }
  } else {
    std::string frac = digits_only.size() > 1 ? digits_only.substr(1) : "0";
    out = digits_only.substr(0, 1) + "." + frac + "E" + std::to_string(exponent);
  }
  return negative ? "-" + out : out;
}

std::string ScalarToSparkString(const Scalar& v, const DataType& type, const EvalContext& context) {
  switch (type.id()) {
    case TypeId::kBool:
      return v.as_bool() ? "true" : "false";
    case TypeId::kFloat32:
      return JavaDoubleString(v.as_double(), true);
    case TypeId::kFloat64:
      return JavaDoubleString(v.as_double(), false);
    case TypeId::kDecimal128:
      return spec::DecimalToString(v.as_decimal(), type.scale());
    case TypeId::kDate32:
      return FormatDate(v.as_int());
    case TypeId::kTime64:
    case TypeId::kTime32: {
      int64_t micros = type.unit() == columnar::TimeUnit::kNano ? v.as_int() / 1000 : v.as_int();
      return FormatTimeMicros(micros);
    }
    case TypeId::kTimestamp: {
      int64_t micros = ToMicros(v.as_int(), type);
      if (!type.timezone().empty()) micros = context.time_zone.ToLocal(micros);
      return FormatSparkTimestamp(micros);
    }
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kFixedSizeBinary:
      return v.as_string();
    default:
      if (IsIntegral(type)) return std::to_string(v.as_int());
      return "";
  }
}

bool CanCast(const DataType& from, const DataType& to) {
  if (SameType(from, to) || from.id() == TypeId::kNull) return true;
  bool from_atomic = !from.is_nested(), to_atomic = !to.is_nested();
  if (to.id() == TypeId::kString) return true;
  if (from.id() == TypeId::kString && to_atomic) return true;
  if (from_atomic && to_atomic) {
    auto numeric_like = [](const DataType& t) { return IsNumeric(t) || t.id() == TypeId::kBool; };
    if (numeric_like(from) && numeric_like(to)) return true;
    if ((IsTimestamp(from) || from.id() == TypeId::kDate32) &&
        (IsTimestamp(to) || to.id() == TypeId::kDate32)) {
      return true;
    }
    if (IsTimestamp(from) && IsNumeric(to)) return true;
    if (IsNumeric(from) && IsTimestamp(to)) return true;
    if ((from.id() == TypeId::kBinary || from.id() == TypeId::kFixedSizeBinary) &&
        to.id() == TypeId::kBinary) {
      return true;
    }
    return false;
  }
  if (from.id() != to.id() || from.num_children() != to.num_children()) return false;
  if (from.id() == TypeId::kMap) {
    return CanCast(*from.key_field().type, *to.key_field().type) &&
           CanCast(*from.item_field().type, *to.item_field().type);
  }
  for (int i = 0; i < from.num_children(); ++i) {
    if (!CanCast(*from.child(i).type, *to.child(i).type)) return false;
  }
  return true;
}

Result<Scalar> CastScalar(const Scalar& v, const DataType& from, const DataType& to,
                          const EvalContext& context) {
  if (v.is_null()) return Scalar::Null();
  if (SameType(from, to)) return v;
  TypeId f = from.id(), t = to.id();
  if (t == TypeId::kString) return Scalar::String(ScalarToSparkString(v, from, context));
  if (t == TypeId::kBinary) return Scalar::String(v.as_string());

  // From strings.
  if (f == TypeId::kString) {
    const std::string& s = v.as_string();
    if (t == TypeId::kBool) {
      std::string lower = AsciiLower(TrimSpaces(s));
      if (lower == "t" || lower == "true" || lower == "y" || lower == "yes" || lower == "1") {
        return Scalar::Bool(true);
      }
      if (lower == "f" || lower == "false" || lower == "n" || lower == "no" || lower == "0") {
        return Scalar::Bool(false);
      }
      return Scalar::Null();
    }
    if (IsIntegral(to)) {
      auto i = ParseIntegerText(s);
      if (!i) return Scalar::Null();
      if (WrapToWidth(*i, to) != *i) return Scalar::Null();  // out of range: NULL for strings
      return Scalar::Int(*i);
    }
    if (IsFloating(to)) {
      auto d = ParseDoubleText(s);
      return d ? Scalar::Double(*d) : Scalar::Null();
    }
    if (t == TypeId::kDecimal128) {
      // ParseDecimal wants the text's exact scale: parse at that scale, then round.
      std::string_view text = TrimSpaces(s);
      size_t dot = text.find('.');
      int scale = dot == std::string_view::npos ? 0 : static_cast<int>(text.size() - dot - 1);
      if (text.find_first_of("eE") != std::string_view::npos) {
        auto d = ParseDoubleText(text);
        if (!d || !std::isfinite(*d)) return Scalar::Null();
        return CastScalar(Scalar::Double(*d), *columnar::Float64(), to, context);
      }
      auto exact = spec::ParseDecimal(text, scale);
      if (!exact.ok()) return Scalar::Null();
      auto r = Rescale(*exact, scale, to.scale(), to.precision());
      return r ? Scalar::Decimal(*r) : Scalar::Null();
    }
    if (t == TypeId::kDate32) {
      std::string_view text = TrimSpaces(s);
      if (auto d = ParseDate(text.substr(0, std::min<size_t>(text.size(), 10)))) {
        if (text.size() == 10 || (text.size() > 10 && (text[10] == ' ' || text[10] == 'T'))) {
          return Scalar::Int(*d);
        }
      }
      return Scalar::Null();
    }
    if (t == TypeId::kTimestamp) {
      auto ts = ParseTimestamp(TrimSpaces(s));
      if (!ts) return Scalar::Null();
      int64_t micros = ts->micros;
      if (!ts->has_offset && !to.timezone().empty()) micros = context.time_zone.ToUtc(micros);
      if (ts->has_offset && to.timezone().empty()) micros = context.time_zone.ToLocal(micros);
      if (to.unit() == columnar::TimeUnit::kNano) {
        if (!ts->nanos_in_range) return Scalar::Null();
        return Scalar::Int(micros * 1000 + ts->nanos_of_micro);
      }
      return Scalar::Int(micros);
    }
    if (t == TypeId::kTime64) {
      auto n = ParseTimeNanos(TrimSpaces(s));
      if (!n) return Scalar::Null();
      return Scalar::Int(to.unit() == columnar::TimeUnit::kNano ? *n : *n / 1000);
    }
    return Scalar::Null();
  }

  // Between numbers and booleans.
  if (f == TypeId::kBool) {
    int64_t i = v.as_bool() ? 1 : 0;
    if (IsIntegral(to)) return Scalar::Int(i);
    if (IsFloating(to)) return Scalar::Double(static_cast<double>(i));
    if (t == TypeId::kDecimal128) {
      auto r = Rescale(i, 0, to.scale(), to.precision());
      return r ? Scalar::Decimal(*r) : Scalar::Null();
    }
  }
  if (IsIntegral(from)) {
    int64_t i = v.as_int();
    if (t == TypeId::kBool) return Scalar::Bool(i != 0);
    if (IsIntegral(to)) return Scalar::Int(WrapToWidth(i, to));
    if (IsFloating(to)) return Scalar::Double(static_cast<double>(i));
    if (t == TypeId::kDecimal128) {
      auto r = Rescale(i, 0, to.scale(), to.precision());
      return r ? Scalar::Decimal(*r) : Scalar::Null();
    }
    if (t == TypeId::kTimestamp) {
      __int128 micros = static_cast<__int128>(i) * 1000000;
      if (micros > INT64_MAX || micros < INT64_MIN) return Scalar::Null();
      return Scalar::Int(FromMicros(static_cast<int64_t>(micros), to));
    }
  }
  if (IsFloating(from)) {
    double d = v.as_double();
    if (t == TypeId::kBool) return Scalar::Bool(d != 0);
    if (IsIntegral(to)) return Scalar::Int(SaturatingDoubleToInt(d, to));
    if (IsFloating(to)) return Scalar::Double(t == TypeId::kFloat32 ? static_cast<float>(d) : d);
    if (t == TypeId::kDecimal128) {
      if (!std::isfinite(d) || std::fabs(d) >= 1e38) return Scalar::Null();  // no decimal holds it
      // Through the shortest decimal text of the double (as Java's BigDecimal.valueOf does), in
      // plain notation: the exponent form would read back as a double (infinite recursion).
      std::string text =
          PlainDecimalText(JavaDoubleString(d, f == TypeId::kFloat32), to.scale() + 1);
      return CastScalar(Scalar::String(text), *columnar::Utf8(), to, context);
    }
    if (t == TypeId::kTimestamp) {
      if (!std::isfinite(d)) return Scalar::Null();
      double micros = std::floor(d * 1e6);
      if (micros >= 9.2e18 || micros <= -9.2e18) return Scalar::Null();
      return Scalar::Int(FromMicros(static_cast<int64_t>(micros), to));
    }
  }
  if (f == TypeId::kDecimal128) {
    __int128 u = v.as_decimal();
    if (t == TypeId::kBool) return Scalar::Bool(u != 0);
    if (IsIntegral(to)) {
      __int128 whole = u / Pow10(from.scale());  // truncates toward zero
      if (whole > INT64_MAX || whole < INT64_MIN) return Scalar::Null();
      auto i = static_cast<int64_t>(whole);
      if (WrapToWidth(i, to) != i) return Scalar::Null();
      return Scalar::Int(i);
    }
    if (IsFloating(to)) {
      double d = std::strtod(spec::DecimalToString(u, from.scale()).c_str(), nullptr);
      return Scalar::Double(t == TypeId::kFloat32 ? static_cast<float>(d) : d);
    }
    if (t == TypeId::kDecimal128) {
      auto r = Rescale(u, from.scale(), to.scale(), to.precision());
      return r ? Scalar::Decimal(*r) : Scalar::Null();
    }
  }

  // Dates and timestamps.
  if (f == TypeId::kDate32) {
    if (t == TypeId::kTimestamp) {
      int64_t local = v.as_int() * kMicrosPerDay;
      int64_t micros = to.timezone().empty() ? local : context.time_zone.ToUtc(local);
      return Scalar::Int(FromMicros(micros, to));
    }
  }
  if (f == TypeId::kTimestamp) {
    int64_t micros = ToMicros(v.as_int(), from);
    int64_t local = from.timezone().empty() ? micros : context.time_zone.ToLocal(micros);
    if (t == TypeId::kDate32) return Scalar::Int(FloorDiv(local, kMicrosPerDay));
    if (t == TypeId::kTimestamp) {
      int64_t out = micros;
      if (from.timezone().empty() && !to.timezone().empty()) out = context.time_zone.ToUtc(micros);
      if (!from.timezone().empty() && to.timezone().empty()) out = local;
      return Scalar::Int(FromMicros(out, to));
    }
    if (IsIntegral(to)) return Scalar::Int(WrapToWidth(FloorDiv(micros, 1000000), to));
    if (IsFloating(to)) return Scalar::Double(static_cast<double>(micros) / 1e6);
    if (t == TypeId::kDecimal128) {
      auto r = Rescale(micros, 6, to.scale(), to.precision());
      return r ? Scalar::Decimal(*r) : Scalar::Null();
    }
  }
  if (f == TypeId::kFixedSizeBinary && t == TypeId::kFixedSizeBinary &&
      static_cast<int>(v.as_string().size()) == to.byte_width()) {
    return v;
  }
  return InvalidArgument("cannot cast {} to {}", SparkTypeName(from), SparkTypeName(to));
}

Result<columnar::ArrayPtr> CastArray(const columnar::ArrayPtr& input,
                                     const columnar::DataTypePtr& to, const EvalContext& context) {
  const DataType& from = *input->type;
  if (SameType(from, *to)) return input;
  if (from.id() == TypeId::kNull) return ScalarArray(to, Scalar::Null(), input->length);
  if (from.id() == TypeId::kInt32 && to->id() == TypeId::kInt64) {
    std::vector<int64_t> wide(static_cast<size_t>(input->length));
    const int32_t* src = input->values<int32_t>();
    for (int64_t i = 0; i < input->length; ++i) wide[static_cast<size_t>(i)] = src[i];
    columnar::Int64Builder b(to);
    const uint8_t* validity = input->buffers[0] ? input->buffers[0]->data() : nullptr;
    FLOE_RETURN_IF_ERROR(b.AppendValues(wide.data(), input->length, validity, input->offset));
    return b.Finish();
  }
  if (from.is_nested() || to->is_nested()) {
    if (from.id() == TypeId::kStruct && to->id() == TypeId::kStruct &&
        from.num_children() == to->num_children()) {
      // Children cast whole; the struct keeps its validity and offset.
      std::vector<columnar::ArrayPtr> children;
      for (int k = 0; k < from.num_children(); ++k) {
        FLOE_ASSIGN_OR_RETURN(auto cast, CastArray(input->children[static_cast<size_t>(k)],
                                                   to->child(k).type, context));
        children.push_back(std::move(cast));
      }
      return columnar::ArrayData::Make(to, input->length, {input->buffers[0]}, input->null_count,
                                       input->offset, std::move(children));
    }
    if ((from.id() == TypeId::kList || from.id() == TypeId::kMap) && to->id() == from.id()) {
      // The elements (a map's entries struct) cast whole; offsets and validity stay.
      FLOE_ASSIGN_OR_RETURN(auto elements,
                            CastArray(input->children[0], to->child(0).type, context));
      return columnar::ArrayData::Make(to, input->length, {input->buffers[0], input->buffers[1]},
                                       input->null_count, input->offset, {std::move(elements)});
    }
    if (to->id() == TypeId::kString) {
      // Nested values as text: Spark's form is close to JSON; use floe's JSON text.
      columnar::BinaryBuilder b(to);
      std::string text;
      for (int64_t i = 0; i < input->length; ++i) {
        if (input->IsNull(i)) {
          FLOE_RETURN_IF_ERROR(b.AppendNull());
          continue;
        }
        text.clear();
        columnar::AppendJsonValue(*input, i, &text);
        FLOE_RETURN_IF_ERROR(b.Append(text));
      }
      return b.Finish();
    }
    return NotSupported("cannot cast {} to {}", SparkTypeName(from), SparkTypeName(*to));
  }
  FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(to));
  FLOE_RETURN_IF_ERROR(builder->Reserve(input->length));
  for (int64_t i = 0; i < input->length; ++i) {
    FLOE_ASSIGN_OR_RETURN(Scalar v, ScalarAt(*input, i));
    FLOE_ASSIGN_OR_RETURN(Scalar c, CastScalar(v, from, *to, context));
    FLOE_RETURN_IF_ERROR(AppendScalar(*builder, c));
  }
  return builder->Finish();
}

}  // namespace floe::sql
