#include "floe/columnar/data_type.h"

#include <fmt/format.h>

#include <cassert>
#include <charconv>

namespace floe::columnar {

const std::string* Field::FindMetadata(std::string_view key) const {
  for (const auto& [k, v] : metadata) {
    if (k == key) return &v;
  }
  return nullptr;
}

std::optional<int32_t> Field::field_id() const {
  const std::string* s = FindMetadata(kFieldIdKey);
  if (s == nullptr || s->empty()) return std::nullopt;
  int32_t id = 0;
  auto [end, ec] = std::from_chars(s->data(), s->data() + s->size(), id);
  if (ec != std::errc() || end != s->data() + s->size()) return std::nullopt;
  return id;
}

Field Field::WithFieldId(int32_t id) const {
  Field f = *this;
  std::string value = std::to_string(id);
  for (auto& [k, v] : f.metadata) {
    if (k == kFieldIdKey) {
      v = std::move(value);
      return f;
    }
  }
  f.metadata.emplace_back(std::string(kFieldIdKey), std::move(value));
  return f;
}

bool Field::Equals(const Field& other, bool check_metadata) const {
  if (name != other.name || nullable != other.nullable) return false;
  if (check_metadata && metadata != other.metadata) return false;
  if (!type || !other.type) return type == other.type;
  return type->Equals(*other.type, check_metadata);
}

DataType::DataType(TypeId id) : id_(id) {
  switch (id) {
    case TypeId::kInt8:
    case TypeId::kUInt8:
      byte_width_ = 1;
      break;
    case TypeId::kInt16:
    case TypeId::kUInt16:
    case TypeId::kFloat16:
      byte_width_ = 2;
      break;
    case TypeId::kInt32:
    case TypeId::kUInt32:
    case TypeId::kFloat32:
    case TypeId::kDate32:
    case TypeId::kTime32:
      byte_width_ = 4;
      break;
    case TypeId::kInt64:
    case TypeId::kUInt64:
    case TypeId::kFloat64:
    case TypeId::kTime64:
    case TypeId::kTimestamp:
      byte_width_ = 8;
      break;
    case TypeId::kDecimal128:
      byte_width_ = 16;
      break;
    default:
      byte_width_ = 0;
  }
}

int DataType::bit_width() const {
  if (id_ == TypeId::kBool) return 1;
  return byte_width_ * 8;
}

DataTypePtr DataType::Make(TypeId id) {
  assert(id != TypeId::kFixedSizeBinary && id != TypeId::kDecimal128 && id != TypeId::kTime32 &&
         id != TypeId::kTime64 && id != TypeId::kTimestamp && !(id >= TypeId::kStruct));
  return DataTypePtr(new DataType(id));
}

bool DataType::Equals(const DataType& other, bool check_metadata) const {
  if (id_ != other.id_ || byte_width_ != other.byte_width_) return false;
  switch (id_) {
    case TypeId::kTime32:
    case TypeId::kTime64:
      return unit_ == other.unit_;
    case TypeId::kTimestamp:
      return unit_ == other.unit_ && timezone_ == other.timezone_;
    case TypeId::kDecimal128:
      return precision_ == other.precision_ && scale_ == other.scale_;
    case TypeId::kMap:
      if (keys_sorted_ != other.keys_sorted_) return false;
      [[fallthrough]];
    case TypeId::kStruct:
      if (variant_ != other.variant_) return false;
      [[fallthrough]];
    case TypeId::kList:
      if (children_.size() != other.children_.size()) return false;
      for (size_t i = 0; i < children_.size(); ++i) {
        if (!children_[i].Equals(other.children_[i], check_metadata)) return false;
      }
      return true;
    default:
      return true;
  }
}

std::string_view TimeUnitSuffix(TimeUnit unit) {
  switch (unit) {
    case TimeUnit::kSecond:
      return "s";
    case TimeUnit::kMilli:
      return "ms";
    case TimeUnit::kMicro:
      return "us";
    case TimeUnit::kNano:
      return "ns";
  }
  return "?";
}

std::string DataType::ToString() const {
  switch (id_) {
    case TypeId::kNull:
      return "null";
    case TypeId::kBool:
      return "bool";
    case TypeId::kInt8:
      return "int8";
    case TypeId::kInt16:
      return "int16";
    case TypeId::kInt32:
      return "int32";
    case TypeId::kInt64:
      return "int64";
    case TypeId::kUInt8:
      return "uint8";
    case TypeId::kUInt16:
      return "uint16";
    case TypeId::kUInt32:
      return "uint32";
    case TypeId::kUInt64:
      return "uint64";
    case TypeId::kFloat16:
      return "float16";
    case TypeId::kFloat32:
      return "float";
    case TypeId::kFloat64:
      return "double";
    case TypeId::kString:
      return "string";
    case TypeId::kBinary:
      return "binary";
    case TypeId::kFixedSizeBinary:
      return fmt::format("fixed_size_binary[{}]", byte_width_);
    case TypeId::kDecimal128:
      return fmt::format("decimal128({}, {})", precision_, scale_);
    case TypeId::kDate32:
      return "date32";
    case TypeId::kTime32:
      return fmt::format("time32[{}]", TimeUnitSuffix(unit_));
    case TypeId::kTime64:
      return fmt::format("time64[{}]", TimeUnitSuffix(unit_));
    case TypeId::kTimestamp:
      if (timezone_.empty()) return fmt::format("timestamp[{}]", TimeUnitSuffix(unit_));
      return fmt::format("timestamp[{}, tz={}]", TimeUnitSuffix(unit_), timezone_);
    case TypeId::kStruct: {
      if (variant_) return "variant";
      std::string s = "struct<";
      for (size_t i = 0; i < children_.size(); ++i) {
        if (i > 0) s += ", ";
        s += children_[i].name + ": " + children_[i].type->ToString();
      }
      return s + ">";
    }
    case TypeId::kList:
      return "list<" + children_[0].name + ": " + children_[0].type->ToString() + ">";
    case TypeId::kMap:
      return "map<" + key_field().type->ToString() + ", " + item_field().type->ToString() + ">";
  }
  return "?";
}

#define FLOE_SINGLETON_TYPE(fn, id)                  \
  DataTypePtr fn() {                                 \
    static const DataTypePtr t = DataType::Make(id); \
    return t;                                        \
  }
FLOE_SINGLETON_TYPE(Null, TypeId::kNull)
FLOE_SINGLETON_TYPE(Boolean, TypeId::kBool)
FLOE_SINGLETON_TYPE(Int8, TypeId::kInt8)
FLOE_SINGLETON_TYPE(Int16, TypeId::kInt16)
FLOE_SINGLETON_TYPE(Int32, TypeId::kInt32)
FLOE_SINGLETON_TYPE(Int64, TypeId::kInt64)
FLOE_SINGLETON_TYPE(UInt8, TypeId::kUInt8)
FLOE_SINGLETON_TYPE(UInt16, TypeId::kUInt16)
FLOE_SINGLETON_TYPE(UInt32, TypeId::kUInt32)
FLOE_SINGLETON_TYPE(UInt64, TypeId::kUInt64)
FLOE_SINGLETON_TYPE(Float16, TypeId::kFloat16)
FLOE_SINGLETON_TYPE(Float32, TypeId::kFloat32)
FLOE_SINGLETON_TYPE(Float64, TypeId::kFloat64)
FLOE_SINGLETON_TYPE(Utf8, TypeId::kString)
FLOE_SINGLETON_TYPE(Binary, TypeId::kBinary)
FLOE_SINGLETON_TYPE(Date32, TypeId::kDate32)
#undef FLOE_SINGLETON_TYPE

DataTypePtr FixedSizeBinary(int32_t byte_width) {
  assert(byte_width >= 0);
  auto* t = new DataType(TypeId::kFixedSizeBinary);
  t->byte_width_ = byte_width;
  return DataTypePtr(t);
}

bool Decimal128Valid(int32_t precision, int32_t scale) {
  return precision >= 1 && precision <= 38 && scale >= 0 && scale <= precision;
}

DataTypePtr Decimal128(int32_t precision, int32_t scale) {
  assert(Decimal128Valid(precision, scale));
  auto* t = new DataType(TypeId::kDecimal128);
  t->precision_ = precision;
  t->scale_ = scale;
  return DataTypePtr(t);
}

DataTypePtr Time32(TimeUnit unit) {
  assert(unit == TimeUnit::kSecond || unit == TimeUnit::kMilli);
  auto* t = new DataType(TypeId::kTime32);
  t->unit_ = unit;
  return DataTypePtr(t);
}

DataTypePtr Time64(TimeUnit unit) {
  assert(unit == TimeUnit::kMicro || unit == TimeUnit::kNano);
  auto* t = new DataType(TypeId::kTime64);
  t->unit_ = unit;
  return DataTypePtr(t);
}

DataTypePtr Timestamp(TimeUnit unit, std::string timezone) {
  auto* t = new DataType(TypeId::kTimestamp);
  t->unit_ = unit;
  t->timezone_ = std::move(timezone);
  return DataTypePtr(t);
}

DataTypePtr Struct(std::vector<Field> fields) {
  auto* t = new DataType(TypeId::kStruct);
  t->children_ = std::move(fields);
  return DataTypePtr(t);
}

DataTypePtr Variant() {
  static const DataTypePtr kVariant = [] {
    auto* t = new DataType(TypeId::kStruct);
    t->variant_ = true;
    t->children_.emplace_back("metadata", Binary(), /*nullable=*/false);
    t->children_.emplace_back("value", Binary(), /*nullable=*/false);
    return DataTypePtr(t);
  }();
  return kVariant;
}

DataTypePtr List(Field element) {
  auto* t = new DataType(TypeId::kList);
  t->children_.push_back(std::move(element));
  return DataTypePtr(t);
}

DataTypePtr Map(Field key, Field value, bool keys_sorted) {
  key.nullable = false;
  std::vector<Field> kv;
  kv.push_back(std::move(key));
  kv.push_back(std::move(value));
  auto* t = new DataType(TypeId::kMap);
  t->keys_sorted_ = keys_sorted;
  t->children_.emplace_back("entries", Struct(std::move(kv)), /*nullable=*/false);
  return DataTypePtr(t);
}

}  // namespace floe::columnar
