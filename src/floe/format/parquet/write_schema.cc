#include "floe/format/parquet/write_schema.h"

#include <cmath>

#include "floe/columnar/geo_extension.h"
#include "floe/columnar/value_text.h"
#include "floe/format/parquet/schema.h"
#include "floe/util/ascii.h"

namespace floe::parquet {

using columnar::DataType;
using columnar::Field;
using columnar::TypeId;

int DecimalBytesForPrecision(int precision) {
  for (int bytes = 1; bytes <= 16; ++bytes) {
    // The largest value of `bytes` signed bytes has floor(log10(2^(8*bytes-1) - 1)) digits.
    if (std::floor(std::log10(std::pow(2.0, 8 * bytes - 1) - 1)) >= precision) return bytes;
  }
  return 16;
}

namespace {

LogicalType Logical(LogicalType::Kind kind) {
  LogicalType t;
  t.kind = kind;
  return t;
}

LogicalType IntegerType(int bits, bool is_signed) {
  LogicalType t = Logical(LogicalType::Kind::kInteger);
  t.bit_width = static_cast<int8_t>(bits);
  t.is_signed = is_signed;
  return t;
}

LogicalType TimeLike(LogicalType::Kind kind, columnar::TimeUnit unit, bool utc) {
  LogicalType t = Logical(kind);
  t.is_adjusted_to_utc = utc;
  t.unit = unit == columnar::TimeUnit::kNano    ? TimeUnit::kNanos
           : unit == columnar::TimeUnit::kMicro ? TimeUnit::kMicros
                                                : TimeUnit::kMillis;
  return t;
}

Result<EdgeInterpolationAlgorithm> EdgeAlgorithmOf(const std::string& name) {
  for (int32_t v = 0; v <= static_cast<int32_t>(EdgeInterpolationAlgorithm::kKarney); ++v) {
    auto a = static_cast<EdgeInterpolationAlgorithm>(v);
    if (AsciiEqualsIgnoreCase(EdgeAlgorithmName(a), name)) return a;
  }
  return InvalidArgument(
      "geography edge algorithm \"{}\": expected spherical, vincenty, thomas, andoyer or karney",
      name);
}

// The physical and logical type of a leaf field, and its statistics order.
Status SetLeafType(const Field& field, SchemaElement* e, WriteLeaf* leaf) {
  const DataType& t = *field.type;
  auto set = [&](Type physical, ValueOrder order) {
    e->type = physical;
    leaf->physical_type = physical;
    leaf->order = order;
  };
  switch (t.id()) {
    case TypeId::kNull:
      set(Type::kInt32, ValueOrder::kNone);
      e->logical_type = Logical(LogicalType::Kind::kUnknown);
      return Ok();
    case TypeId::kBool:
      set(Type::kBoolean, ValueOrder::kSigned);
      return Ok();
    case TypeId::kInt8:
    case TypeId::kInt16:
      set(Type::kInt32, ValueOrder::kSigned);
      e->logical_type = IntegerType(t.id() == TypeId::kInt8 ? 8 : 16, true);
      e->converted_type = t.id() == TypeId::kInt8 ? ConvertedType::kInt8 : ConvertedType::kInt16;
      return Ok();
    case TypeId::kInt32:
      set(Type::kInt32, ValueOrder::kSigned);
      return Ok();
    case TypeId::kInt64:
      set(Type::kInt64, ValueOrder::kSigned);
      return Ok();
    case TypeId::kUInt8:
    case TypeId::kUInt16:
    case TypeId::kUInt32: {
      set(Type::kInt32, ValueOrder::kUnsigned);
      int bits = t.id() == TypeId::kUInt8 ? 8 : t.id() == TypeId::kUInt16 ? 16 : 32;
      e->logical_type = IntegerType(bits, false);
      e->converted_type = bits == 8    ? ConvertedType::kUint8
                          : bits == 16 ? ConvertedType::kUint16
                                       : ConvertedType::kUint32;
      return Ok();
    }
    case TypeId::kUInt64:
      set(Type::kInt64, ValueOrder::kUnsigned);
      e->logical_type = IntegerType(64, false);
      e->converted_type = ConvertedType::kUint64;
      return Ok();
    case TypeId::kFloat16:
      set(Type::kFixedLenByteArray, ValueOrder::kFloat16);
      e->type_length = leaf->type_length = 2;
      e->logical_type = Logical(LogicalType::Kind::kFloat16);
      return Ok();
    case TypeId::kFloat32:
      set(Type::kFloat, ValueOrder::kFloat);
      return Ok();
    case TypeId::kFloat64:
      set(Type::kDouble, ValueOrder::kFloat);
      return Ok();
    case TypeId::kString:
      set(Type::kByteArray, ValueOrder::kBytes);
      e->logical_type = Logical(LogicalType::Kind::kString);
      e->converted_type = ConvertedType::kUtf8;
      return Ok();
    case TypeId::kBinary:
      if (auto geo = columnar::GeoColumnOf(field)) {
        // No min/max: geometries have no linear order (the spec's bounding boxes are not
        // written).
        set(Type::kByteArray, ValueOrder::kNone);
        LogicalType lt =
            Logical(geo->geography ? LogicalType::Kind::kGeography : LogicalType::Kind::kGeometry);
        if (!geo->crs.empty()) lt.crs = geo->crs;
        if (geo->geography && !geo->algorithm.empty()) {
          FLOE_ASSIGN_OR_RETURN(lt.algorithm, EdgeAlgorithmOf(geo->algorithm));
        }
        e->logical_type = lt;
        return Ok();
      }
      set(Type::kByteArray, ValueOrder::kBytes);
      return Ok();
    case TypeId::kFixedSizeBinary:
      set(Type::kFixedLenByteArray, ValueOrder::kBytes);
      e->type_length = leaf->type_length = t.byte_width();
      if (t.byte_width() == 16 && columnar::IsUuidField(field)) {
        e->logical_type = Logical(LogicalType::Kind::kUuid);
      }
      return Ok();
    case TypeId::kDecimal128: {
      LogicalType lt = Logical(LogicalType::Kind::kDecimal);
      lt.precision = t.precision();
      lt.scale = t.scale();
      e->logical_type = lt;
      e->converted_type = ConvertedType::kDecimal;
      e->precision = t.precision();
      e->scale = t.scale();
      if (t.precision() <= 9) {
        set(Type::kInt32, ValueOrder::kSigned);
      } else if (t.precision() <= 18) {
        set(Type::kInt64, ValueOrder::kSigned);
      } else {
        set(Type::kFixedLenByteArray, ValueOrder::kDecimalBytes);
        e->type_length = leaf->type_length = DecimalBytesForPrecision(t.precision());
      }
      return Ok();
    }
    case TypeId::kDate32:
      set(Type::kInt32, ValueOrder::kSigned);
      e->logical_type = Logical(LogicalType::Kind::kDate);
      e->converted_type = ConvertedType::kDate;
      return Ok();
    case TypeId::kTime32:
      // Seconds are written as milliseconds (Parquet has no TIME in seconds).
      set(Type::kInt32, ValueOrder::kSigned);
      e->logical_type = TimeLike(LogicalType::Kind::kTime, columnar::TimeUnit::kMilli, false);
      return Ok();
    case TypeId::kTime64:
      // Iceberg's time is not adjusted to UTC (as Java writes it); no converted type then.
      set(Type::kInt64, ValueOrder::kSigned);
      e->logical_type = TimeLike(LogicalType::Kind::kTime, t.unit(), false);
      return Ok();
    case TypeId::kTimestamp: {
      set(Type::kInt64, ValueOrder::kSigned);
      columnar::TimeUnit unit =
          t.unit() == columnar::TimeUnit::kSecond ? columnar::TimeUnit::kMilli : t.unit();
      bool utc = !t.timezone().empty();
      e->logical_type = TimeLike(LogicalType::Kind::kTimestamp, unit, utc);
      // parquet-mr writes the legacy annotation only for UTC-adjusted millis/micros.
      if (utc && unit == columnar::TimeUnit::kMilli)
        e->converted_type = ConvertedType::kTimestampMillis;
      if (utc && unit == columnar::TimeUnit::kMicro)
        e->converted_type = ConvertedType::kTimestampMicros;
      return Ok();
    }
    default:
      return NotSupported("column {}: cannot write {} to Parquet", field.name, t.ToString());
  }
}

class Builder {
 public:
  explicit Builder(WriteSchema* out) : out_(out) {}

