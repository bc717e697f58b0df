// The values of a leaf column in their Parquet physical form, gathered from a columnar array at
// the positions level shredding found (write_schema.h says which physical type each columnar
// type takes):
//   booleans → one byte each; int8/16/32, uint8/16/32 (bit pattern), date32, time32 (seconds as
//   milliseconds), decimals of precision <= 9 → int32; int64, uint64 (bit pattern), time64,
//   timestamps (seconds as milliseconds), decimals of precision <= 18 → int64; float, double;
//   string/binary → views of their bytes; fixed/uuid, float16 (its two little-endian bytes) and
//   wider decimals (big-endian two's complement in `width` bytes, written to `scratch`) → views.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "floe/columnar/array.h"

namespace floe::parquet {

// T is uint8_t (BOOLEAN), int32_t, int64_t, float, double or std::string_view (BYTE_ARRAY and
// FIXED_LEN_BYTE_ARRAY of `width` bytes). Views point into the array or into *scratch, which
// must not change until they are used. The array's type must be one that maps to T.
template <typename T>
void GatherPhysical(const columnar::ArrayData& array, std::span<const int64_t> indices, int width,
                    std::vector<T>* out, std::string* scratch);

}  // namespace floe::parquet
