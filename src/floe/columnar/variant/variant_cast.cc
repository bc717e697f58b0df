// Spark's VariantGet casts (variant_cast.h), one value at a time into a builder of the target.
#include "floe/columnar/variant/variant_cast.h"

#include <charconv>
#include <cmath>
#include <optional>
#include <string_view>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/variant/variant_array.h"
#include "floe/columnar/variant/variant_builder.h"
#include "floe/columnar/variant/variant_json.h"
#include "floe/columnar/variant/variant_value.h"
#include "floe/util/ascii.h"
#include "floe/util/time.h"

namespace floe::columnar::variant {
namespace {

// 10^0 .. 10^38.
struct Powers {
  __int128 value[39] = {};
  constexpr Powers() {
    value[0] = 1;
    for (int i = 1; i < 39; ++i) value[i] = value[i - 1] * 10;
  }
};
constexpr Powers kPowers;

__int128 Pow10(int n) { return kPowers.value[n]; }
bool Fits(__int128 v, int digits) { return v < Pow10(digits) && v > -Pow10(digits); }
// v / d rounded half up (away from zero at .5), d > 0.
__int128 DivRoundHalfUp(__int128 v, __int128 d) {
  __int128 q = v / d, r = v % d;
  if (r < 0) r = -r;
  if (2 * r >= d) q += v < 0 ? -1 : 1;
  return q;
}

// One cast value, in the form its target column holds: an integer for integers, dates (days)
// and timestamps (micros), a double for floats, an unscaled decimal, bytes for strings/binary.
struct Cast {
  enum class Kind { kNull, kBool, kInt, kDouble, kDecimal, kBytes } kind = Kind::kNull;
  bool b = false;
  int64_t i = 0;
  double d = 0;
  __int128 dec = 0;
  std::string bytes;

