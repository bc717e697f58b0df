#include "floe/sql/exec/file_scan_node.h"

#include <fmt/format.h>

#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/format/text/text_batch_reader.h"
#include "floe/sql/exec/cast.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/sql/exec/uuid_text.h"
#include "floe/table/parquet_scan.h"
#include "floe/table/schema_conversion.h"

namespace floe::sql {

using columnar::RecordBatch;
using columnar::SchemaPtr;

const char* FileFunctionName(FileFormatKind format) {
  switch (format) {
    case FileFormatKind::kParquet:
      return "read_parquet";
    case FileFormatKind::kCsv:
      return "read_csv";
    case FileFormatKind::kNdjson:
      return "read_json";
  }
  return "read_parquet";
}

namespace {

// Rows per batch: small enough that a batch's columns, and the arrays the query computes from
// them, stay in the CPU's caches (as a table scan's).
constexpr int64_t kFileBatchRows = 16 * 1024;

textformat::TextFormat TextFormatFor(FileFormatKind format) {
  return format == FileFormatKind::kCsv ? textformat::TextFormat::kCsv
                                        : textformat::TextFormat::kNdjson;
}

SchemaPtr NormalizedSchema(const columnar::Schema& schema) {
  std::vector<columnar::Field> fields = schema.fields();
  for (auto& f : fields) {
    f.type = NormalizeType(f.type);
    f.nullable = true;
  }
  return std::make_shared<const columnar::Schema>(std::move(fields));
}

// read_parquet reads INT96 in microseconds, SQL's timestamp unit (as DuckDB does): every year
// an INT96 holds fits.
parquet::BatchReaderOptions FileReadOptions() {
  parquet::BatchReaderOptions options;
  options.int96_unit = columnar::TimeUnit::kMicro;
  return options;
}

// The file's columns as read (before normalizing); *footer receives a Parquet file's footer.
Result<SchemaPtr> RawFileSchema(io::FileIO& io, FileFormatKind format, const std::string& path,
                                std::shared_ptr<const parquet::FileReader>* footer) {
  if (format != FileFormatKind::kParquet) {
    // Text formats infer types from every value: the file is read to learn its schema.
    FLOE_ASSIGN_OR_RETURN(auto reader,
                          textformat::TextBatchReader::Open(io, path, TextFormatFor(format)));
    return reader->schema();
  }
  FLOE_ASSIGN_OR_RETURN(std::unique_ptr<parquet::FileReader> file,
                        parquet::FileReader::Open(io, path));
  FLOE_ASSIGN_OR_RETURN(auto reader, parquet::BatchReader::Make(*file, FileReadOptions()));
  SchemaPtr schema = reader->schema();
  *footer = std::move(file);
  return schema;
}

std::string ColumnsText(const columnar::Schema& schema) {
  std::string out;
  for (const auto& f : schema.fields()) {
    out += (out.empty() ? "" : ", ") + f.name + " " + SparkTypeName(*f.type);
  }
  return "(" + out + ")";
}

bool SameColumns(const columnar::Schema& a, const columnar::Schema& b) {
  if (a.num_fields() != b.num_fields()) return false;
  for (int i = 0; i < a.num_fields(); ++i) {
    if (a.field(i).name != b.field(i).name) return false;
    if (!a.field(i).type->Equals(*b.field(i).type, /*check_metadata=*/false)) return false;
  }
  return true;
}

// The columns of `batch` (named as the files name them) that `schema` lists, retyped to the
// query's types where they differ.
Result<RecordBatch> OutputBatch(const RecordBatch& batch, const SchemaPtr& schema,
                                const EvalContext& context) {
  std::vector<columnar::ArrayPtr> columns;
  for (const columnar::Field& field : schema->fields()) {
    int index = -1;
    for (int c = 0; c < batch.num_columns() && index < 0; ++c) {
      if (batch.schema()->field(c).name == field.name) index = c;
    }
    if (index < 0) return Internal("the file scan read no column {}", field.name);
    const columnar::ArrayPtr& column = batch.column(index);
    if (column->type->Equals(*field.type, /*check_metadata=*/false)) {
      columns.push_back(column);
      continue;
    }
    FLOE_ASSIGN_OR_RETURN(auto cast, CastArray(column, field.type, context));
    columns.push_back(std::move(cast));
  }
  return RecordBatch::Make(schema, batch.num_rows(), std::move(columns));
}

// A top-level name as a column path of table/parquet_scan.h (dots inside backticks).
std::string ColumnPath(const std::string& name) {
  return name.find('.') == std::string::npos ? name : "`" + name + "`";
}

class FileScanNode final : public PlanNode {
 public:
  FileScanNode(FileScanSpec spec, SchemaPtr schema)
      : PlanNode(std::move(schema)), spec_(std::move(spec)) {}

