#include "floe/columnar/arrow_c_export.h"

#include <fmt/format.h>

#include <cstring>
#include <memory>
#include <vector>

namespace floe::columnar {
namespace {

char UnitChar(TimeUnit unit) {
  switch (unit) {
    case TimeUnit::kSecond:
      return 's';
    case TimeUnit::kMilli:
      return 'm';
    case TimeUnit::kMicro:
      return 'u';
    case TimeUnit::kNano:
      return 'n';
  }
  return '?';
}

// --- schema ---

struct SchemaPrivate {
  std::string format;
  std::string name;
  std::string metadata;
  std::vector<ArrowSchema> children;
  std::vector<ArrowSchema*> child_pointers;
};

void ReleaseSchema(ArrowSchema* schema) {
  if (schema == nullptr || schema->release == nullptr) return;
  auto* priv = static_cast<SchemaPrivate*>(schema->private_data);
  for (int64_t i = 0; i < schema->n_children; ++i) {
    ArrowSchema* child = schema->children[i];
    if (child->release != nullptr) child->release(child);
  }
  delete priv;
  schema->release = nullptr;
  schema->private_data = nullptr;
}

Status FillSchema(const std::string& name, const DataType& type, int64_t flags,
                  const KeyValueMetadata& metadata, ArrowSchema* out) {
  FLOE_ASSIGN_OR_RETURN(std::string format, FormatString(type));
  auto priv = std::make_unique<SchemaPrivate>();
  priv->format = std::move(format);
  priv->name = name;
  if (type.is_variant()) {
    // Arrow's canonical extension type for Parquet variants, on its struct storage.
    KeyValueMetadata marked = metadata;
    marked.emplace_back("ARROW:extension:name", "arrow.parquet.variant");
    marked.emplace_back("ARROW:extension:metadata", "");
    priv->metadata = EncodeMetadata(marked);
  } else {
    priv->metadata = EncodeMetadata(metadata);
  }
  const auto& fields = type.children();
  priv->children.resize(fields.size());
  priv->child_pointers.resize(fields.size());
  for (size_t i = 0; i < fields.size(); ++i) {
    Status st = ExportField(fields[i], &priv->children[i]);
    if (!st.ok()) {
      for (size_t j = 0; j < i; ++j) priv->children[j].release(&priv->children[j]);
      return st;
    }
    priv->child_pointers[i] = &priv->children[i];
  }
  if (type.id() == TypeId::kMap && type.keys_sorted()) flags |= ARROW_FLAG_MAP_KEYS_SORTED;
  out->format = priv->format.c_str();
  out->name = priv->name.c_str();
  out->metadata = priv->metadata.empty() ? nullptr : priv->metadata.data();
  out->flags = flags;
  out->n_children = static_cast<int64_t>(fields.size());
  out->children = fields.empty() ? nullptr : priv->child_pointers.data();
  out->dictionary = nullptr;
  out->release = &ReleaseSchema;
  out->private_data = priv.release();
  return Ok();
}

// --- array ---

struct ArrayPrivate {
  ArrayPtr array;  // keeps the buffers alive
  std::vector<const void*> buffers;
  std::vector<ArrowArray> children;
  std::vector<ArrowArray*> child_pointers;
};

void ReleaseArray(ArrowArray* array) {
  if (array == nullptr || array->release == nullptr) return;
  auto* priv = static_cast<ArrayPrivate*>(array->private_data);
  for (int64_t i = 0; i < array->n_children; ++i) {
    ArrowArray* child = array->children[i];
    if (child->release != nullptr) child->release(child);
  }
  delete priv;
  array->release = nullptr;
  array->private_data = nullptr;
}

}  // namespace

Result<std::string> FormatString(const DataType& type) {
  switch (type.id()) {
    case TypeId::kNull:
      return std::string("n");
    case TypeId::kBool:
      return std::string("b");
    case TypeId::kInt8:
      return std::string("c");
    case TypeId::kUInt8:
      return std::string("C");
    case TypeId::kInt16:
      return std::string("s");
    case TypeId::kUInt16:
      return std::string("S");
    case TypeId::kInt32:
      return std::string("i");
    case TypeId::kUInt32:
      return std::string("I");
    case TypeId::kInt64:
      return std::string("l");
    case TypeId::kUInt64:
      return std::string("L");
    case TypeId::kFloat16:
      return std::string("e");
    case TypeId::kFloat32:
      return std::string("f");
    case TypeId::kFloat64:
      return std::string("g");
    case TypeId::kBinary:
      return std::string("z");
    case TypeId::kString:
      return std::string("u");
    case TypeId::kFixedSizeBinary:
      return fmt::format("w:{}", type.byte_width());
    case TypeId::kDecimal128:
      return fmt::format("d:{},{}", type.precision(), type.scale());
    case TypeId::kDate32:
      return std::string("tdD");
    case TypeId::kTime32:
    case TypeId::kTime64:
      return fmt::format("tt{}", UnitChar(type.unit()));
    case TypeId::kTimestamp:
      return fmt::format("ts{}:{}", UnitChar(type.unit()), type.timezone());
    case TypeId::kStruct:
      return std::string("+s");
    case TypeId::kList:
      return std::string("+l");
    case TypeId::kMap:
      return std::string("+m");
  }
  return NotSupported("type {} has no C Data Interface format", type.ToString());
}

std::string EncodeMetadata(const KeyValueMetadata& metadata) {
  if (metadata.empty()) return std::string();
  std::string out;
  auto put_int32 = [&out](int32_t v) {
    char buf[4];
    std::memcpy(buf, &v, 4);  // native endianness, as the specification says
    out.append(buf, 4);
  };
  put_int32(static_cast<int32_t>(metadata.size()));
  for (const auto& [k, v] : metadata) {
    put_int32(static_cast<int32_t>(k.size()));
    out.append(k);
    put_int32(static_cast<int32_t>(v.size()));
    out.append(v);
  }
  return out;
}

Status ExportField(const Field& field, ArrowSchema* out) {
  if (!field.type) return InvalidArgument("field {} has no type", field.name);
  return FillSchema(field.name, *field.type, field.nullable ? ARROW_FLAG_NULLABLE : 0,
                    field.metadata, out);
}

Status ExportSchema(const Schema& schema, ArrowSchema* out) {
  DataTypePtr type = schema.AsStructType();
  return FillSchema("", *type, 0, schema.metadata(), out);
}

Status ExportArray(const ArrayPtr& array, ArrowArray* out) {
  if (!array || !array->type) return InvalidArgument("cannot export an array without a type");
  const int n_buffers = NumBuffersFor(*array->type);
  if (static_cast<int>(array->buffers.size()) != n_buffers) {
    return InvalidArgument("{} array has {} buffers; the C interface expects {}",
                           array->type->ToString(), array->buffers.size(), n_buffers);
  }
  auto priv = std::make_unique<ArrayPrivate>();
  priv->array = array;
  priv->buffers.resize(static_cast<size_t>(n_buffers));
  for (int i = 0; i < n_buffers; ++i) {
    const BufferPtr& b = array->buffers[static_cast<size_t>(i)];
    priv->buffers[static_cast<size_t>(i)] = b ? b->data() : nullptr;
  }
  priv->children.resize(array->children.size());
  priv->child_pointers.resize(array->children.size());
  for (size_t i = 0; i < array->children.size(); ++i) {
    Status st = ExportArray(array->children[i], &priv->children[i]);
    if (!st.ok()) {
      for (size_t j = 0; j < i; ++j) priv->children[j].release(&priv->children[j]);
      return st;
    }
    priv->child_pointers[i] = &priv->children[i];
  }
  out->length = array->length;
  out->null_count = array->null_count;
  out->offset = array->offset;
  out->n_buffers = n_buffers;
  out->n_children = static_cast<int64_t>(array->children.size());
  out->buffers = n_buffers == 0 ? nullptr : priv->buffers.data();
  out->children = array->children.empty() ? nullptr : priv->child_pointers.data();
  out->dictionary = nullptr;
  out->release = &ReleaseArray;
  out->private_data = priv.release();
  return Ok();
}

Status ExportRecordBatch(const RecordBatch& batch, ArrowArray* out, ArrowSchema* out_schema) {
  if (out_schema != nullptr) FLOE_RETURN_IF_ERROR(ExportSchema(*batch.schema(), out_schema));
  Status st = ExportArray(batch.ToStructArray(), out);
  if (!st.ok() && out_schema != nullptr) out_schema->release(out_schema);
  return st;
}

}  // namespace floe::columnar
