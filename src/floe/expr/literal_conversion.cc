#include "floe/expr/literal_conversion.h"

#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>

#include "floe/util/time.h"
#include "floe/util/uuid.h"

namespace floe::expr {
namespace {

using columnar::DataType;
using columnar::TimeUnit;
using columnar::TypeId;
using Position = ConvertedLiteral::Position;

// floor(number * 10^scale), exactly, from the number's text ("-12.50", "1e-3").
struct Scaled {
  bool negative = false;
  bool overflow = false;  // |value| >= 10^38: beyond every column's range
  __int128 floor = 0;
  bool inexact = false;  // the number had non-zero digits below 10^-scale
};

std::optional<Scaled> ScaleNumber(std::string_view text, int scale) {
  Scaled out;
  size_t i = 0;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) out.negative = text[i++] == '-';
  std::string digits;
  int64_t exponent = 0;
  bool in_fraction = false, any = false;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c == '.' && !in_fraction) {
      in_fraction = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    any = true;
    if (digits.empty() && c == '0') {
      if (in_fraction) --exponent;
      continue;
    }
    digits += c;
    if (in_fraction) --exponent;
  }
  if (!any) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool neg = false;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) neg = text[i++] == '-';
    int64_t e = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
      if (e < 1000000) e = e * 10 + (text[i] - '0');
    }
    exponent += neg ? -e : e;
  }
  if (i != text.size()) return std::nullopt;
  // value = digits * 10^(exponent + scale)
  int64_t shift = exponent + scale;
  if (digits.empty()) return out;  // zero
  if (shift < 0) {
    int64_t keep = static_cast<int64_t>(digits.size()) + shift;
    if (keep <= 0) {
      out.inexact = true;
      digits.clear();
    } else {
      out.inexact = digits.find_first_not_of('0', static_cast<size_t>(keep)) != std::string::npos;
      digits.resize(static_cast<size_t>(keep));
    }
    shift = 0;
  }
  if (static_cast<int64_t>(digits.size()) + shift > 38) {
    out.overflow = !digits.empty();
    return out;
  }
  __int128 m = 0;
  for (char c : digits) m = m * 10 + (c - '0');
  for (int64_t k = 0; k < shift; ++k) m *= 10;
  out.floor = out.negative ? (out.inexact ? -m - 1 : -m) : m;
  return out;
}

__int128 Pow10(int n) {
  __int128 p = 1;
  for (int i = 0; i < n; ++i) p *= 10;
  return p;
}

__int128 FloorDiv128(__int128 a, __int128 b, bool* inexact) {
  __int128 q = a / b, r = a % b;
  *inexact = r != 0;
  if (r != 0 && ((r < 0) != (b < 0))) --q;
  return q;
}

bool IsOrdered(TypeId id) {
  switch (id) {
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kUInt8:
    case TypeId::kUInt16:
    case TypeId::kUInt32:
    case TypeId::kUInt64:
    case TypeId::kDecimal128:
    case TypeId::kDate32:
    case TypeId::kTime32:
    case TypeId::kTime64:
    case TypeId::kTimestamp:
      return true;
    default:
      return false;
  }
}

// The range of an ordered type.
void Domain(const DataType& t, __int128* lo, __int128* hi) {
  switch (t.id()) {
    case TypeId::kInt8:
      *lo = INT8_MIN;
      *hi = INT8_MAX;
      return;
    case TypeId::kInt16:
      *lo = INT16_MIN;
      *hi = INT16_MAX;
      return;
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kTime32:
      *lo = INT32_MIN;
      *hi = INT32_MAX;
      return;
    case TypeId::kUInt8:
      *lo = 0;
      *hi = UINT8_MAX;
      return;
    case TypeId::kUInt16:
      *lo = 0;
      *hi = UINT16_MAX;
      return;
    case TypeId::kUInt32:
      *lo = 0;
      *hi = UINT32_MAX;
      return;
    case TypeId::kUInt64:
      *lo = 0;
      *hi = UINT64_MAX;
      return;
    case TypeId::kDecimal128:
      *hi = Pow10(t.precision()) - 1;
      *lo = -*hi;
      return;
    default:  // int64, time64, timestamp
      *lo = INT64_MIN;
      *hi = INT64_MAX;
      return;
  }
}

