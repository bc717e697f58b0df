#include "floe/expr/variant_term.h"

#include "floe/expr/syntax/expression_parser.h"
#include "floe/util/ascii.h"

namespace floe::expr {

namespace v = columnar::variant;
using syntax::TypeKind;

Result<v::VariantGetSpec> VariantGetSpecOf(const ColumnRef& term) {
  const VariantGet& get = *term.variant_get;
  auto fail = [&](const Error& e) {
    return Error{e.kind, fmt::format("filter: {}: {}", term.ToString(), e.message)};
  };
  v::VariantGetSpec spec;
  spec.try_get = get.try_get;
  auto path = v::ParsePath(get.path);
  if (!path.ok()) return fail(path.error());
  spec.path = *std::move(path);
  auto type = syntax::ParseType(get.type_name);
  if (!type.ok()) {
    return fail(InvalidArgument("type '{}': {}", get.type_name, type.error().message));
  }
  spec.type_name = AsciiLower(syntax::ToSql(*type));
  switch (type->kind) {
    case TypeKind::kBoolean:
      spec.target = columnar::Boolean();
      break;
    case TypeKind::kTinyInt:
      spec.target = columnar::Int32();
      spec.cast_type = columnar::Int8();
      break;
    case TypeKind::kSmallInt:
      spec.target = columnar::Int32();
      spec.cast_type = columnar::Int16();
      break;
    case TypeKind::kInt:
      spec.target = columnar::Int32();
      break;
    case TypeKind::kBigInt:
      spec.target = columnar::Int64();
      break;
    case TypeKind::kFloat:
      spec.target = columnar::Float32();
      break;
    case TypeKind::kDouble:
      spec.target = columnar::Float64();
      break;
    case TypeKind::kDecimal: {
      int precision = type->precision < 0 ? 10 : type->precision;
      int scale = type->scale < 0 ? 0 : type->scale;
      if (!columnar::Decimal128Valid(precision, scale)) {
        return fail(InvalidArgument(
            "DECIMAL({},{}): precision must be 1..38 and scale 0..precision", precision, scale));
      }
      spec.target = columnar::Decimal128(precision, scale);
      break;
    }
    case TypeKind::kString:
    case TypeKind::kVarchar:
    case TypeKind::kChar:
      spec.target = columnar::Utf8();
      break;
    case TypeKind::kBinary:
      spec.target = columnar::Binary();
      break;
    case TypeKind::kDate:
      spec.target = columnar::Date32();
      break;
    case TypeKind::kTimestamp:
      spec.target = columnar::Timestamp(columnar::TimeUnit::kMicro, "UTC");
      break;
    case TypeKind::kTimestampNtz:
      spec.target = columnar::Timestamp(columnar::TimeUnit::kMicro, "");
      break;
    case TypeKind::kVariant:
      return fail(InvalidArgument(
          "a filter compares values of a type, not variants; name one, as in {}(v, '{}', 'int')",
          get.try_get ? "try_variant_get" : "variant_get", get.path));
    default:
      return fail(NotSupported("variant_get to {} is not supported in a filter", spec.type_name));
  }
  Status ok = v::CheckVariantCastTarget(*spec.target, spec.type_name);
  if (!ok.ok()) return fail(ok.error());
  return spec;
}

}  // namespace floe::expr
