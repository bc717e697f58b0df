#include "floe/format/csv/text_values.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "floe/util/ascii.h"
#include "floe/util/time.h"

namespace floe::textformat {

namespace col = floe::columnar;

namespace {

std::string_view WithoutPlus(std::string_view s) {
  return !s.empty() && s[0] == '+' ? s.substr(1) : s;
}

template <typename T>
std::optional<T> TextInteger(std::string_view s) {
  s = WithoutPlus(s);
  T v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

template <typename T>
std::optional<T> TextFloat(std::string_view s) {
  std::string_view unsigned_part = WithoutPlus(s);
  bool negative = !unsigned_part.empty() && unsigned_part[0] == '-';
  if (negative) unsigned_part.remove_prefix(1);
  if (AsciiEqualsIgnoreCase(unsigned_part, "nan")) return std::numeric_limits<T>::quiet_NaN();
  if (AsciiEqualsIgnoreCase(unsigned_part, "infinity") ||
      AsciiEqualsIgnoreCase(unsigned_part, "inf")) {
    return negative ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
  }
  if (unsigned_part.empty() ||
      !(std::isdigit(static_cast<unsigned char>(unsigned_part[0])) || unsigned_part[0] == '.')) {
    return std::nullopt;  // no hex floats or other words
  }
  s = WithoutPlus(s);
  T v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (end != s.data() + s.size()) return std::nullopt;
  if (ec == std::errc::result_out_of_range) {
    // Beyond the type's range: ±infinity above it, ±0 below it (as Java's parseFloat).
    long double wide = std::strtold(std::string(s).c_str(), nullptr);
    T magnitude = std::fabs(wide) < 1 ? T{0} : std::numeric_limits<T>::infinity();
    return negative ? -magnitude : magnitude;
  }
  if (ec != std::errc()) return std::nullopt;
  return v;
}

// The unscaled value of a decimal(precision, scale), or why the text is not one.
Result<__int128> TextDecimal(std::string_view text, int32_t precision, int32_t scale) {
  std::string_view s = WithoutPlus(text);
  bool negative = !s.empty() && s[0] == '-';
  if (negative) s.remove_prefix(1);
  size_t dot = s.find('.');
  std::string_view whole = s.substr(0, dot);
  std::string_view fraction =
      dot == std::string_view::npos ? std::string_view() : s.substr(dot + 1);
  auto digits = [](std::string_view d) {
    for (char c : d) {
      if (c < '0' || c > '9') return false;
    }
    return true;
  };
  if ((whole.empty() && fraction.empty()) || !digits(whole) || !digits(fraction)) {
    return InvalidArgument("not a number");
  }
  if (static_cast<int32_t>(fraction.size()) > scale) {
    return InvalidArgument("more than {} fraction digits", scale);
  }
  while (whole.size() > 1 && whole[0] == '0') whole.remove_prefix(1);
  if (whole == "0") whole = {};
  if (static_cast<int32_t>(whole.size()) > precision - scale) {
    return InvalidArgument("more than {} digits before the point", precision - scale);
  }
  __int128 v = 0;
  for (char c : whole) v = v * 10 + (c - '0');
  for (char c : fraction) v = v * 10 + (c - '0');
  for (int32_t i = static_cast<int32_t>(fraction.size()); i < scale; ++i) v *= 10;
  return negative ? -v : v;
}

// Iceberg's name of the type (what --schema says).
std::string TypeName(const col::DataType& type) {
  bool zoned = type.id() == col::TypeId::kTimestamp && !type.timezone().empty();
  bool nanos = type.id() == col::TypeId::kTimestamp && type.unit() == col::TimeUnit::kNano;
  switch (type.id()) {
    case col::TypeId::kInt32:
      return "int";
    case col::TypeId::kInt64:
      return "long";
    case col::TypeId::kFloat32:
      return "float";
    case col::TypeId::kFloat64:
      return "double";
    case col::TypeId::kBool:
      return "boolean";
    case col::TypeId::kDate32:
      return "date";
    case col::TypeId::kTime64:
      return "time";
    case col::TypeId::kTimestamp:
      return std::string(zoned ? "timestamptz" : "timestamp") + (nanos ? "_ns" : "");
    case col::TypeId::kDecimal128:
      return fmt::format("decimal({}, {})", type.precision(), type.scale());
    case col::TypeId::kString:
      return "string";
    default:
      return type.ToString();
  }
}

}  // namespace

std::optional<int64_t> ReadLongText(std::string_view text) { return TextInteger<int64_t>(text); }

std::optional<bool> ReadBooleanText(std::string_view text) {
  if (AsciiEqualsIgnoreCase(text, "true")) return true;
  if (AsciiEqualsIgnoreCase(text, "false")) return false;
  return std::nullopt;
}

bool CanReadTextAs(const col::DataType& type) {
  switch (type.id()) {
    case col::TypeId::kInt32:
    case col::TypeId::kInt64:
    case col::TypeId::kFloat32:
    case col::TypeId::kFloat64:
    case col::TypeId::kBool:
    case col::TypeId::kDate32:
    case col::TypeId::kDecimal128:
    case col::TypeId::kString:
      return true;
    case col::TypeId::kTime64:
      return type.unit() == col::TimeUnit::kMicro;
    case col::TypeId::kTimestamp:
      return type.unit() == col::TimeUnit::kMicro || type.unit() == col::TimeUnit::kNano;
    default:
      return false;
  }
}

Status AppendTextAs(const col::DataType& type, std::string_view text, col::ArrayBuilder* builder) {
  auto bad = [&](std::string_view why = {}) {
    return InvalidArgument("\"{}\" is not a valid {} value{}", text, TypeName(type),
                           why.empty() ? std::string() : fmt::format(" ({})", why));
  };
  // A reading, appended, or the refusal.
  auto AppendRead = [&](auto value, auto* typed) -> Status {
    if (!value) return bad();
    return typed->Append(*value);
  };
  switch (type.id()) {
    case col::TypeId::kInt32:
      return AppendRead(TextInteger<int32_t>(text), static_cast<col::Int32Builder*>(builder));
    case col::TypeId::kInt64:
      return AppendRead(ReadLongText(text), static_cast<col::Int64Builder*>(builder));
    case col::TypeId::kFloat32:
      return AppendRead(TextFloat<float>(text), static_cast<col::FloatBuilder*>(builder));
    case col::TypeId::kFloat64:
      return AppendRead(TextFloat<double>(text), static_cast<col::DoubleBuilder*>(builder));
    case col::TypeId::kBool:
      return AppendRead(ReadBooleanText(text), static_cast<col::BooleanBuilder*>(builder));
    case col::TypeId::kDate32: {
      auto d = ParseDate(text);
      if (!d || *d < INT32_MIN || *d > INT32_MAX) return bad();
      return static_cast<col::Int32Builder*>(builder)->Append(static_cast<int32_t>(*d));
    }
    case col::TypeId::kTime64: {
      auto nanos = ParseTimeNanos(text);
      if (!nanos) return bad();
      if (*nanos % 1000 != 0) return bad("finer than microseconds");
      return static_cast<col::Int64Builder*>(builder)->Append(*nanos / 1000);
    }
    case col::TypeId::kTimestamp: {
      auto ts = ParseTimestamp(text);
      if (!ts) return bad();
      bool zoned = !type.timezone().empty();
      if (ts->has_offset != zoned) {
        return bad(zoned ? "no UTC offset: a timestamptz needs one, e.g. 2026-03-01T10:00:00Z"
                         : "it has a UTC offset: a timestamp without zone takes local date-times");
      }
      if (type.unit() == col::TimeUnit::kMicro) {
        if (ts->nanos_of_micro != 0) return bad("finer than microseconds");
        return static_cast<col::Int64Builder*>(builder)->Append(ts->micros);
      }
      if (!ts->nanos_in_range) return bad("outside the nanosecond range 1677-2262");
      return static_cast<col::Int64Builder*>(builder)->Append(ts->nanos);
    }
    case col::TypeId::kDecimal128: {
      auto v = TextDecimal(text, type.precision(), type.scale());
      if (!v.ok()) return bad(v.error().message);
      unsigned __int128 u = static_cast<unsigned __int128>(*v);
      return static_cast<col::Decimal128Builder*>(builder)->Append(static_cast<uint64_t>(u),
                                                                   static_cast<int64_t>(u >> 64));
    }
    case col::TypeId::kString:
      return static_cast<col::BinaryBuilder*>(builder)->Append(text);
    default:
      return NotSupported("{} values are not read from text", TypeName(type));
  }
}

}  // namespace floe::textformat
