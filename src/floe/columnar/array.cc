#include "floe/columnar/array.h"

namespace floe::columnar {

ArrayPtr ArrayData::Make(DataTypePtr type, int64_t length, std::vector<BufferPtr> buffers,
                         int64_t null_count, int64_t offset, std::vector<ArrayPtr> children) {
  auto a = std::make_shared<ArrayData>();
  a->type = std::move(type);
  a->length = length;
  a->null_count = null_count;
  a->offset = offset;
  a->buffers = std::move(buffers);
  a->children = std::move(children);
  return a;
}

int NumBuffersFor(const DataType& type) {
  switch (type.id()) {
    case TypeId::kNull:
      return 0;
    case TypeId::kStruct:
      return 1;
    case TypeId::kString:
    case TypeId::kBinary:
      return 3;
    default:
      return 2;  // validity + values, or validity + offsets for list and map
  }
}

ArrayPtr ArrayData::Slice(int64_t off, int64_t len) const {
  auto a = std::make_shared<ArrayData>(*this);
  a->offset = offset + off;
  a->length = len;
  if (type->id() == TypeId::kNull) {
    a->null_count = len;
  } else if (!buffers.empty() && buffers[0]) {
    a->null_count = len - CountSetBits(buffers[0]->data(), a->offset, len);
  } else {
    a->null_count = 0;
  }
  return a;
}

namespace {

Status CheckBufferBytes(const ArrayData& a, size_t index, int64_t needed, const char* what) {
  const BufferPtr& b = a.buffers[index];
  if (!b) {
    if (needed == 0) return Ok();
    return Corrupt("{} array: {} buffer missing", a.type->ToString(), what);
  }
  if (b->size() < needed) {
    return Corrupt("{} array: {} buffer holds {} bytes, needs {}", a.type->ToString(), what,
                   b->size(), needed);
  }
  return Ok();
}

Status CheckOffsets(const ArrayData& a, int64_t limit, const char* what) {
  FLOE_RETURN_IF_ERROR(CheckBufferBytes(a, 1, (a.offset + a.length + 1) * 4, "offsets"));
  if (a.length == 0 && !a.buffers[1]) return Ok();
  const int32_t* offs = a.values<int32_t>(1);
  if (offs[0] < 0) return Corrupt("{} array: negative first offset", a.type->ToString());
  for (int64_t i = 0; i < a.length; ++i) {
    if (offs[i + 1] < offs[i]) {
      return Corrupt("{} array: offsets decrease at element {}", a.type->ToString(), i);
    }
  }
  if (offs[a.length] > limit) {
    return Corrupt("{} array: offset {} beyond the {} ({})", a.type->ToString(), offs[a.length],
                   what, limit);
  }
  return Ok();
}

}  // namespace

Status ArrayData::Validate() const {
  if (!type) return Corrupt("array without a type");
  if (length < 0 || offset < 0 || null_count < 0 || null_count > length) {
    return Corrupt("{} array: bad length {}, offset {} or null count {}", type->ToString(), length,
                   offset, null_count);
  }
  const int n_buffers = NumBuffersFor(*type);
  if (static_cast<int>(buffers.size()) != n_buffers) {
    return Corrupt("{} array: {} buffers, expected {}", type->ToString(), buffers.size(),
                   n_buffers);
  }
  if (type->id() == TypeId::kNull) {
    if (null_count != length) return Corrupt("null array: null count must equal length");
    return Ok();
  }
  if (buffers[0]) {
    FLOE_RETURN_IF_ERROR(CheckBufferBytes(*this, 0, BytesForBits(offset + length), "validity"));
    int64_t nulls = length - CountSetBits(buffers[0]->data(), offset, length);
    if (nulls != null_count) {
      return Corrupt("{} array: null count {} but the bitmap has {}", type->ToString(), null_count,
                     nulls);
    }
  } else if (null_count != 0) {
    return Corrupt("{} array: {} nulls but no validity bitmap", type->ToString(), null_count);
  }
  const size_t expected_children = type->id() == TypeId::kStruct ? type->children().size()
                                   : (type->id() == TypeId::kList || type->id() == TypeId::kMap)
                                       ? 1
                                       : 0;
  if (children.size() != expected_children) {
    return Corrupt("{} array: {} children, expected {}", type->ToString(), children.size(),
                   expected_children);
  }
  for (size_t i = 0; i < children.size(); ++i) {
    if (!children[i] || !children[i]->type ||
        !children[i]->type->Equals(*type->children()[i].type)) {
      return Corrupt("{} array: child {} has the wrong type", type->ToString(), i);
    }
    FLOE_RETURN_IF_ERROR(children[i]->Validate());
  }
  switch (type->id()) {
    case TypeId::kBool:
      return CheckBufferBytes(*this, 1, BytesForBits(offset + length), "values");
    case TypeId::kString:
    case TypeId::kBinary: {
      FLOE_RETURN_IF_ERROR(CheckOffsets(*this, buffers[2] ? buffers[2]->size() : 0, "data"));
      return Ok();
    }
    case TypeId::kList:
    case TypeId::kMap:
      return CheckOffsets(*this, children[0]->length, "child array");
    case TypeId::kStruct:
      for (const auto& c : children) {
        if (c->length < offset + length) {
          return Corrupt("{} array: child of length {} shorter than {}", type->ToString(),
                         c->length, offset + length);
        }
      }
      return Ok();
    default:
      return CheckBufferBytes(*this, 1, (offset + length) * type->byte_width(), "values");
  }
}

}  // namespace floe::columnar
