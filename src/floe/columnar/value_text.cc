#include "floe/columnar/value_text.h"

#include <fmt/format.h>

#include <cassert>
#include <charconv>
#include <cmath>
#include <cstring>
#include <iterator>

#include "floe/columnar/variant/variant_json.h"
#include "floe/util/json_writer.h"
#include "floe/util/time.h"
#include "floe/util/uuid.h"

namespace floe::columnar {
namespace {

// IEEE 754 binary16 to float (every half is exactly a float).
float HalfToFloat(uint16_t h) {
  const int exponent = (h >> 10) & 0x1F;
  const int mantissa = h & 0x3FF;
  float magnitude;
  if (exponent == 0) {
    magnitude = std::ldexp(static_cast<float>(mantissa), -24);  // subnormal
  } else if (exponent == 31) {
    magnitude = mantissa != 0 ? NAN : INFINITY;
  } else {
    magnitude = std::ldexp(static_cast<float>(mantissa | 0x400), exponent - 25);
  }
  return (h & 0x8000) != 0 ? -magnitude : magnitude;
}

// std::to_chars's shortest round-trip form, with ".0" added to integral values so that a float
// column never prints as an integer ("1.0", "-0.0"; "1e+300" keeps its exponent).
template <typename F>
void AppendShortest(F value, std::string* out) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), value);
  std::string_view text(buf, static_cast<size_t>(end - buf));
  out->append(text);
  if (text.find_first_of(".e") == std::string_view::npos) out->append(".0");
}

// Whether decimal value `d` (>= 0) rounds to the half whose magnitude bits are `m` (1..0x7BFF)
// under round-to-nearest-even: it must lie between the midpoints to the neighbouring halves.
bool RoundsToHalf(double d, uint16_t m) {
  const double v = HalfToFloat(m);
  const double lo = HalfToFloat(static_cast<uint16_t>(m - 1));
  // Above the largest half (65504), values below 65520 still round down to it.
  const double hi = m == 0x7BFF ? 65536.0 : HalfToFloat(static_cast<uint16_t>(m + 1));
  const double low_mid = (lo + v) / 2, high_mid = (v + hi) / 2;
  const bool even = (m & 1) == 0;
  return (d > low_mid || (even && d == low_mid)) && (d < high_mid || (even && d == high_mid));
}

// NaN and infinities by name; finite values in their shortest form.
template <typename F>
void AppendFloat(F value, std::string* out) {
  if (std::isnan(value)) {
    out->append("NaN");
  } else if (std::isinf(value)) {
    out->append(value > 0 ? "Infinity" : "-Infinity");
  } else {
    AppendShortest(value, out);
  }
}

// The shortest decimal that reads back to the same half (at most 5 significant digits), written
// in the float form (the float nearest that decimal prints as the same digits); NaN and
// infinities by name.
void AppendHalf(uint16_t h, std::string* out) {
  const uint16_t m = h & 0x7FFF;
  float shortest = HalfToFloat(m);
  if (!std::isfinite(shortest)) return AppendFloat(HalfToFloat(h), out);
  if (m != 0) {
    for (int precision = 1; precision <= 5; ++precision) {
      char buf[32];
      auto end = std::to_chars(buf, buf + sizeof(buf), static_cast<double>(shortest),
                               std::chars_format::general, precision)
                     .ptr;
      double d = 0;
      std::from_chars(buf, end, d);
      if (RoundsToHalf(d, m)) {
        std::from_chars(buf, end, shortest);
        break;
      }
    }
  }
  AppendShortest((h & 0x8000) != 0 ? -shortest : shortest, out);
}

// A decimal128 (16 bytes, little-endian two's complement) with `scale` digits after the point.
void AppendDecimal(std::string_view bytes, int scale, std::string* out) {
  unsigned __int128 u;
  std::memcpy(&u, bytes.data(), 16);
  const bool negative = (u >> 127) != 0;
  if (negative) u = -u;  // two's complement magnitude; -2^127 stays exact as unsigned
  char digits[40];
  int n = 0;
  do {
    digits[n++] = static_cast<char>('0' + static_cast<int>(u % 10));
    u /= 10;
  } while (u != 0);
  if (negative) out->push_back('-');
  const int int_digits = n - scale;
  if (int_digits <= 0) {
    out->append("0.");
    out->append(static_cast<size_t>(-int_digits), '0');
  }
  for (int i = n - 1; i >= 0; --i) {
    if (i == scale - 1 && int_digits > 0) out->push_back('.');
    out->push_back(digits[i]);
  }
}

