#include "floe/table/schema_conversion.h"

#include "floe/columnar/geo_extension.h"
#include "floe/columnar/value_text.h"

namespace floe::table {

namespace col = floe::columnar;
using columnar::DataType;
using columnar::Field;
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
    case TypeId::kGeometry:  // WKB; ToColumnarField marks the field with its CRS
    case TypeId::kGeography:
      return col::Binary();
    case TypeId::kUnknown:  // always null
      return col::Null();
    case TypeId::kVariant:
      return col::Variant();
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
  if (field.type->id() == TypeId::kGeometry || field.type->id() == TypeId::kGeography) {
    col::GeoColumn geo;
    geo.geography = field.type->id() == TypeId::kGeography;
    geo.crs = field.type->crs();
    geo.algorithm = field.type->algorithm();
    f = col::WithGeoExtension(std::move(f), geo);
  }
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

namespace {

bool AllHaveIds(const Field& f) {
  if (!f.field_id()) return false;
  const DataType& t = *f.type;
  switch (t.id()) {
    case col::TypeId::kStruct:
      if (t.is_variant()) return true;
      for (const Field& c : t.children()) {
        if (!AllHaveIds(c)) return false;
      }
      return true;
    case col::TypeId::kList:
      return AllHaveIds(t.value_field());
    case col::TypeId::kMap:
      return AllHaveIds(t.key_field()) && AllHaveIds(t.item_field());
    default:
      return true;
  }
}

Field AssignIds(const Field& field, int32_t* next) {
  Field f = field.WithFieldId((*next)++);
  const DataType& t = *field.type;
  if (t.id() == col::TypeId::kStruct && !t.is_variant()) {
    std::vector<Field> children;
    for (const Field& c : t.children()) children.push_back(AssignIds(c, next));
    f.type = columnar::Struct(std::move(children));
  } else if (t.id() == col::TypeId::kList) {
    f.type = columnar::List(AssignIds(t.value_field(), next));
  } else if (t.id() == col::TypeId::kMap) {
    Field key = AssignIds(t.key_field(), next);
    Field value = AssignIds(t.item_field(), next);
    f.type = columnar::Map(key, value, t.keys_sorted());
  }
  return f;
}

Result<spec::TypePtr> IcebergType(const Field& f);

Result<spec::NestedField> IcebergField(const Field& f) {
  spec::NestedField n;
  n.id = f.field_id().value_or(0);
  n.name = f.name;
  n.required = !f.nullable;
  FLOE_ASSIGN_OR_RETURN(n.type, IcebergType(f));
  return n;
}

Result<spec::TypePtr> IcebergType(const Field& f) {
  using spec::Type;
  const DataType& t = *f.type;
  switch (t.id()) {
    case col::TypeId::kBool:
      return Type::Boolean();
    case col::TypeId::kInt8:
    case col::TypeId::kInt16:
    case col::TypeId::kInt32:
    case col::TypeId::kUInt8:
    case col::TypeId::kUInt16:
      return Type::Int();
    case col::TypeId::kInt64:
    case col::TypeId::kUInt32:
      return Type::Long();
    case col::TypeId::kFloat32:
      return Type::Float();
    case col::TypeId::kFloat64:
      return Type::Double();
    case col::TypeId::kString:
      return Type::String();
    case col::TypeId::kBinary:
      if (auto geo = columnar::GeoColumnOf(f)) {
        return geo->geography ? Type::Geography(geo->crs, geo->algorithm)
                              : Type::Geometry(geo->crs);
      }
      return Type::Binary();
    case col::TypeId::kNull:
      return Type::Primitive(spec::TypeId::kUnknown);
    case col::TypeId::kFixedSizeBinary:
      if (t.byte_width() == 16 && columnar::IsUuidField(f)) return Type::Uuid();
      return Type::Fixed(t.byte_width());
    case col::TypeId::kDecimal128:
      return Type::Decimal(t.precision(), t.scale());
    case col::TypeId::kDate32:
      return Type::Date();
    case col::TypeId::kTime64:
      if (t.unit() == columnar::TimeUnit::kMicro) return Type::Time();
      break;
    case col::TypeId::kTimestamp:
      if (t.unit() == columnar::TimeUnit::kMicro) {
        return t.timezone().empty() ? Type::Timestamp() : Type::TimestampTz();
      }
      if (t.unit() == columnar::TimeUnit::kNano) {
        return Type::Primitive(t.timezone().empty() ? spec::TypeId::kTimestampNs
                                                    : spec::TypeId::kTimestampTzNs);
      }
      break;
    case col::TypeId::kStruct: {
      if (t.is_variant()) return Type::Primitive(spec::TypeId::kVariant);
      std::vector<spec::NestedField> fields;
      for (const Field& c : t.children()) {
        FLOE_ASSIGN_OR_RETURN(spec::NestedField n, IcebergField(c));
        fields.push_back(std::move(n));
      }
      return Type::Struct(std::move(fields));
    }
    case col::TypeId::kList: {
      FLOE_ASSIGN_OR_RETURN(spec::NestedField element, IcebergField(t.value_field()));
      return Type::List(std::move(element));
    }
    case col::TypeId::kMap: {
      FLOE_ASSIGN_OR_RETURN(spec::NestedField key, IcebergField(t.key_field()));
      FLOE_ASSIGN_OR_RETURN(spec::NestedField value, IcebergField(t.item_field()));
      return Type::Map(std::move(key), std::move(value));
    }
    default:
      break;
  }
  return NotSupported("column {}: {} has no Iceberg type", f.name, t.ToString());
}

}  // namespace

col::Schema WithFieldIds(const col::Schema& schema) {
  bool all = true;
  for (const Field& f : schema.fields()) all = all && AllHaveIds(f);
  if (all) return schema;
  std::vector<Field> fields;
  int32_t next = 1;
  for (const Field& f : schema.fields()) fields.push_back(AssignIds(f, &next));
  return col::Schema(std::move(fields), schema.metadata());
}

Result<spec::Schema> ToIcebergSchema(const col::Schema& schema) {
  spec::Schema out;
  for (const Field& f : schema.fields()) {
    FLOE_ASSIGN_OR_RETURN(spec::NestedField n, IcebergField(f));
    out.fields.push_back(std::move(n));
  }
  return out;
}

}  // namespace floe::table
