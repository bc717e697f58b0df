#include "floe/spec/single_value.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

#include "floe/util/bytes.h"
#include "floe/util/time.h"

namespace floe::spec {

namespace {

constexpr int64_t kDayMicros = 86400LL * 1000000;

bool HasZone(TypeId id) { return id == TypeId::kTimestampTz || id == TypeId::kTimestampTzNs; }
bool HasNanos(TypeId id) { return id == TypeId::kTimestampNs || id == TypeId::kTimestampTzNs; }

std::string Int128ToString(__int128 v) {
  if (v == 0) return "0";
  bool negative = v < 0;
  // Work on the magnitude as unsigned so the most negative value does not overflow.
  unsigned __int128 m =
      negative ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string digits;
  while (m > 0) {
    digits.push_back(static_cast<char>('0' + static_cast<int>(m % 10)));
    m /= 10;
  }
  if (negative) digits.push_back('-');
  return std::string(digits.rbegin(), digits.rend());
}

std::string HexLower(const std::vector<uint8_t>& bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (uint8_t b : bytes) {
    out.push_back(kHex[b >> 4]);
    out.push_back(kHex[b & 0xF]);
  }
  return out;
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<std::vector<uint8_t>> ParseHex(std::string_view text) {
  if (text.size() % 2 != 0) return std::nullopt;
  std::vector<uint8_t> out(text.size() / 2);
  for (size_t i = 0; i < out.size(); ++i) {
    int hi = HexDigit(text[2 * i]), lo = HexDigit(text[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out[i] = static_cast<uint8_t>(hi * 16 + lo);
  }
  return out;
}

std::string Base64(const std::vector<uint8_t>& bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    uint32_t n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out.push_back(kAlphabet[(n >> 18) & 63]);
    out.push_back(kAlphabet[(n >> 12) & 63]);
    out.push_back(kAlphabet[(n >> 6) & 63]);
    out.push_back(kAlphabet[n & 63]);
  }
  if (i < bytes.size()) {
    uint32_t n = bytes[i] << 16;
    if (i + 1 < bytes.size()) n |= bytes[i + 1] << 8;
    out.push_back(kAlphabet[(n >> 18) & 63]);
    out.push_back(kAlphabet[(n >> 12) & 63]);
    out.push_back(i + 1 < bytes.size() ? kAlphabet[(n >> 6) & 63] : '=');
    out.push_back('=');
  }
  return out;
}

// Shortest round-trip text, with ".0" for integral values as Java prints them.
template <typename F>
std::string FloatText(F v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  std::string s = fmt::format("{}", v);
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return s;
}

Error ValueNotOfType(const Type& type, const Literal& value) {
  return InvalidArgument("value {} does not hold a {}", ToHumanString(type, value),
                         type.ToString());
}

Error BadBinary(const Type& type, std::string_view bytes, std::string_view why) {
  std::vector<uint8_t> v(bytes.begin(), bytes.end());
  return Corrupt("{} value 0x{}: {}", type.ToString(), HexLower(v), why);
}

}  // namespace

std::string DecimalToString(__int128 unscaled, int32_t scale) {
  std::string digits = Int128ToString(unscaled);
  bool negative = !digits.empty() && digits[0] == '-';
  if (negative) digits.erase(0, 1);
  std::string out;
  if (scale < 0) {
    // As Java's BigDecimal.toString: coefficient with one leading digit and an exponent.
    int64_t exponent = static_cast<int64_t>(digits.size()) - 1 - scale;
    out = digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    out += fmt::format("E+{}", exponent);
  } else if (scale == 0) {
    out = digits;
  } else {
    if (digits.size() <= static_cast<size_t>(scale)) {
      digits.insert(0, static_cast<size_t>(scale) - digits.size() + 1, '0');
    }
    out = digits.substr(0, digits.size() - scale) + "." + digits.substr(digits.size() - scale);
  }
  return negative ? "-" + out : out;
}

Result<__int128> ParseDecimal(std::string_view text, int32_t scale) {
  auto bad = [&](std::string_view why) {
    return Corrupt("invalid decimal \"{}\" for scale {}: {}", text, scale, why);
  };
  size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) negative = text[i++] == '-';
  unsigned __int128 unscaled = 0;
  int digits = 0, fraction_digits = 0;
  bool in_fraction = false, any_digit = false;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c == '.' && !in_fraction) {
      in_fraction = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    any_digit = true;
    if (digits >= 38) return bad("more than 38 digits");
    unscaled = unscaled * 10 + static_cast<unsigned>(c - '0');
    if (unscaled != 0) ++digits;
    if (in_fraction) ++fraction_digits;
  }
  if (!any_digit) return bad("no digits");
  int64_t exponent = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool exp_negative = false;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) exp_negative = text[i++] == '-';
    if (i == text.size()) return bad("no exponent digits");
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
      exponent = exponent * 10 + (text[i] - '0');
      if (exponent > 1000) return bad("exponent out of range");
    }
    if (exp_negative) exponent = -exponent;
  }
  if (i != text.size()) return bad("unexpected character");
  int64_t value_scale = fraction_digits - exponent;
  if (value_scale != scale) {
    return bad(fmt::format("it has scale {}", value_scale));
  }
  __int128 v = static_cast<__int128>(unscaled);
  return negative ? -v : v;
}

