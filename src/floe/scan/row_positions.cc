#include "floe/scan/row_positions.h"

#include "floe/columnar/buffer.h"
#include "floe/columnar/data_type.h"

namespace floe::scan {

Result<columnar::ArrayPtr> RowPositions(int64_t start, int64_t length) {
  FLOE_ASSIGN_OR_RETURN(columnar::BufferPtr values, columnar::Buffer::Allocate(length * 8));
  int64_t* out = values->mutable_data_as<int64_t>();
  for (int64_t i = 0; i < length; ++i) out[i] = start + i;
  return columnar::ArrayData::Make(columnar::Int64(), length, {nullptr, values});
}

}  // namespace floe::scan
