#include "floe/sql/exec/scalar_value.h"

#include <cmath>
#include <cstring>

#include "floe/sql/exec/decimal_math.h"

namespace floe::sql {

using columnar::ArrayBuilder;
using columnar::ArrayData;
using columnar::TypeId;

namespace {

int64_t IntegerAt(const ArrayData& a, int64_t row) {
  switch (a.type->id()) {
    case TypeId::kInt8:
      return a.values<int8_t>()[row];
    case TypeId::kInt16:
      return a.values<int16_t>()[row];
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kTime32:
      return a.values<int32_t>()[row];
    case TypeId::kUInt8:
      return a.values<uint8_t>()[row];
    case TypeId::kUInt16:
      return a.values<uint16_t>()[row];
    case TypeId::kUInt32:
      return a.values<uint32_t>()[row];
    case TypeId::kUInt64:
      return static_cast<int64_t>(a.values<uint64_t>()[row]);
    default:
      return a.values<int64_t>()[row];  // int64, time64, timestamp
  }
}

int CompareDoubles(double a, double b) {
  bool an = std::isnan(a), bn = std::isnan(b);
  if (an || bn) return an == bn ? 0 : (an ? 1 : -1);
  return a < b ? -1 : (a > b ? 1 : 0);
}

}  // namespace

Result<Scalar> ScalarAt(const ArrayData& a, int64_t row) {
  if (a.IsNull(row)) return Scalar::Null();
  switch (a.type->id()) {
    case TypeId::kNull:
      return Scalar::Null();
    case TypeId::kBool:
      return Scalar::Bool(a.GetBool(row));
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kUInt8:
    case TypeId::kUInt16:
    case TypeId::kUInt32:
    case TypeId::kUInt64:
    case TypeId::kDate32:
    case TypeId::kTime32:
    case TypeId::kTime64:
    case TypeId::kTimestamp:
      return Scalar::Int(IntegerAt(a, row));
    case TypeId::kFloat32:
      return Scalar::Double(a.values<float>()[row]);
    case TypeId::kFloat64:
      return Scalar::Double(a.values<double>()[row]);
    case TypeId::kDecimal128:
      return Scalar::Decimal(LoadDecimal128(a, row));
    case TypeId::kString:
    case TypeId::kBinary:
      return Scalar::String(std::string(a.GetView(row)));
    case TypeId::kFixedSizeBinary:
      return Scalar::String(std::string(a.GetFixed(row)));
    default:
      return InvalidArgument("a {} value is not a scalar", a.type->ToString());
  }
}

Status AppendScalar(ArrayBuilder& builder, const Scalar& v) {
  if (v.is_null()) return builder.AppendNull();
  switch (builder.type()->id()) {
    case TypeId::kBool:
      return static_cast<columnar::BooleanBuilder&>(builder).Append(v.as_bool());
    case TypeId::kInt8:
      return static_cast<columnar::Int8Builder&>(builder).Append(static_cast<int8_t>(v.as_int()));
    case TypeId::kInt16:
      return static_cast<columnar::Int16Builder&>(builder).Append(static_cast<int16_t>(v.as_int()));
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kTime32:
      return static_cast<columnar::Int32Builder&>(builder).Append(static_cast<int32_t>(v.as_int()));
    case TypeId::kInt64:
    case TypeId::kTime64:
    case TypeId::kTimestamp:
      return static_cast<columnar::Int64Builder&>(builder).Append(v.as_int());
    case TypeId::kFloat32:
      return static_cast<columnar::FloatBuilder&>(builder).Append(
          static_cast<float>(v.as_double()));
    case TypeId::kFloat64:
      return static_cast<columnar::DoubleBuilder&>(builder).Append(v.as_double());
    case TypeId::kDecimal128: {
      auto u = static_cast<unsigned __int128>(v.as_decimal());
      return static_cast<columnar::Decimal128Builder&>(builder).Append(
          static_cast<uint64_t>(u), static_cast<int64_t>(static_cast<uint64_t>(u >> 64)));
    }
    case TypeId::kString:
    case TypeId::kBinary:
      return static_cast<columnar::BinaryBuilder&>(builder).Append(v.as_string());
    case TypeId::kFixedSizeBinary: {
      const std::string& s = v.as_string();
      if (static_cast<int>(s.size()) != builder.type()->byte_width()) {
        return InvalidArgument("{} bytes do not fit {}", s.size(), builder.type()->ToString());
      }
      return static_cast<columnar::FixedSizeBinaryBuilder&>(builder).Append(
          reinterpret_cast<const uint8_t*>(s.data()));
    }
    default:
      return InvalidArgument("cannot append a scalar to a {} column", builder.type()->ToString());
  }
}

Result<columnar::ArrayPtr> ScalarArray(const columnar::DataTypePtr& type, const Scalar& value,
                                       int64_t length) {
  FLOE_ASSIGN_OR_RETURN(auto builder, columnar::MakeBuilder(type));
  if (value.is_null()) {
    FLOE_RETURN_IF_ERROR(builder->AppendNulls(length));
    return builder->Finish();
  }
  const int width = type->byte_width();
  if (width > 0 && type->id() != TypeId::kBool && !type->is_nested()) {
    // Fixed width: the value's bytes once, then copied `length` times.
    FLOE_RETURN_IF_ERROR(AppendScalar(*builder, value));
    FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr one, builder->Finish());
    const uint8_t* bytes = one->buffers[1]->data() + one->offset * width;
    FLOE_ASSIGN_OR_RETURN(columnar::BufferPtr values,
                          columnar::Buffer::AllocateForWriting(length * width));
    FLOE_RETURN_IF_ERROR(values->Resize(length * width));
    for (int64_t i = 0; i < length; ++i)
      std::memcpy(values->mutable_data() + i * width, bytes, static_cast<size_t>(width));
    return ArrayData::Make(type, length, {nullptr, std::move(values)});
  }
  FLOE_RETURN_IF_ERROR(builder->Reserve(length));
  for (int64_t i = 0; i < length; ++i) FLOE_RETURN_IF_ERROR(AppendScalar(*builder, value));
  return builder->Finish();
}

