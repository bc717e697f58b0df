#include "floe/scan/constant_column.h"

#include <cstring>
#include <string_view>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/buffer.h"

namespace floe::scan {

namespace col = floe::columnar;

namespace {

// `length` copies of the `width` bytes at `value`.
Result<col::BufferPtr> Repeat(const void* value, int64_t width, int64_t length) {
  FLOE_ASSIGN_OR_RETURN(col::BufferPtr buffer, col::Buffer::Allocate(width * length));
  uint8_t* out = buffer->mutable_data();
  for (int64_t i = 0; i < length; ++i)
    std::memcpy(out + i * width, value, static_cast<size_t>(width));
  return buffer;
}

template <typename T>
Result<col::ArrayPtr> Fixed(const col::DataTypePtr& type, T value, int64_t length) {
  FLOE_ASSIGN_OR_RETURN(col::BufferPtr values, Repeat(&value, sizeof(T), length));
  return col::ArrayData::Make(type, length, {nullptr, values});
}

// String and binary: offsets 0, n, 2n, ... over the bytes repeated.
Result<col::ArrayPtr> Variable(const col::DataTypePtr& type, std::string_view bytes,
                               int64_t length) {
  const int64_t total = static_cast<int64_t>(bytes.size()) * length;
  if (total > INT32_MAX) return InvalidArgument("constant column of {} bytes is too large", total);
  FLOE_ASSIGN_OR_RETURN(col::BufferPtr offsets, col::Buffer::Allocate((length + 1) * 4));
  int32_t* o = offsets->mutable_data_as<int32_t>();
  for (int64_t i = 0; i <= length; ++i)
    o[i] = static_cast<int32_t>(i * static_cast<int64_t>(bytes.size()));
  FLOE_ASSIGN_OR_RETURN(col::BufferPtr data,
                        Repeat(bytes.data(), static_cast<int64_t>(bytes.size()), length));
  return col::ArrayData::Make(type, length, {nullptr, offsets, data});
}

std::string_view BytesOf(const spec::Literal& v) {
  if (v.holds<std::string>()) return v.get<std::string>();
  if (v.holds<Uuid>()) {
    const auto& b = v.get<Uuid>().bytes;
    return std::string_view(reinterpret_cast<const char*>(b.data()), b.size());
  }
  const auto& d = v.get<spec::Bytes>().data;
  return std::string_view(reinterpret_cast<const char*>(d.data()), d.size());
}

bool HoldsBytes(const spec::Literal& v) {
  return v.holds<std::string>() || v.holds<Uuid>() || v.holds<spec::Bytes>();
}

}  // namespace

Result<col::ArrayPtr> MakeConstantArray(const col::DataTypePtr& type, const spec::Literal& value,
                                        int64_t length) {
  if (value.is_null()) {
    FLOE_ASSIGN_OR_RETURN(auto builder, col::MakeBuilder(type));
    FLOE_RETURN_IF_ERROR(builder->AppendNulls(length));
    return builder->Finish();
  }
  auto mismatch = [&]() {
    return InvalidArgument("a constant value does not fit a column of type {}", type->ToString());
  };
  switch (type->id()) {
    case col::TypeId::kBool: {
      if (!value.holds<bool>()) return mismatch();
      uint8_t bits = value.get<bool>() ? 0xFF : 0x00;
      FLOE_ASSIGN_OR_RETURN(col::BufferPtr values, Repeat(&bits, 1, (length + 7) / 8));
      return col::ArrayData::Make(type, length, {nullptr, values});
    }
    case col::TypeId::kInt32:
    case col::TypeId::kDate32:
      if (!value.holds<int32_t>()) return mismatch();
      return Fixed<int32_t>(type, value.get<int32_t>(), length);
    case col::TypeId::kInt64:
    case col::TypeId::kTime64:
    case col::TypeId::kTimestamp:
      if (value.holds<int32_t>()) return Fixed<int64_t>(type, value.get<int32_t>(), length);
      if (!value.holds<int64_t>()) return mismatch();
      return Fixed<int64_t>(type, value.get<int64_t>(), length);
    case col::TypeId::kFloat32:
      if (!value.holds<float>()) return mismatch();
      return Fixed<float>(type, value.get<float>(), length);
    case col::TypeId::kFloat64:
      if (value.holds<float>()) return Fixed<double>(type, value.get<float>(), length);
      if (!value.holds<double>()) return mismatch();
      return Fixed<double>(type, value.get<double>(), length);
    case col::TypeId::kDecimal128: {
      if (!value.holds<spec::Decimal>()) return mismatch();
      __int128 unscaled = value.get<spec::Decimal>().unscaled;  // little-endian two's complement
      uint8_t bytes[16];
      std::memcpy(bytes, &unscaled, 16);
      FLOE_ASSIGN_OR_RETURN(col::BufferPtr values, Repeat(bytes, 16, length));
      return col::ArrayData::Make(type, length, {nullptr, values});
    }
    case col::TypeId::kString:
    case col::TypeId::kBinary:
      if (!HoldsBytes(value)) return mismatch();
      return Variable(type, BytesOf(value), length);
    case col::TypeId::kFixedSizeBinary: {
      if (!HoldsBytes(value)) return mismatch();
      std::string_view bytes = BytesOf(value);
      if (static_cast<int64_t>(bytes.size()) != type->byte_width()) return mismatch();
      FLOE_ASSIGN_OR_RETURN(col::BufferPtr values,
                            Repeat(bytes.data(), static_cast<int64_t>(bytes.size()), length));
      return col::ArrayData::Make(type, length, {nullptr, values});
    }
    default:
      break;
  }
  return NotSupported("a constant column of type {} (only primitive values are filled in)",
                      type->ToString());
}

}  // namespace floe::scan
