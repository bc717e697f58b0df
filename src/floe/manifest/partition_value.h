// Partition values in manifests: one Avro value per partition field, typed by the partition
// type (manifest_schema.h gives the Avro form of each Iceberg type). Also the ordering the
// partition field summaries of manifest lists need.
#pragma once

#include "floe/format/avro/binary.h"
#include "floe/format/avro/read_plan.h"
#include "floe/spec/literal.h"
#include "floe/spec/type.h"
#include "floe/util/result.h"

namespace floe::manifest {

// Reads one non-null value of `type` through `plan` (the union branch already resolved).
Result<spec::Literal> DecodePartitionValue(const spec::Type& type, const avro::ReadPlan& plan,
                                           avro::Decoder& d);
// Writes one non-null value of `type`; a value of the wrong kind is invalid argument.
Status EncodePartitionValue(const spec::Type& type, const spec::Literal& value, avro::Encoder& e);

// Orders two non-null values of the same type: ints, longs, floats (NaN never reaches this),
// decimals by value, strings and binary by unsigned bytes, uuids by their big-endian bytes.
int ComparePartitionValues(const spec::Literal& a, const spec::Literal& b);
// Whether the value is a float or double NaN.
bool IsNaN(const spec::Literal& value);

}  // namespace floe::manifest
