#include "floe/scan/data_file_reader.h"

#include "floe/columnar/buffer.h"
#include "floe/expr/binder.h"
#include "floe/expr/rewrite_not.h"
#include "floe/scan/avro_data_file_reader.h"
#include "floe/scan/manifest_file_size.h"
#include "floe/scan/row_positions.h"
#include "floe/table/parquet_name_mapping.h"
#include "floe/table/parquet_pruning.h"
#include "floe/table/parquet_row_filter.h"
#include "floe/table/schema_conversion.h"
#include "floe/util/ascii.h"
#include "floe/util/diagnostics.h"

namespace floe::scan {

namespace col = floe::columnar;

namespace {

// `e` (NOT pushed down, bound to the projected schema) as a filter on the file's columns: each
// predicate bound again to `file_columns` (the columns read, under the table's names), or TRUE
// when it names a column the file lacks — TRUE can only keep more row groups, never fewer.
expr::BoundExpression OnFileColumns(const expr::BoundExpression& e,
                                    const col::Schema& file_columns) {
  using E = expr::BoundExpression;
  switch (e.op()) {
    case expr::Operation::kAnd:
    case expr::Operation::kOr: {
      E a = OnFileColumns(e.child(0), file_columns);
      E b = OnFileColumns(e.child(1), file_columns);
      const bool is_and = e.op() == expr::Operation::kAnd;
      if (a.op() == expr::Operation::kTrue) return is_and ? b : a;
      if (b.op() == expr::Operation::kTrue) return is_and ? a : b;
      return is_and ? E::And(std::move(a), std::move(b)) : E::Or(std::move(a), std::move(b));
    }
    default:
      break;
  }
  if (!e.is_predicate()) return e;  // TRUE, FALSE
  // The unbound predicate binds to any schema with the same names (bound_expression.h); the
  // literal then takes the file column's type (an int column for a long table column).
  expr::BindOptions exact;
  exact.case_sensitive = true;
  auto bound = expr::Bind(expr::Unbind(e), file_columns, exact);
  return bound.ok() ? *bound : E::True();
}

// Whether `on_file` (the filter bound to the columns read) means what `on_table` (the same text
// bound to the projected schema) means: each predicate on the same top-level column, of the same
// type, so that filtering the rows as read keeps exactly the rows the projected batch would.
bool SameMeaning(const expr::BoundExpression& on_table, const expr::BoundExpression& on_file) {
  if (on_table.op() != on_file.op() || on_table.children().size() != on_file.children().size())
    return false;
  if (on_table.is_predicate() != on_file.is_predicate()) return false;
  if (on_table.is_predicate()) {
    const expr::BoundReference& t = on_table.term();
    const expr::BoundReference& f = on_file.term();
    if (t.path.size() != 1 || f.path.size() != 1 || !t.type || !f.type || !t.type->Equals(*f.type))
      return false;
  }
  for (size_t i = 0; i < on_table.children().size(); ++i) {
    if (!SameMeaning(on_table.children()[i], on_file.children()[i])) return false;
  }
  return true;
}

}  // namespace

Result<std::unique_ptr<DataFileReader>> DataFileReader::Open(io::FileIO& io,
                                                             const manifest::DataFile& file,
                                                             DataFileReadOptions options) {
  const bool avro = AsciiEqualsIgnoreCase(file.file_format, "avro");
  if (!file.file_format.empty() && !avro && !AsciiEqualsIgnoreCase(file.file_format, "parquet")) {
    return NotSupported(
        "data file {}: format {} is not supported; floe reads Parquet and Avro data files",
        file.file_path, file.file_format);
  }
  std::unique_ptr<DataFileReader> r(new DataFileReader());
  r->options_ = std::move(options);
  r->path_ = file.file_path;
  if (r->options_.batch_size <= 0) r->options_.batch_size = 64 * 1024;
  if (avro) {
    FLOE_ASSIGN_OR_RETURN(r->avro_, AvroDataFileReader::Open(io, file, r->options_));
    r->schema_ = r->avro_->schema();
    if (r->options_.filter) {
      // Nothing to prune with (Avro files have no statistics), but a filter that does not bind
      // is the caller's error all the same.
      FLOE_ASSIGN_OR_RETURN(col::SchemaPtr projected,
                            table::ToColumnarSchema(r->options_.projected_schema));
      expr::BindOptions bind;
      bind.case_sensitive = r->options_.case_sensitive;
      FLOE_RETURN_IF_ERROR(expr::Bind(*r->options_.filter, *projected, bind));
    }
    return r;
  }
  // Some manifests carry a wrong file_size_in_bytes (files copied or rewritten in place): the
  // file's own length decides then, with a warning.
  FLOE_ASSIGN_OR_RETURN(
      r->file_, OpenWithManifestSize(io, "data file", file.file_path, file.file_size_in_bytes,
                                     [&](std::optional<int64_t> size) {
                                       return parquet::FileReader::Open(io, file.file_path, size);
                                     }));

  const parquet::Schema* schema = &r->file_->schema();
  if (!table::HasFieldIds(*schema)) {
    const auto& elements = r->file_->metadata().schema;
    if (!r->options_.name_mapping) {
      // Neither ids nor a name mapping: columns by position, as Java reads such files.
      Note(
          "data file {} has no field ids and the table no schema.name-mapping.default: its "
          "top-level columns are read by position (field ids 1..{})",
          file.file_path, r->file_->schema().root().children.size());
    }
    Result<parquet::Schema> mapped =
        r->options_.name_mapping ? table::ApplyNameMapping(*r->options_.name_mapping, elements)
                                 : table::ApplyFallbackIds(elements);
    if (!mapped.ok()) return std::move(mapped).error().WithContext(file.file_path);
    r->mapped_schema_ = std::move(*mapped);
    schema = &*r->mapped_schema_;
  }
  FLOE_ASSIGN_OR_RETURN(
      r->resolution_, FieldResolution::Make(r->options_.projected_schema, *schema, r->options_.spec,
                                            file.partition, file.file_path));
  std::vector<col::Field> fields = r->resolution_->schema()->fields();
  if (r->options_.with_row_positions) {
    fields.push_back(col::Field(std::string(kRowPositionColumn), col::Int64(), false)
                         .WithFieldId(kRowPositionFieldId));
  }
  r->schema_ = std::make_shared<col::Schema>(std::move(fields));

  int64_t first = 0;
  for (const parquet::RowGroup& group : r->file_->metadata().row_groups) {
    r->first_rows_.push_back(first);
    first += group.num_rows;
  }
  r->report_.row_groups = static_cast<int>(r->first_rows_.size());
  if (!r->resolution_->projection().paths.empty()) FLOE_RETURN_IF_ERROR(r->InstallReader());
  return r;
}

DataFileReader::~DataFileReader() = default;

Status DataFileReader::InstallReader() {
  parquet::BatchReaderOptions read;
  read.projection = resolution_->projection();
  read.batch_size = options_.batch_size;
  read.int96_unit = col::TimeUnit::kMicro;
  read.int96_nano_columns = resolution_->int96_nano_columns();
  read.parallel = options_.parallel_columns;
  read.buffer_pool = options_.buffer_pool;

  // Pruning: the filter bound to the projected schema (errors are the caller's: a bad filter),
  // then moved onto the columns read; predicates on columns the file lacks prune nothing.
  std::function<Result<bool>(int)> groups;
  std::function<Result<parquet::RowRanges>(int)> pages;
  if (options_.filter) {
    const expr::Expression& filter = *options_.filter;
    expr::BindOptions bind;
    bind.case_sensitive = options_.case_sensitive;
    FLOE_ASSIGN_OR_RETURN(expr::BoundExpression bound,
                          expr::Bind(filter, *resolution_->schema(), bind));
    expr::BoundExpression on_file =
        OnFileColumns(expr::RewriteNot(bound), resolution_->file_schema_with_table_names());
    if (on_file.op() != expr::Operation::kTrue) {
      groups = table::MakeRowGroupFilter(*file_, resolution_->read_tree(), on_file);
      pages = table::MakeRowRangesFilter(*file_, resolution_->read_tree(), on_file);
    }
    if (options_.filter_rows && !options_.with_row_positions) {
      const col::Schema& columns = resolution_->file_schema_with_table_names();
      auto exact = expr::Bind(filter, columns, bind);
      if (exact.ok() && SameMeaning(bound, *exact)) {
        // The reader reads one row group at a time, after row_group_filter set ranges_ to it.
        FLOE_ASSIGN_OR_RETURN(
            read.row_filter,
            table::MakeParquetRowFilter(filter, columns, bind, [this](int) { return &ranges_; }));
        filters_rows_ = true;
      }
    }
  }
  // The reader asks about each row group just before reading it and its batches never span row
  // groups, so the last row group asked about and kept is the one the next batches come from.
  read.row_group_filter = [this, groups = std::move(groups),
                           pages = std::move(pages)](int rg) -> Result<bool> {
    row_group_ = rg;
    row_in_group_ = 0;
    ranges_.reset();
    if (groups) {
      FLOE_ASSIGN_OR_RETURN(bool keep, groups(rg));
      if (!keep) {
        ++report_.row_groups_skipped;
        return false;
      }
    }
    if (pages) {
      FLOE_ASSIGN_OR_RETURN(parquet::RowRanges rows, pages(rg));
      const int64_t total = file_->metadata().row_groups[static_cast<size_t>(rg)].num_rows;
      if (rows.empty()) {
        ++report_.row_groups_skipped;
        return false;
      }
      if (rows.row_count() < total) {
        report_.rows_skipped_by_page_index += total - rows.row_count();
        ranges_ = std::move(rows);
      }
    }
    return true;
  };
  FLOE_ASSIGN_OR_RETURN(reader_, parquet::BatchReader::Make(*file_, std::move(read)));
  return Ok();
}

Status DataFileReader::Emit(const columnar::RecordBatch& batch) {
  const int64_t rows = batch.num_rows();
  const int64_t first = row_in_group_;
  row_in_group_ += rows;
  if (rows == 0) return Ok();
  FLOE_ASSIGN_OR_RETURN(columnar::RecordBatch resolved, resolution_->Resolve(batch));
  if (filters_rows_) {  // the row filter kept only matching rows of the admitted ranges
    pending_.push_back(std::move(resolved));
    return Ok();
  }
  if (options_.with_row_positions) {
    std::vector<col::ArrayPtr> columns = resolved.columns();
    FLOE_ASSIGN_OR_RETURN(col::ArrayPtr positions,
                          RowPositions(first_rows_[static_cast<size_t>(row_group_)] + first, rows));
    columns.push_back(std::move(positions));
    FLOE_ASSIGN_OR_RETURN(resolved, columnar::RecordBatch::Make(schema_, rows, std::move(columns)));
  }
  if (!ranges_) {
    report_.rows_read += rows;
    pending_.push_back(std::move(resolved));
    return Ok();
  }
  const parquet::RowRanges kept = ranges_->Within(first, first + rows);
  for (const parquet::RowRange& r : kept.ranges()) {
    report_.rows_read += r.last - r.first;
    pending_.push_back(resolved.Slice(r.first - first, r.last - r.first));
  }
  return Ok();
}

Result<std::optional<columnar::RecordBatch>> DataFileReader::Next() {
  if (avro_) {
    auto batch = avro_->Next();
    report_.rows_read = avro_->rows_read();
    return batch;
  }
  while (pending_.empty()) {
    if (reader_) {
      auto batch = reader_->Next();
      if (!batch.ok()) return std::move(batch).error();
      if (filters_rows_) {  // the row filter was given every row of the row groups read
        report_.rows_read =
            std::max<int64_t>(0, reader_->rows_scanned() - report_.rows_skipped_by_page_index);
      }
      if (!*batch) return std::optional<columnar::RecordBatch>();
      FLOE_RETURN_IF_ERROR(Emit(**batch));
      continue;
    }
    // Nothing to read from the file: batches of constants, as many rows as the file holds.
    const auto& groups = file_->metadata().row_groups;
    if (row_group_ < 0 || row_in_group_ >= groups[static_cast<size_t>(row_group_)].num_rows) {
      if (next_counted_group_ >= static_cast<int>(groups.size())) {
        return std::optional<columnar::RecordBatch>();
      }
      row_group_ = next_counted_group_++;
      row_in_group_ = 0;
      continue;
    }
    const int64_t rows = std::min(options_.batch_size,
                                  groups[static_cast<size_t>(row_group_)].num_rows - row_in_group_);
    FLOE_ASSIGN_OR_RETURN(auto empty,
                          columnar::RecordBatch::Make(
                              std::make_shared<col::Schema>(std::vector<col::Field>{}), rows, {}));
    FLOE_RETURN_IF_ERROR(Emit(empty));
  }
  columnar::RecordBatch out = std::move(pending_.front());
  pending_.pop_front();
  return std::optional<columnar::RecordBatch>(std::move(out));
}

}  // namespace floe::scan
