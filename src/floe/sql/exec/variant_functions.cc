// Spark 4's variant functions: parse_json, try_parse_json, to_json, is_variant_null,
// schema_of_variant, and variant_get / try_variant_get (bound with their constant path and type
// by BindVariantGet). Values are cast out of a variant as Spark's VariantGet casts them: numbers
// between numeric types when they fit (decimals round half up, fractions truncate to integers),
// strings parsed as the target type, anything to string as its JSON text (a string as itself),
// a variant null or a missing path to NULL. A value that does not cast is an error naming the
// value and the type for variant_get, NULL for try_variant_get.
#include "floe/sql/exec/variant_functions.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>

#include "floe/columnar/variant/variant_array.h"
#include "floe/columnar/variant/variant_json.h"
#include "floe/columnar/variant/variant_path.h"
#include "floe/sql/exec/decimal_math.h"
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/util/ascii.h"
#include "floe/util/time.h"

namespace floe::sql {

namespace {

namespace v = columnar::variant;
using columnar::ArrayPtr;
using columnar::DataType;
using columnar::DataTypePtr;
using columnar::TypeId;

// The variant at `row` of a valid slot, parsed (views into the array).
struct RowVariant {
  v::VariantMetadata metadata;
  std::string_view value;
};

Result<RowVariant> RowOf(const columnar::ArrayData& a, int64_t row) {
  v::VariantBytes b = v::VariantAt(a, row);
  FLOE_ASSIGN_OR_RETURN(v::VariantMetadata m, v::VariantMetadata::Make(b.metadata));
  return RowVariant{m, b.value};
}

Result<std::optional<__int128>> ToDecimalUnscaled(const v::VariantValue& x, int precision,
                                                  int scale) {
  __int128 unscaled = 0;
  switch (x.kind()) {
    case v::ValueKind::kInt8:
    case v::ValueKind::kInt16:
    case v::ValueKind::kInt32:
    case v::ValueKind::kInt64:
      // Checked before scaling: the product then stays below 10^precision.
      if (!DecimalFits(x.GetInt(), precision - scale)) return std::optional<__int128>();
      unscaled = static_cast<__int128>(x.GetInt()) * Pow10(scale);
      break;
    case v::ValueKind::kDecimal: {
      v::Decimal d = x.GetDecimal();
      if (d.scale > 38) return Corrupt("variant decimal scale {} is above 38", d.scale);
      if (d.scale <= scale) {
        if (!DecimalFits(d.unscaled, 38 - (scale - d.scale))) return std::optional<__int128>();
        unscaled = d.unscaled * Pow10(scale - d.scale);
      } else {
        unscaled = DivRoundHalfUp(d.unscaled, Pow10(d.scale - scale));
      }
      break;
    }
    case v::ValueKind::kDouble:
    case v::ValueKind::kFloat: {
      double d = x.kind() == v::ValueKind::kDouble ? x.GetDouble() : x.GetFloat();
      double scaled = std::round(d * std::pow(10.0, scale));
      if (!std::isfinite(scaled) || std::fabs(scaled) >= 1e38) return std::optional<__int128>();
      unscaled = static_cast<__int128>(scaled);
      break;
    }
    default:
      return std::optional<__int128>();
  }
  if (!DecimalFits(unscaled, precision)) return std::optional<__int128>();
  return std::optional<__int128>(unscaled);
}

std::optional<double> ToDouble(const v::VariantValue& x) {
  switch (x.kind()) {
    case v::ValueKind::kInt8:
    case v::ValueKind::kInt16:
    case v::ValueKind::kInt32:
    case v::ValueKind::kInt64:
      return static_cast<double>(x.GetInt());
    case v::ValueKind::kDecimal: {
      v::Decimal d = x.GetDecimal();
      return static_cast<double>(d.unscaled) / std::pow(10.0, d.scale);
    }
    case v::ValueKind::kDouble:
      return x.GetDouble();
    case v::ValueKind::kFloat:
      return x.GetFloat();
    case v::ValueKind::kBoolean:
      return x.GetBoolean() ? 1.0 : 0.0;
    default:
      return std::nullopt;
  }
}

std::optional<int64_t> IntLimit(const DataType& t, bool max) {
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

std::optional<int64_t> ParseInt64(std::string_view s) {
  int64_t v = 0;
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

std::optional<double> ParseDouble(std::string_view s) {
  double v = 0;
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

// The text of a string variant, trimmed: Spark casts such a string to the target type.
std::optional<std::string> AsString(const v::VariantValue& x) {
  if (x.kind() != v::ValueKind::kString) return std::nullopt;
  return std::string(Trimmed(x.GetString()));
}

}  // namespace

Result<std::optional<Scalar>> CastVariant(const v::VariantValue& x, const DataType& t) {
  using Out = std::optional<Scalar>;
  if (x.kind() == v::ValueKind::kNull) return Out(Scalar::Null());
  const bool is_object = x.kind() == v::ValueKind::kObject || x.kind() == v::ValueKind::kArray;
  switch (t.id()) {
    case TypeId::kString: {
      if (x.kind() == v::ValueKind::kString) return Out(Scalar::String(std::string(x.GetString())));
      std::string json;
      FLOE_RETURN_IF_ERROR(v::AppendJson(x, &json));
      return Out(Scalar::String(std::move(json)));
    }
    case TypeId::kBool:
      if (x.kind() == v::ValueKind::kBoolean) return Out(Scalar::Bool(x.GetBoolean()));
      if (auto s = AsString(x)) {
        if (AsciiEqualsIgnoreCase(*s, "true")) return Out(Scalar::Bool(true));
        if (AsciiEqualsIgnoreCase(*s, "false")) return Out(Scalar::Bool(false));
        return Out();
      }
      if (is_object) return Out();
      if (auto d = ToDouble(x)) return Out(Scalar::Bool(*d != 0));
      return Out();
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64: {
      const int64_t lo = *IntLimit(t, false), hi = *IntLimit(t, true);
      int64_t value = 0;
      if (x.kind() >= v::ValueKind::kInt8 && x.kind() <= v::ValueKind::kInt64) {
        value = x.GetInt();
      } else if (x.kind() == v::ValueKind::kDecimal) {
        v::Decimal d = x.GetDecimal();
        __int128 whole = d.scale > 38 ? 0 : d.unscaled / Pow10(d.scale);
        if (whole < lo || whole > hi) return Out();
        value = static_cast<int64_t>(whole);
      } else if (x.kind() == v::ValueKind::kDouble || x.kind() == v::ValueKind::kFloat) {
        double d = std::trunc(*ToDouble(x));
        if (!(d >= static_cast<double>(lo) && d < -static_cast<double>(lo))) return Out();
        value = static_cast<int64_t>(d);
      } else if (x.kind() == v::ValueKind::kBoolean) {
        value = x.GetBoolean() ? 1 : 0;
      } else if (auto s = AsString(x)) {
        auto parsed = ParseInt64(*s);
        if (!parsed) return Out();
        value = *parsed;
      } else {
        return Out();
      }
      if (value < lo || value > hi) return Out();
      return Out(Scalar::Int(value));
    }
    case TypeId::kFloat32:
    case TypeId::kFloat64: {
      if (auto s = AsString(x)) {
        auto parsed = ParseDouble(*s);
        if (!parsed) return Out();
        return Out(
            Scalar::Double(t.id() == TypeId::kFloat32 ? static_cast<float>(*parsed) : *parsed));
      }
      auto d = ToDouble(x);
      if (!d) return Out();
      return Out(Scalar::Double(t.id() == TypeId::kFloat32 ? static_cast<float>(*d) : *d));
    }
    case TypeId::kDecimal128: {
      if (auto s = AsString(x)) {
        FLOE_ASSIGN_OR_RETURN(v::EncodedVariant parsed, [&]() -> Result<v::EncodedVariant> {
          auto r = v::ParseJson(*s);
          if (!r.ok()) return v::EncodedVariant{};
          return r;
        }());
        if (parsed.value.empty()) return Out();
        FLOE_ASSIGN_OR_RETURN(v::VariantMetadata m, v::VariantMetadata::Make(parsed.metadata));
        FLOE_ASSIGN_OR_RETURN(v::VariantValue n, v::VariantValue::Make(&m, parsed.value));
        if (n.kind() == v::ValueKind::kString) return Out();
        return CastVariant(n, t);
      }
      FLOE_ASSIGN_OR_RETURN(std::optional<__int128> u,
                            ToDecimalUnscaled(x, t.precision(), t.scale()));
      if (!u) return Out();
      return Out(Scalar::Decimal(*u));
    }
    case TypeId::kBinary:
      if (x.kind() == v::ValueKind::kBinary) return Out(Scalar::String(std::string(x.GetBinary())));
      return Out();
    case TypeId::kDate32:
      if (x.kind() == v::ValueKind::kDate) return Out(Scalar::Int(x.GetDate()));
      if (x.kind() == v::ValueKind::kTimestamp || x.kind() == v::ValueKind::kTimestampNtz) {
        return Out(Scalar::Int(FloorDiv(x.GetTemporal(), 86400LL * 1000000)));
      }
      if (auto s = AsString(x)) {
        auto d = ParseDate(*s);
        if (!d) return Out();
        return Out(Scalar::Int(*d));
      }
      return Out();
    case TypeId::kTimestamp: {
      if (t.unit() != columnar::TimeUnit::kMicro) break;
      switch (x.kind()) {
        case v::ValueKind::kTimestamp:
        case v::ValueKind::kTimestampNtz:
          return Out(Scalar::Int(x.GetTemporal()));
        case v::ValueKind::kTimestampNanos:
        case v::ValueKind::kTimestampNtzNanos:
          return Out(Scalar::Int(FloorDiv(x.GetTemporal(), 1000)));
        case v::ValueKind::kDate:
          return Out(Scalar::Int(static_cast<int64_t>(x.GetDate()) * 86400LL * 1000000));
        default:
          break;
      }
      if (auto s = AsString(x)) {
        auto ts = ParseTimestamp(*s);
        if (!ts) return Out();
        if (ts->has_offset && t.timezone().empty()) return Out();
        return Out(Scalar::Int(ts->micros));
      }
      return Out();
    }
    default:
      break;
  }
  return NotSupported("variant_get to {} is not supported by floe", SparkTypeName(t));
}

namespace {

// schema_of_variant: Spark's type names, objects' fields sorted, array elements merged.
// Precision and scale of "DECIMAL(p,s)", or of BIGINT as Spark widens it (decimal(20,0)).
std::optional<std::pair<int, int>> DecimalOf(const std::string& s) {
  if (s == "BIGINT") return std::make_pair(20, 0);
  int p = 0, q = 0;
  if (std::sscanf(s.c_str(), "DECIMAL(%d,%d)", &p, &q) == 2) return std::make_pair(p, q);
  return std::nullopt;
}

std::string MergeSchemas(const std::string& a, const std::string& b) {
  if (a == b || b == "VOID") return a;
  if (a == "VOID") return b;
  auto da = DecimalOf(a), db = DecimalOf(b);
  if (da && db) {
    int scale = std::max(da->second, db->second);
    int digits = std::max(da->first - da->second, db->first - db->second);
    return fmt::format("DECIMAL({},{})", std::min(38, digits + scale), scale);
  }
  auto floating = [](const std::string& s) { return s == "DOUBLE" || s == "FLOAT"; };
  if ((floating(a) || da) && (floating(b) || db)) return "DOUBLE";
  return "VARIANT";
}

Result<std::string> SchemaOf(const v::VariantValue& x) {
  switch (x.kind()) {
    case v::ValueKind::kDecimal: {
      v::Decimal d = x.GetDecimal();
      __int128 u = d.unscaled < 0 ? -d.unscaled : d.unscaled;
      int digits = 0;
      while (u > 0) {
        u /= 10;
        ++digits;
      }
      int precision = std::max(digits, d.scale);
      if (precision == 0) precision = 1;
      return fmt::format("DECIMAL({},{})", precision, d.scale);
    }
    case v::ValueKind::kObject: {
      std::string out = "OBJECT<";
      for (uint32_t i = 0; i < x.num_elements(); ++i) {
        if (i > 0) out += ", ";
        FLOE_ASSIGN_OR_RETURN(std::string_view name, x.FieldName(i));
        FLOE_ASSIGN_OR_RETURN(v::VariantValue f, x.FieldValue(i));
        FLOE_ASSIGN_OR_RETURN(std::string s, SchemaOf(f));
        out += std::string(name) + ": " + s;
      }
      return out + ">";
    }
    case v::ValueKind::kArray: {
      std::string element = "VOID";
      for (uint32_t i = 0; i < x.num_elements(); ++i) {
        FLOE_ASSIGN_OR_RETURN(v::VariantValue e, x.Element(i));
        FLOE_ASSIGN_OR_RETURN(std::string s, SchemaOf(e));
        element = MergeSchemas(element, s);
      }
      return "ARRAY<" + element + ">";
    }
    default:
      return std::string(v::KindName(x.kind()));
  }
}

// A kernel over one variant argument, row by row: `fn` gets each valid row's value and appends
// to the builder (of `out`).
using VariantRowFn =
    std::function<Status(const v::VariantValue& value, columnar::ArrayBuilder& builder)>;

Kernel VariantRowKernel(DataTypePtr out, VariantRowFn fn, bool null_is_false = false) {
  return [out, fn = std::move(fn), null_is_false](const std::vector<ArrayPtr>& args,
                                                  int64_t num_rows) -> Result<ArrayPtr> {
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(out));
    const columnar::ArrayData& a = *args[0];
    for (int64_t row = 0; row < num_rows; ++row) {
      if (a.IsNull(row)) {
        if (null_is_false) {
          FLOE_RETURN_IF_ERROR(AppendScalar(*builder, Scalar::Bool(false)));
        } else {
          FLOE_RETURN_IF_ERROR(builder->AppendNull());
        }
        continue;
      }
      FLOE_ASSIGN_OR_RETURN(RowVariant rv, RowOf(a, row));
      FLOE_ASSIGN_OR_RETURN(v::VariantValue value, v::VariantValue::Make(&rv.metadata, rv.value));
      FLOE_RETURN_IF_ERROR(fn(value, *builder));
    }
    return builder->Finish();
  };
}

Kernel ParseJsonKernel(bool try_parse) {
  return [try_parse](const std::vector<ArrayPtr>& args, int64_t num_rows) -> Result<ArrayPtr> {
    v::VariantArrayBuilder out;
    const columnar::ArrayData& a = *args[0];
    for (int64_t row = 0; row < num_rows; ++row) {
      if (a.IsNull(row)) {
        FLOE_RETURN_IF_ERROR(out.AppendNull());
        continue;
      }
      Result<v::EncodedVariant> parsed = v::ParseJson(a.GetView(row));
      if (!parsed.ok()) {
        if (try_parse) {
          FLOE_RETURN_IF_ERROR(out.AppendNull());
          continue;
        }
        return parsed.error();
      }
      FLOE_RETURN_IF_ERROR(out.Append(parsed->metadata, parsed->value));
    }
    return out.Finish();
  };
}

bool IsVariantType(const DataTypePtr& t) { return t->is_variant(); }

}  // namespace

FamilyBinding BindVariantFunction(std::string_view name, const std::vector<DataTypePtr>& args,
                                  const EvalContextPtr&) {
  if (name == "parse_json" || name == "try_parse_json") {
    if (args.size() != 1) return FamilyBinding(InvalidArgument("{} takes one string", name));
    return FamilyBinding(FunctionBinding{
        columnar::Variant(), {columnar::Utf8()}, ParseJsonKernel(name == "try_parse_json")});
  }
  const bool variant_fn =
      name == "to_json" || name == "is_variant_null" || name == "schema_of_variant";
  if (!variant_fn) return std::nullopt;
  if (args.size() != 1 || !IsVariantType(args[0])) {
    if (name == "to_json") return std::nullopt;  // to_json of other types: not floe's yet
    return FamilyBinding(
        InvalidArgument("{} takes one variant, not {}", name, FunctionSignature(name, args)));
  }
  if (name == "to_json") {
    return FamilyBinding(FunctionBinding{
        columnar::Utf8(),
        {args[0]},
        VariantRowKernel(columnar::Utf8(),
                         [](const v::VariantValue& x, columnar::ArrayBuilder& b) -> Status {
                           std::string json;
                           FLOE_RETURN_IF_ERROR(v::AppendJson(x, &json));
                           return AppendScalar(b, Scalar::String(std::move(json)));
                         })});
  }
  if (name == "is_variant_null") {
    return FamilyBinding(
        FunctionBinding{columnar::Boolean(),
                        {args[0]},
                        VariantRowKernel(
                            columnar::Boolean(),
                            [](const v::VariantValue& x, columnar::ArrayBuilder& b) -> Status {
                              return AppendScalar(b, Scalar::Bool(x.kind() == v::ValueKind::kNull));
                            },
                            /*null_is_false=*/true)});
  }
  return FamilyBinding(FunctionBinding{
      columnar::Utf8(),
      {args[0]},
      VariantRowKernel(columnar::Utf8(),
                       [](const v::VariantValue& x, columnar::ArrayBuilder& b) -> Status {
                         FLOE_ASSIGN_OR_RETURN(std::string s, SchemaOf(x));
                         return AppendScalar(b, Scalar::String(std::move(s)));
                       })});
}

Result<FunctionBinding> BindVariantGet(const DataTypePtr& input, const std::string& path_text,
                                       const DataTypePtr& target, bool try_get,
                                       const DataTypePtr& range_type) {
  const DataTypePtr cast_type = range_type ? range_type : target;
  const char* name = try_get ? "try_variant_get" : "variant_get";
  if (!input->is_variant() && input->id() != TypeId::kNull) {
    return InvalidArgument("{}: argument 1 is {}, not a variant", name, SparkTypeName(*input));
  }
  FLOE_ASSIGN_OR_RETURN(v::VariantPath path, v::ParsePath(path_text));
  if (!target->is_variant() && target->is_nested()) {
    return NotSupported("{}: extracting {} is not supported by floe yet; extract fields one by one",
                        name, SparkTypeName(*target));
  }
  Kernel kernel = [path, target, cast_type, try_get](const std::vector<ArrayPtr>& args,
                                                     int64_t num_rows) -> Result<ArrayPtr> {
    const columnar::ArrayData& a = *args[0];
    const bool null_input = a.type->id() == TypeId::kNull;
    if (target->is_variant()) {
      v::VariantArrayBuilder out;
      v::VariantBuilder b;
      for (int64_t row = 0; row < num_rows; ++row) {
        if (null_input || a.IsNull(row)) {
          FLOE_RETURN_IF_ERROR(out.AppendNull());
          continue;
        }
        FLOE_ASSIGN_OR_RETURN(RowVariant rv, RowOf(a, row));
        FLOE_ASSIGN_OR_RETURN(v::VariantValue root, v::VariantValue::Make(&rv.metadata, rv.value));
        FLOE_ASSIGN_OR_RETURN(std::optional<v::VariantValue> found, v::Extract(root, path));
        if (!found) {
          FLOE_RETURN_IF_ERROR(out.AppendNull());
          continue;
        }
        b.Reset();
        FLOE_RETURN_IF_ERROR(b.AppendValue(*found));
        std::string value = b.TakeValue();
        FLOE_RETURN_IF_ERROR(out.Append(b.Metadata(), value));
      }
      return out.Finish();
    }
    FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(target));
    for (int64_t row = 0; row < num_rows; ++row) {
      if (null_input || a.IsNull(row)) {
        FLOE_RETURN_IF_ERROR(builder->AppendNull());
        continue;
      }
      FLOE_ASSIGN_OR_RETURN(RowVariant rv, RowOf(a, row));
      FLOE_ASSIGN_OR_RETURN(v::VariantValue root, v::VariantValue::Make(&rv.metadata, rv.value));
      FLOE_ASSIGN_OR_RETURN(std::optional<v::VariantValue> found, v::Extract(root, path));
      if (!found) {
        FLOE_RETURN_IF_ERROR(builder->AppendNull());
        continue;
      }
      FLOE_ASSIGN_OR_RETURN(std::optional<Scalar> cast, CastVariant(*found, *cast_type));
      if (!cast) {
        if (try_get) {
          FLOE_RETURN_IF_ERROR(builder->AppendNull());
          continue;
        }
        std::string json;
        FLOE_RETURN_IF_ERROR(v::AppendJson(*found, &json));
        return InvalidArgument(
            "the variant value {} cannot be cast to {} (try_variant_get gives NULL instead)", json,
            SparkTypeName(*cast_type));
      }
      FLOE_RETURN_IF_ERROR(AppendScalar(*builder, *cast));
    }
    return builder->Finish();
  };
  return FunctionBinding{target, {input}, std::move(kernel)};
}

}  // namespace floe::sql
