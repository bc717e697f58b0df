// The partition type of a table across all its partition specs (Java's
// Partitioning.partitionType): every partition field of every spec, by field id, each optional;
// the name from the newest spec that has the field, the type from its transform's result (a
// void transform yields to a real one with the same id). Metadata tables show partitions of
// files written under any spec in this one struct; a file's own tuple is coerced into it
// (fields its spec lacks are null).
#pragma once

#include <vector>

#include "floe/spec/literal.h"
#include "floe/spec/partition_spec.h"
#include "floe/spec/table_metadata.h"
#include "floe/spec/type.h"
#include "floe/util/result.h"

namespace floe::inspect {

// A struct type; empty when no spec has a field. Specs whose fields no longer bind to the
// current schema (a dropped source column) are left out.
Result<spec::TypePtr> UnifiedPartitionType(const spec::TableMetadata& metadata);

// The tuple of `values` (one per field of `spec`) as a tuple of the unified type.
std::vector<spec::Literal> CoercePartition(const spec::Type& unified,
                                           const spec::PartitionSpec* spec,
                                           const std::vector<spec::Literal>& values);

}  // namespace floe::inspect
