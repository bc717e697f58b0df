// Appending builders, one per type family, used by the Parquet, CSV and NDJSON readers.
// The per-value methods are inline and non-virtual (call them on the concrete builder); the
// virtual interface (AppendNull, Finish, ...) serves generic code such as MakeBuilder's users.
// Bulk paths: AppendValues copies fixed-width values in one memcpy, AppendUninitialized hands a
// decoder the memory to write into, and BinaryBuilder takes decoded strings as offsets + bytes.
// The validity bitmap is only materialized once a null arrives.
#pragma once

#include <cassert>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include "floe/columnar/array.h"
#include "floe/columnar/bit_util.h"
#include "floe/columnar/buffer.h"
#include "floe/columnar/data_type.h"
#include "floe/util/result.h"

namespace floe::columnar {

class ArrayBuilder {
 public:
  explicit ArrayBuilder(DataTypePtr type) : type_(std::move(type)) {}
  virtual ~ArrayBuilder() = default;
  ArrayBuilder(const ArrayBuilder&) = delete;
  ArrayBuilder& operator=(const ArrayBuilder&) = delete;

  const DataTypePtr& type() const { return type_; }
  int64_t length() const { return length_; }
  int64_t null_count() const { return null_count_; }
  int64_t capacity() const { return capacity_; }

  Status AppendNull() { return AppendNulls(1); }
  virtual Status AppendNulls(int64_t n) = 0;
  // Makes room for `additional` more elements (BinaryBuilder::ReserveData for their bytes).
  Status Reserve(int64_t additional) {
    if (additional <= capacity_ - length_) return Ok();
    return Grow(additional);
  }
  // Returns the built array and resets the builder for reuse.
  virtual Result<ArrayPtr> Finish() = 0;

 protected:
  // Derived builders grow their buffers to hold `new_capacity` elements.
  virtual Status GrowBuffersTo(int64_t new_capacity) = 0;
  Status Grow(int64_t additional);
  // Validity of the next `n` elements (room reserved). Materializes the bitmap on the first null.
  Status AppendValidity(int64_t n, bool valid);
  // Validity copied from an LSB bitmap (nullptr: all valid); room reserved.
  Status AppendValidityBitmap(const uint8_t* bitmap, int64_t bitmap_offset, int64_t n);
  // One valid element; room reserved.
  void UnsafeAppendValid() {
    if (validity_) SetBit(validity_->mutable_data(), length_);
    ++length_;
  }
  // The validity buffer for Finish (null if no nulls); resets length, capacity and null count.
  Result<BufferPtr> FinishValidity();

  DataTypePtr type_;
  int64_t length_ = 0;
  int64_t null_count_ = 0;
  int64_t capacity_ = 0;  // elements every buffer has room for
  BufferPtr validity_;    // null until the first null
};

class NullBuilder final : public ArrayBuilder {
 public:
  NullBuilder() : ArrayBuilder(Null()) {}
  Status AppendNulls(int64_t n) override;
  Result<ArrayPtr> Finish() override;

 protected:
  Status GrowBuffersTo(int64_t) override { return Ok(); }
};

// Fixed-width values of C type T: ints, floats, date32 (int32), time/timestamp (int32/int64),
// float16 (uint16). The data type decides what the values mean.
template <typename T>
class PrimitiveBuilder final : public ArrayBuilder {
 public:
  explicit PrimitiveBuilder(DataTypePtr type) : ArrayBuilder(std::move(type)) {
    assert(type_->byte_width() == static_cast<int>(sizeof(T)));
  }

