// A decoder of the Thrift compact protocol, private to the Parquet format: Parquet's footer, page
// headers, page indexes and bloom filter headers are Thrift structs in this encoding
// (https://github.com/apache/thrift/blob/master/doc/specs/thrift-compact-protocol.md).
//
// The reader works on one byte range and never trusts a length it reads: strings and containers
// may not claim more bytes than remain, nesting is limited, and every failure is a kCorrupt
// error. Struct decoders read field headers in a loop and skip the fields they do not know, so
// files from newer writers (new optional fields, new union members) still decode.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "floe/util/result.h"

namespace floe::parquet::thrift {

// Type codes of the compact protocol as they appear in field and container headers.
enum class CType : uint8_t {
  kStop = 0,
  kBoolTrue = 1,  // in a field header: a bool field whose value is true; in containers: bool
  kBoolFalse = 2,
  kByte = 3,
  kI16 = 4,
  kI32 = 5,
  kI64 = 6,
  kDouble = 7,
  kBinary = 8,
  kList = 9,
  kSet = 10,
  kMap = 11,
  kStruct = 12,
  kUuid = 13,  // Thrift 0.21+: 16 raw bytes
};

std::string_view CTypeName(CType type);

struct FieldHeader {
  int16_t id = 0;
  CType type = CType::kStop;
};

struct ListHeader {
  CType element_type = CType::kStop;
  uint32_t size = 0;
};

struct MapHeader {
  CType key_type = CType::kStop;
  CType value_type = CType::kStop;
  uint32_t size = 0;
};

struct CompactLimits {
  int max_depth = 64;  // nested structs and containers
};

class CompactReader {
 public:
  CompactReader(const uint8_t* data, size_t size, CompactLimits limits = {});
  explicit CompactReader(std::string_view bytes, CompactLimits limits = {})
      : CompactReader(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), limits) {}

  // Bytes consumed so far.
  size_t position() const { return static_cast<size_t>(pos_ - begin_); }
  size_t remaining() const { return static_cast<size_t>(end_ - pos_); }

  // Structs: BeginStruct, then ReadFieldHeader until it returns a kStop header, then EndStruct.
  Status BeginStruct();
  Result<FieldHeader> ReadFieldHeader();
  Status EndStruct();

  // Containers: the header, then `size` elements of the element type(s), then End*.
  Result<ListHeader> BeginList();  // also sets
  Status EndList() { return Leave(); }
  Result<MapHeader> BeginMap();
  Status EndMap() { return Leave(); }

  // Values of a field of type `type` (the field header's type, or the container element type).
  // The integer readers accept any integer encoding (byte, i16, i32, i64) and check the range.
  Result<bool> ReadBool(CType type);
  Result<int8_t> ReadI8(CType type);
  Result<int16_t> ReadI16(CType type);
  Result<int32_t> ReadI32(CType type);
  Result<int64_t> ReadI64(CType type);
  Result<double> ReadDouble(CType type);
  Result<std::string> ReadBinary(CType type);

  // Skips one value of the given type, nested structures included.
  Status Skip(CType type);

  // An error of kind corrupt that says where in the bytes it happened.
  Error Corrupt(std::string_view what) const;

  // True (once) when the last failure was a value of an unexpected type that was rejected before
  // any of its bytes were read; ReadStruct then skips the field, as Apache Thrift does, so a
  // writer that reused a field id for another type (Dremio's parquet-mr fork) still decodes.
  bool TakeTypeMismatch() {
    bool v = type_mismatch_;
    type_mismatch_ = false;
    return v;
  }
  Error TypeMismatch(std::string_view expected, CType actual) const;

 private:
  Status Enter();
  Status Leave();
  Status ExpectType(CType actual, CType expected) const;
  Result<uint64_t> ReadVarint();
  Result<int64_t> ReadZigZag();
  Result<int64_t> ReadInteger(CType type, int64_t min, int64_t max);
  Result<uint32_t> ReadContainerSize(uint64_t size, size_t min_element_bytes);

  const uint8_t* begin_;
  const uint8_t* pos_;
  const uint8_t* end_;
  CompactLimits limits_;
  int depth_ = 0;
  // The last field id of each open struct (field ids are delta-coded against it).
  std::vector<int16_t> last_field_id_;
  // Pending value of a bool field: its value is in the field header itself.
  int pending_bool_ = -1;
  mutable bool type_mismatch_ = false;
};

}  // namespace floe::parquet::thrift

namespace floe::parquet::thrift {

// Reads one struct: calls on_field(header) for each field, which must read or Skip the value.
template <typename F>
Status ReadStruct(CompactReader& r, F&& on_field) {
  FLOE_RETURN_IF_ERROR(r.BeginStruct());
  while (true) {
    FLOE_ASSIGN_OR_RETURN(FieldHeader f, r.ReadFieldHeader());
    if (f.type == CType::kStop) break;
    size_t start = r.position();
    Status s = on_field(f);
    if (!s.ok()) {
      if (!r.TakeTypeMismatch() || r.position() != start) return s;
      FLOE_RETURN_IF_ERROR(r.Skip(f.type));
    }
  }
  return r.EndStruct();
}

// Reads a list (or set) field whose header type is `field_type`, appending each element that
// read_element(element_type) -> Result<T> returns.
template <typename T, typename F>
Status ReadList(CompactReader& r, CType field_type, std::vector<T>* out, F&& read_element) {
  if (field_type != CType::kList && field_type != CType::kSet) {
    return r.TypeMismatch("list", field_type);
  }
  FLOE_ASSIGN_OR_RETURN(ListHeader h, r.BeginList());
  out->clear();
  // Elements are appended as they decode (each takes at least one byte), so memory follows the
  // input's real size, not the size the header claims.
  for (uint32_t i = 0; i < h.size; ++i) {
    FLOE_ASSIGN_OR_RETURN(T v, read_element(h.element_type));
    out->push_back(std::move(v));
  }
  return r.EndList();
}

// Reads an i32 field holding a Thrift enum as the C++ enum E. The value is kept as it is, also
// when E names no such enumerator; callers check the values they depend on.
template <typename E>
Result<E> ReadEnum(CompactReader& r, CType type) {
  FLOE_ASSIGN_OR_RETURN(int32_t v, r.ReadI32(type));
  return static_cast<E>(v);
}

inline Status ExpectStruct(CompactReader& r, CType type) {
  if (type == CType::kStruct) return Ok();
  return r.TypeMismatch("struct", type);
}

}  // namespace floe::parquet::thrift
