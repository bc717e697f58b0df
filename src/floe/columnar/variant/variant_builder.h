// Writing the Parquet Variant binary encoding (VariantEncoding.md): one metadata dictionary and
// one value per variant. Scalars are appended in their smallest encoding (integers in the
// narrowest width that holds them, strings under 64 bytes as short strings); objects and arrays
// are written child first: note Offset(), append the children, then FinishObject/FinishArray put
// the header in front of them with the narrowest id and offset widths.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "floe/columnar/variant/variant_value.h"
#include "floe/util/result.h"

namespace floe::columnar::variant {

class VariantBuilder {
 public:
  struct ObjectField {
    uint32_t key_id = 0;
    size_t offset = 0;  // where the field's value starts, as Offset() gave it
  };

  // The dictionary id of `key`, added when new.
  uint32_t AddKey(std::string_view key);

  size_t Offset() const { return value_.size(); }

  void AppendNull();
  void AppendBoolean(bool v);
  void AppendInt(int64_t v);  // int8, int16, int32 or int64, the narrowest that holds v
  void AppendDouble(double v);
  void AppendFloat(float v);
  // decimal4/8/16 by the unscaled value's size; scale 0..38.
  void AppendDecimal(Decimal d);
  void AppendDate(int32_t days);
  // One of the 8-byte temporal types (kTimestamp, kTimestampNtz, kTimeNtz, kTimestampNanos,
  // kTimestampNtzNanos).
  void AppendTemporal(PrimitiveType type, int64_t v);
  void AppendString(std::string_view s);
  void AppendBinary(std::string_view b);
  void AppendUuid(std::string_view big_endian16);
  // A value read from another variant: copied, its field names added to this dictionary.
  Status AppendValue(const VariantValue& v);

  // Turns the children appended since `start` into an object. InvalidArgument naming the key when
  // two fields have the same name.
  Status FinishObject(size_t start, std::vector<ObjectField> fields);
  // Turns the children appended since `start` (at `offsets`) into an array.
  void FinishArray(size_t start, const std::vector<size_t>& offsets);

  // The metadata of the keys added so far (insertion order; sorted_strings set when that order
  // is sorted and unique).
  std::string Metadata() const;
  // The value bytes written (one complete value when the caller wrote one); clears the value.
  std::string TakeValue();
  // Clears keys and value for the next variant.
  void Reset();

 private:
  std::vector<std::string> keys_;
  std::unordered_map<std::string, uint32_t> key_ids_;
  std::string value_;
};

// The number of bytes (1..4) an unsigned value up to `max` needs.
int BytesFor(uint64_t max);

}  // namespace floe::columnar::variant
