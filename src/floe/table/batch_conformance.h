// Checking record batches read from Parquet, CSV or NDJSON against a table's schema before any
// byte is written (issue 6, "Create and append"), and turning them into exactly the table's
// columnar form (schema_conversion.h) so the Parquet writer gets the table's field ids.
//
// Columns are matched by field id when the data carries ids (every top-level field has
// `PARQUET:field_id`), otherwise by name ignoring ASCII case. Types must be the table's, or one
// of the spec's promotions ("Schema Evolution": int→long, float→double, decimal(P,S)→decimal(P',S)
// with P' ≥ P), or a lossless widening of the in-memory form (int8/int16/uint8/uint16 → int,
// timestamps and times in coarser units → micro/nanoseconds). Everything else — a timestamp
// without zone for a timestamptz column, a long for an int column, a missing required column,
// a data column the table lacks — is refused by Make with a message naming the column, both
// types and the fix. Optional table columns absent from the data become nulls.
//
// Nullability is checked on the values (Conform): a file that declares a column optional but holds
// no nulls in it is accepted for a required table column.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/spec/schema.h"
#include "floe/util/result.h"

namespace floe::table {

enum class ColumnMatching {
  kAuto,  // by field id when every top-level data field has one, else by name
  kById,
  kByName,  // ASCII case-insensitive
};

struct ConformOptions {
  ColumnMatching matching = ColumnMatching::kAuto;
  // The data's types were inferred from text (CSV, NDJSON), which always says long for integers:
  // a long column then fills an int table column when every value fits (checked per value).
  bool inferred_types = false;
};

class BatchConformer {
 public:
  // Plans the conversion of batches of `data` schema into the table's columnar schema; every
  // type and column mismatch is an InvalidArgument naming the column.
  static Result<BatchConformer> Make(const spec::Schema& table, const columnar::Schema& data,
                                     ConformOptions options = {});
  ~BatchConformer();
  BatchConformer(BatchConformer&&) noexcept;
  BatchConformer& operator=(BatchConformer&&) noexcept;

  // The table's columnar schema (schema_conversion.h): what Conform returns.
  const columnar::SchemaPtr& schema() const { return schema_; }

  // The batch in the table's schema: promotions applied, missing optional columns as nulls.
  // InvalidArgument naming the column and row when a required column holds a null, or an
  // inferred long does not fit an int.
  Result<columnar::RecordBatch> Conform(const columnar::RecordBatch& batch) const;

  struct ColumnPlan;

 private:
  BatchConformer() = default;
  columnar::SchemaPtr schema_;
  std::vector<ColumnPlan> columns_;
};

}  // namespace floe::table