Status CopyValue(const ArrayData& source, int64_t row, ArrayBuilder& builder) {
  const columnar::DataType& type = *source.type;
  if (source.IsNull(row)) return builder.AppendNull();
  switch (type.id()) {
    case TypeId::kStruct: {
      auto& sb = static_cast<columnar::StructBuilder&>(builder);
      FLOE_RETURN_IF_ERROR(sb.Append(true));
      for (int k = 0; k < type.num_children(); ++k) {
        FLOE_RETURN_IF_ERROR(
            CopyValue(*source.children[static_cast<size_t>(k)], source.offset + row, *sb.child(k)));
      }
      return Ok();
    }
    case TypeId::kList:
    case TypeId::kMap: {
      auto& lb = static_cast<columnar::ListBuilder&>(builder);
      FLOE_RETURN_IF_ERROR(lb.Append(true));
      const ArrayData& values = *source.children[0];
      for (int32_t j = source.ListStart(row); j < source.ListEnd(row); ++j) {
        FLOE_RETURN_IF_ERROR(CopyValue(values, j, *lb.value_builder()));
      }
      return Ok();
    }
    default: {
      FLOE_ASSIGN_OR_RETURN(Scalar v, ScalarAt(source, row));
      return AppendScalar(builder, v);
    }
  }
}