void AppendHex(std::string_view bytes, std::string* out) {
  static constexpr char kDigits[] = "0123456789abcdef";
  for (char c : bytes) {
    auto b = static_cast<unsigned char>(c);
    out->push_back(kDigits[b >> 4]);
    out->push_back(kDigits[b & 0xF]);
  }
}

int64_t UnitsPerSecond(TimeUnit unit) {
  switch (unit) {
    case TimeUnit::kSecond:
      return 1;
    case TimeUnit::kMilli:
      return 1000;
    case TimeUnit::kMicro:
      return 1000000;
    case TimeUnit::kNano:
      return 1000000000;
  }
  return 1;
}

// "HH:MM:SS.ffffff" (9 digits for nanoseconds) from `value` units since midnight. Values outside
// one day only come from bad files; they print as they are (hours past 23, a leading "-").
void AppendTimeOfDay(int64_t value, int64_t units_per_second, std::string* out) {
  uint64_t magnitude = static_cast<uint64_t>(value);
  if (value < 0) {
    out->push_back('-');
    magnitude = ~magnitude + 1;
  }
  const uint64_t ups = static_cast<uint64_t>(units_per_second);
  const uint64_t seconds = magnitude / ups;
  const uint64_t fraction = magnitude % ups;
  auto it = std::back_inserter(*out);
  fmt::format_to(it, "{:02d}:{:02d}:{:02d}.", seconds / 3600, (seconds / 60) % 60, seconds % 60);
  if (ups == 1000000000) {
    fmt::format_to(it, "{:09d}", fraction);
  } else {
    fmt::format_to(it, "{:06d}", fraction * (1000000 / ups));
  }
}

// "YYYY-MM-DDTHH:MM:SS.ffffff[+00:00]". Splitting into days first keeps far years exact in
// every unit (seconds since the epoch can name years int64 microseconds cannot).
void AppendTimestamp(int64_t value, TimeUnit unit, bool with_zone, std::string* out) {
  const int64_t ups = UnitsPerSecond(unit);
  const int64_t per_day = ups * 86400;
  out->append(FormatDate(FloorDiv(value, per_day)));
  out->push_back('T');
  AppendTimeOfDay(FloorMod(value, per_day), ups, out);
  if (with_zone) out->append("+00:00");
}

// Whether the JSON form of a valid scalar is a string (its text quoted) rather than a number or
// literal. The texts of AppendScalar never need JSON escaping.
bool JsonQuoted(const ArrayData& a, int64_t row) {
  switch (a.type->id()) {
    case TypeId::kBool:
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kUInt8:
    case TypeId::kUInt16:
    case TypeId::kUInt32:
    case TypeId::kUInt64:
      return false;
    case TypeId::kFloat16:
      return !std::isfinite(HalfToFloat(a.values<uint16_t>()[row]));
    case TypeId::kFloat32:
      return !std::isfinite(a.values<float>()[row]);
    case TypeId::kFloat64:
      return !std::isfinite(a.values<double>()[row]);
    default:
      return true;
  }
}

