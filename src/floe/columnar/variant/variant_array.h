// Columns of variants (columnar::Variant(): struct<metadata: binary, value: binary>): reading one
// row's two byte strings, and building a column row by row.
#pragma once

#include <string_view>

#include "floe/columnar/array.h"
#include "floe/columnar/array_builder.h"
#include "floe/util/result.h"

namespace floe::columnar::variant {

struct VariantBytes {
  std::string_view metadata;
  std::string_view value;
};

// Row `row` of a valid slot of a variant column.
VariantBytes VariantAt(const ArrayData& array, int64_t row);

class VariantArrayBuilder {
 public:
  Status Append(std::string_view metadata, std::string_view value);
  Status AppendNull();
  int64_t length() const { return length_; }
  Result<ArrayPtr> Finish();

 private:
  BinaryBuilder metadata_;
  BinaryBuilder value_;
  std::vector<uint8_t> valid_;
  int64_t length_ = 0;
  int64_t null_count_ = 0;
};

}  // namespace floe::columnar::variant
