// Export of floe arrays and batches through the Arrow C Data Interface
// (https://arrow.apache.org/docs/format/CDataInterface.html). Zero-copy: the exported ArrowArray
// points into floe's buffers and keeps them alive until the consumer calls `release`. Each struct
// releases what it owns (and its not-yet-released children), then sets `release` to NULL.
#pragma once

#include <cstdint>
#include <string>

#include "floe/columnar/array.h"
#include "floe/columnar/data_type.h"
#include "floe/columnar/record_batch.h"
#include "floe/util/result.h"

// The ABI structs, exactly as the specification spells them (guarded so that a translation unit
// that also includes Arrow's own header sees one definition).
extern "C" {
#ifndef ARROW_C_DATA_INTERFACE
#define ARROW_C_DATA_INTERFACE

#define ARROW_FLAG_DICTIONARY_ORDERED 1
#define ARROW_FLAG_NULLABLE 2
#define ARROW_FLAG_MAP_KEYS_SORTED 4

struct ArrowSchema {
  const char* format;
  const char* name;
  const char* metadata;
  int64_t flags;
  int64_t n_children;
  struct ArrowSchema** children;
  struct ArrowSchema* dictionary;
  void (*release)(struct ArrowSchema*);
  void* private_data;
};

struct ArrowArray {
  int64_t length;
  int64_t null_count;
  int64_t offset;
  int64_t n_buffers;
  int64_t n_children;
  const void** buffers;
  struct ArrowArray** children;
  struct ArrowArray* dictionary;
  void (*release)(struct ArrowArray*);
  void* private_data;
};

#endif  // ARROW_C_DATA_INTERFACE
}

namespace floe::columnar {

// The format string of a type: "l", "u", "w:16", "d:38,10", "tsu:UTC", "+s", "+l", "+m", ...
Result<std::string> FormatString(const DataType& type);

// Field metadata in the C interface's binary form (int32 count, then int32-length-prefixed keys
// and values, native endianness); empty string for no metadata.
std::string EncodeMetadata(const KeyValueMetadata& metadata);

// A field: its name, format, nullability flag, metadata (PARQUET:field_id) and children.
Status ExportField(const Field& field, ArrowSchema* out);
// A schema: a non-nullable struct named "" whose children are the fields.
Status ExportSchema(const Schema& schema, ArrowSchema* out);
// An array, sharing its buffers. The array must be valid (ArrayData::Validate).
Status ExportArray(const ArrayPtr& array, ArrowArray* out);
// A batch as one struct array and, when out_schema is not null, its schema.
Status ExportRecordBatch(const RecordBatch& batch, ArrowArray* out, ArrowSchema* out_schema);

}  // namespace floe::columnar
