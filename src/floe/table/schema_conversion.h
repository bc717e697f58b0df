// Iceberg schemas as columnar schemas and back (spec: "Schemas and Data Types"; Parquet's
// "Parquet Type Mapping" fixes the physical side). Every columnar Field carries its Iceberg field
// id as `PARQUET:field_id`, so the Parquet writer puts the ids in the file. The mapping:
//   boolean → bool; int → int32; long → int64; float → float32; double → float64;
//   decimal(P,S) → decimal128(P,S); date → date32; time → time64[us];
//   timestamp → timestamp[us] (no zone); timestamptz → timestamp[us, UTC];
//   timestamp_ns / timestamptz_ns (v3) → timestamp[ns] / timestamp[ns, UTC];
//   string → utf8; uuid → fixed_size_binary(16) marked arrow.uuid; fixed[L] →
//   fixed_size_binary(L); binary → binary; struct/list/map → struct/list/map;
//   unknown (v3) → null; geometry(C) / geography(C, A) (v3) → binary (WKB) marked geoarrow.wkb
//   with the CRS and edge algorithm (columnar/geo_extension.h).
// A required field is a non-nullable columnar field.
#pragma once

#include "floe/columnar/record_batch.h"
#include "floe/spec/schema.h"
#include "floe/util/result.h"

namespace floe::table {

// The columnar type of an Iceberg type; NotSupported for types without a columnar form here
// (variant).
Result<columnar::DataTypePtr> ToColumnarType(const spec::Type& type);
Result<columnar::Field> ToColumnarField(const spec::NestedField& field);
Result<columnar::SchemaPtr> ToColumnarSchema(const spec::Schema& schema);

// The columnar schema with field ids 1..n depth first (struct fields, list elements, map keys and
// values), unless every field already has one.
columnar::Schema WithFieldIds(const columnar::Schema& schema);

// The Iceberg schema of a columnar schema whose fields all carry ids (see WithFieldIds).
// NotSupported for types Iceberg has no counterpart for (unsigned integers, float16; int8/int16
// become int).
Result<spec::Schema> ToIcebergSchema(const columnar::Schema& schema);

}  // namespace floe::table
