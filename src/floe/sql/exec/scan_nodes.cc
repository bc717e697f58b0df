#include "floe/sql/exec/scan_nodes.h"

#include <fmt/format.h>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/value_text.h"
#include "floe/scan/table_reader.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/sql/exec/uuid_text.h"
#include "floe/table/schema_conversion.h"
#include "floe/util/ascii.h"

namespace floe::sql {

using columnar::RecordBatch;
using columnar::SchemaPtr;

Result<SchemaPtr> TableScanSchema(const spec::TableMetadata& metadata,
                                  const scan::SnapshotSelector& snapshot) {
  FLOE_ASSIGN_OR_RETURN(scan::SnapshotChoice choice, scan::SelectSnapshot(metadata, snapshot));
  FLOE_ASSIGN_OR_RETURN(SchemaPtr schema, table::ToColumnarSchema(*choice.schema));
  // Spark has no uuid type: Iceberg's Spark integration shows a uuid as a string, nested or not.
  std::vector<columnar::Field> fields = schema->fields();
  bool any_uuid = false;
  for (columnar::Field& f : fields) {
    if (!HoldsUuids(f)) continue;
    f = UuidsAsStrings(f);
    any_uuid = true;
  }
  if (!any_uuid) return schema;
  return SchemaPtr(std::make_shared<const columnar::Schema>(std::move(fields)));
}

namespace {

// Rows per batch a table scan reads: small enough that a batch's columns, and the arrays the
// query computes from them, stay in the CPU's caches.
constexpr int64_t kScanBatchRows = 16 * 1024;

class TableScanNode final : public PlanNode {
 public:
  TableScanNode(TableScanSpec spec, SchemaPtr schema, std::vector<std::string> read_columns)
      : PlanNode(std::move(schema)),
        spec_(std::move(spec)),
        read_columns_(std::move(read_columns)) {}

  Status Run(const BatchSink& sink) override {
    return Read([&](int64_t, const RecordBatch& batch) { return sink(batch); }, /*in_order=*/true);
  }
  Status RunParallel(const PartSink& sink) override {
    if (spec_.limit) return Run([&](const RecordBatch& batch) { return sink(0, batch); });
    return Read(sink, /*in_order=*/false);
  }

  std::string Describe() const override {
    std::string out = "TableScan " + spec_.table_name;
    if (!spec_.filter_text.empty()) out += " filter: " + spec_.filter_text;
    out +=
        " columns: " + (spec_.columns.empty() ? std::string("(none)")
                                              : fmt::format("{}", fmt::join(spec_.columns, ", ")));
    if (spec_.limit) out += fmt::format(" limit: {}", *spec_.limit);
    return out;
  }
  Result<std::string> Report() const override { return DescribeTableScanPlan(spec_); }

 private:
  // Reads the table: batches in plan order on this thread, or in any order from the reading
  // threads with their file's index in the plan as the part.
  Status Read(const PartSink& sink, bool in_order) {
    scan::ScanOptions options;
    options.snapshot = spec_.snapshot;
    options.filter = spec_.filter;
    scan::TableReadOptions read;
    read.columns = read_columns_;
    read.limit = spec_.limit;
    read.threads = spec_.threads;
    read.batch_size = kScanBatchRows;
    scan::TableReadCallbacks callbacks;
    callbacks.on_schema = [](const SchemaPtr&) { return Ok(); };
    bool count_only = spec_.columns.empty();
    auto pass_on = [&](int64_t part, const RecordBatch& batch) -> Status {
      if (!count_only) {
        // uuids (top-level or nested) come as fixed_size_binary(16); the query reads them as
        // strings.
        std::vector<columnar::ArrayPtr> columns;
        for (int c = 0; c < batch.num_columns(); ++c) {
          const columnar::Field& field = batch.schema()->field(c);
          if (HoldsUuids(field)) {
            if (columns.empty()) columns = batch.columns();
            FLOE_ASSIGN_OR_RETURN(columns[static_cast<size_t>(c)],
                                  UuidsToText(batch.column(c), field));
          }
        }
        if (columns.empty()) return sink(part, batch);
        FLOE_ASSIGN_OR_RETURN(RecordBatch text,
                              RecordBatch::Make(schema(), batch.num_rows(), std::move(columns)));
        return sink(part, text);
      }
      FLOE_ASSIGN_OR_RETURN(RecordBatch rows, RecordBatch::Make(schema(), batch.num_rows(), {}));
      return sink(part, rows);
    };
    if (in_order) {
      callbacks.on_batch = [&](const RecordBatch& batch) { return pass_on(0, batch); };
    } else {
      callbacks.on_task_batch = pass_on;
    }
    // Planned while it is read: a table of millions of files is never held as a whole plan.
    auto report = scan::ReadTable(*spec_.io, *spec_.metadata, options, read, callbacks);
    if (!report.ok()) return std::move(report).error();
    return Ok();
  }