std::string DecimalToBigEndian(__int128 unscaled) {
  std::string be(16, '\0');
  auto u = static_cast<unsigned __int128>(unscaled);
  for (int i = 15; i >= 0; --i) {
    be[i] = static_cast<char>(static_cast<uint8_t>(u & 0xFF));
    u >>= 8;
  }
  // Drop leading bytes that only repeat the sign.
  size_t start = 0;
  while (start < 15) {
    auto b = static_cast<uint8_t>(be[start]);
    auto next = static_cast<uint8_t>(be[start + 1]);
    if ((b == 0x00 && (next & 0x80) == 0) || (b == 0xFF && (next & 0x80) != 0)) {
      ++start;
    } else {
      break;
    }
  }
  return be.substr(start);
}

Result<std::string> ToBinary(const Type& type, const Literal& value) {
  if (value.is_null()) return InvalidArgument("cannot serialize a null {} value", type.ToString());
  std::string out;
  switch (type.id()) {
    case TypeId::kBoolean:
      if (!value.holds<bool>()) return ValueNotOfType(type, value);
      out.push_back(value.get<bool>() ? '\x01' : '\x00');
      return out;
    case TypeId::kInt:
    case TypeId::kDate:
      if (!value.holds<int32_t>()) return ValueNotOfType(type, value);
      AppendLittleEndian<int32_t>(out, value.get<int32_t>());
      return out;
    case TypeId::kLong:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTzNs:
      if (!value.holds<int64_t>()) return ValueNotOfType(type, value);
      AppendLittleEndian<int64_t>(out, value.get<int64_t>());
      return out;
    case TypeId::kFloat:
      if (!value.holds<float>()) return ValueNotOfType(type, value);
      AppendLittleEndian<float>(out, value.get<float>());
      return out;
    case TypeId::kDouble:
      if (!value.holds<double>()) return ValueNotOfType(type, value);
      AppendLittleEndian<double>(out, value.get<double>());
      return out;
    case TypeId::kDecimal:
      if (!value.holds<Decimal>()) return ValueNotOfType(type, value);
      return DecimalToBigEndian(value.get<Decimal>().unscaled);
    case TypeId::kString:
      if (!value.holds<std::string>()) return ValueNotOfType(type, value);
      return value.get<std::string>();
    case TypeId::kUuid:
      if (!value.holds<Uuid>()) return ValueNotOfType(type, value);
      return std::string(reinterpret_cast<const char*>(value.get<Uuid>().bytes.data()), 16);
    case TypeId::kFixed:
    case TypeId::kBinary: {
      if (!value.holds<Bytes>()) return ValueNotOfType(type, value);
      const auto& b = value.get<Bytes>().data;
      return std::string(b.begin(), b.end());
    }
    default:
      return NotSupported("binary single values of type {} are not supported", type.ToString());
  }
}

