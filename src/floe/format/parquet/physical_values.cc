#include "floe/format/parquet/physical_values.h"

#include <cassert>
#include <cstring>

namespace floe::parquet {

using columnar::ArrayData;
using columnar::TypeId;

namespace {

// Multiplier that turns a value in the array's time unit into the unit it is written in
// (seconds are written as milliseconds).
int64_t TimeScale(const columnar::DataType& t) {
  return t.unit() == columnar::TimeUnit::kSecond ? 1000 : 1;
}

template <typename From, typename To>
void Cast(const ArrayData& a, std::span<const int64_t> indices, int64_t scale,
          std::vector<To>* out) {
  const From* v = a.values<From>();
  for (int64_t i : indices)
    out->push_back(static_cast<To>(static_cast<To>(v[i]) * static_cast<To>(scale)));
}

void GatherInt32(const ArrayData& a, std::span<const int64_t> idx, std::vector<int32_t>* out) {
  switch (a.type->id()) {
    case TypeId::kInt8:
      return Cast<int8_t, int32_t>(a, idx, 1, out);
    case TypeId::kInt16:
      return Cast<int16_t, int32_t>(a, idx, 1, out);
    case TypeId::kUInt8:
      return Cast<uint8_t, int32_t>(a, idx, 1, out);
    case TypeId::kUInt16:
      return Cast<uint16_t, int32_t>(a, idx, 1, out);
    case TypeId::kUInt32:
      return Cast<uint32_t, int32_t>(a, idx, 1, out);
    case TypeId::kTime32:
      return Cast<int32_t, int32_t>(a, idx, TimeScale(*a.type), out);
    case TypeId::kDecimal128: {
      // The low 32 bits of the 128-bit value (a precision <= 9 value fits).
      for (int64_t i : idx) {
        int32_t v;
        std::memcpy(&v, a.GetFixed(i).data(), 4);
        out->push_back(v);
      }
      return;
    }
    case TypeId::kNull:
      return;
    default:
      return Cast<int32_t, int32_t>(a, idx, 1, out);  // int32, date32
  }
}

void GatherInt64(const ArrayData& a, std::span<const int64_t> idx, std::vector<int64_t>* out) {
  switch (a.type->id()) {
    case TypeId::kUInt64:
      return Cast<uint64_t, int64_t>(a, idx, 1, out);
    case TypeId::kTimestamp:
      return Cast<int64_t, int64_t>(a, idx, TimeScale(*a.type), out);
    case TypeId::kDecimal128: {
      for (int64_t i : idx) {
        int64_t v;
        std::memcpy(&v, a.GetFixed(i).data(), 8);
        out->push_back(v);
      }
      return;
    }
    default:
      return Cast<int64_t, int64_t>(a, idx, 1, out);  // int64, time64
  }
}

void GatherViews(const ArrayData& a, std::span<const int64_t> idx, int width,
                 std::vector<std::string_view>* out, std::string* scratch) {
  switch (a.type->id()) {
    case TypeId::kString:
    case TypeId::kBinary:
      for (int64_t i : idx) out->push_back(a.GetView(i));
      return;
    case TypeId::kFloat16: {
      const char* base = reinterpret_cast<const char*>(a.values<uint16_t>());
      for (int64_t i : idx) out->push_back(std::string_view(base + 2 * i, 2));
      return;
    }
    case TypeId::kDecimal128: {
      // Big-endian two's complement in `width` bytes: the low `width` bytes of the little-endian
      // 16-byte value, reversed.
      scratch->clear();
      scratch->resize(idx.size() * static_cast<size_t>(width));
      char* p = scratch->data();
      for (int64_t i : idx) {
        std::string_view le = a.GetFixed(i);
        for (int b = 0; b < width; ++b) p[b] = le[static_cast<size_t>(width - 1 - b)];
        out->push_back(std::string_view(p, static_cast<size_t>(width)));
        p += width;
      }
      return;
    }
    default:  // fixed_size_binary, uuid
      for (int64_t i : idx) out->push_back(a.GetFixed(i));
      return;
  }
}

}  // namespace

template <>
void GatherPhysical<uint8_t>(const ArrayData& a, std::span<const int64_t> idx, int,
                             std::vector<uint8_t>* out, std::string*) {
  for (int64_t i : idx) out->push_back(a.GetBool(i) ? 1 : 0);
}

template <>
void GatherPhysical<int32_t>(const ArrayData& a, std::span<const int64_t> idx, int,
                             std::vector<int32_t>* out, std::string*) {
  GatherInt32(a, idx, out);
}

template <>
void GatherPhysical<int64_t>(const ArrayData& a, std::span<const int64_t> idx, int,
                             std::vector<int64_t>* out, std::string*) {
  GatherInt64(a, idx, out);
}

template <>
void GatherPhysical<float>(const ArrayData& a, std::span<const int64_t> idx, int,
                           std::vector<float>* out, std::string*) {
  Cast<float, float>(a, idx, 1, out);
}

template <>
void GatherPhysical<double>(const ArrayData& a, std::span<const int64_t> idx, int,
                            std::vector<double>* out, std::string*) {
  Cast<double, double>(a, idx, 1, out);
}

template <>
void GatherPhysical<std::string_view>(const ArrayData& a, std::span<const int64_t> idx, int width,
                                      std::vector<std::string_view>* out, std::string* scratch) {
  GatherViews(a, idx, width, out, scratch);
}

}  // namespace floe::parquet