spec::Literal MakeValue(const DataType& t, __int128 v) {
  switch (t.id()) {
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kUInt8:
    case TypeId::kUInt16:
      return spec::Literal::Int(static_cast<int32_t>(v));
    case TypeId::kDate32:
      return spec::Literal::Date(static_cast<int32_t>(v));
    case TypeId::kUInt64:
      return spec::Literal::Long(static_cast<int64_t>(static_cast<uint64_t>(v)));
    case TypeId::kDecimal128:
      return spec::Literal::MakeDecimal(v, t.scale());
    default:
      return spec::Literal::Long(static_cast<int64_t>(v));
  }
}

ConvertedLiteral Classify(const DataType& t, __int128 floor, bool inexact, bool overflow,
                          bool negative) {
  __int128 lo, hi;
  Domain(t, &lo, &hi);
  ConvertedLiteral c;
  c.min = MakeValue(t, lo);
  c.max = MakeValue(t, hi);
  if (overflow) {
    c.position = negative ? Position::kBelowMin : Position::kAboveMax;
  } else if (floor > hi || (floor == hi && inexact)) {
    c.position = Position::kAboveMax;
  } else if (floor < lo) {
    c.position = Position::kBelowMin;
  } else {
    c.position = inexact ? Position::kBetween : Position::kExact;
    c.value = MakeValue(t, floor);
  }
  if (c.position == Position::kAboveMax) c.value = c.max;
  if (c.position == Position::kBelowMin) c.value = c.min;
  return c;
}

int64_t NanosPerUnit(TimeUnit u) {
  switch (u) {
    case TimeUnit::kSecond:
      return 1000000000;
    case TimeUnit::kMilli:
      return 1000000;
    case TimeUnit::kMicro:
      return 1000;
    case TimeUnit::kNano:
      return 1;
  }
  return 1;
}

Error Mismatch(std::string_view column, const DataType& t, const UnboundLiteral& v,
               std::string_view hint = "") {
  return InvalidArgument("filter: column {} is {}; cannot compare it with {}{}", column,
                         t.ToString(), v.ToString(), hint);
}

bool IsTimestampText(const UnboundLiteral& v) {
  return v.kind == LiteralKind::kString || v.kind == LiteralKind::kDate ||
         v.kind == LiteralKind::kTimestamp || v.kind == LiteralKind::kTimestampNtz;
}

Result<ConvertedLiteral> ConvertTemporal(const UnboundLiteral& v, const DataType& t,
                                         std::string_view column) {
  if (t.id() == TypeId::kTime32 || t.id() == TypeId::kTime64) {
    if (v.kind != LiteralKind::kString && v.kind != LiteralKind::kTime) {
      return Mismatch(column, t, v);
    }
    auto nanos = ParseTimeNanos(v.text);
    if (!nanos) return Mismatch(column, t, v, " (expected a time HH:MM:SS[.ffffff])");
    bool inexact = false;
    __int128 q = FloorDiv128(*nanos, NanosPerUnit(t.unit()), &inexact);
    return Classify(t, q, inexact, false, false);
  }
  if (!IsTimestampText(v)) return Mismatch(column, t, v);
  auto ts = ParseTimestamp(v.text);
  if (!ts) {
    return Mismatch(column, t, v,
                    " (expected a date YYYY-MM-DD or a timestamp "
                    "YYYY-MM-DD HH:MM:SS[.ffffff][+HH:MM])");
  }
  if (t.id() == TypeId::kTimestamp && t.timezone().empty() && ts->has_offset) {
    return InvalidArgument(
        "filter: column {} is a timestamp without time zone ({}); the value "
        "{} carries a zone offset: write the local time without one",
        column, t.ToString(), v.ToString());
  }
  __int128 nanos = static_cast<__int128>(ts->micros) * 1000 + ts->nanos_of_micro;
  int64_t per = t.id() == TypeId::kDate32 ? int64_t{86400} * 1000000000 : NanosPerUnit(t.unit());
  bool inexact = false;
  __int128 q = FloorDiv128(nanos, per, &inexact);
  return Classify(t, q, inexact, false, false);
}