Result<Literal> FromBinary(const Type& type, std::string_view bytes) {
  const auto* p = reinterpret_cast<const uint8_t*>(bytes.data());
  auto want = [&](size_t n) -> Status {
    if (bytes.size() != n) {
      return BadBinary(type, bytes, fmt::format("expected {} bytes, got {}", n, bytes.size()));
    }
    return Ok();
  };
  switch (type.id()) {
    case TypeId::kBoolean:
      FLOE_RETURN_IF_ERROR(want(1));
      return Literal::Boolean(p[0] != 0);
    case TypeId::kInt:
      FLOE_RETURN_IF_ERROR(want(4));
      return Literal::Int(LoadLittleEndian<int32_t>(p));
    case TypeId::kDate:
      FLOE_RETURN_IF_ERROR(want(4));
      return Literal::Date(LoadLittleEndian<int32_t>(p));
    case TypeId::kLong:
      if (bytes.size() == 4) return Literal::Long(LoadLittleEndian<int32_t>(p));
      FLOE_RETURN_IF_ERROR(want(8));
      return Literal::Long(LoadLittleEndian<int64_t>(p));
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTzNs:
      FLOE_RETURN_IF_ERROR(want(8));
      return Literal::Timestamp(LoadLittleEndian<int64_t>(p));
    case TypeId::kFloat:
      FLOE_RETURN_IF_ERROR(want(4));
      return Literal::Float(LoadLittleEndian<float>(p));
    case TypeId::kDouble:
      if (bytes.size() == 4) return Literal::Double(LoadLittleEndian<float>(p));
      FLOE_RETURN_IF_ERROR(want(8));
      return Literal::Double(LoadLittleEndian<double>(p));
    case TypeId::kDecimal: {
      if (bytes.empty() || bytes.size() > 16) {
        return BadBinary(type, bytes, "a decimal needs 1 to 16 bytes");
      }
      // Sign-extend the big-endian two's complement value.
      unsigned __int128 u = (p[0] & 0x80) ? ~static_cast<unsigned __int128>(0) : 0;
      for (size_t i = 0; i < bytes.size(); ++i) u = (u << 8) | p[i];
      return Literal::MakeDecimal(static_cast<__int128>(u), type.scale());
    }
    case TypeId::kString:
      return Literal::String(std::string(bytes));
    case TypeId::kUuid: {
      FLOE_RETURN_IF_ERROR(want(16));
      Uuid u;
      std::memcpy(u.bytes.data(), p, 16);
      return Literal::MakeUuid(u);
    }
    case TypeId::kFixed:
      FLOE_RETURN_IF_ERROR(want(static_cast<size_t>(type.length())));
      return Literal::Binary(std::vector<uint8_t>(p, p + bytes.size()));
    case TypeId::kBinary:
      return Literal::Binary(std::vector<uint8_t>(p, p + bytes.size()));
    default:
      return NotSupported("binary single values of type {} are not supported", type.ToString());
  }
}

Status ToJson(const Type& type, const Literal& value, JsonWriter& out) {
  if (value.is_null()) {
    out.Null();
    return Ok();
  }
  switch (type.id()) {
    case TypeId::kBoolean:
      if (!value.holds<bool>()) return ValueNotOfType(type, value);
      out.Bool(value.get<bool>());
      return Ok();
    case TypeId::kInt:
      if (!value.holds<int32_t>()) return ValueNotOfType(type, value);
      out.Int(value.get<int32_t>());
      return Ok();
    case TypeId::kLong:
      if (!value.holds<int64_t>()) return ValueNotOfType(type, value);
      out.Int(value.get<int64_t>());
      return Ok();
    case TypeId::kFloat:
      if (!value.holds<float>()) return ValueNotOfType(type, value);
      // Finite values as Java writes them ("1.0", not "1"); NaN and infinities as strings.
      if (std::isfinite(value.get<float>())) {
        out.Raw(FloatText(value.get<float>()));
      } else {
        out.Float(value.get<float>());
      }
      return Ok();
    case TypeId::kDouble:
      if (!value.holds<double>()) return ValueNotOfType(type, value);
      if (std::isfinite(value.get<double>())) {
        out.Raw(FloatText(value.get<double>()));
      } else {
        out.Double(value.get<double>());
      }
      return Ok();
    case TypeId::kDecimal:
      if (!value.holds<Decimal>()) return ValueNotOfType(type, value);
      out.String(DecimalToString(value.get<Decimal>().unscaled, type.scale()));
      return Ok();
    case TypeId::kDate:
      if (!value.holds<int32_t>()) return ValueNotOfType(type, value);
      out.String(FormatDate(value.get<int32_t>()));
      return Ok();
    case TypeId::kTime:
      if (!value.holds<int64_t>()) return ValueNotOfType(type, value);
      if (value.get<int64_t>() < 0 || value.get<int64_t>() >= kDayMicros) {
        return InvalidArgument("time value {} is outside one day", value.get<int64_t>());
      }
      out.String(FormatTimeMicros(value.get<int64_t>()));
      return Ok();
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz:
      if (!value.holds<int64_t>()) return ValueNotOfType(type, value);
      out.String(FormatTimestampMicros(value.get<int64_t>(), HasZone(type.id())));
      return Ok();
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTzNs:
      if (!value.holds<int64_t>()) return ValueNotOfType(type, value);
      out.String(FormatTimestampNanos(value.get<int64_t>(), HasZone(type.id())));
      return Ok();
    case TypeId::kString:
      if (!value.holds<std::string>()) return ValueNotOfType(type, value);
      out.String(value.get<std::string>());
      return Ok();
    case TypeId::kUuid:
      if (!value.holds<Uuid>()) return ValueNotOfType(type, value);
      out.String(value.get<Uuid>().ToString());
      return Ok();
    case TypeId::kFixed:
    case TypeId::kBinary:
      if (!value.holds<Bytes>()) return ValueNotOfType(type, value);
      out.String(HexLower(value.get<Bytes>().data));
      return Ok();
    default:
      return NotSupported("JSON single values of type {} are not supported", type.ToString());
  }
}