// The plain text of a valid element of a non-string, non-nested array.
void AppendScalar(const ArrayData& a, int64_t row, bool uuid, std::string* out) {
  auto it = std::back_inserter(*out);
  const DataType& type = *a.type;
  switch (type.id()) {
    case TypeId::kNull:
      out->append("null");
      return;
    case TypeId::kBool:
      out->append(a.GetBool(row) ? "true" : "false");
      return;
    case TypeId::kInt8:
      fmt::format_to(it, "{}", int{a.values<int8_t>()[row]});
      return;
    case TypeId::kInt16:
      fmt::format_to(it, "{}", a.values<int16_t>()[row]);
      return;
    case TypeId::kInt32:
      fmt::format_to(it, "{}", a.values<int32_t>()[row]);
      return;
    case TypeId::kInt64:
      fmt::format_to(it, "{}", a.values<int64_t>()[row]);
      return;
    case TypeId::kUInt8:
      fmt::format_to(it, "{}", unsigned{a.values<uint8_t>()[row]});
      return;
    case TypeId::kUInt16:
      fmt::format_to(it, "{}", a.values<uint16_t>()[row]);
      return;
    case TypeId::kUInt32:
      fmt::format_to(it, "{}", a.values<uint32_t>()[row]);
      return;
    case TypeId::kUInt64:
      fmt::format_to(it, "{}", a.values<uint64_t>()[row]);
      return;
    case TypeId::kFloat16:
      AppendHalf(a.values<uint16_t>()[row], out);
      return;
    case TypeId::kFloat32:
      AppendFloat(a.values<float>()[row], out);
      return;
    case TypeId::kFloat64:
      AppendFloat(a.values<double>()[row], out);
      return;
    case TypeId::kBinary:
      AppendHex(a.GetView(row), out);
      return;
    case TypeId::kFixedSizeBinary:
      if (uuid && type.byte_width() == 16) {
        floe::Uuid u;
        std::memcpy(u.bytes.data(), a.GetFixed(row).data(), 16);
        out->append(u.ToString());
      } else {
        AppendHex(a.GetFixed(row), out);
      }
      return;
    case TypeId::kDecimal128:
      AppendDecimal(a.GetFixed(row), type.scale(), out);
      return;
    case TypeId::kDate32:
      out->append(FormatDate(a.values<int32_t>()[row]));
      return;
    case TypeId::kTime32:
      AppendTimeOfDay(a.values<int32_t>()[row], UnitsPerSecond(type.unit()), out);
      return;
    case TypeId::kTime64:
      AppendTimeOfDay(a.values<int64_t>()[row], UnitsPerSecond(type.unit()), out);
      return;
    case TypeId::kTimestamp:
      AppendTimestamp(a.values<int64_t>()[row], type.unit(), !type.timezone().empty(), out);
      return;
    case TypeId::kString:
    case TypeId::kStruct:
    case TypeId::kList:
    case TypeId::kMap:
      break;  // not scalars: handled by the callers
  }
  assert(false && "AppendScalar: nested or string type");
}

// The JSON of a valid variant; bytes that are not a variant print as a string saying so, since
// value text cannot fail (the readers validate variants as they read them).
void AppendVariantJson(const ArrayData& a, int64_t row, std::string* out, bool* valid_utf8) {
  const std::string_view metadata = a.children[0]->GetView(a.offset + row);
  const std::string_view value = a.children[1]->GetView(a.offset + row);
  Result<variant::VariantMetadata> m = variant::VariantMetadata::Make(metadata);
  Status status = m.ok() ? Ok() : Status(m.error());
  if (m.ok()) {
    Result<variant::VariantValue> v = variant::VariantValue::Make(&*m, value);
    size_t mark = out->size();
    status = v.ok() ? variant::AppendJson(*v, out, valid_utf8) : Status(v.error());
    if (!status.ok()) out->resize(mark);
  }
  if (!status.ok()) AppendJsonString(*out, "corrupt variant: " + status.error().message);
}

