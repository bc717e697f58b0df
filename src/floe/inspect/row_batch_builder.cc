#include "floe/inspect/row_batch_builder.h"

#include <cstring>

namespace floe::inspect {

namespace col = floe::columnar;

Result<RowBatchBuilder> RowBatchBuilder::Make(col::SchemaPtr schema, BatchCallback on_batch,
                                              int64_t batch_rows) {
  RowBatchBuilder b;
  for (const col::Field& f : schema->fields()) {
    FLOE_ASSIGN_OR_RETURN(auto builder, col::MakeBuilder(f.type));
    b.columns_.push_back(std::move(builder));
  }
  b.schema_ = std::move(schema);
  b.on_batch_ = std::move(on_batch);
  b.batch_rows_ = batch_rows > 0 ? batch_rows : kMetadataBatchRows;
  return b;
}

Status RowBatchBuilder::EndRow() {
  ++rows_;
  if (rows_ >= batch_rows_) return Finish();
  return Ok();
}

Status RowBatchBuilder::Finish() {
  if (rows_ == 0) return Ok();
  std::vector<col::ArrayPtr> arrays;
  for (auto& c : columns_) {
    FLOE_ASSIGN_OR_RETURN(col::ArrayPtr a, c->Finish());
    arrays.push_back(std::move(a));
  }
  const int64_t rows = rows_;
  rows_ = 0;
  FLOE_ASSIGN_OR_RETURN(col::RecordBatch batch,
                        col::RecordBatch::Make(schema_, rows, std::move(arrays)));
  return on_batch_(batch);
}

Status AppendInt32(col::ArrayBuilder* builder, std::optional<int32_t> value) {
  if (!value) return builder->AppendNull();
  return static_cast<col::Int32Builder*>(builder)->Append(*value);
}

Status AppendInt64(col::ArrayBuilder* builder, std::optional<int64_t> value) {
  if (!value) return builder->AppendNull();
  return static_cast<col::Int64Builder*>(builder)->Append(*value);
}

Status AppendBoolean(col::ArrayBuilder* builder, std::optional<bool> value) {
  if (!value) return builder->AppendNull();
  return static_cast<col::BooleanBuilder*>(builder)->Append(*value);
}

Status AppendBytes(col::ArrayBuilder* builder, std::optional<std::string_view> value) {
  if (!value) return builder->AppendNull();
  return static_cast<col::BinaryBuilder*>(builder)->Append(*value);
}

Status AppendStringMap(col::ArrayBuilder* builder,
                       const std::vector<std::pair<std::string, std::string>>* map) {
  auto* list = static_cast<col::ListBuilder*>(builder);
  if (map == nullptr) return list->AppendNull();
  FLOE_RETURN_IF_ERROR(list->Append(true));
  for (const auto& [key, value] : *map) {
    FLOE_RETURN_IF_ERROR(list->entries_builder()->Append(true));
    FLOE_RETURN_IF_ERROR(AppendBytes(list->key_builder(), key));
    FLOE_RETURN_IF_ERROR(AppendBytes(list->item_builder(), value));
  }
  return Ok();
}

Status AppendCountMap(col::ArrayBuilder* builder, const manifest::CountMap& map) {
  auto* list = static_cast<col::ListBuilder*>(builder);
  if (map.empty()) return list->AppendNull();
  FLOE_RETURN_IF_ERROR(list->Append(true));
  for (const auto& [id, count] : map) {
    FLOE_RETURN_IF_ERROR(list->entries_builder()->Append(true));
    FLOE_RETURN_IF_ERROR(AppendInt32(list->key_builder(), id));
    FLOE_RETURN_IF_ERROR(AppendInt64(list->item_builder(), count));
  }
  return Ok();
}

Status AppendBoundMap(col::ArrayBuilder* builder, const manifest::BoundMap& map) {
  auto* list = static_cast<col::ListBuilder*>(builder);
  if (map.empty()) return list->AppendNull();
  FLOE_RETURN_IF_ERROR(list->Append(true));
  for (const auto& [id, bytes] : map) {
    FLOE_RETURN_IF_ERROR(list->entries_builder()->Append(true));
    FLOE_RETURN_IF_ERROR(AppendInt32(list->key_builder(), id));
    FLOE_RETURN_IF_ERROR(AppendBytes(list->item_builder(), bytes));
  }
  return Ok();
}

Status AppendInt64List(col::ArrayBuilder* builder,
                       const std::optional<std::vector<int64_t>>& values) {
  auto* list = static_cast<col::ListBuilder*>(builder);
  if (!values) return list->AppendNull();
  FLOE_RETURN_IF_ERROR(list->Append(true));
  for (int64_t v : *values) FLOE_RETURN_IF_ERROR(AppendInt64(list->value_builder(), v));
  return Ok();
}

Status AppendInt32List(col::ArrayBuilder* builder,
                       const std::optional<std::vector<int32_t>>& values) {
  auto* list = static_cast<col::ListBuilder*>(builder);
  if (!values) return list->AppendNull();
  FLOE_RETURN_IF_ERROR(list->Append(true));
  for (int32_t v : *values) FLOE_RETURN_IF_ERROR(AppendInt32(list->value_builder(), v));
  return Ok();
}

namespace {

// The bytes of a string, uuid, fixed or binary literal.
std::optional<std::string_view> RowBatchLiteralBytes(const spec::Literal& v) {
  if (v.holds<std::string>()) return std::string_view(v.get<std::string>());
  if (v.holds<Uuid>()) {
    const auto& b = v.get<Uuid>().bytes;
    return std::string_view(reinterpret_cast<const char*>(b.data()), b.size());
  }
  if (v.holds<spec::Bytes>()) {
    const auto& d = v.get<spec::Bytes>().data;
    return std::string_view(reinterpret_cast<const char*>(d.data()), d.size());
  }
  return std::nullopt;
}

}  // namespace

Status AppendLiteral(col::ArrayBuilder* builder, const spec::Literal& value) {
  if (value.is_null()) return builder->AppendNull();
  const col::DataType& type = *builder->type();
  auto mismatch = [&]() {
    return InvalidArgument("a metadata value does not fit a column of type {}", type.ToString());
  };
  switch (type.id()) {
    case col::TypeId::kBool:
      if (!value.holds<bool>()) return mismatch();
      return AppendBoolean(builder, value.get<bool>());
    case col::TypeId::kInt32:
    case col::TypeId::kDate32:
      if (!value.holds<int32_t>()) return mismatch();
      return AppendInt32(builder, value.get<int32_t>());
    case col::TypeId::kInt64:
    case col::TypeId::kTime64:
    case col::TypeId::kTimestamp:
      if (value.holds<int64_t>()) return AppendInt64(builder, value.get<int64_t>());
      if (value.holds<int32_t>()) return AppendInt64(builder, value.get<int32_t>());
      return mismatch();
    case col::TypeId::kFloat32:
      if (!value.holds<float>()) return mismatch();
      return static_cast<col::FloatBuilder*>(builder)->Append(value.get<float>());
    case col::TypeId::kFloat64:
      if (value.holds<double>()) {
        return static_cast<col::DoubleBuilder*>(builder)->Append(value.get<double>());
      }
      if (value.holds<float>()) {
        return static_cast<col::DoubleBuilder*>(builder)->Append(value.get<float>());
      }
      return mismatch();
    case col::TypeId::kDecimal128: {
      if (!value.holds<spec::Decimal>()) return mismatch();
      const __int128 unscaled = value.get<spec::Decimal>().unscaled;
      return static_cast<col::Decimal128Builder*>(builder)->Append(
          static_cast<uint64_t>(unscaled), static_cast<int64_t>(unscaled >> 64));
    }
    case col::TypeId::kString:
    case col::TypeId::kBinary: {
      std::optional<std::string_view> bytes = RowBatchLiteralBytes(value);
      if (!bytes) return mismatch();
      return AppendBytes(builder, *bytes);
    }
    case col::TypeId::kFixedSizeBinary: {
      std::optional<std::string_view> bytes = RowBatchLiteralBytes(value);
      if (!bytes || static_cast<int>(bytes->size()) != type.byte_width()) return mismatch();
      return static_cast<col::FixedSizeBinaryBuilder*>(builder)->Append(
          reinterpret_cast<const uint8_t*>(bytes->data()));
    }
    default:
      break;
  }
  return mismatch();
}

Status AppendLiteralStruct(col::ArrayBuilder* builder, const std::vector<spec::Literal>& values) {
  auto* st = static_cast<col::StructBuilder*>(builder);
  if (static_cast<int>(values.size()) != st->num_children()) {
    return InvalidArgument("{} values for a struct of {} fields", values.size(),
                           st->num_children());
  }
  FLOE_RETURN_IF_ERROR(st->Append(true));
  for (int i = 0; i < st->num_children(); ++i) {
    FLOE_RETURN_IF_ERROR(AppendLiteral(st->child(i), values[static_cast<size_t>(i)]));
  }
  return Ok();
}

}  // namespace floe::inspect
