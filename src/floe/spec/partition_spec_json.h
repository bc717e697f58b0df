// The JSON form of partition specs (spec: Appendix C, "Partition Specs"):
//   {"spec-id":0,"fields":[{"source-id":4,"field-id":1000,"name":"ts_day","transform":"day"}]}
// v3 multi-argument fields carry "source-ids":[...] instead of "source-id".
#pragma once

#include <vector>

#include "floe/spec/partition_spec.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"
#include "floe/util/result.h"

namespace floe::spec {

// A spec object. Fields without "field-id" (v1) get 1000, 1001, ... in order. Transform names
// go through Transform::ParseAllowUnknown: a newer engine's transform is kept (kUnknown), a
// misspelt one is corrupt input: fields[1].transform: unknown transform "bukket[16]".
Result<PartitionSpec> ParsePartitionSpec(const JsonValue& json);
// The array of fields alone: the v1 table metadata "partition-spec" form.
Result<std::vector<PartitionField>> ParsePartitionFields(const JsonValue& array);

void WritePartitionSpec(const PartitionSpec& spec, JsonWriter& out);
void WritePartitionFields(const std::vector<PartitionField>& fields, JsonWriter& out);

}  // namespace floe::spec
