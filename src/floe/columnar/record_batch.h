// A record batch: a schema (the top-level struct's fields) and one array per field, all of
// num_rows elements. Exported through the C Data Interface as a non-nullable struct ("+s").
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "floe/columnar/array.h"
#include "floe/columnar/data_type.h"
#include "floe/util/result.h"

namespace floe::columnar {

class Schema {
 public:
  explicit Schema(std::vector<Field> fields, KeyValueMetadata metadata = {})
      : fields_(std::move(fields)), metadata_(std::move(metadata)) {}

  const std::vector<Field>& fields() const { return fields_; }
  int num_fields() const { return static_cast<int>(fields_.size()); }
  const Field& field(int i) const { return fields_[static_cast<size_t>(i)]; }
  const KeyValueMetadata& metadata() const { return metadata_; }
  // Index of the first field with this name, or -1.
  int FieldIndex(std::string_view name) const;
  // The struct type of a row.
  DataTypePtr AsStructType() const { return Struct(fields_); }
  bool Equals(const Schema& other, bool check_metadata = true) const;
  std::string ToString() const;

 private:
  std::vector<Field> fields_;
  KeyValueMetadata metadata_;
};
using SchemaPtr = std::shared_ptr<const Schema>;

class RecordBatch {
 public:
  // Checks that there is one column per field, of the field's type and num_rows long, and that a
  // non-nullable field has no nulls. InvalidArgument otherwise.
  static Result<RecordBatch> Make(SchemaPtr schema, int64_t num_rows,
                                  std::vector<ArrayPtr> columns);

  const SchemaPtr& schema() const { return schema_; }
  int64_t num_rows() const { return num_rows_; }
  int num_columns() const { return static_cast<int>(columns_.size()); }
  const ArrayPtr& column(int i) const { return columns_[static_cast<size_t>(i)]; }
  const std::vector<ArrayPtr>& columns() const { return columns_; }

  // The rows [offset, offset + length) without copying.
  RecordBatch Slice(int64_t offset, int64_t length) const;
  // The batch as one struct array without nulls (what the C interface exports).
  ArrayPtr ToStructArray() const;

 private:
  RecordBatch(SchemaPtr schema, int64_t num_rows, std::vector<ArrayPtr> columns)
      : schema_(std::move(schema)), num_rows_(num_rows), columns_(std::move(columns)) {}

  SchemaPtr schema_;
  int64_t num_rows_ = 0;
  std::vector<ArrayPtr> columns_;
};

}  // namespace floe::columnar