  Status Append(T v) {
    if (length_ >= capacity_) FLOE_RETURN_IF_ERROR(Grow(1));
    UnsafeAppend(v);
    return Ok();
  }
  // After Reserve.
  void UnsafeAppend(T v) {
    data_->template mutable_data_as<T>()[length_] = v;
    UnsafeAppendValid();
  }
  Status AppendValues(const T* values, int64_t n) {
    FLOE_ASSIGN_OR_RETURN(T * out, AppendUninitialized(n));
    if (n > 0) std::memcpy(out, values, static_cast<size_t>(n) * sizeof(T));
    return Ok();
  }
  // n slots, element i valid when bit (bitmap_offset + i) of `validity` is set (nullptr: all
  // valid). Slots of nulls keep whatever `values` has there.
  Status AppendValues(const T* values, int64_t n, const uint8_t* validity, int64_t bitmap_offset) {
    FLOE_RETURN_IF_ERROR(Reserve(n));
    if (n > 0) {
      std::memcpy(data_->template mutable_data_as<T>() + length_, values,
                  static_cast<size_t>(n) * sizeof(T));
    }
    return AppendValidityBitmap(validity, bitmap_offset, n);
  }
  // Appends n valid elements and returns where their values go; the caller writes all n.
  Result<T*> AppendUninitialized(int64_t n) {
    FLOE_RETURN_IF_ERROR(Reserve(n));
    T* out = data_ ? data_->template mutable_data_as<T>() + length_ : nullptr;
    FLOE_RETURN_IF_ERROR(AppendValidity(n, true));
    return out;
  }
  Status AppendNulls(int64_t n) override {
    FLOE_RETURN_IF_ERROR(Reserve(n));
    if (n > 0) {
      std::memset(data_->template mutable_data_as<T>() + length_, 0,
                  static_cast<size_t>(n) * sizeof(T));
    }
    return AppendValidity(n, false);
  }
  Result<ArrayPtr> Finish() override;

  // Values appended so far (for in-place fix-ups such as unit conversion).
  T* mutable_values() { return data_ ? data_->template mutable_data_as<T>() : nullptr; }

 protected:
  Status GrowBuffersTo(int64_t new_capacity) override;

 private:
  BufferPtr data_;
};

using Int8Builder = PrimitiveBuilder<int8_t>;
using Int16Builder = PrimitiveBuilder<int16_t>;
using Int32Builder = PrimitiveBuilder<int32_t>;
using Int64Builder = PrimitiveBuilder<int64_t>;
using UInt8Builder = PrimitiveBuilder<uint8_t>;
using UInt16Builder = PrimitiveBuilder<uint16_t>;
using UInt32Builder = PrimitiveBuilder<uint32_t>;
using UInt64Builder = PrimitiveBuilder<uint64_t>;
using FloatBuilder = PrimitiveBuilder<float>;
using DoubleBuilder = PrimitiveBuilder<double>;

extern template class PrimitiveBuilder<int8_t>;
extern template class PrimitiveBuilder<int16_t>;
extern template class PrimitiveBuilder<int32_t>;
extern template class PrimitiveBuilder<int64_t>;
extern template class PrimitiveBuilder<uint8_t>;
extern template class PrimitiveBuilder<uint16_t>;
extern template class PrimitiveBuilder<uint32_t>;
extern template class PrimitiveBuilder<uint64_t>;
extern template class PrimitiveBuilder<float>;
extern template class PrimitiveBuilder<double>;

// Booleans, bit-packed.
class BooleanBuilder final : public ArrayBuilder {
 public:
  BooleanBuilder() : ArrayBuilder(Boolean()) {}

  Status Append(bool v) {
    if (length_ >= capacity_) FLOE_RETURN_IF_ERROR(Grow(1));
    SetBitTo(data_->mutable_data(), length_, v);
    UnsafeAppendValid();
    return Ok();
  }
  // One byte per value (non-zero = true), all valid.
  Status AppendValues(const uint8_t* bytes, int64_t n);
  // Values from an LSB bitmap (the PLAIN BOOLEAN layout), all valid.
  Status AppendBits(const uint8_t* bits, int64_t bit_offset, int64_t n);
  Status AppendNulls(int64_t n) override;
  Result<ArrayPtr> Finish() override;

 protected:
  Status GrowBuffersTo(int64_t new_capacity) override;

 private:
  BufferPtr data_;
};

// string (utf8) or binary: int32 offsets + bytes. Fails with InvalidArgument once the bytes would
// pass 2^31 - 1 (the caller then finishes the batch and starts a new one).
class BinaryBuilder final : public ArrayBuilder {
 public:
  explicit BinaryBuilder(DataTypePtr type = Binary()) : ArrayBuilder(std::move(type)) {
    assert(type_->is_binary_like());
  }

