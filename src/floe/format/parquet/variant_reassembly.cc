#include "floe/format/parquet/variant_reassembly.h"

#include <cstring>
#include <string>
#include <vector>

#include "floe/columnar/value_text.h"
#include "floe/columnar/variant/variant_array.h"
#include "floe/columnar/variant/variant_builder.h"
#include "floe/columnar/variant/variant_value.h"

namespace floe::parquet {

namespace {

namespace v = columnar::variant;
using columnar::ArrayData;
using columnar::ArrayPtr;
using columnar::DataType;
using columnar::TypeId;

// The `value` and `typed_value` children of a shredded group (either may be absent).
struct ShreddedColumns {
  const ArrayData* value = nullptr;
  const ArrayData* typed_value = nullptr;
  const columnar::Field* typed_field = nullptr;
};

Result<ShreddedColumns> ColumnsOf(const ArrayData& group, std::string_view what) {
  ShreddedColumns c;
  const DataType& t = *group.type;
  if (t.id() != TypeId::kStruct) return Corrupt("{} is not a group", what);
  for (int i = 0; i < t.num_children(); ++i) {
    const columnar::Field& f = t.child(i);
    const ArrayData* child = group.children[static_cast<size_t>(i)].get();
    if (f.name == "value") {
      if (f.type->id() != TypeId::kBinary) return Corrupt("{}: value is not binary", what);
      c.value = child;
    } else if (f.name == "typed_value") {
      c.typed_value = child;
      c.typed_field = &f;
    } else if (f.name != "metadata") {
      return Corrupt("{}: unexpected field {} in a shredded variant group", what, f.name);
    }
  }
  if (c.value == nullptr && c.typed_value == nullptr) {
    return Corrupt("{}: a shredded variant group has neither value nor typed_value", what);
  }
  return c;
}

class Rebuilder {
 public:
  explicit Rebuilder(const v::VariantMetadata* metadata) : metadata_(metadata) {}

  v::VariantBuilder& builder() { return b_; }

  // Appends the value at `row` of a {value, typed_value} pair; *missing when both are null
  // (nothing appended).
  Status Pair(const ShreddedColumns& c, int64_t row, bool* missing) {
    *missing = false;
    const bool has_typed = c.typed_value != nullptr && c.typed_value->IsValid(row);
    const bool has_value = c.value != nullptr && c.value->IsValid(row);
    if (has_typed) {
      const DataType& t = *c.typed_field->type;
      if (t.id() == TypeId::kStruct) return Object(c, row, has_value);
      if (has_value) {
        return Corrupt("variant row {}: both value and a non-object typed_value are set", row);
      }
      return Typed(*c.typed_value, *c.typed_field, row);
    }
    if (has_value) {
      FLOE_ASSIGN_OR_RETURN(v::VariantValue val,
                            v::VariantValue::Make(metadata_, c.value->GetView(row)));
      return b_.AppendValue(val);
    }
    *missing = true;
    return Ok();
  }

 private:
  // A shredded object: typed_value's fields, plus the fields of `value` when it also holds an
  // object (partial shredding).
  Status Object(const ShreddedColumns& c, int64_t row, bool has_value) {
    const ArrayData& group = *c.typed_value;
    const DataType& t = *group.type;
    const size_t start = b_.Offset();
    std::vector<v::VariantBuilder::ObjectField> fields;
    for (int i = 0; i < t.num_children(); ++i) {
      const columnar::Field& f = t.child(i);
      FLOE_ASSIGN_OR_RETURN(ShreddedColumns fc,
                            ColumnsOf(*group.children[static_cast<size_t>(i)], f.name));
      const size_t at = b_.Offset();
      bool missing = false;
      FLOE_RETURN_IF_ERROR(Pair(fc, group.offset + row, &missing));
      if (!missing) fields.push_back({b_.AddKey(f.name), at});
    }
    if (has_value) {
      FLOE_ASSIGN_OR_RETURN(v::VariantValue rest,
                            v::VariantValue::Make(metadata_, c.value->GetView(row)));
      if (rest.kind() != v::ValueKind::kObject) {
        return Corrupt("variant row {}: value of a shredded object is not an object", row);
      }
      for (uint32_t i = 0; i < rest.num_elements(); ++i) {
        FLOE_ASSIGN_OR_RETURN(std::string_view name, rest.FieldName(i));
        FLOE_ASSIGN_OR_RETURN(v::VariantValue fv, rest.FieldValue(i));
        fields.push_back({b_.AddKey(name), b_.Offset()});
        FLOE_RETURN_IF_ERROR(b_.AppendValue(fv));
      }
    }
    Status s = b_.FinishObject(start, std::move(fields));
    if (!s.ok()) return Corrupt("variant row {}: {}", row, s.error().message);
    return Ok();
  }

