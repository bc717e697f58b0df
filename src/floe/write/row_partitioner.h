// Partition tuples of rows (spec: "Partitioning", "Partition Transforms"): each partition field's
// transform applied to its source column's value, read from the columnar arrays of a batch in
// the table's columnar schema. Source columns may sit inside structs (not lists or maps, which
// the spec does not allow as sources).
#pragma once

#include <string>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/spec/literal.h"
#include "floe/spec/partition_spec.h"
#include "floe/spec/schema.h"
#include "floe/util/result.h"

namespace floe::write {

// The value at row i of a primitive array holding Iceberg `type` (as schema_conversion.h lays
// it out); null when the row is null.
spec::Literal LiteralAt(const columnar::ArrayData& array, int64_t i, const spec::Type& type);

class RowPartitioner {
 public:
  // NotSupported for sources inside lists or maps or for unknown transforms.
  static Result<RowPartitioner> Make(const spec::Schema& schema, const spec::PartitionSpec& spec);

  // The partition tuple of one row, one value per partition field.
  Result<std::vector<spec::Literal>> PartitionOf(const columnar::RecordBatch& batch,
                                                 int64_t row) const;

 private:
  struct Source {
    std::vector<int> path;  // column index, then struct child indexes
    spec::TypePtr type;
    spec::Transform transform;
  };
  std::vector<Source> sources_;
};

// A byte string equal for equal tuples and different for different ones (a hash-map key).
std::string PartitionKey(const std::vector<spec::Literal>& tuple);

}  // namespace floe::write
