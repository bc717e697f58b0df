// The order in which a column's min/max statistics are taken (parquet.thrift ColumnOrder
// TYPE_ORDER, LogicalTypes.md "Sort Order"): signed integers, unsigned integers (UINT_* /
// INTEGER(unsigned)), floats ignoring NaN, byte arrays as unsigned bytes (strings, binary, fixed,
// uuid), decimals stored as big-endian two's complement bytes by numeric value, FLOAT16 by value.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "floe/format/parquet/types.h"

namespace floe::parquet {

enum class ValueOrder {
  kNone,          // no statistics (INT96, always-null columns)
  kSigned,        // BOOLEAN (false < true), INT32, INT64
  kUnsigned,      // INT32 / INT64 holding unsigned integers
  kFloat,         // FLOAT, DOUBLE; NaN is not ordered
  kBytes,         // unsigned lexicographic
  kDecimalBytes,  // big-endian two's complement, compared by value
  kFloat16,       // FIXED_LEN_BYTE_ARRAY(2), little-endian IEEE half; NaN is not ordered
};

// a < b for the PLAIN bytes of two values of a column (byte arrays without their length prefix),
// for the column's physical type and order. Neither may be NaN.
bool PlainLess(Type type, ValueOrder order, std::string_view a, std::string_view b);

// A float16 (its bits) as a float.
float HalfToFloat(uint16_t bits);
inline bool HalfIsNan(uint16_t bits) { return (bits & 0x7C00) == 0x7C00 && (bits & 0x03FF) != 0; }

}  // namespace floe::parquet