  // A shredded primitive or array at `row` of `a` (valid).
  Status Typed(const ArrayData& a, const columnar::Field& field, int64_t row) {
    const DataType& t = *a.type;
    switch (t.id()) {
      case TypeId::kBool:
        b_.AppendBoolean(a.GetBool(row));
        return Ok();
      case TypeId::kInt8:
        b_.AppendInt(a.values<int8_t>()[row]);
        return Ok();
      case TypeId::kInt16:
        b_.AppendInt(a.values<int16_t>()[row]);
        return Ok();
      case TypeId::kInt32:
        b_.AppendInt(a.values<int32_t>()[row]);
        return Ok();
      case TypeId::kInt64:
        b_.AppendInt(a.values<int64_t>()[row]);
        return Ok();
      case TypeId::kFloat32:
        b_.AppendFloat(a.values<float>()[row]);
        return Ok();
      case TypeId::kFloat64:
        b_.AppendDouble(a.values<double>()[row]);
        return Ok();
      case TypeId::kDecimal128: {
        std::string_view bytes = a.GetFixed(row);
        uint64_t lo = 0;
        int64_t hi = 0;
        std::memcpy(&lo, bytes.data(), 8);
        std::memcpy(&hi, bytes.data() + 8, 8);
        v::Decimal d;
        d.unscaled = static_cast<__int128>((static_cast<unsigned __int128>(hi) << 64) | lo);
        d.scale = t.scale();
        b_.AppendDecimal(d);
        return Ok();
      }
      case TypeId::kDate32:
        b_.AppendDate(a.values<int32_t>()[row]);
        return Ok();
      case TypeId::kTime64:
        if (t.unit() != columnar::TimeUnit::kMicro) break;
        b_.AppendTemporal(v::PrimitiveType::kTimeNtz, a.values<int64_t>()[row]);
        return Ok();
      case TypeId::kTimestamp: {
        const bool utc = !t.timezone().empty();
        if (t.unit() == columnar::TimeUnit::kMicro) {
          b_.AppendTemporal(utc ? v::PrimitiveType::kTimestamp : v::PrimitiveType::kTimestampNtz,
                            a.values<int64_t>()[row]);
          return Ok();
        }
        if (t.unit() == columnar::TimeUnit::kNano) {
          b_.AppendTemporal(
              utc ? v::PrimitiveType::kTimestampNanos : v::PrimitiveType::kTimestampNtzNanos,
              a.values<int64_t>()[row]);
          return Ok();
        }
        break;
      }
      case TypeId::kString:
        b_.AppendString(a.GetView(row));
        return Ok();
      case TypeId::kBinary:
        b_.AppendBinary(a.GetView(row));
        return Ok();
      case TypeId::kFixedSizeBinary:
        if (t.byte_width() == 16 && columnar::IsUuidField(field)) {
          b_.AppendUuid(a.GetFixed(row));
          return Ok();
        }
        break;
      case TypeId::kList: {
        const ArrayData& elements = *a.children[0];
        FLOE_ASSIGN_OR_RETURN(ShreddedColumns ec, ColumnsOf(elements, "element"));
        const size_t start = b_.Offset();
        std::vector<size_t> offsets;
        for (int32_t j = a.ListStart(row); j < a.ListEnd(row); ++j) {
          offsets.push_back(b_.Offset());
          bool missing = false;
          FLOE_RETURN_IF_ERROR(Pair(ec, elements.offset + j, &missing));
          if (missing) b_.AppendNull();  // elements cannot be missing; read as Variant null
        }
        b_.FinishArray(start, offsets);
        return Ok();
      }
      default:
        break;
    }
    return NotSupported("a variant shredded as {} cannot be read by floe", t.ToString());
  }

