// How a columnar schema becomes a Parquet schema for writing (the inverse of read_tree.h), in the
// layouts Java (parquet-mr, Iceberg) writes:
//   - a struct: a group of its fields; a variant: `<name> (VARIANT(1)) { required binary
//     metadata; required binary value; }` (unshredded);
//   - a list: `<name> (LIST) { repeated group list { <element> } }`, the element named "element";
//   - a map: `<name> (MAP) { repeated group key_value { required <key>; <value> } }`;
//   - a nullable field is OPTIONAL, a non-nullable one REQUIRED;
//   - every node carries the field id of its columnar Field (`PARQUET:field_id`), the repeated
//     `list` and `key_value` groups none;
//   - leaves get their physical and logical types (see LeafTypeOf in the .cc: decimals by precision
//     in INT32/INT64/FIXED_LEN_BYTE_ARRAY, uuid as FIXED(16) UUID, timestamps with
//     isAdjustedToUTC from the zone, float16, int8/16 and unsigned INTEGER annotations).
// Each write node records the levels the shredding (level_shredding.h) emits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/format/parquet/file_metadata.h"
#include "floe/format/parquet/value_order.h"
#include "floe/util/result.h"

namespace floe::parquet {

struct WriteNode {
  enum class Kind { kLeaf, kStruct, kList, kMap };
  Kind kind = Kind::kLeaf;
  // Definition level of a present (non-null) value of this node.
  int16_t def_level = 0;
  // Lists and maps: levels of their repeated group (an element exists at element_def_level; a
  // repetition level of element_rep_level continues the same list).
  int16_t element_def_level = 0;
  int16_t element_rep_level = 0;
  int column = -1;  // leaves: the column index
  // struct: the fields; list: the element; map: the key_value struct (key, value).
  std::vector<WriteNode> children;
};

// What a column writer needs to know of its leaf.
struct WriteLeaf {
  std::vector<std::string> path;  // path_in_schema
  columnar::DataTypePtr type;     // the columnar type of the values
  Type physical_type = Type::kInt32;
  int32_t type_length = 0;  // FIXED_LEN_BYTE_ARRAY
  ValueOrder order = ValueOrder::kSigned;
  int16_t max_def_level = 0;
  int16_t max_rep_level = 0;
  std::string name;  // dotted path, for messages and per-column options
  std::optional<int32_t> field_id;
};

struct WriteSchema {
  std::vector<SchemaElement> elements;  // depth first, the root first
  std::vector<WriteNode> fields;        // one per top-level field
  std::vector<WriteLeaf> leaves;        // one per column
};

// NotSupported for types Parquet or floe cannot write (a list or map whose element is null-typed
// is fine; time32 and timestamps in seconds are written in milliseconds).
Result<WriteSchema> MakeWriteSchema(const columnar::Schema& schema);

// Bytes of the smallest two's complement integer that holds every decimal of this precision
// (Iceberg's decimalRequiredBytes).
int DecimalBytesForPrecision(int precision);

}  // namespace floe::parquet
