// Partition specs (spec: "Partitioning"): how a table's rows map to partition tuples. Each
// field takes a source column (or, in v3, several), a transform, a field id (1000 and up) and a
// name.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "floe/spec/literal.h"
#include "floe/spec/schema.h"
#include "floe/spec/transform.h"
#include "floe/spec/type.h"
#include "floe/util/result.h"

namespace floe::spec {

struct PartitionField {
  int32_t source_id = 0;
  std::vector<int32_t> source_ids;  // v3 multi-argument transforms; usually empty
  int32_t field_id = 0;
  std::string name;
  Transform transform;

  bool operator==(const PartitionField& other) const = default;
};

struct PartitionSpec {
  // Partition field ids start after this (spec: v1 specs assign 1000, 1001, ...).
  static constexpr int32_t kPartitionDataIdStart = 1000;

  int32_t spec_id = 0;
  std::vector<PartitionField> fields;

  bool IsUnpartitioned() const;
  // The largest field id, or 999 for an unpartitioned spec (so the next id is 1000).
  int32_t LastAssignedFieldId() const;
  // The struct of partition values: one optional field per partition field, typed by the
  // transform's result for its source column.
  Result<TypePtr> PartitionType(const Schema& schema) const;
  // Source columns exist (void transforms may outlive their source) and are primitive, each
  // transform applies to its source type, partition field ids and names are unique.
  Status Validate(const Schema& schema) const;

  // "name=value/name=value" for a tuple of transformed values (one per field, in order),
  // each part escaped (PartitionPathSegment).
  Result<std::string> PartitionPath(const Schema& schema, const std::vector<Literal>& values) const;

  bool operator==(const PartitionSpec& other) const = default;
};

}  // namespace floe::spec