Result<std::string> ToJsonString(const Type& type, const Literal& value) {
  JsonWriter out;
  FLOE_RETURN_IF_ERROR(ToJson(type, value, out));
  return out.Take();
}

Result<Literal> FromJson(const Type& type, const JsonValue& json) {
  if (json.IsNull()) return Literal::Null();
  auto bad = [&](std::string_view why) {
    return json.Invalid(
        fmt::format("invalid {} value {}: {}", type.ToString(), json.ToJson(), why));
  };
  switch (type.id()) {
    case TypeId::kBoolean: {
      FLOE_ASSIGN_OR_RETURN(bool b, json.AsBool());
      return Literal::Boolean(b);
    }
    case TypeId::kInt: {
      FLOE_ASSIGN_OR_RETURN(int32_t v, json.AsInt32());
      return Literal::Int(v);
    }
    case TypeId::kLong: {
      FLOE_ASSIGN_OR_RETURN(int64_t v, json.AsInt());
      return Literal::Long(v);
    }
    case TypeId::kFloat:
    case TypeId::kDouble: {
      double d = 0;
      if (json.IsString()) {
        FLOE_ASSIGN_OR_RETURN(std::string_view s, json.AsString());
        if (s == "NaN") {
          d = std::numeric_limits<double>::quiet_NaN();
        } else if (s == "Infinity") {
          d = std::numeric_limits<double>::infinity();
        } else if (s == "-Infinity") {
          d = -std::numeric_limits<double>::infinity();
        } else {
          return bad("expected a number");
        }
      } else {
        FLOE_ASSIGN_OR_RETURN(d, json.AsDouble());
      }
      if (type.id() == TypeId::kFloat) return Literal::Float(static_cast<float>(d));
      return Literal::Double(d);
    }
    case TypeId::kDecimal: {
      FLOE_ASSIGN_OR_RETURN(std::string_view s, json.AsString());
      auto v = ParseDecimal(s, type.scale());
      if (!v.ok()) return bad(v.error().message);
      return Literal::MakeDecimal(*v, type.scale());
    }
    case TypeId::kDate: {
      FLOE_ASSIGN_OR_RETURN(std::string_view s, json.AsString());
      auto days = ParseDate(s);
      if (!days || *days < INT32_MIN || *days > INT32_MAX) return bad("expected YYYY-MM-DD");
      return Literal::Date(static_cast<int32_t>(*days));
    }
    case TypeId::kTime: {
      FLOE_ASSIGN_OR_RETURN(std::string_view s, json.AsString());
      auto nanos = ParseTimeNanos(s);
      if (!nanos) return bad("expected HH:MM:SS.ffffff");
      if (*nanos % 1000 != 0) return bad("time has microsecond precision");
      return Literal::Time(*nanos / 1000);
    }
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTzNs: {
      FLOE_ASSIGN_OR_RETURN(std::string_view s, json.AsString());
      auto ts = ParseTimestamp(s);
      if (!ts) return bad("expected YYYY-MM-DDTHH:MM:SS.ffffff");
      if (HasZone(type.id()) && !ts->has_offset) return bad("a timestamptz needs a zone offset");
      if (!HasZone(type.id()) && ts->has_offset) {
        return bad("a timestamp without zone must not carry an offset");
      }
      if (HasNanos(type.id())) {
        if (!ts->nanos_in_range) return bad("out of range for nanoseconds since 1970");
        return Literal::Timestamp(ts->nanos);
      }
      if (ts->nanos_of_micro != 0) return bad("timestamp has microsecond precision");
      return Literal::Timestamp(ts->micros);
    }
    case TypeId::kString: {
      FLOE_ASSIGN_OR_RETURN(std::string_view s, json.AsString());
      return Literal::String(std::string(s));
    }
    case TypeId::kUuid: {
      FLOE_ASSIGN_OR_RETURN(std::string_view s, json.AsString());
      auto u = Uuid::Parse(s);
      if (!u) return bad("expected a UUID");
      return Literal::MakeUuid(*u);
    }
    case TypeId::kFixed:
    case TypeId::kBinary: {
      FLOE_ASSIGN_OR_RETURN(std::string_view s, json.AsString());
      auto bytes = ParseHex(s);
      if (!bytes) return bad("expected a hexadecimal string");
      if (type.id() == TypeId::kFixed && bytes->size() != static_cast<size_t>(type.length())) {
        return bad(fmt::format("expected {} bytes, got {}", type.length(), bytes->size()));
      }
      return Literal::Binary(std::move(*bytes));
    }
    default: {
      Error e = NotSupported("JSON single values of type {} are not supported", type.ToString());
      return json.path().empty() ? e : e.WithContext(json.path());
    }
  }
}