  Status Append(const uint8_t* data, int64_t n) {
    if (length_ >= capacity_) FLOE_RETURN_IF_ERROR(Grow(1));
    if (n > data_capacity() - data_length_) FLOE_RETURN_IF_ERROR(ReserveData(n));
    UnsafeAppend(data, n);
    return Ok();
  }
  Status Append(std::string_view s) {
    return Append(reinterpret_cast<const uint8_t*>(s.data()), static_cast<int64_t>(s.size()));
  }
  // After Reserve(1) and ReserveData(n).
  void UnsafeAppend(const uint8_t* data, int64_t n) {
    if (n > 0) CopyBytes(data_->mutable_data() + data_length_, data, n);
    data_length_ += n;
    offsets_->mutable_data_as<int32_t>()[length_ + 1] = static_cast<int32_t>(data_length_);
    UnsafeAppendValid();
  }
  // n bytes from `from` to `to`: short strings by fixed-size copies the compiler inlines, not a
  // library call per value.
  static void CopyBytes(uint8_t* to, const uint8_t* from, int64_t n) {
    switch (n) {
      case 0:
        return;
      case 1:
        *to = *from;
        return;
      case 2:
        std::memcpy(to, from, 2);
        return;
      case 4:
        std::memcpy(to, from, 4);
        return;
      case 3:
        std::memcpy(to, from, 2), to[2] = from[2];
        return;
      case 8:
        std::memcpy(to, from, 8);
        return;
      default:
        if (n < 8) {  // 5..7: two overlapping 4-byte copies
          std::memcpy(to, from, 4);
          std::memcpy(to + n - 4, from + n - 4, 4);
          return;
        }
        std::memcpy(to, from, static_cast<size_t>(n));
    }
  }
  // n valid strings whose lengths (each >= 0, summing to total_bytes, as the caller has checked)
  // are given and whose bytes lie back to back in `bytes`.
  Status AppendBulk(const int32_t* lengths, int64_t n, const uint8_t* bytes, int64_t total_bytes);
  Status AppendNulls(int64_t n) override;
  // Room for `additional` more bytes.
  Status ReserveData(int64_t additional);
  int64_t data_length() const { return data_length_; }
  // The bytes of element i appended so far (DELTA_BYTE_ARRAY reads the previous value).
  std::string_view ViewAt(int64_t i) const {
    const int32_t* offs = offsets_->data_as<int32_t>();
    return std::string_view(reinterpret_cast<const char*>(data_->data()) + offs[i],
                            static_cast<size_t>(offs[i + 1] - offs[i]));
  }
  Result<ArrayPtr> Finish() override;

 protected:
  Status GrowBuffersTo(int64_t new_capacity) override;

 private:
  int64_t data_capacity() const { return data_ ? data_->size() : 0; }

  BufferPtr offsets_;  // size: (capacity + 1) * 4
  BufferPtr data_;     // size: byte capacity
  int64_t data_length_ = 0;
};

// fixed_size_binary(w), uuid, and decimal128 (w = 16).
class FixedSizeBinaryBuilder : public ArrayBuilder {
 public:
  explicit FixedSizeBinaryBuilder(DataTypePtr type)
      : ArrayBuilder(std::move(type)), width_(type_->byte_width()) {}

  int byte_width() const { return width_; }
  // `byte_width()` bytes.
  Status Append(const uint8_t* value) {
    if (length_ >= capacity_) FLOE_RETURN_IF_ERROR(Grow(1));
    if (width_ > 0) {
      std::memcpy(data_->mutable_data() + length_ * width_, value, static_cast<size_t>(width_));
    }
    UnsafeAppendValid();
    return Ok();
  }
  // n values of `byte_width()` bytes back to back, all valid.
  Status AppendValues(const uint8_t* values, int64_t n) {
    FLOE_ASSIGN_OR_RETURN(uint8_t * out, AppendUninitialized(n));
    if (n > 0 && width_ > 0) std::memcpy(out, values, static_cast<size_t>(n * width_));
    return Ok();
  }
  // n valid elements; the caller writes n * byte_width() bytes at the returned address.
  Result<uint8_t*> AppendUninitialized(int64_t n);
  Status AppendNulls(int64_t n) override;
  Result<ArrayPtr> Finish() override;

 protected:
  Status GrowBuffersTo(int64_t new_capacity) override;

