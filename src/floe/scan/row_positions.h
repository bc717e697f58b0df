// The `_pos` column of a data file's batch: each row's position in the file, which position
// deletes and deletion vectors refer to (spec: "Position Delete Files").
#pragma once

#include <cstdint>

#include "floe/columnar/array.h"
#include "floe/util/result.h"

namespace floe::scan {

// Positions start, start + 1, ..., start + length - 1 as an int64 column.
Result<columnar::ArrayPtr> RowPositions(int64_t start, int64_t length);

}  // namespace floe::scan
