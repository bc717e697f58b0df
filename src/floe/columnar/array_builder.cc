#include "floe/columnar/array_builder.h"

#include <algorithm>

namespace floe::columnar {
namespace {

Result<BufferPtr> EnsureBuffer(BufferPtr buffer, int64_t size) {
  if (!buffer) return Buffer::Allocate(size);
  FLOE_RETURN_IF_ERROR(buffer->Resize(size));
  return buffer;
}

}  // namespace

// --- ArrayBuilder ---

Status ArrayBuilder::Grow(int64_t additional) {
  if (additional < 0 || additional > Buffer::kMaxSize || length_ + additional > Buffer::kMaxSize) {
    return InvalidArgument("cannot reserve {} more elements in a {} builder", additional,
                           type_->ToString());
  }
  const int64_t need = length_ + additional;
  if (need <= capacity_) return Ok();
  const int64_t cap = std::max({need, std::min(capacity_ * 2, Buffer::kMaxSize), int64_t{32}});
  FLOE_RETURN_IF_ERROR(GrowBuffersTo(cap));
  if (validity_) FLOE_RETURN_IF_ERROR(validity_->Resize(BytesForBits(cap)));
  capacity_ = cap;
  return Ok();
}

Status ArrayBuilder::AppendValidity(int64_t n, bool valid) {
  assert(length_ + n <= capacity_ || type_->id() == TypeId::kNull);
  if (n <= 0) return Ok();
  if (!valid) {
    if (!validity_) {
      FLOE_ASSIGN_OR_RETURN(validity_, Buffer::Allocate(BytesForBits(capacity_)));
      SetBitsTo(validity_->mutable_data(), 0, length_, true);
    }
    SetBitsTo(validity_->mutable_data(), length_, n, false);
    null_count_ += n;
  } else if (validity_) {
    SetBitsTo(validity_->mutable_data(), length_, n, true);
  }
  length_ += n;
  return Ok();
}

Status ArrayBuilder::AppendValidityBitmap(const uint8_t* bitmap, int64_t bitmap_offset, int64_t n) {
  if (bitmap == nullptr) return AppendValidity(n, true);
  if (n <= 0) return Ok();
  const int64_t nulls = n - CountSetBits(bitmap, bitmap_offset, n);
  if (nulls > 0 && !validity_) {
    FLOE_ASSIGN_OR_RETURN(validity_, Buffer::Allocate(BytesForBits(capacity_)));
    SetBitsTo(validity_->mutable_data(), 0, length_, true);
  }
  if (validity_) CopyBits(bitmap, bitmap_offset, n, validity_->mutable_data(), length_);
  null_count_ += nulls;
  length_ += n;
  return Ok();
}

Result<BufferPtr> ArrayBuilder::FinishValidity() {
  BufferPtr out;
  if (null_count_ > 0) {
    FLOE_RETURN_IF_ERROR(validity_->Resize(BytesForBits(length_)));
    out = std::move(validity_);
  }
  validity_.reset();
  length_ = 0;
  null_count_ = 0;
  capacity_ = 0;
  return out;
}

// --- NullBuilder ---

Status NullBuilder::AppendNulls(int64_t n) {
  length_ += n;
  null_count_ += n;
  return Ok();
}

Result<ArrayPtr> NullBuilder::Finish() {
  const int64_t len = length_;
  length_ = null_count_ = capacity_ = 0;
  return ArrayData::Make(type_, len, {}, len);
}

// --- PrimitiveBuilder ---

template <typename T>
Status PrimitiveBuilder<T>::GrowBuffersTo(int64_t new_capacity) {
  FLOE_ASSIGN_OR_RETURN(
      data_, EnsureBuffer(std::move(data_), new_capacity * static_cast<int64_t>(sizeof(T))));
  return Ok();
}

template <typename T>
Result<ArrayPtr> PrimitiveBuilder<T>::Finish() {
  const int64_t len = length_;
  const int64_t nulls = null_count_;
  FLOE_ASSIGN_OR_RETURN(BufferPtr validity, FinishValidity());
  FLOE_ASSIGN_OR_RETURN(BufferPtr data,
                        EnsureBuffer(std::move(data_), len * static_cast<int64_t>(sizeof(T))));
  data_.reset();
  return ArrayData::Make(type_, len, {std::move(validity), std::move(data)}, nulls);
}

template class PrimitiveBuilder<int8_t>;
template class PrimitiveBuilder<int16_t>;
template class PrimitiveBuilder<int32_t>;
template class PrimitiveBuilder<int64_t>;
template class PrimitiveBuilder<uint8_t>;
template class PrimitiveBuilder<uint16_t>;
template class PrimitiveBuilder<uint32_t>;
template class PrimitiveBuilder<uint64_t>;
template class PrimitiveBuilder<float>;
template class PrimitiveBuilder<double>;

// --- BooleanBuilder ---

Status BooleanBuilder::GrowBuffersTo(int64_t new_capacity) {
  FLOE_ASSIGN_OR_RETURN(data_, EnsureBuffer(std::move(data_), BytesForBits(new_capacity)));
  return Ok();
}

Status BooleanBuilder::AppendValues(const uint8_t* bytes, int64_t n) {
  FLOE_RETURN_IF_ERROR(Reserve(n));
  uint8_t* bits = data_ ? data_->mutable_data() : nullptr;
  for (int64_t i = 0; i < n; ++i) SetBitTo(bits, length_ + i, bytes[i] != 0);
  return AppendValidity(n, true);
}

Status BooleanBuilder::AppendBits(const uint8_t* bits, int64_t bit_offset, int64_t n) {
  FLOE_RETURN_IF_ERROR(Reserve(n));
  if (n > 0) CopyBits(bits, bit_offset, n, data_->mutable_data(), length_);
  return AppendValidity(n, true);
}

Status BooleanBuilder::AppendNulls(int64_t n) {
  FLOE_RETURN_IF_ERROR(Reserve(n));
  if (n > 0) SetBitsTo(data_->mutable_data(), length_, n, false);
  return AppendValidity(n, false);
}

Result<ArrayPtr> BooleanBuilder::Finish() {
  const int64_t len = length_;
  const int64_t nulls = null_count_;
  FLOE_ASSIGN_OR_RETURN(BufferPtr validity, FinishValidity());
  FLOE_ASSIGN_OR_RETURN(BufferPtr data, EnsureBuffer(std::move(data_), BytesForBits(len)));
  data_.reset();
  return ArrayData::Make(type_, len, {std::move(validity), std::move(data)}, nulls);
}

// --- BinaryBuilder ---

Status BinaryBuilder::GrowBuffersTo(int64_t new_capacity) {
  FLOE_ASSIGN_OR_RETURN(offsets_, EnsureBuffer(std::move(offsets_), (new_capacity + 1) * 4));
  return Ok();
}

Status BinaryBuilder::ReserveData(int64_t additional) {
  if (additional < 0 || additional > INT32_MAX - data_length_) {
    return InvalidArgument("{} column: {} more bytes pass the 2 GiB limit of int32 offsets",
                           type_->ToString(), additional);
  }
  const int64_t need = data_length_ + additional;
  if (need <= data_capacity()) return Ok();
  const int64_t cap = std::min<int64_t>(std::max({need, data_capacity() * 2, int64_t{256}}),
                                        std::max<int64_t>(need, INT32_MAX));
  FLOE_ASSIGN_OR_RETURN(data_, EnsureBuffer(std::move(data_), cap));
  return Ok();
}

Status BinaryBuilder::AppendBulk(const int32_t* lengths, int64_t n, const uint8_t* bytes,
                                 int64_t total_bytes) {
  if (n == 0 && total_bytes == 0) return Ok();
  FLOE_RETURN_IF_ERROR(Reserve(n));
  FLOE_RETURN_IF_ERROR(ReserveData(total_bytes));
  int32_t* offs = offsets_->mutable_data_as<int32_t>() + length_;
  int64_t sum = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (lengths[i] < 0) return InvalidArgument("negative string length {}", lengths[i]);
    sum += lengths[i];
    if (sum > total_bytes) break;
    offs[i + 1] = static_cast<int32_t>(data_length_ + sum);
  }
  if (sum != total_bytes) {
    return InvalidArgument("string lengths sum to {}, not to the {} bytes given", sum, total_bytes);
  }
  if (total_bytes > 0) {
    std::memcpy(data_->mutable_data() + data_length_, bytes, static_cast<size_t>(total_bytes));
  }
  data_length_ += total_bytes;
  return AppendValidity(n, true);
}

