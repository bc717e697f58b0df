#include "floe/format/parquet/columnar_type.h"

#include "floe/util/ascii.h"

namespace floe::parquet {

namespace {

using columnar::DataTypePtr;

using Kind = LogicalType::Kind;

columnar::TimeUnit UnitOf(parquet::TimeUnit unit) {
  switch (unit) {
    case parquet::TimeUnit::kMillis:
      return columnar::TimeUnit::kMilli;
    case parquet::TimeUnit::kMicros:
      return columnar::TimeUnit::kMicro;
    default:
      return columnar::TimeUnit::kNano;
  }
}

Result<DataTypePtr> DecimalType(const SchemaNode& leaf, int32_t precision, int32_t scale) {
  if (!columnar::Decimal128Valid(precision, scale)) {
    return NotSupported("column {}: decimal({}, {}) does not fit a 128-bit decimal",
                        JoinPath(leaf.path), precision, scale);
  }
  return columnar::Decimal128(precision, scale);
}

// The logical type, or the one the legacy converted type stands for.
std::optional<LogicalType> EffectiveLogicalType(const SchemaNode& leaf) {
  if (leaf.logical_type) return leaf.logical_type;
  if (!leaf.converted_type) return std::nullopt;
  LogicalType t;
  auto integer = [&](int8_t bits, bool is_signed) {
    t.kind = Kind::kInteger;
    t.bit_width = bits;
    t.is_signed = is_signed;
  };
  auto temporal = [&](Kind kind, parquet::TimeUnit unit) {
    t.kind = kind;
    t.unit = unit;
    t.is_adjusted_to_utc = true;  // the legacy types are instants (LogicalTypes.md)
  };
  switch (*leaf.converted_type) {
    case ConvertedType::kUtf8:
      t.kind = Kind::kString;
      break;
    case ConvertedType::kEnum:
      t.kind = Kind::kEnum;
      break;
    case ConvertedType::kJson:
      t.kind = Kind::kJson;
      break;
    case ConvertedType::kBson:
      t.kind = Kind::kBson;
      break;
    case ConvertedType::kDecimal:
      t.kind = Kind::kDecimal;
      t.precision = leaf.precision;
      t.scale = leaf.scale;
      break;
    case ConvertedType::kDate:
      t.kind = Kind::kDate;
      break;
    case ConvertedType::kTimeMillis:
      temporal(Kind::kTime, parquet::TimeUnit::kMillis);
      break;
    case ConvertedType::kTimeMicros:
      temporal(Kind::kTime, parquet::TimeUnit::kMicros);
      break;
    case ConvertedType::kTimestampMillis:
      temporal(Kind::kTimestamp, parquet::TimeUnit::kMillis);
      break;
    case ConvertedType::kTimestampMicros:
      temporal(Kind::kTimestamp, parquet::TimeUnit::kMicros);
      break;
    case ConvertedType::kInt8:
      integer(8, true);
      break;
    case ConvertedType::kInt16:
      integer(16, true);
      break;
    case ConvertedType::kInt32:
      integer(32, true);
      break;
    case ConvertedType::kInt64:
      integer(64, true);
      break;
    case ConvertedType::kUint8:
      integer(8, false);
      break;
    case ConvertedType::kUint16:
      integer(16, false);
      break;
    case ConvertedType::kUint32:
      integer(32, false);
      break;
    case ConvertedType::kUint64:
      integer(64, false);
      break;
    default:
      return std::nullopt;  // INTERVAL and group annotations: the physical type decides
  }
  return t;
}

Result<DataTypePtr> Int32Type(const SchemaNode& leaf, const std::optional<LogicalType>& lt) {
  if (!lt) return columnar::Int32();
  switch (lt->kind) {
    case Kind::kInteger:
      switch (lt->bit_width) {
        case 8:
          return lt->is_signed ? columnar::Int8() : columnar::UInt8();
        case 16:
          return lt->is_signed ? columnar::Int16() : columnar::UInt16();
        case 32:
          return lt->is_signed ? columnar::Int32() : columnar::UInt32();
        default:
          break;
      }
      break;
    case Kind::kDate:
      return columnar::Date32();
    case Kind::kTime:
      if (lt->unit == parquet::TimeUnit::kMillis)
        return columnar::Time32(columnar::TimeUnit::kMilli);
      break;
    case Kind::kDecimal:
      return DecimalType(leaf, lt->precision, lt->scale);
    default:
      return columnar::Int32();  // annotations that do not apply are ignored
  }
  return NotSupported("column {}: {} annotation on INT32", JoinPath(leaf.path),
                      LogicalTypeKindName(*lt));
}

Result<DataTypePtr> Int64Type(const SchemaNode& leaf, const std::optional<LogicalType>& lt) {
  if (!lt) return columnar::Int64();
  switch (lt->kind) {
    case Kind::kInteger:
      if (lt->bit_width == 64) return lt->is_signed ? columnar::Int64() : columnar::UInt64();
      break;
    case Kind::kTime:
      if (lt->unit != parquet::TimeUnit::kMillis) return columnar::Time64(UnitOf(lt->unit));
      break;
    case Kind::kTimestamp:
      return columnar::Timestamp(UnitOf(lt->unit), lt->is_adjusted_to_utc ? "UTC" : "");
    case Kind::kDecimal:
      return DecimalType(leaf, lt->precision, lt->scale);
    default:
      return columnar::Int64();
  }
  return NotSupported("column {}: {} annotation on INT64", JoinPath(leaf.path),
                      LogicalTypeKindName(*lt));
}

}  // namespace

bool IsUuidLeaf(const SchemaNode& leaf) {
  return leaf.physical_type == Type::kFixedLenByteArray && leaf.type_length == 16 &&
         leaf.logical_type && leaf.logical_type->kind == Kind::kUuid;
}

std::optional<columnar::GeoColumn> GeoColumnOfLeaf(const SchemaNode& leaf) {
  if (leaf.physical_type != Type::kByteArray || !leaf.logical_type) return std::nullopt;
  const LogicalType& lt = *leaf.logical_type;
  if (lt.kind != Kind::kGeometry && lt.kind != Kind::kGeography) return std::nullopt;
  columnar::GeoColumn geo;
  geo.geography = lt.kind == Kind::kGeography;
  geo.crs = lt.crs.value_or("");
  if (geo.geography && lt.algorithm && *lt.algorithm != EdgeInterpolationAlgorithm::kSpherical) {
    geo.algorithm = AsciiLower(EdgeAlgorithmName(*lt.algorithm));
  }
  return geo;
}

Result<DataTypePtr> ColumnarTypeOf(const SchemaNode& leaf, columnar::TimeUnit int96_unit) {
  std::optional<LogicalType> lt = EffectiveLogicalType(leaf);
  if (lt && lt->kind == Kind::kUnknown) return columnar::Null();
  switch (*leaf.physical_type) {
    case Type::kBoolean:
      return columnar::Boolean();
    case Type::kInt32:
      return Int32Type(leaf, lt);
    case Type::kInt64:
      return Int64Type(leaf, lt);
    case Type::kInt96:
      return columnar::Timestamp(int96_unit);
    case Type::kFloat:
      return columnar::Float32();
    case Type::kDouble:
      return columnar::Float64();
    case Type::kByteArray:
      if (!lt) return columnar::Binary();
      switch (lt->kind) {
        case Kind::kString:
        case Kind::kEnum:
        case Kind::kJson:
          return columnar::Utf8();
        case Kind::kDecimal:
          return DecimalType(leaf, lt->precision, lt->scale);
        default:
          return columnar::Binary();
      }
    case Type::kFixedLenByteArray:
      if (lt && lt->kind == Kind::kDecimal) return DecimalType(leaf, lt->precision, lt->scale);
      if (lt && lt->kind == Kind::kFloat16 && leaf.type_length == 2) return columnar::Float16();
      return columnar::FixedSizeBinary(leaf.type_length);
  }
  return NotSupported("column {}: physical type {}", JoinPath(leaf.path),
                      TypeName(*leaf.physical_type));
}

}  // namespace floe::parquet