  const v::VariantMetadata* metadata_;
  v::VariantBuilder b_;
};

}  // namespace

Result<ArrayPtr> ReassembleVariant(const ArrayData& stored) {
  const DataType& t = *stored.type;
  const ArrayData* metadata = nullptr;
  ArrayPtr metadata_child, value_child;
  for (int i = 0; i < t.num_children(); ++i) {
    const ArrayPtr& child = stored.children[static_cast<size_t>(i)];
    if (t.child(i).name == "metadata") {
      metadata = child.get();
      metadata_child = child;
    } else if (t.child(i).name == "value") {
      value_child = child;
    }
  }
  if (metadata == nullptr || metadata->type->id() != TypeId::kBinary) {
    return Corrupt("a VARIANT group needs a binary metadata field");
  }
  FLOE_ASSIGN_OR_RETURN(ShreddedColumns c, ColumnsOf(stored, "variant"));
  if (c.typed_value == nullptr && c.value->null_count == 0 && metadata->null_count == 0) {
    // Unshredded: the stored columns are the variant's two byte strings, checked once here so
    // that printing and variant_get never meet bad bytes.
    for (int64_t i = 0; i < stored.length; ++i) {
      if (stored.IsNull(i)) continue;
      const int64_t row = stored.offset + i;
      Result<v::VariantMetadata> m = v::VariantMetadata::Make(metadata->GetView(row));
      Status s = m.ok() ? Ok() : Status(m.error());
      if (s.ok()) {
        Result<v::VariantValue> val = v::VariantValue::Make(&*m, c.value->GetView(row));
        s = val.ok() ? v::Validate(*val) : Status(val.error());
      }
      if (!s.ok()) return Corrupt("variant row {}: {}", i, s.error().message);
    }
    return ArrayData::Make(columnar::Variant(), stored.length,
                           {stored.buffers.empty() ? nullptr : stored.buffers[0]},
                           stored.null_count, stored.offset, {metadata_child, value_child});
  }
  v::VariantArrayBuilder out;
  for (int64_t i = 0; i < stored.length; ++i) {
    if (stored.IsNull(i)) {
      FLOE_RETURN_IF_ERROR(out.AppendNull());
      continue;
    }
    const int64_t row = stored.offset + i;
    if (metadata->IsNull(row)) return Corrupt("variant row {}: metadata is null", i);
    std::string_view meta_bytes = metadata->GetView(row);
    FLOE_ASSIGN_OR_RETURN(v::VariantMetadata m, v::VariantMetadata::Make(meta_bytes));
    if (c.typed_value == nullptr) {
      if (c.value->IsNull(row)) {
        FLOE_RETURN_IF_ERROR(out.Append(meta_bytes, std::string_view("\0", 1)));
      } else {
        FLOE_ASSIGN_OR_RETURN(v::VariantValue val,
                              v::VariantValue::Make(&m, c.value->GetView(row)));
        Status s = v::Validate(val);
        if (!s.ok()) return Corrupt("variant row {}: {}", i, s.error().message);
        FLOE_RETURN_IF_ERROR(out.Append(meta_bytes, c.value->GetView(row)));
      }
      continue;
    }
    Rebuilder r(&m);
    bool missing = false;
    FLOE_RETURN_IF_ERROR(r.Pair(c, row, &missing));
    if (missing) r.builder().AppendNull();
    std::string new_meta = r.builder().Metadata();
    std::string value = r.builder().TakeValue();
    FLOE_RETURN_IF_ERROR(out.Append(new_meta, value));
  }
  return out.Finish();
}

}  // namespace floe::parquet
