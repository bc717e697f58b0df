#include "floe/columnar/variant/variant_builder.h"

#include <algorithm>
#include <cstring>

namespace floe::columnar::variant {

namespace {

uint8_t PrimitiveHeader(PrimitiveType t) {
  return static_cast<uint8_t>(static_cast<uint8_t>(t) << 2);
}

template <typename T>
void Put(std::string* out, T v) {
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));
  out->append(buf, sizeof(T));
}

void PutUnsigned(std::string* out, uint64_t v, int n) {
  for (int i = 0; i < n; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

}  // namespace

int BytesFor(uint64_t max) {
  if (max <= 0xFF) return 1;
  if (max <= 0xFFFF) return 2;
  if (max <= 0xFFFFFF) return 3;
  return 4;
}

uint32_t VariantBuilder::AddKey(std::string_view key) {
  auto it = key_ids_.find(std::string(key));
  if (it != key_ids_.end()) return it->second;
  auto id = static_cast<uint32_t>(keys_.size());
  keys_.emplace_back(key);
  key_ids_.emplace(std::string(key), id);
  return id;
}

void VariantBuilder::AppendNull() {
  value_.push_back(static_cast<char>(PrimitiveHeader(PrimitiveType::kNull)));
}

void VariantBuilder::AppendBoolean(bool v) {
  value_.push_back(
      static_cast<char>(PrimitiveHeader(v ? PrimitiveType::kTrue : PrimitiveType::kFalse)));
}

void VariantBuilder::AppendInt(int64_t v) {
  if (v >= INT8_MIN && v <= INT8_MAX) {
    value_.push_back(static_cast<char>(PrimitiveHeader(PrimitiveType::kInt8)));
    Put(&value_, static_cast<int8_t>(v));
  } else if (v >= INT16_MIN && v <= INT16_MAX) {
    value_.push_back(static_cast<char>(PrimitiveHeader(PrimitiveType::kInt16)));
    Put(&value_, static_cast<int16_t>(v));
  } else if (v >= INT32_MIN && v <= INT32_MAX) {
    value_.push_back(static_cast<char>(PrimitiveHeader(PrimitiveType::kInt32)));
    Put(&value_, static_cast<int32_t>(v));
  } else {
    value_.push_back(static_cast<char>(PrimitiveHeader(PrimitiveType::kInt64)));
    Put(&value_, v);
  }
}

void VariantBuilder::AppendDouble(double v) {
  value_.push_back(static_cast<char>(PrimitiveHeader(PrimitiveType::kDouble)));
  Put(&value_, v);
}

void VariantBuilder::AppendFloat(float v) {
  value_.push_back(static_cast<char>(PrimitiveHeader(PrimitiveType::kFloat)));
  Put(&value_, v);
}

void VariantBuilder::AppendDecimal(Decimal d) {
  const __int128 u = d.unscaled;
  if (u >= INT32_MIN && u <= INT32_MAX) {
    value_.push_back(static_cast<char>(PrimitiveHeader(PrimitiveType::kDecimal4)));
    value_.push_back(static_cast<char>(d.scale));
    Put(&value_, static_cast<int32_t>(u));
  } else if (u >= INT64_MIN && u <= INT64_MAX) {
    value_.push_back(static_cast<char>(PrimitiveHeader(PrimitiveType::kDecimal8)));
    value_.push_back(static_cast<char>(d.scale));
    Put(&value_, static_cast<int64_t>(u));
  } else {
    value_.push_back(static_cast<char>(PrimitiveHeader(PrimitiveType::kDecimal16)));
    value_.push_back(static_cast<char>(d.scale));
    auto bits = static_cast<unsigned __int128>(u);
    Put(&value_, static_cast<uint64_t>(bits));
    Put(&value_, static_cast<uint64_t>(bits >> 64));
  }
}

void VariantBuilder::AppendDate(int32_t days) {
  value_.push_back(static_cast<char>(PrimitiveHeader(PrimitiveType::kDate)));
  Put(&value_, days);
}

void VariantBuilder::AppendTemporal(PrimitiveType type, int64_t v) {
  value_.push_back(static_cast<char>(PrimitiveHeader(type)));
  Put(&value_, v);
}

void VariantBuilder::AppendString(std::string_view s) {
  if (s.size() < 64) {
    value_.push_back(static_cast<char>(1 | (s.size() << 2)));
  } else {
    value_.push_back(static_cast<char>(PrimitiveHeader(PrimitiveType::kString)));
    Put(&value_, static_cast<uint32_t>(s.size()));
  }
  value_.append(s);
}

void VariantBuilder::AppendBinary(std::string_view b) {
  value_.push_back(static_cast<char>(PrimitiveHeader(PrimitiveType::kBinary)));
  Put(&value_, static_cast<uint32_t>(b.size()));
  value_.append(b);
}

void VariantBuilder::AppendUuid(std::string_view big_endian16) {
  value_.push_back(static_cast<char>(PrimitiveHeader(PrimitiveType::kUuid)));
  value_.append(big_endian16.substr(0, 16));
}

Status VariantBuilder::AppendValue(const VariantValue& v) {
  if (v.kind() == ValueKind::kObject) {
    size_t start = Offset();
    std::vector<ObjectField> fields;
    for (uint32_t i = 0; i < v.num_elements(); ++i) {
      FLOE_ASSIGN_OR_RETURN(std::string_view name, v.FieldName(i));
      FLOE_ASSIGN_OR_RETURN(VariantValue child, v.FieldValue(i));
      fields.push_back({AddKey(name), Offset()});
      FLOE_RETURN_IF_ERROR(AppendValue(child));
    }
    return FinishObject(start, std::move(fields));
  }
  if (v.kind() == ValueKind::kArray) {
    size_t start = Offset();
    std::vector<size_t> offsets;
    for (uint32_t i = 0; i < v.num_elements(); ++i) {
      FLOE_ASSIGN_OR_RETURN(VariantValue child, v.Element(i));
      offsets.push_back(Offset());
      FLOE_RETURN_IF_ERROR(AppendValue(child));
    }
    FinishArray(start, offsets);
    return Ok();
  }
  value_.append(v.bytes());
  return Ok();
}

Status VariantBuilder::FinishObject(size_t start, std::vector<ObjectField> fields) {
  std::sort(fields.begin(), fields.end(), [&](const ObjectField& a, const ObjectField& b) {
    return keys_[a.key_id] < keys_[b.key_id];
  });
  for (size_t i = 1; i < fields.size(); ++i) {
    if (fields[i].key_id == fields[i - 1].key_id) {
      return InvalidArgument("variant object has the key \"{}\" twice", keys_[fields[i].key_id]);
    }
  }
  const size_t data_size = value_.size() - start;
  uint32_t max_id = 0;
  for (const ObjectField& f : fields) max_id = std::max(max_id, f.key_id);
  const int id_size = BytesFor(max_id);
  const int offset_size = BytesFor(data_size);
  const bool large = fields.size() > 255;
  std::string header;
  header.push_back(static_cast<char>(
      2 | (((large ? 1 : 0) << 4 | (id_size - 1) << 2 | (offset_size - 1)) << 2)));
  PutUnsigned(&header, fields.size(), large ? 4 : 1);
  for (const ObjectField& f : fields) PutUnsigned(&header, f.key_id, id_size);
  for (const ObjectField& f : fields) PutUnsigned(&header, f.offset - start, offset_size);
  PutUnsigned(&header, data_size, offset_size);
  value_.insert(start, header);
  return Ok();
}

void VariantBuilder::FinishArray(size_t start, const std::vector<size_t>& offsets) {
  const size_t data_size = value_.size() - start;
  const int offset_size = BytesFor(data_size);
  const bool large = offsets.size() > 255;
  std::string header;
  header.push_back(static_cast<char>(3 | (((large ? 1 : 0) << 2 | (offset_size - 1)) << 2)));
  PutUnsigned(&header, offsets.size(), large ? 4 : 1);
  for (size_t off : offsets) PutUnsigned(&header, off - start, offset_size);
  PutUnsigned(&header, data_size, offset_size);
  value_.insert(start, header);
}

std::string VariantBuilder::Metadata() const {
  size_t total = 0;
  for (const std::string& k : keys_) total += k.size();
  const int offset_size = BytesFor(std::max<uint64_t>(total, keys_.size()));
  bool sorted = true;
  for (size_t i = 1; i < keys_.size(); ++i) sorted = sorted && keys_[i - 1] < keys_[i];
  std::string out;
  out.push_back(static_cast<char>(1 | (sorted ? 0x10 : 0) | ((offset_size - 1) << 6)));
  PutUnsigned(&out, keys_.size(), offset_size);
  size_t off = 0;
  PutUnsigned(&out, 0, offset_size);
  for (const std::string& k : keys_) {
    off += k.size();
    PutUnsigned(&out, off, offset_size);
  }
  for (const std::string& k : keys_) out += k;
  return out;
}

std::string VariantBuilder::TakeValue() {
  std::string out = std::move(value_);
  value_.clear();
  return out;
}

void VariantBuilder::Reset() {
  keys_.clear();
  key_ids_.clear();
  value_.clear();
}

}  // namespace floe::columnar::variant