int CompareScalars(const Scalar& a, const Scalar& b) {
  if (a.value.index() != b.value.index()) return a.value.index() < b.value.index() ? -1 : 1;
  switch (a.value.index()) {
    case 0:
      return 0;
    case 1:
      return static_cast<int>(a.as_bool()) - static_cast<int>(b.as_bool());
    case 2:
      return a.as_int() < b.as_int() ? -1 : (a.as_int() > b.as_int() ? 1 : 0);
    case 3:
      return CompareDoubles(a.as_double(), b.as_double());
    case 4:
      return a.as_decimal() < b.as_decimal() ? -1 : (a.as_decimal() > b.as_decimal() ? 1 : 0);
    default: {
      int c = a.as_string().compare(b.as_string());  // std::string compares as unsigned char
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
  }
}

int CompareValues(const ArrayData& a, int64_t i, const ArrayData& b, int64_t j, bool nulls_first) {
  bool an = a.IsNull(i), bn = b.IsNull(j);
  if (an || bn) {
    if (an && bn) return 0;
    return an == nulls_first ? -1 : 1;
  }
  const columnar::DataType& type = *a.type;
  switch (type.id()) {
    case TypeId::kInt32:
    case TypeId::kDate32: {
      int32_t x = a.values<int32_t>()[i], y = b.values<int32_t>()[j];
      return x < y ? -1 : (x > y ? 1 : 0);
    }
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTime64: {
      int64_t x = a.values<int64_t>()[i], y = b.values<int64_t>()[j];
      return x < y ? -1 : (x > y ? 1 : 0);
    }
    case TypeId::kFloat64:
      return CompareDoubles(a.values<double>()[i], b.values<double>()[j]);
    case TypeId::kString:
    case TypeId::kBinary: {
      int c = a.GetView(i).compare(b.GetView(j));
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    case TypeId::kStruct:
      for (int k = 0; k < type.num_children(); ++k) {
        int c = CompareValues(*a.children[static_cast<size_t>(k)], a.offset + i,
                              *b.children[static_cast<size_t>(k)], b.offset + j, nulls_first);
        if (c != 0) return c;
      }
      return 0;
    case TypeId::kList:
    case TypeId::kMap: {
      int32_t ai = a.ListStart(i), ae = a.ListEnd(i), bi = b.ListStart(j), be = b.ListEnd(j);
      for (; ai < ae && bi < be; ++ai, ++bi) {
        int c = CompareValues(*a.children[0], ai, *b.children[0], bi, nulls_first);
        if (c != 0) return c;
      }
      return ai < ae ? 1 : (bi < be ? -1 : 0);
    }
    default: {
      auto x = ScalarAt(a, i), y = ScalarAt(b, j);
      if (!x.ok() || !y.ok()) return 0;
      return CompareScalars(*x, *y);
    }
  }
}

void AppendKeyBytes(const ArrayData& a, int64_t row, std::string* key) {
  if (a.IsNull(row)) {
    key->push_back('\0');
    return;
  }
  key->push_back('\1');
  const columnar::DataType& type = *a.type;
  switch (type.id()) {
    case TypeId::kStruct:
      for (int k = 0; k < type.num_children(); ++k) {
        AppendKeyBytes(*a.children[static_cast<size_t>(k)], a.offset + row, key);
      }
      return;
    case TypeId::kList:
    case TypeId::kMap: {
      int32_t n = a.ListEnd(row) - a.ListStart(row);
      key->append(reinterpret_cast<const char*>(&n), sizeof n);
      for (int32_t j = a.ListStart(row); j < a.ListEnd(row); ++j) {
        AppendKeyBytes(*a.children[0], j, key);
      }
      return;
    }
    case TypeId::kString:
    case TypeId::kBinary: {
      std::string_view v = a.GetView(row);
      auto n = static_cast<uint32_t>(v.size());
      key->append(reinterpret_cast<const char*>(&n), sizeof n);
      key->append(v);
      return;
    }
    case TypeId::kFloat32:
    case TypeId::kFloat64: {
      double d = type.id() == TypeId::kFloat32 ? a.values<float>()[row] : a.values<double>()[row];
      if (std::isnan(d)) d = std::nan("");
      if (d == 0) d = 0;  // -0.0 groups with 0.0
      key->append(reinterpret_cast<const char*>(&d), sizeof d);
      return;
    }
    case TypeId::kBool:
      key->push_back(a.GetBool(row) ? '\1' : '\0');
      return;
    case TypeId::kDecimal128:
    case TypeId::kFixedSizeBinary:
      key->append(a.GetFixed(row));
      return;
    case TypeId::kNull:
      return;
    default: {
      int64_t v = IntegerAt(a, row);
      key->append(reinterpret_cast<const char*>(&v), sizeof v);
      return;
    }
  }
}

}  // namespace floe::sql
