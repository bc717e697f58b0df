#include "floe/table/schema_conversion.h"

#include "floe/columnar/value_text.h"
#include "floe/table/parquet_rewrite.h"

namespace floe::table {

namespace col = floe::columnar;
using spec::TypeId;

Result<col::DataTypePtr> ToColumnarType(const spec::Type& type) {
  switch (type.id()) {
    case TypeId::kBoolean:
      return col::Boolean();
    case TypeId::kInt:
      return col::Int32();
    case TypeId::kLong:
      return col::Int64();
    case TypeId::kFloat:
      return col::Float32();
    case TypeId::kDouble:
      return col::Float64();
    case TypeId::kDecimal:
      if (!col::Decimal128Valid(type.precision(), type.scale())) {
        return NotSupported("{} has no decimal128 form", type.ToString());
      }
      return col::Decimal128(type.precision(), type.scale());
    case TypeId::kDate:
      return col::Date32();
    case TypeId::kTime:
      return col::Time64(col::TimeUnit::kMicro);
    case TypeId::kTimestamp:
      return col::Timestamp(col::TimeUnit::kMicro);
    case TypeId::kTimestampTz:
      return col::Timestamp(col::TimeUnit::kMicro, "UTC");
    case TypeId::kTimestampNs:
      return col::Timestamp(col::TimeUnit::kNano);
    case TypeId::kTimestampTzNs:
      return col::Timestamp(col::TimeUnit::kNano, "UTC");
    case TypeId::kString:
      return col::Utf8();
    case TypeId::kUuid:
      return col::Uuid();
    case TypeId::kFixed:
      return col::FixedSizeBinary(type.length());
    case TypeId::kBinary:
      return col::Binary();
    case TypeId::kStruct: {
      std::vector<col::Field> fields;
      for (const spec::NestedField& f : type.fields()) {
        FLOE_ASSIGN_OR_RETURN(col::Field c, ToColumnarField(f));
        fields.push_back(std::move(c));
      }
      return col::Struct(std::move(fields));
    }
    case TypeId::kList: {
      FLOE_ASSIGN_OR_RETURN(col::Field element, ToColumnarField(type.element()));
      return col::List(std::move(element));
    }
    case TypeId::kMap: {
      FLOE_ASSIGN_OR_RETURN(col::Field key, ToColumnarField(type.key()));
      FLOE_ASSIGN_OR_RETURN(col::Field value, ToColumnarField(type.value()));
      return col::Map(std::move(key), std::move(value));
    }
    default:
      break;
  }
  return NotSupported("type {} cannot be written by floe yet", type.ToString());
}

Result<col::Field> ToColumnarField(const spec::NestedField& field) {
  FLOE_ASSIGN_OR_RETURN(col::DataTypePtr type, ToColumnarType(*field.type));
  col::Field f(field.name, std::move(type), !field.required);
  f = f.WithFieldId(field.id);
  // The uuid marker is what tells a uuid from a fixed[16] on the way back.
  if (field.type->id() == TypeId::kUuid) f = col::WithUuidExtension(std::move(f));
  return f;
}

Result<col::SchemaPtr> ToColumnarSchema(const spec::Schema& schema) {
  std::vector<col::Field> fields;
  for (const spec::NestedField& f : schema.fields) {
    FLOE_ASSIGN_OR_RETURN(col::Field c, ToColumnarField(f));
    fields.push_back(std::move(c));
  }
  return std::make_shared<const col::Schema>(std::move(fields));
}

Result<spec::Schema> ToIcebergSchema(const col::Schema& schema) { return IcebergSchemaOf(schema); }

}  // namespace floe::table