// JSON of element `row`; clears *valid_utf8 when a string or key needed U+FFFD.
void AppendJson(const ArrayData& a, int64_t row, bool uuid, std::string* out, bool* valid_utf8) {
  if (a.IsNull(row)) {
    out->append("null");
    return;
  }
  const DataType& type = *a.type;
  switch (type.id()) {
    case TypeId::kString:
      if (!AppendJsonString(*out, a.GetView(row))) *valid_utf8 = false;
      return;
    case TypeId::kStruct: {
      if (type.is_variant()) {
        AppendVariantJson(a, row, out, valid_utf8);
        return;
      }
      // A struct's offset applies to its children's positions.
      out->push_back('{');
      for (int k = 0; k < type.num_children(); ++k) {
        if (k > 0) out->push_back(',');
        const Field& field = type.child(k);
        if (!AppendJsonString(*out, field.name)) *valid_utf8 = false;
        out->push_back(':');
        AppendJson(*a.children[static_cast<size_t>(k)], a.offset + row, IsUuidField(field), out,
                   valid_utf8);
      }
      out->push_back('}');
      return;
    }
    case TypeId::kList: {
      const ArrayData& values = *a.children[0];
      const bool element_uuid = IsUuidField(type.value_field());
      out->push_back('[');
      for (int32_t j = a.ListStart(row); j < a.ListEnd(row); ++j) {
        if (j > a.ListStart(row)) out->push_back(',');
        AppendJson(values, j, element_uuid, out, valid_utf8);
      }
      out->push_back(']');
      return;
    }
    case TypeId::kMap: {
      const ArrayData& entries = *a.children[0];
      const bool key_uuid = IsUuidField(type.key_field());
      const bool item_uuid = IsUuidField(type.item_field());
      out->push_back('[');
      for (int32_t j = a.ListStart(row); j < a.ListEnd(row); ++j) {
        if (j > a.ListStart(row)) out->push_back(',');
        out->append("{\"key\":");
        AppendJson(*entries.children[0], entries.offset + j, key_uuid, out, valid_utf8);
        out->append(",\"value\":");
        AppendJson(*entries.children[1], entries.offset + j, item_uuid, out, valid_utf8);
        out->push_back('}');
      }
      out->push_back(']');
      return;
    }
    default: {
      const bool quoted = JsonQuoted(a, row);
      if (quoted) out->push_back('"');
      AppendScalar(a, row, uuid, out);
      if (quoted) out->push_back('"');
      return;
    }
  }
}

bool NeedsCsvQuotes(std::string_view text) {
  return text.find_first_of(",\"\r\n") != std::string_view::npos;
}

}  // namespace

bool IsUuidField(const Field& field) {
  if (field.type == nullptr || field.type->id() != TypeId::kFixedSizeBinary ||
      field.type->byte_width() != 16) {
    return false;
  }
  const std::string* name = field.FindMetadata(kExtensionNameKey);
  return name != nullptr && *name == kUuidExtensionName;
}

Field WithUuidExtension(Field field) {
  for (auto& [key, value] : field.metadata) {
    if (key == kExtensionNameKey) {
      value = std::string(kUuidExtensionName);
      return field;
    }
  }
  field.metadata.emplace_back(kExtensionNameKey, kUuidExtensionName);
  return field;
}

bool AppendJsonValue(const ArrayData& array, int64_t row, std::string* out,
                     const ValueTextOptions& options) {
  bool valid_utf8 = true;
  AppendJson(array, row, options.uuid, out, &valid_utf8);
  return valid_utf8;
}

bool AppendValueText(const ArrayData& array, int64_t row, std::string* out,
                     const ValueTextOptions& options) {
  if (array.IsNull(row)) return true;
  switch (array.type->id()) {
    case TypeId::kString:
      return AppendValidUtf8(*out, array.GetView(row));
    case TypeId::kStruct:
    case TypeId::kList:
    case TypeId::kMap:
      return AppendJsonValue(array, row, out, options);
    default:
      AppendScalar(array, row, options.uuid, out);
      return true;
  }
}

bool AppendCsvField(const ArrayData& array, int64_t row, std::string* out,
                    const ValueTextOptions& options) {
  if (array.IsNull(row)) return true;
  const TypeId id = array.type->id();
  if (array.type->is_binary_like() && array.GetView(row).empty()) {
    out->append("\"\"");  // tells an empty string or binary from a null
    return true;
  }
  if (id != TypeId::kString && !array.type->is_nested()) {
    AppendScalar(array, row, options.uuid, out);  // digits, signs, letters: never quoted
    return true;
  }
  std::string text;
  const bool valid_utf8 = AppendValueText(array, row, &text, options);
  AppendCsvText(text, out);
  return valid_utf8;
}

void AppendCsvText(std::string_view text, std::string* out) {
  if (!NeedsCsvQuotes(text)) {
    out->append(text);
    return;
  }
  out->push_back('"');
  for (char c : text) {
    if (c == '"') out->push_back('"');
    out->push_back(c);
  }
  out->push_back('"');
}

bool IsNumericType(const DataType& type) {
  switch (type.id()) {
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kUInt8:
    case TypeId::kUInt16:
    case TypeId::kUInt32:
    case TypeId::kUInt64:
    case TypeId::kFloat16:
    case TypeId::kFloat32:
    case TypeId::kFloat64:
    case TypeId::kDecimal128:
      return true;
    default:
      return false;
  }
}

}  // namespace floe::columnar
