#include "floe/expr/filter_batch.h"

#include <climits>
#include <cstring>
#include <memory>

#include "floe/columnar/array_builder.h"

namespace floe::expr {
namespace {

using columnar::ArrayBuilder;
using columnar::ArrayData;
using columnar::Buffer;
using columnar::BufferPtr;
using columnar::TypeId;

template <typename T>
Status AppendPrimitive(ArrayBuilder* b, const ArrayData& a, const std::vector<int64_t>& idx) {
  auto* builder = static_cast<columnar::PrimitiveBuilder<T>*>(b);
  FLOE_RETURN_IF_ERROR(builder->Reserve(static_cast<int64_t>(idx.size())));
  const T* values = a.values<T>();
  for (int64_t i : idx) {
    if (a.IsValid(i)) {
      FLOE_RETURN_IF_ERROR(builder->Append(values[i]));
    } else {
      FLOE_RETURN_IF_ERROR(builder->AppendNull());
    }
  }
  return Ok();
}

// Appends the elements `idx` of `a` (logical indices) to `b`, a builder of a's type.
Status AppendRows(ArrayBuilder* b, const ArrayData& a, const std::vector<int64_t>& idx) {
  if (idx.empty()) return Ok();
  switch (a.type->id()) {
    case TypeId::kNull:
      return b->AppendNulls(static_cast<int64_t>(idx.size()));
    case TypeId::kBool: {
      auto* builder = static_cast<columnar::BooleanBuilder*>(b);
      for (int64_t i : idx) {
        FLOE_RETURN_IF_ERROR(a.IsValid(i) ? builder->Append(a.GetBool(i)) : builder->AppendNull());
      }
      return Ok();
    }
    case TypeId::kInt8:
      return AppendPrimitive<int8_t>(b, a, idx);
    case TypeId::kInt16:
      return AppendPrimitive<int16_t>(b, a, idx);
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kTime32:
      return AppendPrimitive<int32_t>(b, a, idx);
    case TypeId::kInt64:
    case TypeId::kTime64:
    case TypeId::kTimestamp:
      return AppendPrimitive<int64_t>(b, a, idx);
    case TypeId::kUInt8:
      return AppendPrimitive<uint8_t>(b, a, idx);
    case TypeId::kUInt16:
    case TypeId::kFloat16:
      return AppendPrimitive<uint16_t>(b, a, idx);
    case TypeId::kUInt32:
      return AppendPrimitive<uint32_t>(b, a, idx);
    case TypeId::kUInt64:
      return AppendPrimitive<uint64_t>(b, a, idx);
    case TypeId::kFloat32:
      return AppendPrimitive<float>(b, a, idx);
    case TypeId::kFloat64:
      return AppendPrimitive<double>(b, a, idx);
    case TypeId::kString:
    case TypeId::kBinary: {
      auto* builder = static_cast<columnar::BinaryBuilder*>(b);
      for (int64_t i : idx) {
        FLOE_RETURN_IF_ERROR(a.IsValid(i) ? builder->Append(a.GetView(i)) : builder->AppendNull());
      }
      return Ok();
    }
    case TypeId::kFixedSizeBinary:
    case TypeId::kDecimal128: {
      auto* builder = static_cast<columnar::FixedSizeBinaryBuilder*>(b);
      for (int64_t i : idx) {
        if (a.IsValid(i)) {
          FLOE_RETURN_IF_ERROR(
              builder->Append(reinterpret_cast<const uint8_t*>(a.GetFixed(i).data())));
        } else {
          FLOE_RETURN_IF_ERROR(builder->AppendNull());
        }
      }
      return Ok();
    }
    case TypeId::kStruct: {
      auto* builder = static_cast<columnar::StructBuilder*>(b);
      for (int64_t i : idx) FLOE_RETURN_IF_ERROR(builder->Append(a.IsValid(i)));
      // The struct's offset applies to its children.
      std::vector<int64_t> child_idx(idx);
      for (int64_t& i : child_idx) i += a.offset;
      for (int k = 0; k < builder->num_children(); ++k) {
        FLOE_RETURN_IF_ERROR(
            AppendRows(builder->child(k), *a.children[static_cast<size_t>(k)], child_idx));
      }
      return Ok();
    }
    case TypeId::kList:
    case TypeId::kMap: {
      auto* builder = static_cast<columnar::ListBuilder*>(b);
      for (int64_t i : idx) {
        bool valid = a.IsValid(i);
        FLOE_RETURN_IF_ERROR(builder->Append(valid));
        if (!valid) continue;
        std::vector<int64_t> elements;
        for (int64_t e = a.ListStart(i); e < a.ListEnd(i); ++e) elements.push_back(e);
        FLOE_RETURN_IF_ERROR(AppendRows(builder->value_builder(), *a.children[0], elements));
      }
      return Ok();
    }
  }
  return NotSupported("filter: cannot copy rows of type {}", a.type->ToString());
}

// The validity bitmap of the rows at `idx` (and their null count); null when none is null.
Result<BufferPtr> TakeValidity(const ArrayData& a, const std::vector<int64_t>& idx,
                               int64_t* null_count) {
  *null_count = 0;
  if (a.buffers.empty() || a.buffers[0] == nullptr) return BufferPtr();
  FLOE_ASSIGN_OR_RETURN(BufferPtr bits,
                        Buffer::Allocate(columnar::BytesForBits(static_cast<int64_t>(idx.size()))));
  const uint8_t* in = a.buffers[0]->data();
  uint8_t* out = bits->mutable_data();
  for (size_t j = 0; j < idx.size(); ++j) {
    if (columnar::GetBit(in, a.offset + idx[j])) {
      columnar::SetBit(out, static_cast<int64_t>(j));
    } else {
      ++*null_count;
    }
  }
  if (*null_count == 0) return BufferPtr();
  return bits;
}

template <size_t kWidth>
void GatherValues(const uint8_t* in, const std::vector<int64_t>& idx, uint8_t* out) {
  for (size_t j = 0; j < idx.size(); ++j) {
    std::memcpy(out + j * kWidth, in + static_cast<size_t>(idx[j]) * kWidth, kWidth);
  }
}

// Fixed-width columns (numbers, dates, times, timestamps, decimals, fixed binary): the values
// gathered straight into one new buffer (a value under a null keeps its bytes; they are unused).
Result<columnar::ArrayPtr> TakeFixedWidth(const ArrayData& a, const std::vector<int64_t>& idx) {
  const size_t width = static_cast<size_t>(a.type->byte_width());
  FLOE_ASSIGN_OR_RETURN(BufferPtr values,
                        Buffer::AllocateForWriting(static_cast<int64_t>(idx.size() * width)));
  FLOE_RETURN_IF_ERROR(values->Resize(static_cast<int64_t>(idx.size() * width)));
  const uint8_t* in = a.buffers[1]->data() + static_cast<size_t>(a.offset) * width;
  uint8_t* out = values->mutable_data();
  switch (width) {
    case 1:
      GatherValues<1>(in, idx, out);
      break;
    case 2:
      GatherValues<2>(in, idx, out);
      break;
    case 4:
      GatherValues<4>(in, idx, out);
      break;
    case 8:
      GatherValues<8>(in, idx, out);
      break;
    case 16:
      GatherValues<16>(in, idx, out);
      break;
    default:
      for (size_t j = 0; j < idx.size(); ++j)
        std::memcpy(out + j * width, in + static_cast<size_t>(idx[j]) * width, width);
  }
  int64_t null_count = 0;
  FLOE_ASSIGN_OR_RETURN(BufferPtr validity, TakeValidity(a, idx, &null_count));
  return ArrayData::Make(a.type, static_cast<int64_t>(idx.size()),
                         {std::move(validity), std::move(values)}, null_count);
}

// String and binary columns: offsets and bytes of the rows at `idx` in two new buffers.
Result<columnar::ArrayPtr> TakeVariableWidth(const ArrayData& a, const std::vector<int64_t>& idx) {
  const int32_t* offsets = a.values<int32_t>(1);
  int64_t total = 0;
  for (int64_t i : idx) total += offsets[i + 1] - offsets[i];
  if (total > INT32_MAX)
    return NotSupported("filter: more than 2 GiB of {} values in one batch", a.type->ToString());
  const int64_t n = static_cast<int64_t>(idx.size());
  FLOE_ASSIGN_OR_RETURN(BufferPtr out_offsets, Buffer::AllocateForWriting((n + 1) * 4));
  FLOE_RETURN_IF_ERROR(out_offsets->Resize((n + 1) * 4));
  FLOE_ASSIGN_OR_RETURN(BufferPtr out_bytes, Buffer::AllocateForWriting(total));
  FLOE_RETURN_IF_ERROR(out_bytes->Resize(total));
  int32_t* o = out_offsets->mutable_data_as<int32_t>();
  uint8_t* bytes = out_bytes->mutable_data();
  const uint8_t* in = a.buffers[2]->data();
  int32_t pos = 0;
  o[0] = 0;
  for (size_t j = 0; j < idx.size(); ++j) {
    int32_t start = offsets[idx[j]];
    int32_t len = offsets[idx[j] + 1] - start;
    if (len <= 8) {  // short strings: no library call per value
      for (int32_t k = 0; k < len; ++k) bytes[pos + k] = in[start + k];
    } else {
      std::memcpy(bytes + pos, in + start, static_cast<size_t>(len));
    }
    pos += len;
    o[j + 1] = pos;
  }
  int64_t null_count = 0;
  FLOE_ASSIGN_OR_RETURN(BufferPtr validity, TakeValidity(a, idx, &null_count));
  return ArrayData::Make(
      a.type, n, {std::move(validity), std::move(out_offsets), std::move(out_bytes)}, null_count);
}

}  // namespace

Result<columnar::ArrayPtr> TakeRows(const ArrayData& array, const std::vector<int64_t>& indices) {
  TypeId id = array.type->id();
  if (id == TypeId::kString || id == TypeId::kBinary) return TakeVariableWidth(array, indices);
  if (id != TypeId::kBool && id != TypeId::kNull && !array.type->is_nested() &&
      array.type->byte_width() > 0) {
    return TakeFixedWidth(array, indices);
  }
  FLOE_ASSIGN_OR_RETURN(std::unique_ptr<ArrayBuilder> builder, columnar::MakeBuilder(array.type));
  FLOE_RETURN_IF_ERROR(AppendRows(builder.get(), array, indices));
  return builder->Finish();
}

Result<columnar::RecordBatch> FilterBatch(const columnar::RecordBatch& batch,
                                          const Selection& selection) {
  if (selection.num_rows != batch.num_rows()) {
    return InvalidArgument("filter: selection of {} rows for a batch of {}", selection.num_rows,
                           batch.num_rows());
  }
  if (selection.count == batch.num_rows()) return batch;
  std::vector<int64_t> indices = selection.Indices();
  std::vector<columnar::ArrayPtr> columns;
  columns.reserve(static_cast<size_t>(batch.num_columns()));
  for (const columnar::ArrayPtr& column : batch.columns()) {
    FLOE_ASSIGN_OR_RETURN(columnar::ArrayPtr taken, TakeRows(*column, indices));
    columns.push_back(std::move(taken));
  }
  return columnar::RecordBatch::Make(batch.schema(), static_cast<int64_t>(indices.size()),
                                     std::move(columns));
}

}  // namespace floe::expr