Status BinaryBuilder::AppendNulls(int64_t n) {
  FLOE_RETURN_IF_ERROR(Reserve(n));
  int32_t* offs = offsets_ ? offsets_->mutable_data_as<int32_t>() : nullptr;
  for (int64_t i = 1; i <= n; ++i) offs[length_ + i] = static_cast<int32_t>(data_length_);
  return AppendValidity(n, false);
}

Result<ArrayPtr> BinaryBuilder::Finish() {
  const int64_t len = length_;
  const int64_t nulls = null_count_;
  FLOE_ASSIGN_OR_RETURN(BufferPtr validity, FinishValidity());
  FLOE_ASSIGN_OR_RETURN(BufferPtr offsets, EnsureBuffer(std::move(offsets_), (len + 1) * 4));
  FLOE_ASSIGN_OR_RETURN(BufferPtr data, EnsureBuffer(std::move(data_), data_length_));
  offsets_.reset();
  data_.reset();
  data_length_ = 0;
  return ArrayData::Make(type_, len, {std::move(validity), std::move(offsets), std::move(data)},
                         nulls);
}

// --- FixedSizeBinaryBuilder / Decimal128Builder ---

Status FixedSizeBinaryBuilder::GrowBuffersTo(int64_t new_capacity) {
  FLOE_ASSIGN_OR_RETURN(data_, EnsureBuffer(std::move(data_), new_capacity * width_));
  return Ok();
}