Result<ConvertedLiteral> ConvertFloat(const UnboundLiteral& v, const DataType& t,
                                      std::string_view column) {
  if (!v.is_number()) return Mismatch(column, t, v);
  double d = std::strtod(v.text.c_str(), nullptr);
  ConvertedLiteral c;
  if (t.id() == TypeId::kFloat64) {
    c.value = spec::Literal::Double(d);
  } else if (std::fabs(d) > FLT_MAX) {
    c.value = spec::Literal::Float(d > 0 ? std::numeric_limits<float>::infinity()
                                         : -std::numeric_limits<float>::infinity());
  } else {
    c.value = spec::Literal::Float(static_cast<float>(d));
  }
  return c;
}

Result<ConvertedLiteral> ConvertBytes(const UnboundLiteral& v, const DataType& t,
                                      std::string_view column) {
  bool binary_literal = v.kind == LiteralKind::kBinary && t.id() != TypeId::kString;
  if (v.kind != LiteralKind::kString && !binary_literal) return Mismatch(column, t, v);
  ConvertedLiteral c;
  if (t.id() == TypeId::kString) {
    c.value = spec::Literal::String(v.text);
    return c;
  }
  std::vector<uint8_t> bytes(v.text.begin(), v.text.end());
  if (t.id() == TypeId::kFixedSizeBinary) {
    auto uuid = t.byte_width() == 16 && !binary_literal ? Uuid::Parse(v.text) : std::nullopt;
    if (uuid) {
      bytes.assign(uuid->bytes.begin(), uuid->bytes.end());
    } else if (static_cast<int>(bytes.size()) != t.byte_width()) {
      return Mismatch(column, t, v,
                      fmt::format(" (expected {} bytes{})", t.byte_width(),
                                  t.byte_width() == 16 ? " or a UUID xxxxxxxx-xxxx-..." : ""));
    }
  }
  c.value = spec::Literal::Binary(std::move(bytes));
  return c;
}

}  // namespace

Result<ConvertedLiteral> ConvertLiteral(const UnboundLiteral& v, const DataType& t,
                                        std::string_view column) {
  if (t.is_variant()) {
    return NotSupported(
        "filter: column {} is a variant; compare a field of it as a type: "
        "variant_get({}, '$.field', 'int') = … (IS NULL works on the column itself)",
        column, column);
  }
  if (t.is_nested() || t.id() == TypeId::kNull || t.id() == TypeId::kFloat16) {
    return NotSupported(
        "filter: column {} is {}; filters compare only primitive columns "
        "(IS NULL works on any)",
        column, t.ToString());
  }
  if (v.kind == LiteralKind::kNull) {
    ConvertedLiteral c;
    c.position = Position::kNull;
    if (IsOrdered(t.id())) c = Classify(t, 0, false, false, false);
    c.position = Position::kNull;
    c.value = spec::Literal::Null();
    return c;
  }
  switch (t.id()) {
    case TypeId::kBool: {
      if (v.kind != LiteralKind::kBool) return Mismatch(column, t, v);
      ConvertedLiteral c;
      c.value = spec::Literal::Boolean(v.text == "true");
      return c;
    }
    case TypeId::kFloat32:
    case TypeId::kFloat64:
      return ConvertFloat(v, t, column);
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kFixedSizeBinary:
      return ConvertBytes(v, t, column);
    case TypeId::kDate32:
    case TypeId::kTime32:
    case TypeId::kTime64:
    case TypeId::kTimestamp:
      return ConvertTemporal(v, t, column);
    default: {  // integers and decimals
      if (!v.is_number()) return Mismatch(column, t, v);
      int scale = t.id() == TypeId::kDecimal128 ? t.scale() : 0;
      auto s = ScaleNumber(v.text, scale);
      if (!s) return Mismatch(column, t, v);
      return Classify(t, s->floor, s->inexact, s->overflow, s->negative);
    }
  }
}

}  // namespace floe::expr
