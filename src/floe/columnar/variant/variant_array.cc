#include "floe/columnar/variant/variant_array.h"

#include <cstring>

#include "floe/columnar/bit_util.h"

namespace floe::columnar::variant {

VariantBytes VariantAt(const ArrayData& array, int64_t row) {
  return {array.children[0]->GetView(array.offset + row),
          array.children[1]->GetView(array.offset + row)};
}

Status VariantArrayBuilder::Append(std::string_view metadata, std::string_view value) {
  FLOE_RETURN_IF_ERROR(metadata_.Append(metadata));
  FLOE_RETURN_IF_ERROR(value_.Append(value));
  valid_.push_back(1);
  ++length_;
  return Ok();
}

Status VariantArrayBuilder::AppendNull() {
  FLOE_RETURN_IF_ERROR(metadata_.Append(std::string_view()));
  FLOE_RETURN_IF_ERROR(value_.Append(std::string_view()));
  valid_.push_back(0);
  ++length_;
  ++null_count_;
  return Ok();
}

Result<ArrayPtr> VariantArrayBuilder::Finish() {
  FLOE_ASSIGN_OR_RETURN(ArrayPtr metadata, metadata_.Finish());
  FLOE_ASSIGN_OR_RETURN(ArrayPtr value, value_.Finish());
  BufferPtr validity;
  if (null_count_ > 0) {
    FLOE_ASSIGN_OR_RETURN(validity, Buffer::Allocate(BytesForBits(length_)));
    std::memset(validity->mutable_data(), 0, static_cast<size_t>(BytesForBits(length_)));
    for (int64_t i = 0; i < length_; ++i) {
      if (valid_[static_cast<size_t>(i)]) SetBit(validity->mutable_data(), i);
    }
  }
  ArrayPtr out = ArrayData::Make(Variant(), length_, {validity}, null_count_, 0,
                                 {std::move(metadata), std::move(value)});
  valid_.clear();
  length_ = 0;
  null_count_ = 0;
  return out;
}

}  // namespace floe::columnar::variant
