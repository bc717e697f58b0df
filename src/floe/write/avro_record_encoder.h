// Rows of a batch in the table's columnar schema (table/schema_conversion.h) encoded as records
// of the Avro data file schema (avro_data_schema.h), one record per row, straight from the
// columnar buffers. While encoding, counts what Iceberg's metrics need for each primitive field
// outside lists and maps: values (rows, nulls included), nulls (its own or an enclosing struct's)
// and, for float and double, NaNs.
#pragma once

#include <cstdint>
#include <map>

#include "floe/columnar/record_batch.h"
#include "floe/format/avro/container_writer.h"
#include "floe/spec/schema.h"
#include "floe/util/result.h"

namespace floe::write {

struct AvroColumnCounts {
  int64_t values = 0;
  int64_t nulls = 0;
  int64_t nans = 0;
};

class AvroRecordEncoder {
 public:
  explicit AvroRecordEncoder(const spec::Schema& schema) : schema_(schema) {}

  // Encodes every row of `batch` into `writer`, one record each.
  Status Write(const columnar::RecordBatch& batch, avro::ContainerWriter& writer);

  // Counts by field id (primitive fields outside lists and maps).
  const std::map<int32_t, AvroColumnCounts>& counts() const { return counts_; }

 private:
  const spec::Schema& schema_;
  std::map<int32_t, AvroColumnCounts> counts_;
};

}  // namespace floe::write