  static Cast Bool(bool v) { return Cast{Kind::kBool, v}; }
  static Cast Int(int64_t v) { return Cast{Kind::kInt, false, v}; }
  static Cast Double(double v) { return Cast{Kind::kDouble, false, 0, v}; }
  static Cast Decimal(__int128 v) { return Cast{Kind::kDecimal, false, 0, 0, v}; }
  static Cast Bytes(std::string v) { return Cast{Kind::kBytes, false, 0, 0, 0, std::move(v)}; }
};
using Out = std::optional<Cast>;  // nullopt: the value does not cast

std::optional<__int128> ToDecimalUnscaled(const VariantValue& x, int precision, int scale) {
  __int128 unscaled = 0;
  switch (x.kind()) {
    case ValueKind::kInt8:
    case ValueKind::kInt16:
    case ValueKind::kInt32:
    case ValueKind::kInt64:
      // Checked before scaling: the product then stays below 10^precision.
      if (!Fits(x.GetInt(), precision - scale)) return std::nullopt;
      unscaled = static_cast<__int128>(x.GetInt()) * Pow10(scale);
      break;
    case ValueKind::kDecimal: {
      Decimal d = x.GetDecimal();
      if (d.scale <= scale) {
        if (!Fits(d.unscaled, 38 - (scale - d.scale))) return std::nullopt;
        unscaled = d.unscaled * Pow10(scale - d.scale);
      } else {
        unscaled = DivRoundHalfUp(d.unscaled, Pow10(d.scale - scale));
      }
      break;
    }
    case ValueKind::kDouble:
    case ValueKind::kFloat: {
      double d = x.kind() == ValueKind::kDouble ? x.GetDouble() : x.GetFloat();
      double scaled = std::round(d * std::pow(10.0, scale));
      if (!std::isfinite(scaled) || std::fabs(scaled) >= 1e38) return std::nullopt;
      unscaled = static_cast<__int128>(scaled);
      break;
    }
    default:
      return std::nullopt;
  }
  if (!Fits(unscaled, precision)) return std::nullopt;
  return unscaled;
}

std::optional<double> ToDouble(const VariantValue& x) {
  switch (x.kind()) {
    case ValueKind::kInt8:
    case ValueKind::kInt16:
    case ValueKind::kInt32:
    case ValueKind::kInt64:
      return static_cast<double>(x.GetInt());
    case ValueKind::kDecimal: {
      Decimal d = x.GetDecimal();
      return static_cast<double>(d.unscaled) / std::pow(10.0, d.scale);
    }
    case ValueKind::kDouble:
      return x.GetDouble();
    case ValueKind::kFloat:
      return x.GetFloat();
    case ValueKind::kBoolean:
      return x.GetBoolean() ? 1.0 : 0.0;
    default:
      return std::nullopt;
  }
}

int64_t IntLimit(const DataType& t, bool max) {
  switch (t.id()) {
    case TypeId::kInt8:
      return max ? INT8_MAX : INT8_MIN;
    case TypeId::kInt16:
      return max ? INT16_MAX : INT16_MIN;
    case TypeId::kInt32:
      return max ? INT32_MAX : INT32_MIN;
    default:
      return max ? INT64_MAX : INT64_MIN;
  }
}

std::string_view Trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

template <typename T>
std::optional<T> ParseNumber(std::string_view s) {
  T v = 0;
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

// The text of a string variant, trimmed: Spark casts such a string to the target type.
std::optional<std::string_view> AsString(const VariantValue& x) {
  if (x.kind() != ValueKind::kString) return std::nullopt;
  return Trimmed(x.GetString());
}

bool IsInt(ValueKind k) { return k >= ValueKind::kInt8 && k <= ValueKind::kInt64; }

Result<Out> CastValue(const VariantValue& x, const DataType& t) {
  if (x.kind() == ValueKind::kNull) return Out(Cast{});
  const bool is_object = x.kind() == ValueKind::kObject || x.kind() == ValueKind::kArray;
  switch (t.id()) {
    case TypeId::kString: {
      if (x.kind() == ValueKind::kString) return Out(Cast::Bytes(std::string(x.GetString())));
      std::string json;
      FLOE_RETURN_IF_ERROR(AppendJson(x, &json));
      return Out(Cast::Bytes(std::move(json)));
    }
    case TypeId::kBool:
      if (x.kind() == ValueKind::kBoolean) return Out(Cast::Bool(x.GetBoolean()));
      if (auto s = AsString(x)) {
        if (AsciiEqualsIgnoreCase(*s, "true")) return Out(Cast::Bool(true));
        if (AsciiEqualsIgnoreCase(*s, "false")) return Out(Cast::Bool(false));
        return Out();
      }
      if (is_object) return Out();
      if (auto d = ToDouble(x)) return Out(Cast::Bool(*d != 0));
      return Out();
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64: {
      const int64_t lo = IntLimit(t, false), hi = IntLimit(t, true);
      int64_t value = 0;
      if (IsInt(x.kind())) {
        value = x.GetInt();
      } else if (x.kind() == ValueKind::kDecimal) {
        Decimal d = x.GetDecimal();
        __int128 whole = d.scale > 38 ? 0 : d.unscaled / Pow10(d.scale);
        if (whole < lo || whole > hi) return Out();
        value = static_cast<int64_t>(whole);
      } else if (x.kind() == ValueKind::kDouble || x.kind() == ValueKind::kFloat) {
        double d = std::trunc(*ToDouble(x));
        if (!(d >= static_cast<double>(lo) && d < -static_cast<double>(lo))) return Out();
        value = static_cast<int64_t>(d);
      } else if (x.kind() == ValueKind::kBoolean) {
        value = x.GetBoolean() ? 1 : 0;
      } else if (auto s = AsString(x)) {
        auto parsed = ParseNumber<int64_t>(*s);
        if (!parsed) return Out();
        value = *parsed;
      } else {
        return Out();
      }
      if (value < lo || value > hi) return Out();
      return Out(Cast::Int(value));
    }
    case TypeId::kFloat32:
    case TypeId::kFloat64: {
      std::optional<double> d = AsString(x) ? ParseNumber<double>(*AsString(x)) : ToDouble(x);
      if (!d) return Out();
      return Out(Cast::Double(t.id() == TypeId::kFloat32 ? static_cast<float>(*d) : *d));
    }
    case TypeId::kDecimal128: {
      if (auto s = AsString(x)) {
        // A string is read as JSON: a number in it casts as that number.
        Result<EncodedVariant> parsed = ParseJson(*s);
        if (!parsed.ok()) return Out();
        FLOE_ASSIGN_OR_RETURN(VariantMetadata m, VariantMetadata::Make(parsed->metadata));
        FLOE_ASSIGN_OR_RETURN(VariantValue n, VariantValue::Make(&m, parsed->value));
        if (n.kind() == ValueKind::kString) return Out();
        return CastValue(n, t);
      }
      if (x.kind() == ValueKind::kDecimal && x.GetDecimal().scale > 38) {
        return Corrupt("variant decimal scale {} is above 38", x.GetDecimal().scale);
      }
      std::optional<__int128> u = ToDecimalUnscaled(x, t.precision(), t.scale());
      if (!u) return Out();
      return Out(Cast::Decimal(*u));
    }
    case TypeId::kBinary:
      if (x.kind() == ValueKind::kBinary) return Out(Cast::Bytes(std::string(x.GetBinary())));
      return Out();
    case TypeId::kDate32:
      if (x.kind() == ValueKind::kDate) return Out(Cast::Int(x.GetDate()));
      if (x.kind() == ValueKind::kTimestamp || x.kind() == ValueKind::kTimestampNtz) {
        return Out(Cast::Int(FloorDiv(x.GetTemporal(), 86400LL * 1000000)));
      }
      if (auto s = AsString(x)) {
        auto d = ParseDate(*s);
        if (!d) return Out();
        return Out(Cast::Int(*d));
      }
      return Out();
    case TypeId::kTimestamp: {
      switch (x.kind()) {
        case ValueKind::kTimestamp:
        case ValueKind::kTimestampNtz:
          return Out(Cast::Int(x.GetTemporal()));
        case ValueKind::kTimestampNanos:
        case ValueKind::kTimestampNtzNanos:
          return Out(Cast::Int(FloorDiv(x.GetTemporal(), 1000)));
        case ValueKind::kDate:
          return Out(Cast::Int(static_cast<int64_t>(x.GetDate()) * 86400LL * 1000000));
        default:
          break;
      }
      if (auto s = AsString(x)) {
        auto ts = ParseTimestamp(*s);
        if (!ts) return Out();
        if (ts->has_offset && t.timezone().empty()) return Out();
        return Out(Cast::Int(ts->micros));
      }
      return Out();
    }
    default:
      break;
  }
  return Internal("variant cast to {} was not checked", t.ToString());
}

Status AppendCast(const Cast& c, ArrayBuilder& builder) {
  if (c.kind == Cast::Kind::kNull) return builder.AppendNull();
  switch (builder.type()->id()) {
    case TypeId::kBool:
      return static_cast<BooleanBuilder&>(builder).Append(c.b);
    case TypeId::kInt8:
      return static_cast<Int8Builder&>(builder).Append(static_cast<int8_t>(c.i));
    case TypeId::kInt16:
      return static_cast<Int16Builder&>(builder).Append(static_cast<int16_t>(c.i));
    case TypeId::kInt32:
    case TypeId::kDate32:
      return static_cast<Int32Builder&>(builder).Append(static_cast<int32_t>(c.i));
    case TypeId::kInt64:
    case TypeId::kTimestamp:
      return static_cast<Int64Builder&>(builder).Append(c.i);
    case TypeId::kFloat32:
      return static_cast<FloatBuilder&>(builder).Append(static_cast<float>(c.d));
    case TypeId::kFloat64:
      return static_cast<DoubleBuilder&>(builder).Append(c.d);
    case TypeId::kDecimal128: {
      auto u = static_cast<unsigned __int128>(c.dec);
      return static_cast<Decimal128Builder&>(builder).Append(
          static_cast<uint64_t>(u), static_cast<int64_t>(static_cast<uint64_t>(u >> 64)));
    }
    case TypeId::kString:
    case TypeId::kBinary:
      return static_cast<BinaryBuilder&>(builder).Append(c.bytes);
    default:
      return Internal("variant cast into a {} column", builder.type()->ToString());
  }
}

// Appends `x` cast to `t` (`range`: the range a scalar must fit, e.g. int8 in an int32
// column). Returns false, having appended nothing, when x does not cast. Inside arrays, objects
// and maps an element that does not cast is an error (variant_get) or NULL (try_variant_get),
// as in Spark.
struct Nesting {
  bool try_get = false;
  std::string_view type_name;  // the whole target, for messages
};
Result<bool> AppendVariantCast(const VariantValue& x, const DataType& t, const DataType& range,
                               const Nesting& n, ArrayBuilder& b);

// An element of a nested target: cast, or NULL / an error when it does not cast.
Status AppendElement(const VariantValue& x, const DataType& t, const Nesting& n, ArrayBuilder& b) {
  FLOE_ASSIGN_OR_RETURN(bool cast, AppendVariantCast(x, t, t, n, b));
  if (cast) return Ok();
  if (n.try_get) return b.AppendNull();
  std::string json;
  FLOE_RETURN_IF_ERROR(AppendJson(x, &json));
  return InvalidArgument(
      "the variant value {} cannot be cast to {} inside {} (try_variant_get gives NULL instead)",
      json, t.ToString(), n.type_name);
}

// The field of object `x` named `name`: exact, else the one equal ignoring ASCII case (Spark
// resolves names case-insensitively by default).
Result<std::optional<VariantValue>> FieldNamed(const VariantValue& x, std::string_view name) {
  FLOE_ASSIGN_OR_RETURN(std::optional<VariantValue> exact, x.Field(name));
  if (exact) return exact;
  for (uint32_t i = 0; i < x.num_elements(); ++i) {
    FLOE_ASSIGN_OR_RETURN(std::string_view field, x.FieldName(i));
    if (AsciiEqualsIgnoreCase(field, name)) {
      FLOE_ASSIGN_OR_RETURN(VariantValue v, x.FieldValue(i));
      return std::optional<VariantValue>(v);
    }
  }
  return std::optional<VariantValue>();
}

Result<bool> AppendVariantCast(const VariantValue& x, const DataType& t, const DataType& range,
                               const Nesting& n, ArrayBuilder& b) {
  if (t.is_variant()) {
    VariantBuilder value;
    FLOE_RETURN_IF_ERROR(value.AppendValue(x));
    auto& s = static_cast<StructBuilder&>(b);
    FLOE_RETURN_IF_ERROR(s.Append(true));
    FLOE_RETURN_IF_ERROR(static_cast<BinaryBuilder*>(s.child(0))->Append(value.Metadata()));
    FLOE_RETURN_IF_ERROR(static_cast<BinaryBuilder*>(s.child(1))->Append(value.TakeValue()));
    return true;
  }
  if (x.kind() == ValueKind::kNull) {
    FLOE_RETURN_IF_ERROR(b.AppendNull());
    return true;
  }
  switch (t.id()) {
    case TypeId::kList: {
      if (x.kind() != ValueKind::kArray) return false;
      auto& list = static_cast<ListBuilder&>(b);
      FLOE_RETURN_IF_ERROR(list.Append(true));
      const DataType& element = *t.children()[0].type;
      for (uint32_t i = 0; i < x.num_elements(); ++i) {
        FLOE_ASSIGN_OR_RETURN(VariantValue e, x.Element(i));
        FLOE_RETURN_IF_ERROR(AppendElement(e, element, n, *list.value_builder()));
      }
      return true;
    }
    case TypeId::kMap: {
      if (x.kind() != ValueKind::kObject) return false;
      auto& map = static_cast<MapBuilder&>(b);
      FLOE_RETURN_IF_ERROR(map.Append(true));
      const DataType& item = *t.children()[0].type->children()[1].type;
      for (uint32_t i = 0; i < x.num_elements(); ++i) {
        FLOE_ASSIGN_OR_RETURN(std::string_view key, x.FieldName(i));
        FLOE_ASSIGN_OR_RETURN(VariantValue v, x.FieldValue(i));
        FLOE_RETURN_IF_ERROR(map.entries_builder()->Append(true));
        FLOE_RETURN_IF_ERROR(static_cast<BinaryBuilder*>(map.key_builder())->Append(key));
        FLOE_RETURN_IF_ERROR(AppendElement(v, item, n, *map.item_builder()));
      }
      return true;
    }
    case TypeId::kStruct: {
      if (x.kind() != ValueKind::kObject) return false;
      auto& s = static_cast<StructBuilder&>(b);
      FLOE_RETURN_IF_ERROR(s.Append(true));
      for (size_t i = 0; i < t.children().size(); ++i) {
        const Field& field = t.children()[i];
        ArrayBuilder& child = *s.child(static_cast<int>(i));
        FLOE_ASSIGN_OR_RETURN(std::optional<VariantValue> v, FieldNamed(x, field.name));
        if (!v) {
          FLOE_RETURN_IF_ERROR(child.AppendNull());
          continue;
        }
        FLOE_RETURN_IF_ERROR(AppendElement(*v, *field.type, n, child));
      }
      return true;
    }
    default:
      break;
  }
  FLOE_ASSIGN_OR_RETURN(Out cast, CastValue(x, range));
  if (!cast) return false;
  FLOE_RETURN_IF_ERROR(AppendCast(*cast, b));
  return true;
}

}  // namespace

Status CheckVariantCastTarget(const DataType& t, std::string_view type_name) {
  if (t.is_variant()) return Ok();
  switch (t.id()) {
    case TypeId::kString:
    case TypeId::kBool:
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kFloat32:
    case TypeId::kFloat64:
    case TypeId::kDecimal128:
    case TypeId::kBinary:
    case TypeId::kDate32:
      return Ok();
    case TypeId::kTimestamp:
      if (t.unit() == TimeUnit::kMicro) return Ok();
      break;
    case TypeId::kList:
    case TypeId::kStruct:
      for (const Field& f : t.children()) {
        FLOE_RETURN_IF_ERROR(CheckVariantCastTarget(*f.type, type_name));
      }
      return Ok();
    case TypeId::kMap: {
      const DataType& entries = *t.children()[0].type;
      if (entries.children()[0].type->id() != TypeId::kString) {
        return NotSupported("variant_get to {}: map keys must be strings", type_name);
      }
      return CheckVariantCastTarget(*entries.children()[1].type, type_name);
    }
    default:
      break;
  }
  return NotSupported("variant_get to {} is not supported by floe", type_name);
}

Result<ArrayPtr> VariantGetColumn(const ArrayData& variants, int64_t first, int64_t length,
                                  const uint8_t* valid, const VariantGetSpec& spec) {
  const DataType& cast_type = spec.cast_type ? *spec.cast_type : *spec.target;
  FLOE_RETURN_IF_ERROR(CheckVariantCastTarget(cast_type, spec.type_name));
  FLOE_ASSIGN_OR_RETURN(auto builder, MakeBuilder(spec.target));
  const Nesting nesting{spec.try_get, spec.type_name};
  for (int64_t i = 0; i < length; ++i) {
    const int64_t row = first + i;
    if ((valid != nullptr && valid[i] == 0) || variants.IsNull(row)) {
      FLOE_RETURN_IF_ERROR(builder->AppendNull());
      continue;
    }
    VariantBytes bytes = VariantAt(variants, row);
    FLOE_ASSIGN_OR_RETURN(VariantMetadata metadata, VariantMetadata::Make(bytes.metadata));
    FLOE_ASSIGN_OR_RETURN(VariantValue root, VariantValue::Make(&metadata, bytes.value));
    FLOE_ASSIGN_OR_RETURN(std::optional<VariantValue> found, Extract(root, spec.path));
    if (!found) {
      FLOE_RETURN_IF_ERROR(builder->AppendNull());
      continue;
    }
    FLOE_ASSIGN_OR_RETURN(bool cast,
                          AppendVariantCast(*found, *spec.target, cast_type, nesting, *builder));
    if (cast) continue;
    if (spec.try_get) {
      FLOE_RETURN_IF_ERROR(builder->AppendNull());
      continue;
    }
    std::string json;
    FLOE_RETURN_IF_ERROR(AppendJson(*found, &json));
    return InvalidArgument(
        "the variant value {} cannot be cast to {} (try_variant_get gives NULL instead)", json,
        spec.type_name);
  }
  return builder->Finish();
}

}  // namespace floe::columnar::variant
