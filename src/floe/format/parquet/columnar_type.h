// The columnar type of a Parquet leaf column: its physical type read through its logical type
// (LogicalTypes.md), or through the legacy converted type when the logical type is absent.
//   BOOLEAN → bool; INT32 → int32, int8/int16/uint8/uint16/uint32 (INTEGER), date32 (DATE),
//   time32[ms] (TIME millis), decimal128 (DECIMAL); INT64 → int64, uint64, time64[us|ns],
//   timestamp[ms|us|ns] (zone "UTC" when isAdjustedToUTC), decimal128; INT96 → timestamp[ns]
//   without zone (Spark and Impala's legacy timestamps, read as Arrow does; `int96_unit` kMicro
//   reaches years a 64-bit nanosecond count cannot); FLOAT → float32;
//   DOUBLE → float64; BYTE_ARRAY → string (STRING, ENUM, JSON), binary (none, BSON, unknown),
//   decimal128; FIXED_LEN_BYTE_ARRAY → fixed_size_binary(n), uuid (UUID, marked with the Arrow
//   extension name "arrow.uuid"), float16 (FLOAT16), decimal128 (DECIMAL); UNKNOWN → null.
// Variant leaves read as their physical bytes (binary) until floe decodes them; GEOMETRY and
// GEOGRAPHY leaves are binary (WKB) marked with their kind, CRS and edge algorithm
// (columnar/geo_extension.h).
#pragma once

#include <optional>

#include "floe/columnar/data_type.h"
#include "floe/columnar/geo_extension.h"
#include "floe/format/parquet/schema.h"
#include "floe/util/result.h"

namespace floe::parquet {

// The columnar type of a leaf. NotSupported for combinations floe cannot represent (a decimal
// wider than 38 digits, a logical type on the wrong physical type).
Result<columnar::DataTypePtr> ColumnarTypeOf(
    const SchemaNode& leaf, columnar::TimeUnit int96_unit = columnar::TimeUnit::kNano);

// True when the leaf is a UUID (its field gets the "arrow.uuid" extension name, see
// columnar/value_text.h).
bool IsUuidLeaf(const SchemaNode& leaf);

// The geometry/geography a BYTE_ARRAY leaf's GEOMETRY or GEOGRAPHY logical type declares (its
// field gets the geoarrow.wkb mark), or nullopt.
std::optional<columnar::GeoColumn> GeoColumnOfLeaf(const SchemaNode& leaf);

}  // namespace floe::parquet
