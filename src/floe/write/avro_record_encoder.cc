#include "floe/write/avro_record_encoder.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "floe/manifest/manifest_schema.h"

namespace floe::write {
namespace {

using columnar::ArrayData;
using spec::TypeId;

// Decimal128 (16 bytes little-endian two's complement) as `size` bytes big-endian.
void WriteDecimal(std::string_view le16, int size, avro::Encoder& e) {
  std::string be(static_cast<size_t>(size), '\0');
  for (int i = 0; i < size; ++i)
    be[static_cast<size_t>(i)] = le16[static_cast<size_t>(size - 1 - i)];
  e.WriteFixed(be);
}

// The fixed size of decimal(P, S) (avro_data_schema.h), for P up to 38.
int DecimalBytes(int precision) {
  static const std::array<int, 39> sizes = [] {
    std::array<int, 39> a{};
    for (int p = 0; p < 39; ++p) a[static_cast<size_t>(p)] = manifest::DecimalRequiredBytes(p);
    return a;
  }();
  return sizes[static_cast<size_t>(std::clamp(precision, 0, 38))];
}

class RowEncoder {
 public:
  RowEncoder(avro::Encoder& e, std::map<int32_t, AvroColumnCounts>* counts)
      : e_(e), counts_(counts) {}

  // The value of `field` at index i of `a` (an index into a's logical elements). `counted`: the
  // field is outside lists and maps, so its counts are kept.
  Status Field(const spec::NestedField& field, const ArrayData& a, int64_t i, bool counted) {
    bool valid = a.IsValid(i);
    if (counted && field.type->is_primitive()) {
      AvroColumnCounts& c = (*counts_)[field.id];
      ++c.values;
      if (!valid) ++c.nulls;
    }
    if (!field.required) {
      e_.WriteLong(valid ? 1 : 0);  // ["null", T]
      if (!valid) {
        if (counted && field.type->is_struct()) CountNullStruct(*field.type);
        return Ok();
      }
    } else if (!valid) {
      return InvalidArgument("column {} is required but row holds a null", field.name);
    }
    return Value(field, a, i, counted);
  }

 private:
  void CountNullStruct(const spec::Type& type) {
    for (const spec::NestedField& f : type.fields()) {
      if (f.type->is_primitive()) {
        AvroColumnCounts& c = (*counts_)[f.id];
        ++c.values;
        ++c.nulls;
      } else if (f.type->is_struct()) {
        CountNullStruct(*f.type);
      }
    }
  }

  Status Value(const spec::NestedField& field, const ArrayData& a, int64_t i, bool counted) {
    const spec::Type& type = *field.type;
    switch (type.id()) {
      case TypeId::kBoolean:
        e_.WriteBool(a.GetBool(i));
        return Ok();
      case TypeId::kInt:
      case TypeId::kDate:
        e_.WriteInt(a.values<int32_t>()[i]);
        return Ok();
      case TypeId::kLong:
      case TypeId::kTime:
      case TypeId::kTimestamp:
      case TypeId::kTimestampTz:
      case TypeId::kTimestampNs:
      case TypeId::kTimestampTzNs:
        e_.WriteLong(a.values<int64_t>()[i]);
        return Ok();
      case TypeId::kFloat: {
        float v = a.values<float>()[i];
        if (counted && std::isnan(v)) ++(*counts_)[field.id].nans;
        e_.WriteFloat(v);
        return Ok();
      }
      case TypeId::kDouble: {
        double v = a.values<double>()[i];
        if (counted && std::isnan(v)) ++(*counts_)[field.id].nans;
        e_.WriteDouble(v);
        return Ok();
      }
      case TypeId::kString:
      case TypeId::kBinary:
      case TypeId::kGeometry:
      case TypeId::kGeography:
        e_.WriteBytes(a.GetView(i));
        return Ok();
      case TypeId::kUuid:
      case TypeId::kFixed:
        e_.WriteFixed(a.GetFixed(i));
        return Ok();
      case TypeId::kDecimal:
        WriteDecimal(a.GetFixed(i), DecimalBytes(type.precision()), e_);
        return Ok();
      case TypeId::kStruct: {
        const std::vector<spec::NestedField>& fields = type.fields();
        for (size_t k = 0; k < fields.size(); ++k) {
          FLOE_RETURN_IF_ERROR(Field(fields[k], *a.children[k], a.offset + i, counted));
        }
        return Ok();
      }
      case TypeId::kList: {
        int32_t start = a.ListStart(i), end = a.ListEnd(i);
        if (end > start) {
          e_.WriteLong(end - start);
          for (int32_t j = start; j < end; ++j) {
            FLOE_RETURN_IF_ERROR(Field(type.element(), *a.children[0], j, false));
          }
        }
        e_.WriteLong(0);
        return Ok();
      }
      case TypeId::kMap: {
        int32_t start = a.ListStart(i), end = a.ListEnd(i);
        const ArrayData& entries = *a.children[0];
        const ArrayData& keys = *entries.children[0];
        const ArrayData& values = *entries.children[1];
        if (end > start) {
          e_.WriteLong(end - start);
          for (int32_t j = start; j < end; ++j) {
            // A string-keyed Avro map's key has no union; an array entry's key is a field.
            FLOE_RETURN_IF_ERROR(Field(type.key(), keys, entries.offset + j, false));
            FLOE_RETURN_IF_ERROR(Field(type.value(), values, entries.offset + j, false));
          }
        }
        e_.WriteLong(0);
        return Ok();
      }
      default:
        return NotSupported("floe cannot write {} columns to Avro data files", type.ToString());
    }
  }

  avro::Encoder& e_;
  std::map<int32_t, AvroColumnCounts>* counts_;
};

}  // namespace

Status AvroRecordEncoder::Write(const columnar::RecordBatch& batch, avro::ContainerWriter& writer) {
  if (batch.num_columns() != static_cast<int>(schema_.fields.size())) {
    return InvalidArgument("a batch of {} columns for a table of {}", batch.num_columns(),
                           schema_.fields.size());
  }
  RowEncoder rows(writer.encoder(), &counts_);
  for (int64_t r = 0; r < batch.num_rows(); ++r) {
    for (size_t c = 0; c < schema_.fields.size(); ++c) {
      FLOE_RETURN_IF_ERROR(
          rows.Field(schema_.fields[c], *batch.column(static_cast<int>(c)), r, true));
    }
    FLOE_RETURN_IF_ERROR(writer.FinishRecord());
  }
  return Ok();
}

}  // namespace floe::write