  Status Run(const BatchSink& sink) override {
    for (size_t i = 0; i < spec_.paths.size(); ++i) {
      if (spec_.format == FileFormatKind::kParquet) {
        FLOE_RETURN_IF_ERROR(ScanParquet(i, sink));
      } else {
        FLOE_RETURN_IF_ERROR(ScanText(spec_.paths[i], sink));
      }
    }
    return Ok();
  }

  std::string Describe() const override {
    std::string out = std::string(FileFunctionName(spec_.format)) + " " + spec_.source;
    if (spec_.paths.size() != 1) out += fmt::format(" ({} files)", spec_.paths.size());
    if (!spec_.filter_text.empty()) out += " filter: " + spec_.filter_text;
    out +=
        " columns: " + (spec_.columns.empty() ? std::string("(none)")
                                              : fmt::format("{}", fmt::join(spec_.columns, ", ")));
    return out;
  }

  // What the pushed filter prunes, found from the footers, bloom filters and page indexes
  // (no data is read).
  Result<std::string> Report() const override {
    if (spec_.format != FileFormatKind::kParquet) return std::string();
    table::ParquetScanReport total;
    for (size_t i = 0; i < spec_.paths.size(); ++i) {
      FLOE_ASSIGN_OR_RETURN(table::ParquetScanOptions options, ParquetOptions(i));
      options.plan_only = true;
      FLOE_ASSIGN_OR_RETURN(table::ParquetScanReport r,
                            table::ScanParquetFile(*spec_.io, spec_.paths[i], options, {}));
      total.row_groups += r.row_groups;
      total.row_groups_skipped_by_statistics += r.row_groups_skipped_by_statistics;
      total.row_groups_skipped_by_bloom_filter += r.row_groups_skipped_by_bloom_filter;
      total.row_groups_skipped_by_page_index += r.row_groups_skipped_by_page_index;
      total.rows_skipped_by_page_index += r.rows_skipped_by_page_index;
    }
    const int skipped = total.row_groups_skipped_by_statistics +
                        total.row_groups_skipped_by_bloom_filter +
                        total.row_groups_skipped_by_page_index;
    std::string out;
    out += fmt::format("files:             {}\n", spec_.paths.size());
    out += fmt::format("filter:            {}\n",
                       spec_.filter_text.empty() ? "true" : spec_.filter_text);
    out += fmt::format(
        "row groups:        {} to read of {} ({} skipped by statistics, {} by bloom filters, {} "
        "by the page index)\n",
        total.row_groups - skipped, total.row_groups, total.row_groups_skipped_by_statistics,
        total.row_groups_skipped_by_bloom_filter, total.row_groups_skipped_by_page_index);
    out += fmt::format("rows skipped by the page index in row groups read: {}\n",
                       total.rows_skipped_by_page_index);
    return out;
  }

 private:
  // The options for file `index` of spec_.paths.
  Result<table::ParquetScanOptions> ParquetOptions(size_t index) const {
    table::ParquetScanOptions options;
    if (index < spec_.footers.size()) options.opened = spec_.footers[index];
    options.batch_size = kFileBatchRows;
    options.int96_unit = columnar::TimeUnit::kMicro;
    options.threads = spec_.threads;
    if (!spec_.filter_text.empty()) options.filter = spec_.filter;
    bool by_path = true;
    for (const std::string& c : spec_.columns) by_path = by_path && c.find('`') == c.npos;
    // A name with a backtick has no column path: every column is read, the query's picked.
    if (by_path) {
      for (const std::string& c : spec_.columns) options.columns.push_back(ColumnPath(c));
      // Counting rows only: the first column is read for its row count.
      if (options.columns.empty() && spec_.schema->num_fields() > 0) {
        const std::string& first = spec_.schema->field(0).name;
        if (first.find('`') == first.npos) options.columns.push_back(ColumnPath(first));
      }
    }
    return options;
  }

  Status ScanParquet(size_t index, const BatchSink& sink) {
    const std::string& path = spec_.paths[index];
    FLOE_ASSIGN_OR_RETURN(table::ParquetScanOptions options, ParquetOptions(index));
    EvalContext context;
    table::ParquetScanCallbacks callbacks;
    callbacks.on_batch = [&](const RecordBatch& batch) -> Status {
      FLOE_ASSIGN_OR_RETURN(RecordBatch out, OutputBatch(batch, schema(), context));
      return sink(out);
    };
    auto report = table::ScanParquetFile(*spec_.io, path, options, callbacks);
    if (!report.ok()) return std::move(report).error();
    return Ok();
  }

