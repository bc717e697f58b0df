#include "floe/format/parquet/thrift/compact_reader.h"

#include <cstring>
#include <limits>

#include "floe/util/bytes.h"

namespace floe::parquet::thrift {

std::string_view CTypeName(CType type) {
  switch (type) {
    case CType::kStop:
      return "stop";
    case CType::kBoolTrue:
    case CType::kBoolFalse:
      return "bool";
    case CType::kByte:
      return "byte";
    case CType::kI16:
      return "i16";
    case CType::kI32:
      return "i32";
    case CType::kI64:
      return "i64";
    case CType::kDouble:
      return "double";
    case CType::kBinary:
      return "binary";
    case CType::kList:
      return "list";
    case CType::kSet:
      return "set";
    case CType::kMap:
      return "map";
    case CType::kStruct:
      return "struct";
    case CType::kUuid:
      return "uuid";
  }
  return "unknown";
}

namespace {

bool IsValidType(uint8_t t) { return t <= static_cast<uint8_t>(CType::kUuid); }
bool IsBool(CType t) { return t == CType::kBoolTrue || t == CType::kBoolFalse; }
bool IsInteger(CType t) {
  return t == CType::kByte || t == CType::kI16 || t == CType::kI32 || t == CType::kI64;
}

// The fewest bytes one element of a container can take, so a claimed size can be checked
// against the bytes that remain before anything is allocated.
size_t MinEncodedSize(CType t) {
  switch (t) {
    case CType::kDouble:
      return 8;
    case CType::kUuid:
      return 16;
    default:
      return 1;
  }
}

}  // namespace

CompactReader::CompactReader(const uint8_t* data, size_t size, CompactLimits limits)
    : begin_(data), pos_(data), end_(data + size), limits_(limits) {}

Error CompactReader::Corrupt(std::string_view what) const {
  return floe::Corrupt("thrift: {} at byte {}", what, position());
}

Error CompactReader::TypeMismatch(std::string_view expected, CType actual) const {
  type_mismatch_ = true;
  return Corrupt(fmt::format("expected {}, found {}", expected, CTypeName(actual)));
}

Status CompactReader::Enter() {
  if (depth_ >= limits_.max_depth) {
    return Corrupt(fmt::format("nesting deeper than {} levels", limits_.max_depth));
  }
  ++depth_;
  return Ok();
}

Status CompactReader::Leave() {
  if (depth_ > 0) --depth_;
  return Ok();
}

Status CompactReader::ExpectType(CType actual, CType expected) const {
  if (actual == expected) return Ok();
  return TypeMismatch(CTypeName(expected), actual);
}

Result<uint64_t> CompactReader::ReadVarint() {
  uint64_t v = 0;
  if (!floe::ReadVarint(&pos_, end_, &v)) {
    return Corrupt(pos_ >= end_ ? "truncated varint" : "varint longer than 10 bytes");
  }
  return v;
}

Result<int64_t> CompactReader::ReadZigZag() {
  FLOE_ASSIGN_OR_RETURN(uint64_t v, ReadVarint());
  return ZigZagDecode(v);
}

Status CompactReader::BeginStruct() {
  FLOE_RETURN_IF_ERROR(Enter());
  last_field_id_.push_back(0);
  pending_bool_ = -1;
  return Ok();
}

Status CompactReader::EndStruct() {
  if (!last_field_id_.empty()) last_field_id_.pop_back();
  pending_bool_ = -1;
  return Leave();
}

Result<FieldHeader> CompactReader::ReadFieldHeader() {
  pending_bool_ = -1;
  if (pos_ >= end_) return Corrupt("truncated struct (no stop field)");
  uint8_t b = *pos_++;
  FieldHeader h;
  if (b == 0) return h;  // stop
  uint8_t type = b & 0x0F;
  uint8_t delta = b >> 4;
  if (!IsValidType(type) || type == 0) {
    return Corrupt(fmt::format("invalid field type {}", type));
  }
  h.type = static_cast<CType>(type);
  int16_t& last = last_field_id_.back();
  if (delta != 0) {
    int32_t id = int32_t{last} + delta;
    if (id > std::numeric_limits<int16_t>::max()) return Corrupt("field id out of range");
    h.id = static_cast<int16_t>(id);
  } else {
    // Long form: the id follows as a zigzag varint i16.
    FLOE_ASSIGN_OR_RETURN(int64_t id, ReadZigZag());
    if (id < std::numeric_limits<int16_t>::min() || id > std::numeric_limits<int16_t>::max()) {
      return Corrupt("field id out of range");
    }
    h.id = static_cast<int16_t>(id);
  }
  last = h.id;
  if (IsBool(h.type)) pending_bool_ = h.type == CType::kBoolTrue ? 1 : 0;
  return h;
}

Result<uint32_t> CompactReader::ReadContainerSize(uint64_t size, size_t min_element_bytes) {
  if (size > std::numeric_limits<int32_t>::max() || size * min_element_bytes > remaining()) {
    return Corrupt(
        fmt::format("container of {} elements exceeds the {} bytes left", size, remaining()));
  }
  return static_cast<uint32_t>(size);
}

Result<ListHeader> CompactReader::BeginList() {
  pending_bool_ = -1;
  if (pos_ >= end_) return Corrupt("truncated list header");
  uint8_t b = *pos_++;
  uint8_t type = b & 0x0F;
  if (!IsValidType(type) || type == 0)
    return Corrupt(fmt::format("invalid list element type {}", type));
  ListHeader h;
  h.element_type = static_cast<CType>(type);
  uint64_t size = b >> 4;
  if (size == 15) {
    FLOE_ASSIGN_OR_RETURN(size, ReadVarint());
  }
  FLOE_ASSIGN_OR_RETURN(h.size, ReadContainerSize(size, MinEncodedSize(h.element_type)));
  FLOE_RETURN_IF_ERROR(Enter());
  return h;
}

Result<MapHeader> CompactReader::BeginMap() {
  pending_bool_ = -1;
  FLOE_ASSIGN_OR_RETURN(uint64_t size, ReadVarint());
  MapHeader h;
  if (size != 0) {
    if (pos_ >= end_) return Corrupt("truncated map header");
    uint8_t b = *pos_++;
    uint8_t kt = b >> 4, vt = b & 0x0F;
    if (!IsValidType(kt) || kt == 0 || !IsValidType(vt) || vt == 0) {
      return Corrupt("invalid map key or value type");
    }
    h.key_type = static_cast<CType>(kt);
    h.value_type = static_cast<CType>(vt);
    FLOE_ASSIGN_OR_RETURN(
        h.size, ReadContainerSize(size, MinEncodedSize(h.key_type) + MinEncodedSize(h.value_type)));
  }
  FLOE_RETURN_IF_ERROR(Enter());
  return h;
}

Result<bool> CompactReader::ReadBool(CType type) {
  if (!IsBool(type)) return ExpectType(type, CType::kBoolTrue).error();
  if (pending_bool_ >= 0) {
    bool v = pending_bool_ == 1;
    pending_bool_ = -1;
    return v;
  }
  // A bool inside a container is one byte: 1 is true; 2 (C++, Java) or 0 (the spec) is false.
  if (pos_ >= end_) return Corrupt("truncated bool");
  uint8_t b = *pos_++;
  if (b == 1) return true;
  if (b == 0 || b == 2) return false;
  return Corrupt(fmt::format("invalid bool byte {}", b));
}

Result<int64_t> CompactReader::ReadInteger(CType type, int64_t min, int64_t max) {
  if (!IsInteger(type)) return TypeMismatch("an integer", type);
  int64_t v;
  if (type == CType::kByte) {
    if (pos_ >= end_) return Corrupt("truncated byte");
    v = static_cast<int8_t>(*pos_++);
  } else {
    FLOE_ASSIGN_OR_RETURN(v, ReadZigZag());
  }
  if (v < min || v > max) return Corrupt(fmt::format("integer {} out of range", v));
  return v;
}

Result<int8_t> CompactReader::ReadI8(CType type) {
  FLOE_ASSIGN_OR_RETURN(int64_t v, ReadInteger(type, INT8_MIN, INT8_MAX));
  return static_cast<int8_t>(v);
}
Result<int16_t> CompactReader::ReadI16(CType type) {
  FLOE_ASSIGN_OR_RETURN(int64_t v, ReadInteger(type, INT16_MIN, INT16_MAX));
  return static_cast<int16_t>(v);
}
Result<int32_t> CompactReader::ReadI32(CType type) {
  FLOE_ASSIGN_OR_RETURN(int64_t v, ReadInteger(type, INT32_MIN, INT32_MAX));
  return static_cast<int32_t>(v);
}
Result<int64_t> CompactReader::ReadI64(CType type) {
  return ReadInteger(type, INT64_MIN, INT64_MAX);
}

Result<double> CompactReader::ReadDouble(CType type) {
  FLOE_RETURN_IF_ERROR(ExpectType(type, CType::kDouble));
  if (remaining() < 8) return Corrupt("truncated double");
  double v;
  std::memcpy(&v, pos_, 8);  // little endian on the wire and on every supported machine
  pos_ += 8;
  return v;
}

Result<std::string> CompactReader::ReadBinary(CType type) {
  FLOE_RETURN_IF_ERROR(ExpectType(type, CType::kBinary));
  FLOE_ASSIGN_OR_RETURN(uint64_t n, ReadVarint());
  if (n > remaining()) {
    return Corrupt(fmt::format("binary of {} bytes exceeds the {} bytes left", n, remaining()));
  }
  std::string s(reinterpret_cast<const char*>(pos_), static_cast<size_t>(n));
  pos_ += n;
  return s;
}

Status CompactReader::Skip(CType type) {
  switch (type) {
    case CType::kStop:
      return Corrupt("unexpected stop");
    case CType::kBoolTrue:
    case CType::kBoolFalse:
      return ReadBool(type).ok() ? Ok() : Corrupt("truncated bool");
    case CType::kByte:
    case CType::kI16:
    case CType::kI32:
    case CType::kI64:
      return ReadInteger(type, INT64_MIN, INT64_MAX).ok() ? Ok() : Corrupt("truncated integer");
    case CType::kDouble:
      if (remaining() < 8) return Corrupt("truncated double");
      pos_ += 8;
      return Ok();
    case CType::kUuid:
      if (remaining() < 16) return Corrupt("truncated uuid");
      pos_ += 16;
      return Ok();
    case CType::kBinary: {
      FLOE_ASSIGN_OR_RETURN(uint64_t n, ReadVarint());
      if (n > remaining()) return Corrupt("truncated binary");
      pos_ += n;
      return Ok();
    }
    case CType::kList:
    case CType::kSet: {
      FLOE_ASSIGN_OR_RETURN(ListHeader h, BeginList());
      for (uint32_t i = 0; i < h.size; ++i) FLOE_RETURN_IF_ERROR(Skip(h.element_type));
      return EndList();
    }
    case CType::kMap: {
      FLOE_ASSIGN_OR_RETURN(MapHeader h, BeginMap());
      for (uint32_t i = 0; i < h.size; ++i) {
        FLOE_RETURN_IF_ERROR(Skip(h.key_type));
        FLOE_RETURN_IF_ERROR(Skip(h.value_type));
      }
      return EndMap();
    }
    case CType::kStruct: {
      FLOE_RETURN_IF_ERROR(BeginStruct());
      while (true) {
        FLOE_ASSIGN_OR_RETURN(FieldHeader f, ReadFieldHeader());
        if (f.type == CType::kStop) break;
        FLOE_RETURN_IF_ERROR(Skip(f.type));
      }
      return EndStruct();
    }
  }
  return Corrupt("invalid type");
}

}  // namespace floe::parquet::thrift
