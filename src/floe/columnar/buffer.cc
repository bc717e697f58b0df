#include "floe/columnar/buffer.h"

#include <cassert>
#include <cstdlib>
#include <cstring>

namespace floe::columnar {
namespace {

// One zeroed, aligned block serves every empty owned buffer, so data() is never null.
alignas(Buffer::kAlignment) uint8_t kZeroBlock[Buffer::kAlignment] = {};

int64_t RoundUpToAlignment(int64_t n) {
  return (n + Buffer::kAlignment - 1) & ~(Buffer::kAlignment - 1);
}

}  // namespace

Result<BufferPtr> Buffer::Allocate(int64_t size) {
  BufferPtr b(new Buffer());
  b->owned_ = true;
  b->data_ = kZeroBlock;
  FLOE_RETURN_IF_ERROR(b->Resize(size));
  return b;
}

Result<BufferPtr> Buffer::AllocateForWriting(int64_t capacity) {
  if (capacity < 0 || capacity > kMaxSize) {
    return InvalidArgument("cannot allocate a buffer of {} bytes (limit {})", capacity, kMaxSize);
  }
  BufferPtr b(new Buffer());
  b->owned_ = true;
  b->data_ = kZeroBlock;
  if (capacity == 0) return b;
  int64_t padded = RoundUpToAlignment(capacity);
  auto* p = static_cast<uint8_t*>(std::aligned_alloc(kAlignment, static_cast<size_t>(padded)));
  if (p == nullptr) return Internal("out of memory allocating {} bytes", padded);
  std::memset(p + capacity, 0, static_cast<size_t>(padded - capacity));
  b->data_ = p;
  b->capacity_ = padded;
  return b;
}

BufferPtr Buffer::Wrap(const uint8_t* data, int64_t size, std::shared_ptr<const void> owner) {
  BufferPtr b(new Buffer());
  b->data_ = const_cast<uint8_t*>(data);
  b->size_ = size;
  b->capacity_ = size;
  b->owner_ = std::move(owner);
  return b;
}

BufferPtr Buffer::Slice(const BufferPtr& parent, int64_t offset, int64_t size) {
  assert(offset >= 0 && size >= 0 && offset + size <= parent->size());
  return Wrap(parent->data() + offset, size, parent);
}

Buffer::~Buffer() {
  if (owned_ && data_ != kZeroBlock) std::free(data_);
}

Status Buffer::Reserve(int64_t capacity) {
  assert(owned_);
  if (capacity <= capacity_) return Ok();
  if (capacity < 0 || capacity > kMaxSize) {
    return InvalidArgument("cannot allocate a buffer of {} bytes (limit {})", capacity, kMaxSize);
  }
  int64_t padded = RoundUpToAlignment(capacity);
  auto* p = static_cast<uint8_t*>(std::aligned_alloc(kAlignment, static_cast<size_t>(padded)));
  if (p == nullptr) return Internal("out of memory allocating {} bytes", padded);
  if (size_ > 0) std::memcpy(p, data_, static_cast<size_t>(size_));
  std::memset(p + size_, 0, static_cast<size_t>(padded - size_));
  if (data_ != kZeroBlock) std::free(data_);
  data_ = p;
  capacity_ = padded;
  return Ok();
}

Status Buffer::Resize(int64_t size) {
  assert(owned_);
  if (size < 0) return InvalidArgument("negative buffer size {}", size);
  if (size > capacity_) {
    int64_t grown = capacity_ + capacity_ / 2;
    FLOE_RETURN_IF_ERROR(Reserve(size > grown || grown > kMaxSize ? size : grown));
  } else if (size < size_) {
    // Keep bytes past the size zeroed, so padding never leaks stale data.
    std::memset(data_ + size, 0, static_cast<size_t>(size_ - size));
  }
  size_ = size;
  return Ok();
}

}  // namespace floe::columnar