Result<uint8_t*> FixedSizeBinaryBuilder::AppendUninitialized(int64_t n) {
  FLOE_RETURN_IF_ERROR(Reserve(n));
  uint8_t* out = data_ ? data_->mutable_data() + length_ * width_ : nullptr;
  FLOE_RETURN_IF_ERROR(AppendValidity(n, true));
  return out;
}

Status FixedSizeBinaryBuilder::AppendNulls(int64_t n) {
  FLOE_RETURN_IF_ERROR(Reserve(n));
  if (n > 0 && width_ > 0) {
    std::memset(data_->mutable_data() + length_ * width_, 0, static_cast<size_t>(n * width_));
  }
  return AppendValidity(n, false);
}

Result<ArrayPtr> FixedSizeBinaryBuilder::Finish() {
  const int64_t len = length_;
  const int64_t nulls = null_count_;
  FLOE_ASSIGN_OR_RETURN(BufferPtr validity, FinishValidity());
  FLOE_ASSIGN_OR_RETURN(BufferPtr data, EnsureBuffer(std::move(data_), len * width_));
  data_.reset();
  return ArrayData::Make(type_, len, {std::move(validity), std::move(data)}, nulls);
}

Status Decimal128Builder::AppendBigEndian(const uint8_t* bytes, int64_t n) {
  if (n < 1 || n > 16) return Corrupt("decimal of {} bytes; expected 1 to 16", n);
  uint8_t le[16];
  std::memset(le, (bytes[0] & 0x80) ? 0xFF : 0x00, sizeof(le));
  for (int64_t i = 0; i < n; ++i) le[i] = bytes[n - 1 - i];
  return FixedSizeBinaryBuilder::Append(le);
}

// --- StructBuilder ---

Status StructBuilder::AppendNulls(int64_t n) {
  FLOE_RETURN_IF_ERROR(Reserve(n));
  FLOE_RETURN_IF_ERROR(AppendValidity(n, false));
  for (auto& c : children_) FLOE_RETURN_IF_ERROR(c->AppendNulls(n));
  return Ok();
}

Result<ArrayPtr> StructBuilder::Finish() {
  const int64_t len = length_;
  const int64_t nulls = null_count_;
  for (size_t i = 0; i < children_.size(); ++i) {
    if (children_[i]->length() != len) {
      return InvalidArgument("struct field {} has {} values for {} rows", type_->children()[i].name,
                             children_[i]->length(), len);
    }
  }
  FLOE_ASSIGN_OR_RETURN(BufferPtr validity, FinishValidity());
  std::vector<ArrayPtr> kids;
  kids.reserve(children_.size());
  for (auto& c : children_) {
    FLOE_ASSIGN_OR_RETURN(ArrayPtr a, c->Finish());
    kids.push_back(std::move(a));
  }
  return ArrayData::Make(type_, len, {std::move(validity)}, nulls, 0, std::move(kids));
}

// --- ListBuilder ---

Status ListBuilder::GrowBuffersTo(int64_t new_capacity) {
  FLOE_ASSIGN_OR_RETURN(offsets_, EnsureBuffer(std::move(offsets_), (new_capacity + 1) * 4));
  return Ok();
}