  int width_;
  BufferPtr data_;
};

class Decimal128Builder final : public FixedSizeBinaryBuilder {
 public:
  explicit Decimal128Builder(DataTypePtr type) : FixedSizeBinaryBuilder(std::move(type)) {
    assert(type_->id() == TypeId::kDecimal128);
  }
  using FixedSizeBinaryBuilder::Append;
  // The 128-bit value from its low and high 64-bit halves (two's complement).
  Status Append(uint64_t low, int64_t high) {
    uint8_t le[16];
    std::memcpy(le, &low, 8);
    std::memcpy(le + 8, &high, 8);
    return FixedSizeBinaryBuilder::Append(le);
  }
  Status AppendInt64(int64_t v) { return Append(static_cast<uint64_t>(v), v < 0 ? -1 : 0); }
  // A big-endian two's complement integer of 1..16 bytes (Parquet's decimal in binary and
  // fixed_len_byte_array), sign-extended. Corrupt if the length is outside 1..16.
  Status AppendBigEndian(const uint8_t* bytes, int64_t n);
};

// Children of nested builders are filled by the caller through child(i) / value_builder().
class StructBuilder final : public ArrayBuilder {
 public:
  StructBuilder(DataTypePtr type, std::vector<std::unique_ptr<ArrayBuilder>> children)
      : ArrayBuilder(std::move(type)), children_(std::move(children)) {}

  // One element, valid or null; children untouched (the caller appends to them, a null slot
  // included).
  Status Append(bool valid = true) {
    FLOE_RETURN_IF_ERROR(Reserve(1));
    return AppendValidity(1, valid);
  }
  // n elements valid where the bitmap says so (nullptr: all); children untouched.
  Status AppendValidityOnly(const uint8_t* validity, int64_t bitmap_offset, int64_t n) {
    FLOE_RETURN_IF_ERROR(Reserve(n));
    return AppendValidityBitmap(validity, bitmap_offset, n);
  }
  // n null elements, and n nulls appended to every child.
  Status AppendNulls(int64_t n) override;
  Result<ArrayPtr> Finish() override;

  int num_children() const { return static_cast<int>(children_.size()); }
  ArrayBuilder* child(int i) { return children_[static_cast<size_t>(i)].get(); }

 protected:
  Status GrowBuffersTo(int64_t) override { return Ok(); }

 private:
  std::vector<std::unique_ptr<ArrayBuilder>> children_;
};

// list<element> and map (list<entries: struct<key, value>>): int32 offsets into the child.
// Append starts a new element at the child's current length; the element then holds everything
// appended to the child until the next Append or Finish.
class ListBuilder final : public ArrayBuilder {
 public:
  ListBuilder(DataTypePtr type, std::unique_ptr<ArrayBuilder> values)
      : ArrayBuilder(std::move(type)), values_(std::move(values)) {}

  Status Append(bool valid = true) {
    if (length_ >= capacity_) FLOE_RETURN_IF_ERROR(Grow(1));
    if (values_->length() > INT32_MAX) {
      return InvalidArgument("list child of {} elements exceeds int32 offsets", values_->length());
    }
    offsets_->mutable_data_as<int32_t>()[length_] = static_cast<int32_t>(values_->length());
    if (valid) {
      UnsafeAppendValid();
      return Ok();
    }
    return AppendValidity(1, false);
  }
  // n empty null elements.
  Status AppendNulls(int64_t n) override;
  Result<ArrayPtr> Finish() override;

  ArrayBuilder* value_builder() { return values_.get(); }
  // map only: the entries struct and its key and value builders.
  StructBuilder* entries_builder() { return static_cast<StructBuilder*>(values_.get()); }
  ArrayBuilder* key_builder() { return entries_builder()->child(0); }
  ArrayBuilder* item_builder() { return entries_builder()->child(1); }

 protected:
  Status GrowBuffersTo(int64_t new_capacity) override;

 private:
  std::unique_ptr<ArrayBuilder> values_;
  BufferPtr offsets_;  // size: (capacity + 1) * 4
};
using MapBuilder = ListBuilder;

// A builder for any type (child builders made recursively): one switch over TypeId.
// Returns the concrete builder; static_cast it to call the typed Append methods.
Result<std::unique_ptr<ArrayBuilder>> MakeBuilder(const DataTypePtr& type);

}  // namespace floe::columnar
