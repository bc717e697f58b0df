// Logical equality of arrays: same type, length, validity and values, wherever each array's
// slice starts (offsets are followed; bytes under null slots are ignored). Floating-point values
// compare by their bits, so NaN equals the same NaN and -0.0 differs from 0.0: "holds the same
// data", which is what round-trip tests and twin-file comparisons ask.
#pragma once

#include <string>

#include "floe/columnar/array.h"
#include "floe/columnar/record_batch.h"

namespace floe::columnar {

bool ArrayEquals(const ArrayData& a, const ArrayData& b);

// The first difference, described ("row 17: null vs value"), or "" when equal.
std::string ArrayDifference(const ArrayData& a, const ArrayData& b);

// Same row count and pairwise equal columns (field names and types included).
bool BatchEquals(const RecordBatch& a, const RecordBatch& b);

}  // namespace floe::columnar
