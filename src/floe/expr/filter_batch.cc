#include "floe/expr/filter_batch.h"

#include <memory>

#include "floe/columnar/array_builder.h"

namespace floe::expr {
namespace {

using columnar::ArrayBuilder;
using columnar::ArrayData;
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
    case TypeId::kInt8: return AppendPrimitive<int8_t>(b, a, idx);
    case TypeId::kInt16: return AppendPrimitive<int16_t>(b, a, idx);
    case TypeId::kInt32:
    case TypeId::kDate32:
    case TypeId::kTime32: return AppendPrimitive<int32_t>(b, a, idx);
    case TypeId::kInt64:
    case TypeId::kTime64:
    case TypeId::kTimestamp: return AppendPrimitive<int64_t>(b, a, idx);
    case TypeId::kUInt8: return AppendPrimitive<uint8_t>(b, a, idx);
    case TypeId::kUInt16:
    case TypeId::kFloat16: return AppendPrimitive<uint16_t>(b, a, idx);
    case TypeId::kUInt32: return AppendPrimitive<uint32_t>(b, a, idx);
    case TypeId::kUInt64: return AppendPrimitive<uint64_t>(b, a, idx);
    case TypeId::kFloat32: return AppendPrimitive<float>(b, a, idx);
    case TypeId::kFloat64: return AppendPrimitive<double>(b, a, idx);
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

}  // namespace

Result<columnar::ArrayPtr> TakeRows(const ArrayData& array, const std::vector<int64_t>& indices) {
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
