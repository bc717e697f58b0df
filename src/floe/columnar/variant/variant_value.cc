#include "floe/columnar/variant/variant_value.h"

#include <cstring>

namespace floe::columnar::variant {

uint32_t ReadUnsigned(const char* p, int n) {
  uint32_t v = 0;
  for (int i = 0; i < n; ++i) v |= static_cast<uint32_t>(static_cast<uint8_t>(p[i])) << (8 * i);
  return v;
}

namespace {

template <typename T>
T Load(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

// Bytes of value data after the header byte of each primitive type; -1 for the length-prefixed
// (binary, string) and -2 for an unknown id.
int PrimitiveDataSize(uint8_t id) {
  switch (static_cast<PrimitiveType>(id)) {
    case PrimitiveType::kNull:
    case PrimitiveType::kTrue:
    case PrimitiveType::kFalse:
      return 0;
    case PrimitiveType::kInt8:
      return 1;
    case PrimitiveType::kInt16:
      return 2;
    case PrimitiveType::kInt32:
    case PrimitiveType::kDate:
    case PrimitiveType::kFloat:
      return 4;
    case PrimitiveType::kInt64:
    case PrimitiveType::kDouble:
    case PrimitiveType::kTimestamp:
    case PrimitiveType::kTimestampNtz:
    case PrimitiveType::kTimeNtz:
    case PrimitiveType::kTimestampNanos:
    case PrimitiveType::kTimestampNtzNanos:
      return 8;
    case PrimitiveType::kDecimal4:
      return 5;
    case PrimitiveType::kDecimal8:
      return 9;
    case PrimitiveType::kDecimal16:
      return 17;
    case PrimitiveType::kUuid:
      return 16;
    case PrimitiveType::kBinary:
    case PrimitiveType::kString:
      return -1;
  }
  return -2;
}

ValueKind PrimitiveKind(uint8_t id) {
  switch (static_cast<PrimitiveType>(id)) {
    case PrimitiveType::kNull:
      return ValueKind::kNull;
    case PrimitiveType::kTrue:
    case PrimitiveType::kFalse:
      return ValueKind::kBoolean;
    case PrimitiveType::kInt8:
      return ValueKind::kInt8;
    case PrimitiveType::kInt16:
      return ValueKind::kInt16;
    case PrimitiveType::kInt32:
      return ValueKind::kInt32;
    case PrimitiveType::kInt64:
      return ValueKind::kInt64;
    case PrimitiveType::kDouble:
      return ValueKind::kDouble;
    case PrimitiveType::kDecimal4:
    case PrimitiveType::kDecimal8:
    case PrimitiveType::kDecimal16:
      return ValueKind::kDecimal;
    case PrimitiveType::kDate:
      return ValueKind::kDate;
    case PrimitiveType::kTimestamp:
      return ValueKind::kTimestamp;
    case PrimitiveType::kTimestampNtz:
      return ValueKind::kTimestampNtz;
    case PrimitiveType::kFloat:
      return ValueKind::kFloat;
    case PrimitiveType::kBinary:
      return ValueKind::kBinary;
    case PrimitiveType::kString:
      return ValueKind::kString;
    case PrimitiveType::kTimeNtz:
      return ValueKind::kTime;
    case PrimitiveType::kTimestampNanos:
      return ValueKind::kTimestampNanos;
    case PrimitiveType::kTimestampNtzNanos:
      return ValueKind::kTimestampNtzNanos;
    case PrimitiveType::kUuid:
      return ValueKind::kUuid;
  }
  return ValueKind::kNull;
}

}  // namespace

Result<VariantMetadata> VariantMetadata::Make(std::string_view bytes) {
  VariantMetadata m;
  if (bytes.empty()) return Corrupt("variant metadata is empty");
  auto header = static_cast<uint8_t>(bytes[0]);
  if ((header & 0x0F) != 1) {
    return NotSupported("variant metadata version {} (floe reads version 1)", header & 0x0F);
  }
  m.bytes_ = bytes;
  m.sorted_ = (header & 0x10) != 0;
  m.offset_size_ = ((header >> 6) & 0x3) + 1;
  const size_t n = static_cast<size_t>(m.offset_size_);
  if (bytes.size() < 1 + n)
    return Corrupt("variant metadata of {} bytes is truncated", bytes.size());
  m.size_ = ReadUnsigned(bytes.data() + 1, m.offset_size_);
  m.offsets_start_ = 1 + n;
  const uint64_t offsets_bytes = (static_cast<uint64_t>(m.size_) + 1) * n;
  if (m.offsets_start_ + offsets_bytes > bytes.size()) {
    return Corrupt("variant metadata: {} dictionary offsets do not fit in {} bytes", m.size_ + 1,
                   bytes.size());
  }
  m.strings_start_ = m.offsets_start_ + static_cast<size_t>(offsets_bytes);
  uint32_t last = ReadUnsigned(bytes.data() + m.offsets_start_ + m.size_ * n, m.offset_size_);
  if (m.strings_start_ + last > bytes.size()) {
    return Corrupt("variant metadata: dictionary strings end at {}, past the {} bytes",
                   m.strings_start_ + last, bytes.size());
  }
  return m;
}

Result<std::string_view> VariantMetadata::Key(uint32_t id) const {
  if (id >= size_) return Corrupt("variant field id {} is not in the dictionary of {}", id, size_);
  const size_t n = static_cast<size_t>(offset_size_);
  uint32_t begin = ReadUnsigned(bytes_.data() + offsets_start_ + id * n, offset_size_);
  uint32_t end = ReadUnsigned(bytes_.data() + offsets_start_ + (id + 1) * n, offset_size_);
  if (begin > end || strings_start_ + end > bytes_.size()) {
    return Corrupt("variant metadata: dictionary string {} spans [{}, {})", id, begin, end);
  }
  return bytes_.substr(strings_start_ + begin, end - begin);
}

std::optional<uint32_t> VariantMetadata::Find(std::string_view key) const {
  for (uint32_t i = 0; i < size_; ++i) {
    Result<std::string_view> k = Key(i);
    if (k.ok() && *k == key) return i;
  }
  return std::nullopt;
}

Result<VariantValue> VariantValue::Make(const VariantMetadata* metadata, std::string_view bytes) {
  VariantValue v;
  v.metadata_ = metadata;
  if (bytes.empty()) return Corrupt("variant value is empty");
  auto header = static_cast<uint8_t>(bytes[0]);
  v.basic_ = static_cast<BasicType>(header & 0x3);
  const uint8_t vh = header >> 2;
  size_t size = 1;
  switch (v.basic_) {
    case BasicType::kPrimitive: {
      v.primitive_ = vh;
      int data = PrimitiveDataSize(vh);
      if (data == -2) return NotSupported("variant primitive type id {} is unknown", vh);
      if (data == -1) {
        if (bytes.size() < 5) return Corrupt("variant string or binary value is truncated");
        size = 5 + static_cast<size_t>(ReadUnsigned(bytes.data() + 1, 4));
      } else {
        size = 1 + static_cast<size_t>(data);
      }
      v.kind_ = PrimitiveKind(vh);
      break;
    }
    case BasicType::kShortString:
      size = 1 + vh;
      v.kind_ = ValueKind::kString;
      break;
    case BasicType::kObject:
    case BasicType::kArray: {
      const bool object = v.basic_ == BasicType::kObject;
      v.kind_ = object ? ValueKind::kObject : ValueKind::kArray;
      v.offset_size_ = (vh & 0x3) + 1;
      v.id_size_ = object ? ((vh >> 2) & 0x3) + 1 : 0;
      const bool large = object ? (vh & 0x10) != 0 : (vh & 0x04) != 0;
      const size_t count_size = large ? 4 : 1;
      if (bytes.size() < 1 + count_size) return Corrupt("variant object or array is truncated");
      v.num_elements_ = ReadUnsigned(bytes.data() + 1, static_cast<int>(count_size));
      v.ids_start_ = 1 + count_size;
      v.offsets_start_ = v.ids_start_ + static_cast<size_t>(v.num_elements_) * v.id_size_;
      v.values_start_ =
          v.offsets_start_ + (static_cast<size_t>(v.num_elements_) + 1) * v.offset_size_;
      if (v.values_start_ > bytes.size()) {
        return Corrupt("variant {} of {} elements does not fit in {} bytes",
                       object ? "object" : "array", v.num_elements_, bytes.size());
      }
      uint32_t total = ReadUnsigned(
          bytes.data() + v.offsets_start_ + static_cast<size_t>(v.num_elements_) * v.offset_size_,
          v.offset_size_);
      size = v.values_start_ + total;
      break;
    }
  }
  if (size > bytes.size()) {
    return Corrupt("variant value needs {} bytes, {} remain", size, bytes.size());
  }
  v.bytes_ = bytes.substr(0, size);
  return v;
}

bool VariantValue::GetBoolean() const {
  return static_cast<PrimitiveType>(primitive_) == PrimitiveType::kTrue;
}

int64_t VariantValue::GetInt() const {
  const char* p = bytes_.data() + 1;
  switch (kind_) {
    case ValueKind::kInt8:
      return Load<int8_t>(p);
    case ValueKind::kInt16:
      return Load<int16_t>(p);
    case ValueKind::kInt32:
      return Load<int32_t>(p);
    default:
      return Load<int64_t>(p);
  }
}

double VariantValue::GetDouble() const { return Load<double>(bytes_.data() + 1); }
float VariantValue::GetFloat() const { return Load<float>(bytes_.data() + 1); }
int32_t VariantValue::GetDate() const { return Load<int32_t>(bytes_.data() + 1); }
int64_t VariantValue::GetTemporal() const { return Load<int64_t>(bytes_.data() + 1); }

Decimal VariantValue::GetDecimal() const {
  Decimal d;
  d.scale = static_cast<uint8_t>(bytes_[1]);
  const char* p = bytes_.data() + 2;
  switch (static_cast<PrimitiveType>(primitive_)) {
    case PrimitiveType::kDecimal4:
      d.unscaled = Load<int32_t>(p);
      break;
    case PrimitiveType::kDecimal8:
      d.unscaled = Load<int64_t>(p);
      break;
    default: {
      uint64_t lo = Load<uint64_t>(p);
      int64_t hi = Load<int64_t>(p + 8);
      d.unscaled = static_cast<__int128>((static_cast<unsigned __int128>(hi) << 64) | lo);
      break;
    }
  }
  return d;
}

std::string_view VariantValue::GetString() const {
  if (basic_ == BasicType::kShortString) return bytes_.substr(1);
  return bytes_.substr(5);
}

std::string_view VariantValue::GetBinary() const { return bytes_.substr(5); }
std::string_view VariantValue::GetUuid() const { return bytes_.substr(1, 16); }

Result<VariantValue> VariantValue::Child(uint32_t i) const {
  if (i >= num_elements_) {
    return Corrupt("variant element {} of {} is out of range", i, num_elements_);
  }
  uint32_t off = ReadUnsigned(
      bytes_.data() + offsets_start_ + static_cast<size_t>(i) * offset_size_, offset_size_);
  if (values_start_ + off >= bytes_.size()) {
    return Corrupt("variant element {} starts at {}, past the value's {} bytes", i, off,
                   bytes_.size() - values_start_);
  }
  return Make(metadata_, bytes_.substr(values_start_ + off));
}

Result<VariantValue> VariantValue::Element(uint32_t i) const { return Child(i); }
Result<VariantValue> VariantValue::FieldValue(uint32_t i) const { return Child(i); }

Result<std::string_view> VariantValue::FieldName(uint32_t i) const {
  if (i >= num_elements_)
    return Corrupt("variant field {} of {} is out of range", i, num_elements_);
  uint32_t id =
      ReadUnsigned(bytes_.data() + ids_start_ + static_cast<size_t>(i) * id_size_, id_size_);
  return metadata_->Key(id);
}

Result<std::optional<VariantValue>> VariantValue::Field(std::string_view name) const {
  uint32_t lo = 0, hi = num_elements_;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    FLOE_ASSIGN_OR_RETURN(std::string_view key, FieldName(mid));
    int c = key.compare(name);
    if (c == 0) {
      FLOE_ASSIGN_OR_RETURN(VariantValue v, Child(mid));
      return std::optional<VariantValue>(v);
    }
    if (c < 0) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return std::optional<VariantValue>();
}

Status Validate(const VariantValue& value, int max_depth) {
  if (max_depth < 0) return Corrupt("variant nests too deep");
  if (value.kind() == ValueKind::kDecimal && value.GetDecimal().scale > 38) {
    return Corrupt("variant decimal scale {} is above 38", value.GetDecimal().scale);
  }
  if (value.kind() == ValueKind::kArray) {
    for (uint32_t i = 0; i < value.num_elements(); ++i) {
      FLOE_ASSIGN_OR_RETURN(VariantValue e, value.Element(i));
      FLOE_RETURN_IF_ERROR(Validate(e, max_depth - 1));
    }
  } else if (value.kind() == ValueKind::kObject) {
    std::string_view previous;
    for (uint32_t i = 0; i < value.num_elements(); ++i) {
      FLOE_ASSIGN_OR_RETURN(std::string_view name, value.FieldName(i));
      if (i > 0 && !(previous < name)) {
        return Corrupt("variant object fields are not sorted and unique (\"{}\" after \"{}\")",
                       name, previous);
      }
      previous = name;
      FLOE_ASSIGN_OR_RETURN(VariantValue f, value.FieldValue(i));
      FLOE_RETURN_IF_ERROR(Validate(f, max_depth - 1));
    }
  }
  return Ok();
}

std::string_view KindName(ValueKind kind) {
  switch (kind) {
    case ValueKind::kNull:
      return "VOID";
    case ValueKind::kBoolean:
      return "BOOLEAN";
    case ValueKind::kInt8:
    case ValueKind::kInt16:
    case ValueKind::kInt32:
    case ValueKind::kInt64:
      return "BIGINT";
    case ValueKind::kDouble:
      return "DOUBLE";
    case ValueKind::kDecimal:
      return "DECIMAL";
    case ValueKind::kDate:
      return "DATE";
    case ValueKind::kTimestamp:
    case ValueKind::kTimestampNanos:
      return "TIMESTAMP";
    case ValueKind::kTimestampNtz:
    case ValueKind::kTimestampNtzNanos:
      return "TIMESTAMP_NTZ";
    case ValueKind::kFloat:
      return "FLOAT";
    case ValueKind::kBinary:
      return "BINARY";
    case ValueKind::kString:
      return "STRING";
    case ValueKind::kTime:
      return "TIME";
    case ValueKind::kUuid:
      return "UUID";
    case ValueKind::kObject:
      return "OBJECT";
    case ValueKind::kArray:
      return "ARRAY";
  }
  return "VOID";
}

}  // namespace floe::columnar::variant
