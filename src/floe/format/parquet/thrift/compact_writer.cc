#include "floe/format/parquet/thrift/compact_writer.h"

#include <cassert>
#include <cstring>

#include "floe/util/bytes.h"

namespace floe::parquet::thrift {

void CompactWriter::EndStruct() {
  assert(!last_field_id_.empty());
  out_->push_back(static_cast<char>(CType::kStop));
  last_field_id_.pop_back();
}

void CompactWriter::FieldHeader(int16_t id, CType type) {
  assert(!last_field_id_.empty());
  int16_t& last = last_field_id_.back();
  int delta = id - last;
  if (delta > 0 && delta <= 15) {
    out_->push_back(static_cast<char>((delta << 4) | static_cast<int>(type)));
  } else {
    // Long form: the type byte, then the id as a zigzag varint.
    out_->push_back(static_cast<char>(type));
    WriteZigZag(id);
  }
  last = id;
}

void CompactWriter::WriteVarint(uint64_t v) { AppendVarint(*out_, v); }
void CompactWriter::WriteZigZag(int64_t v) { AppendVarint(*out_, ZigZagEncode(v)); }

void CompactWriter::FieldBool(int16_t id, bool v) {
  FieldHeader(id, v ? CType::kBoolTrue : CType::kBoolFalse);
}

void CompactWriter::FieldI8(int16_t id, int8_t v) {
  FieldHeader(id, CType::kByte);
  out_->push_back(static_cast<char>(v));
}

void CompactWriter::FieldI16(int16_t id, int16_t v) {
  FieldHeader(id, CType::kI16);
  WriteZigZag(v);
}

void CompactWriter::FieldI32(int16_t id, int32_t v) {
  FieldHeader(id, CType::kI32);
  WriteZigZag(v);
}

void CompactWriter::FieldI64(int16_t id, int64_t v) {
  FieldHeader(id, CType::kI64);
  WriteZigZag(v);
}

void CompactWriter::FieldDouble(int16_t id, double v) {
  FieldHeader(id, CType::kDouble);
  AppendLittleEndian(*out_, v);
}

void CompactWriter::FieldBinary(int16_t id, std::string_view v) {
  FieldHeader(id, CType::kBinary);
  BinaryElement(v);
}

void CompactWriter::BinaryElement(std::string_view v) {
  WriteVarint(v.size());
  out_->append(v);
}

void CompactWriter::BeginStructField(int16_t id) {
  FieldHeader(id, CType::kStruct);
  BeginStruct();
}

void CompactWriter::BeginListField(int16_t id, CType element_type, uint32_t size) {
  FieldHeader(id, CType::kList);
  // Bool elements are written as 1 (true) / 2 (false) with the element type "true".
  int type = static_cast<int>(element_type == CType::kBoolFalse ? CType::kBoolTrue : element_type);
  if (size < 15) {
    out_->push_back(static_cast<char>((size << 4) | static_cast<uint32_t>(type)));
  } else {
    out_->push_back(static_cast<char>(0xF0 | type));
    WriteVarint(size);
  }
}

}  // namespace floe::parquet::thrift
