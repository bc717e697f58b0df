// Schema resolution for reading one data file (spec: "Column Projection" and "Schema Evolution"):
// each field of the scan's projected schema is found in the file by field id — so renamed
// columns read under their new name and dropped columns are never read — and converted to the
// projected type (int→long, float→double, decimal precision widening: table/batch_conformance.h).
// A field the file lacks takes, in this order:
//   1. the file's identity partition value for that field (also when the value is null);
//   2. the field's initial-default;
//   3. null — unless the field is required, which is a Corrupt error.
// Structs are matched field by field, so a struct column gets the children added after the file
// was written as constants too.
//
// Lists and maps are read whole, then reshaped before the conversion: inside a list element or a
// map key or value, at any depth (a struct in an element's struct, lists of lists, map values
// that are lists of structs), struct fields the table dropped are cut away and fields the file
// lacks take their initial-default, else null (a required one without a default is a Corrupt
// error, as at top level). A default fills the structs that are there: a null element or null
// struct stays null, an empty list or map stays empty. Promotions apply inside them as at top
// level. (Identity partition values cannot stand in there: the spec allows no partition source
// inside a list or map.)
//
// Timestamps without zone in the file (Spark's INT96) read as UTC instants for timestamptz
// fields. INT96 reads in microseconds, or in nanoseconds for a timestamp_ns/timestamptz_ns field
// (table/int96_units.h).

#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/format/parquet/read_tree.h"
#include "floe/format/parquet/schema.h"
#include "floe/spec/literal.h"
#include "floe/spec/partition_spec.h"
#include "floe/spec/schema.h"
#include "floe/table/batch_conformance.h"
#include "floe/util/result.h"

namespace floe::scan {

class FieldResolution {
 public:
  // `file_schema` carries field ids (the file's own or a name mapping's). `spec` (may be null)
  // and `partition` are the file's partition spec and values; `file_path` names the file in
  // errors.
  static Result<FieldResolution> Make(const spec::Schema& projected,
                                      const parquet::Schema& file_schema,
                                      const spec::PartitionSpec* spec,
                                      const std::vector<spec::Literal>& partition,
                                      std::string_view file_path);

  // The file columns to read: dotted paths of the file's nodes. Empty: the file provides no
  // projected column (only the row count matters).
  const parquet::Projection& projection() const { return projection_; }
  // The read tree of projection() over the file schema (leaves index the file's columns).
  const std::vector<parquet::ReadNode>& read_tree() const { return read_tree_; }
  // The INT96 columns read in nanoseconds (for timestamp_ns fields; the rest read in
  // microseconds: table/int96_units.h).
  const std::vector<int>& int96_nano_columns() const { return int96_nano_columns_; }
  // The columns read (read_tree() fields) renamed to the projected schema's names: a filter on
  // the table's names binds to it and then prunes the file's row groups and pages.
  const columnar::Schema& file_schema_with_table_names() const { return renamed_; }

  // The projected schema as columnar fields (table/schema_conversion.h).
  const columnar::SchemaPtr& schema() const { return schema_; }

  // A batch read with projection() (`num_rows` rows; no columns when the projection is empty)
  // in the projected schema.
  Result<columnar::RecordBatch> Resolve(const columnar::RecordBatch& batch) const;

  struct FieldPlan;
  ~FieldResolution();
  FieldResolution(FieldResolution&&) noexcept;
  FieldResolution& operator=(FieldResolution&&) noexcept;

 private:
  FieldResolution() = default;
  parquet::Projection projection_;
  std::vector<parquet::ReadNode> read_tree_;
  std::vector<int> int96_nano_columns_;
  columnar::Schema renamed_{{}};
  columnar::SchemaPtr schema_;
  // Per column read: how the file's arrays become what conformer_ expects (fields the table
  // dropped cut away; inside lists and maps, fields the file lacks added as constants).
  std::vector<FieldPlan> shapes_;
  std::unique_ptr<table::BatchConformer> conformer_;  // the found fields, by id
  std::vector<FieldPlan> plans_;                      // one per projected field
};

}  // namespace floe::scan
