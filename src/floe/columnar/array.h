// ArrayData: one column in the Arrow C Data Interface layout. buffers[0] is the validity bitmap
// (null when the array has no nulls); then, by type:
//   null: none | bool: bit-packed values | fixed width: values | string/binary: int32 offsets,
//   bytes | struct: - | list/map: int32 offsets (children[0] holds the elements / entries).
// `offset` counts logical elements into every buffer (and into the offsets of list/binary).
// Arrays are immutable once built and shared through ArrayPtr.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "floe/columnar/bit_util.h"
#include "floe/columnar/buffer.h"
#include "floe/columnar/data_type.h"
#include "floe/util/result.h"

namespace floe::columnar {

struct ArrayData;
using ArrayPtr = std::shared_ptr<ArrayData>;

struct ArrayData {
  DataTypePtr type;
  int64_t length = 0;
  int64_t null_count = 0;
  int64_t offset = 0;
  std::vector<BufferPtr> buffers;
  std::vector<ArrayPtr> children;

  static ArrayPtr Make(DataTypePtr type, int64_t length, std::vector<BufferPtr> buffers,
                       int64_t null_count = 0, int64_t offset = 0,
                       std::vector<ArrayPtr> children = {});

  bool IsValid(int64_t i) const {
    if (type->id() == TypeId::kNull) return false;
    const Buffer* v = buffers.empty() ? nullptr : buffers[0].get();
    return v == nullptr || GetBit(v->data(), offset + i);
  }
  bool IsNull(int64_t i) const { return !IsValid(i); }

  // Values of a fixed-width column, already advanced by `offset`.
  template <typename T>
  const T* values(int buffer_index = 1) const {
    return buffers[static_cast<size_t>(buffer_index)]->data_as<T>() + offset;
  }
  // bool column: the value bit of element i.
  bool GetBool(int64_t i) const { return GetBit(buffers[1]->data(), offset + i); }
  // string/binary column: the bytes of element i.
  std::string_view GetView(int64_t i) const {
    const int32_t* offs = values<int32_t>(1);
    return std::string_view(reinterpret_cast<const char*>(buffers[2]->data()) + offs[i],
                            static_cast<size_t>(offs[i + 1] - offs[i]));
  }
  // fixed_size_binary/decimal128 column: the bytes of element i.
  std::string_view GetFixed(int64_t i) const {
    int w = type->byte_width();
    return std::string_view(reinterpret_cast<const char*>(buffers[1]->data()) + (offset + i) * w,
                            static_cast<size_t>(w));
  }
  // list/map column: element i spans child positions [ListStart(i), ListEnd(i)).
  int32_t ListStart(int64_t i) const { return values<int32_t>(1)[i]; }
  int32_t ListEnd(int64_t i) const { return values<int32_t>(1)[i + 1]; }

  // A zero-copy view of [off, off + len); the null count is recomputed.
  ArrayPtr Slice(int64_t off, int64_t len) const;

  // Full structural check: buffer count and sizes for the type, null count, offsets monotonic and
  // inside the data, child types and lengths. Corrupt on failure.
  Status Validate() const;
};

// Number of buffers (validity included) the C Data Interface expects for `type`.
int NumBuffersFor(const DataType& type);

}  // namespace floe::columnar
