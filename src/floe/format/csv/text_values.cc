#include "floe/format/csv/text_values.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "floe/columnar/value_text.h"
#include "floe/format/csv/json_values.h"
#include "floe/util/ascii.h"
#include "floe/util/time.h"
#include "floe/util/uuid.h"

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

std::string_view TrimSpaces(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<std::string> HexBytes(std::string_view text) {
  if (text.size() % 2 != 0) return std::nullopt;
  std::string out(text.size() / 2, '\0');
  for (size_t i = 0; i < out.size(); ++i) {
    int hi = HexValue(text[2 * i]), lo = HexValue(text[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out[i] = static_cast<char>(hi * 16 + lo);
  }
  return out;
}

// RFC 4648 base64, the padding optional.
std::optional<std::string> Base64Bytes(std::string_view text) {
  auto sextet = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  while (!text.empty() && text.back() == '=') text.remove_suffix(1);
  if (text.size() % 4 == 1) return std::nullopt;
  std::string out;
  uint32_t bits = 0;
  int count = 0;
  for (char c : text) {
    int v = sextet(c);
    if (v < 0) return std::nullopt;
    bits = (bits << 6) | static_cast<uint32_t>(v);
    if (++count == 4) {
      out.push_back(static_cast<char>(bits >> 16));
      out.push_back(static_cast<char>(bits >> 8));
      out.push_back(static_cast<char>(bits));
      bits = 0;
      count = 0;
    }
  }
  if (count == 2) out.push_back(static_cast<char>(bits >> 4));
  if (count == 3) {
    out.push_back(static_cast<char>(bits >> 10));
    out.push_back(static_cast<char>(bits >> 2));
  }
  return out;
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
    case col::TypeId::kBinary:
      return "binary";
    case col::TypeId::kFixedSizeBinary:
      return fmt::format("fixed[{}]", type.byte_width());
    case col::TypeId::kList:
      return "list";
    case col::TypeId::kStruct:
      return "struct";
    case col::TypeId::kMap:
      return "map";
    default:
      return type.ToString();
  }
}

Status AppendTypedText(const col::DataType& type, bool uuid, std::string_view raw,
                       col::ArrayBuilder* builder, const TextReadOptions& options);

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
    case col::TypeId::kBinary:
    case col::TypeId::kFixedSizeBinary:
      return true;
    case col::TypeId::kList:
    case col::TypeId::kStruct:
    case col::TypeId::kMap:
      for (int i = 0; i < type.num_children(); ++i) {
        if (!CanReadTextAs(type.child(i))) return false;
      }
      return true;
    case col::TypeId::kTime64:
      return type.unit() == col::TimeUnit::kMicro;
    case col::TypeId::kTimestamp:
      return type.unit() == col::TimeUnit::kMicro || type.unit() == col::TimeUnit::kNano;
    default:
      return false;
  }
}

bool CanReadTextAs(const col::Field& field) {
  const std::string* extension = field.FindMetadata(col::kExtensionNameKey);
  if (extension != nullptr && !col::IsUuidField(field)) return false;
  return CanReadTextAs(*field.type);
}

bool ReadsAsNull(const col::Field& field, std::string_view text, const TextReadOptions& options) {
  bool stringlike = field.type->id() == col::TypeId::kString;
  if (stringlike) return options.null_string_in_strings && text == options.null_string;
  std::string_view trimmed = TrimSpaces(text);
  return trimmed.empty() || trimmed == options.null_string;
}

Status AppendTextAs(const col::DataType& type, std::string_view text, col::ArrayBuilder* builder) {
  return AppendTypedText(type, /*uuid=*/false, text, builder, TextReadOptions{});
}

Status AppendTextAs(const col::Field& field, std::string_view text, col::ArrayBuilder* builder,
                    const TextReadOptions& options) {
  return AppendTypedText(*field.type, col::IsUuidField(field), text, builder, options);
}

namespace {

Status AppendTypedText(const col::DataType& type, bool uuid, std::string_view raw,
                       col::ArrayBuilder* builder, const TextReadOptions& options) {
  std::string_view text = type.id() == col::TypeId::kString ? raw : TrimSpaces(raw);
  auto bad = [&](std::string_view why = {}) {
    return Corrupt("\"{}\" is not a valid {} value{}", raw, uuid ? "uuid" : TypeName(type),
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
    case col::TypeId::kBinary:
    case col::TypeId::kFixedSizeBinary: {
      std::optional<std::string> bytes;
      if (uuid) {
        auto u = Uuid::Parse(text);
        if (!u) return bad("expected 8-4-4-4-12 hex digits");
        bytes.emplace(reinterpret_cast<const char*>(u->bytes.data()), u->bytes.size());
      } else if (options.binary == BinaryEncoding::kHex) {
        bytes = HexBytes(text);
        if (!bytes)
          return bad("expected hex digits, two per byte; --binary-encoding base64 reads base64");
      } else {
        bytes = Base64Bytes(text);
        if (!bytes) return bad("expected base64");
      }
      auto data = reinterpret_cast<const uint8_t*>(bytes->data());
      if (type.id() == col::TypeId::kBinary) {
        return static_cast<col::BinaryBuilder*>(builder)->Append(
            data, static_cast<int64_t>(bytes->size()));
      }
      if (static_cast<int64_t>(bytes->size()) != type.byte_width()) {
        return bad(fmt::format("{} bytes, the type holds {}", bytes->size(), type.byte_width()));
      }
      return static_cast<col::FixedSizeBinaryBuilder*>(builder)->Append(data);
    }
    case col::TypeId::kList:
    case col::TypeId::kStruct:
    case col::TypeId::kMap: {
      Status st = AppendJsonAs(type, text, builder, options);
      if (!st.ok()) return bad(st.error().message);
      return Ok();
    }
    default:
      return NotSupported("{} values are not read from text", TypeName(type));
  }
}

}  // namespace

}  // namespace floe::textformat