Status ListBuilder::AppendNulls(int64_t n) {
  FLOE_RETURN_IF_ERROR(Reserve(n));
  if (values_->length() > INT32_MAX) {
    return InvalidArgument("list child of {} elements exceeds int32 offsets", values_->length());
  }
  int32_t* offs = offsets_ ? offsets_->mutable_data_as<int32_t>() : nullptr;
  for (int64_t i = 0; i < n; ++i) offs[length_ + i] = static_cast<int32_t>(values_->length());
  return AppendValidity(n, false);
}

Result<ArrayPtr> ListBuilder::Finish() {
  if (values_->length() > INT32_MAX) {
    return InvalidArgument("list child of {} elements exceeds int32 offsets", values_->length());
  }
  const int64_t len = length_;
  const int64_t nulls = null_count_;
  FLOE_ASSIGN_OR_RETURN(BufferPtr validity, FinishValidity());
  FLOE_ASSIGN_OR_RETURN(BufferPtr offsets, EnsureBuffer(std::move(offsets_), (len + 1) * 4));
  offsets_.reset();
  offsets->mutable_data_as<int32_t>()[len] = static_cast<int32_t>(values_->length());
  FLOE_ASSIGN_OR_RETURN(ArrayPtr child, values_->Finish());
  return ArrayData::Make(type_, len, {std::move(validity), std::move(offsets)}, nulls, 0,
                         {std::move(child)});
}

// --- MakeBuilder ---

Result<std::unique_ptr<ArrayBuilder>> MakeBuilder(const DataTypePtr& type) {
  switch (type->id()) {
    case TypeId::kNull:
      return std::unique_ptr<ArrayBuilder>(new NullBuilder());
    case TypeId::kBool:
      return std::unique_ptr<ArrayBuilder>(new BooleanBuilder());
    case TypeId::kInt8:
      return std::unique_ptr<ArrayBuilder>(new Int8Builder(type));
    case TypeId::kInt16:
      return std::unique_ptr<ArrayBuilder>(new Int16Builder(type));
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kTime32:
      return std::unique_ptr<ArrayBuilder>(new Int32Builder(type));
    case TypeId::kInt64:
    case TypeId::kTime64:
    case TypeId::kTimestamp:
      return std::unique_ptr<ArrayBuilder>(new Int64Builder(type));
    case TypeId::kUInt8:
      return std::unique_ptr<ArrayBuilder>(new UInt8Builder(type));
    case TypeId::kUInt16:
    case TypeId::kFloat16:
      return std::unique_ptr<ArrayBuilder>(new UInt16Builder(type));
    case TypeId::kUInt32:
      return std::unique_ptr<ArrayBuilder>(new UInt32Builder(type));
    case TypeId::kUInt64:
      return std::unique_ptr<ArrayBuilder>(new UInt64Builder(type));
    case TypeId::kFloat32:
      return std::unique_ptr<ArrayBuilder>(new FloatBuilder(type));
    case TypeId::kFloat64:
      return std::unique_ptr<ArrayBuilder>(new DoubleBuilder(type));
    case TypeId::kString:
    case TypeId::kBinary:
      return std::unique_ptr<ArrayBuilder>(new BinaryBuilder(type));
    case TypeId::kFixedSizeBinary:
      return std::unique_ptr<ArrayBuilder>(new FixedSizeBinaryBuilder(type));
    case TypeId::kDecimal128:
      return std::unique_ptr<ArrayBuilder>(new Decimal128Builder(type));
    case TypeId::kStruct: {
      std::vector<std::unique_ptr<ArrayBuilder>> kids;
      for (const Field& f : type->children()) {
        FLOE_ASSIGN_OR_RETURN(auto b, MakeBuilder(f.type));
        kids.push_back(std::move(b));
      }
      return std::unique_ptr<ArrayBuilder>(new StructBuilder(type, std::move(kids)));
    }
    case TypeId::kList:
    case TypeId::kMap: {
      FLOE_ASSIGN_OR_RETURN(auto values, MakeBuilder(type->children()[0].type));
      return std::unique_ptr<ArrayBuilder>(new ListBuilder(type, std::move(values)));
    }
  }
  return NotSupported("no builder for type {}", type->ToString());
}

}  // namespace floe::columnar
