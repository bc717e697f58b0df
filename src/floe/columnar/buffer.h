// Reference-counted byte buffers: owned ones are 64-byte aligned with capacity padded to a multiple
// of 64 (SIMD loops may read whole cache lines), wrapped ones share memory someone else owns.
// Arrays hold BufferPtrs, so a slice, a batch and an exported ArrowArray share one allocation.
#pragma once

#include <cstdint>
#include <memory>

#include "floe/util/result.h"

namespace floe::columnar {

class Buffer;
using BufferPtr = std::shared_ptr<Buffer>;

class Buffer {
 public:
  static constexpr int64_t kAlignment = 64;
  // The largest buffer floe allocates (arrays use int32 offsets; 2^40 guards against counts
  // read from corrupt input reaching the allocator).
  static constexpr int64_t kMaxSize = int64_t{1} << 40;

  // An owned buffer of `size` bytes, zero-filled; fails beyond kMaxSize or when memory runs out.
  static Result<BufferPtr> Allocate(int64_t size);
  // An owned buffer of size 0 with room for `capacity` bytes left unwritten (only the padding
  // past the capacity is zeroed): for decoders that write every byte they then Resize over.
  static Result<BufferPtr> AllocateForWriting(int64_t capacity);
  // Shares [data, data + size) kept alive by `owner` (nullptr: static memory); not resizable.
  static BufferPtr Wrap(const uint8_t* data, int64_t size, std::shared_ptr<const void> owner);
  // A view of part of `parent`, keeping it alive.
  static BufferPtr Slice(const BufferPtr& parent, int64_t offset, int64_t size);

  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  ~Buffer();

  const uint8_t* data() const { return data_; }
  // Only owned buffers are written to.
  uint8_t* mutable_data() { return data_; }
  template <typename T>
  const T* data_as() const {
    return reinterpret_cast<const T*>(data_);
  }
  template <typename T>
  T* mutable_data_as() {
    return reinterpret_cast<T*>(data_);
  }
  int64_t size() const { return size_; }
  int64_t capacity() const { return capacity_; }
  bool is_owned() const { return owned_; }

  // Owned buffers only: grow the capacity to at least `capacity` bytes (new bytes zeroed).
  Status Reserve(int64_t capacity);
  // Owned buffers only: set the size, growing the capacity geometrically when needed.
  Status Resize(int64_t size);

 private:
  Buffer() = default;

  uint8_t* data_ = nullptr;
  int64_t size_ = 0;
  int64_t capacity_ = 0;
  bool owned_ = false;
  std::shared_ptr<const void> owner_;
};

}  // namespace floe::columnar
