// Reassembling variants from their Parquet columns (VariantShredding.md): the VARIANT group read
// as a struct of `metadata`, `value` and an optional shredded `typed_value` becomes a column of
// columnar::Variant() (metadata and value in the Variant binary encoding).
//   - unshredded (metadata and a value without nulls, no typed_value): the two binary columns
//     are taken as they are, no copy;
//   - shredded: per row, `typed_value` when it is non-null (a primitive in its Parquet type, a
//     LIST group for arrays, a group of {value, typed_value} fields for objects), merged with the
//     fields in `value` for partially shredded objects; `value` otherwise; a missing value where
//     one is required reads as Variant null. Each rebuilt row gets a metadata of its own.
// Corrupt when the stored struct does not have the shape the spec gives or its bytes are bad.
#pragma once

#include "floe/columnar/array.h"
#include "floe/util/result.h"

namespace floe::parquet {

Result<columnar::ArrayPtr> ReassembleVariant(const columnar::ArrayData& stored);

}  // namespace floe::parquet
