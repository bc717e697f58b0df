// An encoder of the Thrift compact protocol, the counterpart of compact_reader.h: Parquet's footer,
// page headers, page indexes and bloom filter headers are written with it
// (https://github.com/apache/thrift/blob/master/doc/specs/thrift-compact-protocol.md).
//
// Fields are written in increasing id order inside a struct, so each field header is one byte
// (delta 1..15) except after a gap of 16 or more. A bool field carries its value in the header.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "floe/format/parquet/thrift/compact_reader.h"

namespace floe::parquet::thrift {

class CompactWriter {
 public:
  // Appends to *out, which must outlive the writer.
  explicit CompactWriter(std::string* out) : out_(out) {}

  // Structs: BeginStruct, the fields, EndStruct (which writes the stop byte).
  void BeginStruct() { last_field_id_.push_back(0); }
  void EndStruct();

  // One field header and value each.
  void FieldBool(int16_t id, bool v);
  void FieldI8(int16_t id, int8_t v);
  void FieldI16(int16_t id, int16_t v);
  void FieldI32(int16_t id, int32_t v);
  void FieldI64(int16_t id, int64_t v);
  void FieldDouble(int16_t id, double v);
  void FieldBinary(int16_t id, std::string_view v);
  // A struct-valued field: the header, then BeginStruct (the caller writes the fields and
  // calls EndStruct).
  void BeginStructField(int16_t id);
  // A list-valued field: the header and the list header; then `size` elements of element_type.
  void BeginListField(int16_t id, CType element_type, uint32_t size);

  // List elements (no field header). Struct elements: BeginStruct ... EndStruct.
  void BoolElement(bool v) { out_->push_back(static_cast<char>(v ? 1 : 2)); }
  void I32Element(int32_t v) { WriteZigZag(v); }
  void I64Element(int64_t v) { WriteZigZag(v); }
  void BinaryElement(std::string_view v);

 private:
  void FieldHeader(int16_t id, CType type);
  void WriteVarint(uint64_t v);
  void WriteZigZag(int64_t v);

  std::string* out_;
  std::vector<int16_t> last_field_id_;
};

}  // namespace floe::parquet::thrift