  Status ScanText(const std::string& path, const BatchSink& sink) {
    textformat::TextBatchReaderOptions options;
    options.batch_rows = kFileBatchRows;
    FLOE_ASSIGN_OR_RETURN(auto reader, textformat::TextBatchReader::Open(
                                           *spec_.io, path, TextFormatFor(spec_.format), options));
    // The file may have changed since the query was bound.
    if (!SameColumns(*NormalizedSchema(*reader->schema()), *spec_.schema)) {
      return InvalidArgument("{}: its columns {} changed while the query ran (they were {})", path,
                             ColumnsText(*NormalizedSchema(*reader->schema())),
                             ColumnsText(*spec_.schema));
    }
    EvalContext context;
    while (true) {
      FLOE_ASSIGN_OR_RETURN(std::optional<RecordBatch> batch, reader->Next());
      if (!batch) return Ok();
      FLOE_ASSIGN_OR_RETURN(RecordBatch out, OutputBatch(*batch, schema(), context));
      FLOE_RETURN_IF_ERROR(sink(out));
    }
  }

  FileScanSpec spec_;
};

}  // namespace

Result<FileScanSpec> OpenFileScan(io::FileIO& io, FileFormatKind format, std::string source,
                                  std::vector<std::string> paths) {
  FileScanSpec spec;
  spec.io = &io;
  spec.format = format;
  spec.source = std::move(source);
  spec.paths = std::move(paths);
  if (spec.paths.empty()) return InvalidArgument("{} names no file", FileFunctionName(format));
  // Columns read as the query sees them in every file.
  std::vector<bool> as_read;
  for (const std::string& path : spec.paths) {
    std::shared_ptr<const parquet::FileReader> footer;
    FLOE_ASSIGN_OR_RETURN(SchemaPtr raw, RawFileSchema(io, format, path, &footer));
    if (footer && spec.footers.size() < FileScanSpec::kKeptFooters) {
      spec.footers.push_back(std::move(footer));
    }
    SchemaPtr normalized = NormalizedSchema(*raw);
    if (!spec.schema) {
      spec.schema = normalized;
      as_read.assign(static_cast<size_t>(raw->num_fields()), true);
    } else if (!SameColumns(*normalized, *spec.schema)) {
      return InvalidArgument(
          "{}: {} has the columns {}, unlike {} {}: the files of one {} must have the same "
          "columns",
          FileFunctionName(format), path, ColumnsText(*normalized), spec.paths[0],
          ColumnsText(*spec.schema), FileFunctionName(format));
    }
    for (int i = 0; i < raw->num_fields(); ++i) {
      const columnar::Field& f = raw->field(i);
      if (HoldsUuids(f) || !f.type->Equals(*normalized->field(i).type, false)) {
        as_read[static_cast<size_t>(i)] = false;
      }
    }
  }
  for (const auto& f : spec.schema->fields()) spec.columns.push_back(f.name);
  if (format == FileFormatKind::kParquet) {
    std::vector<columnar::Field> pushable;
    for (int i = 0; i < spec.schema->num_fields(); ++i) {
      if (!as_read[static_cast<size_t>(i)]) continue;
      columnar::Field f = spec.schema->field(i);
      f.metadata = {};
      pushable.push_back(std::move(f));
    }
    // Columns Iceberg has no type for are not filtered in the scan (the query filters them).
    auto iceberg = table::ToIcebergSchema(table::WithFieldIds(columnar::Schema(pushable)));
    if (iceberg.ok()) spec.pushdown_schema = std::move(*iceberg);
  }
  return spec;
}

Result<PlanNodePtr> MakeFileScanNode(FileScanSpec spec) {
  std::vector<columnar::Field> fields;
  for (const std::string& name : spec.columns) {
    int index = spec.schema->FieldIndex(name);
    if (index < 0)
      return NotFound("{} {}: no column {}", FileFunctionName(spec.format), spec.source, name);
    fields.push_back(spec.schema->field(index));
  }
  auto schema = std::make_shared<const columnar::Schema>(std::move(fields));
  return PlanNodePtr(std::make_shared<FileScanNode>(std::move(spec), std::move(schema)));
}

}  // namespace floe::sql