Status ValidateJsonValue(const Type& type, const JsonValue& json) {
  if (json.IsNull()) return Ok();
  switch (type.id()) {
    case TypeId::kStruct: {
      FLOE_ASSIGN_OR_RETURN(auto members, json.AsObject());
      for (const auto& [key, value] : members) {
        int32_t id = 0;
        auto [ptr, ec] = std::from_chars(key.data(), key.data() + key.size(), id);
        const NestedField* field =
            (ec == std::errc() && ptr == key.data() + key.size()) ? type.FieldById(id) : nullptr;
        if (field == nullptr) {
          return json.Invalid(fmt::format("\"{}\" is not a field id of {}", key, type.ToString()));
        }
        FLOE_RETURN_IF_ERROR(ValidateJsonValue(*field->type, value));
      }
      return Ok();
    }
    case TypeId::kList: {
      FLOE_ASSIGN_OR_RETURN(auto items, json.AsArray());
      for (const JsonValue& item : items) {
        FLOE_RETURN_IF_ERROR(ValidateJsonValue(*type.element().type, item));
      }
      return Ok();
    }
    case TypeId::kMap: {
      FLOE_ASSIGN_OR_RETURN(JsonValue keys_json, json.Get("keys"));
      FLOE_ASSIGN_OR_RETURN(JsonValue values_json, json.Get("values"));
      FLOE_ASSIGN_OR_RETURN(auto keys, keys_json.AsArray());
      FLOE_ASSIGN_OR_RETURN(auto values, values_json.AsArray());
      if (keys.size() != values.size()) {
        return json.Invalid(
            fmt::format("map has {} keys but {} values", keys.size(), values.size()));
      }
      for (const JsonValue& k : keys) {
        if (k.IsNull()) return k.Invalid("map keys must not be null");
        FLOE_RETURN_IF_ERROR(ValidateJsonValue(*type.key().type, k));
      }
      for (const JsonValue& v : values)
        FLOE_RETURN_IF_ERROR(ValidateJsonValue(*type.value().type, v));
      return Ok();
    }
    default: {
      FLOE_ASSIGN_OR_RETURN(Literal unused, FromJson(type, json));
      (void)unused;
      return Ok();
    }
  }
}

std::string ToHumanString(const Type& type, const Literal& value) {
  const Literal::Value& v = value.value();
  if (value.is_null()) return "null";
  switch (type.id()) {
    case TypeId::kDate:
      if (value.holds<int32_t>()) return FormatDate(value.get<int32_t>());
      break;
    case TypeId::kTime:
      if (value.holds<int64_t>() && value.get<int64_t>() >= 0 &&
          value.get<int64_t>() < kDayMicros) {
        return FormatTimeMicros(value.get<int64_t>());
      }
      break;
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTzNs:
      if (value.holds<int64_t>()) {
        return HasNanos(type.id())
                   ? FormatTimestampNanos(value.get<int64_t>(), HasZone(type.id()))
                   : FormatTimestampMicros(value.get<int64_t>(), HasZone(type.id()));
      }
      break;
    case TypeId::kDecimal:
      if (value.holds<Decimal>())
        return DecimalToString(value.get<Decimal>().unscaled, type.scale());
      break;
    default:
      break;
  }
  // Otherwise by the value's own kind.
  return std::visit(
      [](const auto& x) -> std::string {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return "null";
        } else if constexpr (std::is_same_v<T, bool>) {
          return x ? "true" : "false";
        } else if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>) {
          return std::to_string(x);
        } else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
          return FloatText(x);
        } else if constexpr (std::is_same_v<T, Decimal>) {
          return DecimalToString(x.unscaled, x.scale);
        } else if constexpr (std::is_same_v<T, std::string>) {
          return x;
        } else if constexpr (std::is_same_v<T, Uuid>) {
          return x.ToString();
        } else {
          return Base64(x.data);
        }
      },
      v);
}

}  // namespace floe::spec