  TableScanSpec spec_;
  std::vector<std::string> read_columns_;
};

std::string ScanPercent(int64_t part, int64_t whole) {
  if (whole == 0) return "0.0%";
  return fmt::format("{:.1f}%", 100.0 * static_cast<double>(part) / static_cast<double>(whole));
}

}  // namespace

Result<PlanNodePtr> MakeTableScanNode(TableScanSpec spec) {
  FLOE_ASSIGN_OR_RETURN(SchemaPtr full, TableScanSchema(*spec.metadata, spec.snapshot));
  std::vector<columnar::Field> fields;
  std::vector<std::string> read_columns;
  for (const std::string& name : spec.columns) {
    int index = -1;
    for (int i = 0; i < full->num_fields(); ++i) {
      if (AsciiEqualsIgnoreCase(full->field(i).name, name)) index = i;
    }
    if (index < 0) return NotFound("{}: no column {}", spec.table_name, name);
    fields.push_back(full->field(index));
    read_columns.push_back(full->field(index).name);
  }
  if (read_columns.empty() && full->num_fields() > 0) read_columns.push_back(full->field(0).name);
  auto schema = std::make_shared<const columnar::Schema>(std::move(fields));
  return PlanNodePtr(
      std::make_shared<TableScanNode>(std::move(spec), std::move(schema), std::move(read_columns)));
}

Result<std::string> DescribeTableScanPlan(const TableScanSpec& spec) {
  scan::ScanOptions options;
  options.snapshot = spec.snapshot;
  options.filter = spec.filter;
  // The tasks are not kept: the report counts them.
  FLOE_ASSIGN_OR_RETURN(
      scan::ScanPlan plan,
      scan::PlanScan(*spec.io, *spec.metadata, options, [](scan::FileScanTask&) { return Ok(); }));
  const scan::PlanReport& r = plan.report;
  const int64_t planned = r.data_files_planned();
  int64_t all_files = r.data_files + r.data_files_in_skipped_manifests;
  std::string out;
  out += fmt::format("table:             {}\n", spec.table_name);
  out += fmt::format("snapshot:          {}\n",
                     plan.snapshot ? std::to_string(plan.snapshot->snapshot_id) : "none");
  out +=
      fmt::format("filter:            {}\n", spec.filter_text.empty() ? "true" : spec.filter_text);
  out += fmt::format("data manifests:    {} ({} skipped by partition summaries)\n",
                     r.data_manifests, r.data_manifests_skipped);
  out += fmt::format(
      "data files:        {} planned of {} ({} skipped by partition values and metrics, {} in "
      "skipped manifests)\n",
      planned, all_files, r.data_files_skipped, r.data_files_in_skipped_manifests);
  out +=
      fmt::format("delete files:      {} applied of {}\n", r.delete_files_applied, r.delete_files);
  out += fmt::format("records planned:   {}\n", r.records_planned);
  out += fmt::format("bytes to read:     {}\n", r.bytes_to_read);
  out += fmt::format("pushdown:          {} of data files skipped\n",
                     ScanPercent(all_files - planned, all_files));
  return out;
}

}  // namespace floe::sql
