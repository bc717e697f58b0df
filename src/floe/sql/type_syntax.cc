#include "floe/sql/type_syntax.h"

#include "floe/columnar/geo_extension.h"
#include "floe/columnar/value_text.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/util/ascii.h"

namespace floe::sql {

using syntax::TypeKind;

Result<columnar::Field> FieldFromSyntax(std::string name, const syntax::TypeName& type,
                                        bool nullable) {
  FLOE_ASSIGN_OR_RETURN(auto t, TypeFromSyntax(type));
  columnar::Field field(std::move(name), std::move(t), nullable);
  if (type.kind == TypeKind::kUuid) field = columnar::WithUuidExtension(std::move(field));
  if (type.kind == TypeKind::kGeometry || type.kind == TypeKind::kGeography) {
    columnar::GeoColumn geo;
    geo.geography = type.kind == TypeKind::kGeography;
    geo.crs = type.crs;
    geo.algorithm = AsciiLower(type.algorithm);
    field = columnar::WithGeoExtension(std::move(field), geo);
  }
  return field;
}

Result<columnar::DataTypePtr> TypeFromSyntax(const syntax::TypeName& type) {
  switch (type.kind) {
    case TypeKind::kBoolean:
      return columnar::Boolean();
    case TypeKind::kTinyInt:
    case TypeKind::kSmallInt:
    case TypeKind::kInt:
      return columnar::Int32();
    case TypeKind::kBigInt:
      return columnar::Int64();
    case TypeKind::kFloat:
      return columnar::Float32();
    case TypeKind::kDouble:
      return columnar::Float64();
    case TypeKind::kDecimal: {
      int precision = type.precision < 0 ? 10 : type.precision;
      int scale = type.scale < 0 ? 0 : type.scale;
      if (!columnar::Decimal128Valid(precision, scale)) {
        return InvalidArgument("DECIMAL({},{}): precision must be 1..38 and scale 0..precision",
                               precision, scale);
      }
      return columnar::Decimal128(precision, scale);
    }
    case TypeKind::kString:
    case TypeKind::kVarchar:
    case TypeKind::kChar:
      return columnar::Utf8();
    case TypeKind::kBinary:
      return columnar::Binary();
    case TypeKind::kDate:
      return columnar::Date32();
    case TypeKind::kTimestamp:
      return TimestampType();
    case TypeKind::kTimestampNtz:
      return TimestampNtzType();
    case TypeKind::kTimestampNs:
      return columnar::Timestamp(columnar::TimeUnit::kNano);
    case TypeKind::kTimestampTzNs:
      return columnar::Timestamp(columnar::TimeUnit::kNano, "UTC");
    case TypeKind::kGeometry:  // WKB; FieldFromSyntax marks the field with the CRS
    case TypeKind::kGeography:
      return columnar::Binary();
    case TypeKind::kTime:
      return columnar::Time64(columnar::TimeUnit::kMicro);
    case TypeKind::kUuid:
      return columnar::Uuid();
    case TypeKind::kVariant:
      return columnar::Variant();
    case TypeKind::kFixed:
      if (type.length <= 0) return InvalidArgument("FIXED needs a length");
      return columnar::FixedSizeBinary(type.length);
    case TypeKind::kStruct: {
      std::vector<columnar::Field> fields;
      for (const auto& f : type.fields) {
        FLOE_ASSIGN_OR_RETURN(columnar::Field field, FieldFromSyntax(f.name, f.type, !f.not_null));
        fields.push_back(std::move(field));
      }
      return columnar::Struct(std::move(fields));
    }
    case TypeKind::kArray: {
      FLOE_ASSIGN_OR_RETURN(columnar::Field element,
                            FieldFromSyntax("element", type.arguments.at(0), true));
      return columnar::List(std::move(element));
    }
    case TypeKind::kMap: {
      FLOE_ASSIGN_OR_RETURN(columnar::Field key,
                            FieldFromSyntax("key", type.arguments.at(0), false));
      FLOE_ASSIGN_OR_RETURN(columnar::Field value,
                            FieldFromSyntax("value", type.arguments.at(1), true));
      return columnar::Map(std::move(key), std::move(value));
    }
  }
  return Internal("unknown type");
}

}  // namespace floe::sql