  // Adds the element of `field` (named `name`) and below; def/rep are the parent's levels.
  Result<WriteNode> Add(const Field& field, const std::string& name, int16_t def, int16_t rep,
                        std::vector<std::string> path) {
    WriteNode node;
    node.def_level = static_cast<int16_t>(def + (field.nullable ? 1 : 0));
    path.push_back(name);
    size_t index = out_->elements.size();
    out_->elements.emplace_back();
    {
      SchemaElement& e = out_->elements[index];
      e.name = name;
      e.repetition_type =
          field.nullable ? FieldRepetitionType::kOptional : FieldRepetitionType::kRequired;
      e.field_id = field.field_id();
    }
    const DataType& t = *field.type;
    switch (t.id()) {
      case TypeId::kStruct: {
        node.kind = WriteNode::Kind::kStruct;
        out_->elements[index].num_children = t.num_children();
        if (t.is_variant()) {
          // VariantEncoding.md, "Variant in Parquet": required binary metadata and value.
          LogicalType lt = Logical(LogicalType::Kind::kVariant);
          lt.specification_version = 1;
          out_->elements[index].logical_type = lt;
        }
        for (const Field& child : t.children()) {
          FLOE_ASSIGN_OR_RETURN(WriteNode c, Add(child, child.name, node.def_level, rep, path));
          node.children.push_back(std::move(c));
        }
        if (t.num_children() == 0) {
          return NotSupported("column {}: a struct without fields cannot be written to Parquet",
                              JoinPath(path));
        }
        return node;
      }
      case TypeId::kList:
      case TypeId::kMap: {
        bool is_map = t.id() == TypeId::kMap;
        node.kind = is_map ? WriteNode::Kind::kMap : WriteNode::Kind::kList;
        node.element_def_level = static_cast<int16_t>(node.def_level + 1);
        node.element_rep_level = static_cast<int16_t>(rep + 1);
        out_->elements[index].num_children = 1;
        out_->elements[index].logical_type =
            Logical(is_map ? LogicalType::Kind::kMap : LogicalType::Kind::kList);
        out_->elements[index].converted_type = is_map ? ConvertedType::kMap : ConvertedType::kList;
        SchemaElement repeated;
        repeated.name = is_map ? "key_value" : "list";
        repeated.repetition_type = FieldRepetitionType::kRepeated;
        repeated.num_children = is_map ? 2 : 1;
        out_->elements.push_back(repeated);
        path.push_back(repeated.name);
        if (is_map) {
          WriteNode entries;
          entries.kind = WriteNode::Kind::kStruct;
          entries.def_level = node.element_def_level;
          for (const Field* f : {&t.key_field(), &t.item_field()}) {
            Field child = *f;
            if (f == &t.key_field()) child.nullable = false;  // Parquet map keys are required
            const char* child_name = f == &t.key_field() ? "key" : "value";
            FLOE_ASSIGN_OR_RETURN(WriteNode c, Add(child, child_name, node.element_def_level,
                                                   node.element_rep_level, path));
            entries.children.push_back(std::move(c));
          }
          node.children.push_back(std::move(entries));
        } else {
          FLOE_ASSIGN_OR_RETURN(WriteNode c, Add(t.value_field(), "element", node.element_def_level,
                                                 node.element_rep_level, path));
          node.children.push_back(std::move(c));
        }
        return node;
      }
      default: {
        node.kind = WriteNode::Kind::kLeaf;
        node.column = static_cast<int>(out_->leaves.size());
        WriteLeaf leaf;
        leaf.path = path;
        leaf.name = JoinPath(path);
        leaf.type = field.type;
        leaf.field_id = field.field_id();
        leaf.max_def_level = node.def_level;
        leaf.max_rep_level = rep;
        FLOE_RETURN_IF_ERROR(SetLeafType(field, &out_->elements[index], &leaf));
        out_->leaves.push_back(std::move(leaf));
        return node;
      }
    }
  }

 private:
  WriteSchema* out_;
};

}  // namespace

Result<WriteSchema> MakeWriteSchema(const columnar::Schema& schema) {
  WriteSchema out;
  SchemaElement root;
  root.name = "table";
  root.num_children = schema.num_fields();
  out.elements.push_back(root);
  Builder builder(&out);
  for (const Field& f : schema.fields()) {
    FLOE_ASSIGN_OR_RETURN(WriteNode node, builder.Add(f, f.name, 0, 0, {}));
    out.fields.push_back(std::move(node));
  }
  if (out.leaves.empty()) return InvalidArgument("a Parquet file needs at least one column");
  return out;
}

}  // namespace floe::parquet
