#include "floe/update/add_files.h"

#include <set>

#include <fmt/format.h>

#include "floe/format/parquet/file_reader.h"
#include "floe/format/parquet/read_tree.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/table/batch_conformance.h"
#include "floe/table/file_partition.h"
#include "floe/table/footer_metrics.h"
#include "floe/table/metrics_config.h"
#include "floe/update/fast_append.h"
#include "floe/update/writable_table.h"

namespace floe::update {

namespace {

// Data that does not fit the table's schema is invalid input (CLI.md: exit code 5), as in
// append_files.cc.
Error FileDoesNotFit(const Error& error, const std::string& location) {
  Error e = error.WithContext(location);
  if (e.kind == ErrorKind::kInvalidArgument) e.kind = ErrorKind::kCorrupt;
  return e;
}

// A required table column needs a required file column or statistics counting no nulls: the rows
// are not read, so nothing else can show that no null hides in them.
Status CheckRequiredColumns(const spec::Schema& schema, const columnar::Schema& file_columns,
                            const table::FooterStatistics& stats, const std::string& location) {
  for (const columnar::Field& f : file_columns.fields()) {
    std::optional<int32_t> id = f.field_id();
    if (!id) continue;
    const spec::NestedField* field = schema.FindFieldById(*id);
    if (field == nullptr || !field->required || !f.nullable) continue;
    const table::FooterColumn* c = stats.Find(*id);
    if (c == nullptr || !c->null_count) {
      return Corrupt("{}: column {} is required in the table, optional in the file, and the "
                     "file's statistics do not count its nulls; rewrite it with `floe append`",
                     location, field->name);
    }
    if (*c->null_count > 0) {
      return Corrupt("{}: column {} is required in the table but holds {} null(s)", location,
                     field->name, *c->null_count);
    }
  }
  return Ok();
}

// Every data file path the table's current snapshot references.
Result<std::set<std::string>> CurrentDataFiles(io::FileIO& io, const spec::TableMetadata& m) {
  std::set<std::string> out;
  const spec::Snapshot* current = m.CurrentSnapshot();
  if (current == nullptr) return out;
  FLOE_ASSIGN_OR_RETURN(manifest::ManifestList list, manifest::ReadSnapshotManifests(io, m, *current));
  FLOE_ASSIGN_OR_RETURN(std::vector<manifest::ManifestEntry> entries,
                        manifest::ReadLiveEntries(io, m, list));
  for (const manifest::ManifestEntry& e : entries) out.insert(e.data_file.file_path);
  return out;
}

}  // namespace

Result<manifest::DataFile> ExistingDataFile(io::FileIO& io, const std::string& location,
                                            const spec::TableMetadata& table,
                                            const scan::NameMapping& mapping) {
  const spec::Schema* schema = table.CurrentSchema();
  const spec::PartitionSpec* spec = table.DefaultSpec();
  if (schema == nullptr || spec == nullptr) {
    return Corrupt("table metadata has no current schema or default partition spec");
  }
  auto opened = parquet::FileReader::Open(io, location);
  if (!opened.ok()) return std::move(opened).error().WithContext(location);
  const parquet::FileReader& file = **opened;

  // The file's schema with the field ids readers will use: its own, else the name mapping's.
  std::optional<parquet::Schema> mapped;
  if (!scan::HasFieldIds(file.schema())) {
    auto applied = scan::ApplyNameMapping(mapping, file.metadata().schema);
    if (!applied.ok()) return std::move(applied).error().WithContext(location);
    mapped = std::move(*applied);
  }
  const parquet::Schema& with_ids = mapped ? *mapped : file.schema();
  auto tree = parquet::BuildReadTree(with_ids, {});
  if (!tree.ok()) return std::move(tree).error().WithContext(location);

  // The same check append makes, by the ids readers resolve columns with.
  std::vector<columnar::Field> fields;
  std::set<int32_t> file_ids;
  for (const parquet::ReadNode& n : *tree) {
    fields.push_back(n.field);
    if (auto id = n.field.field_id()) file_ids.insert(*id);
  }
  columnar::Schema file_columns(std::move(fields));
  // Readers fill a column the file lacks from its identity partition value (Hive layouts keep
  // partition columns only in paths), so such a column need not be in the file even when
  // required; its partition value must then not be null (checked below).
  spec::Schema check_schema = *schema;
  std::set<int32_t> filled_by_partition;
  for (spec::NestedField& f : check_schema.fields) {
    if (file_ids.count(f.id)) continue;
    for (const spec::PartitionField& pf : spec->fields) {
      if (pf.source_id == f.id && pf.transform.is_identity()) {
        if (f.required) filled_by_partition.insert(f.id);
        f.required = false;
      }
    }
  }
  table::ConformOptions conform;
  conform.matching = table::ColumnMatching::kById;
  auto conformer = table::BatchConformer::Make(check_schema, file_columns, conform);
  if (!conformer.ok()) return FileDoesNotFit(conformer.error(), location);

  auto stats = table::ReadFooterStatistics(file, *tree, *schema);
  if (!stats.ok()) return std::move(stats).error().WithContext(location);
  FLOE_RETURN_IF_ERROR(CheckRequiredColumns(*schema, file_columns, *stats, location));

  manifest::DataFile out;
  out.file_path = location;
  out.file_format = "PARQUET";
  out.spec_id = spec->spec_id;
  FLOE_ASSIGN_OR_RETURN(out.partition,
                        table::ExistingFilePartition(*spec, *schema, *stats, location));
  for (size_t i = 0; i < spec->fields.size(); ++i) {
    const spec::PartitionField& pf = spec->fields[i];
    if (filled_by_partition.count(pf.source_id) && out.partition[i].is_null()) {
      return Corrupt("{}: column {} is required in the table, the file does not hold it and its "
                     "partition value is null",
                     location, schema->FindFieldById(pf.source_id)->name);
    }
  }
  FLOE_ASSIGN_OR_RETURN(table::MetricsConfig metrics,
                        table::MetricsConfig::Make(*schema, table.properties));
  FLOE_RETURN_IF_ERROR(table::SetDataFileMetrics(*stats, *schema, metrics, &out));
  return out;
}

Result<AddFilesResult> AddFiles(TableOperations& ops, const std::vector<std::string>& files,
                                const AddFilesOptions& options) {
  if (files.empty()) return InvalidArgument("add-files: no files");
  FLOE_ASSIGN_OR_RETURN(TableBase base, ops.Refresh());
  FLOE_RETURN_IF_ERROR(CheckWritable(base.metadata, base.metadata_location, "add-files"));
  const spec::Schema* schema = base.metadata.CurrentSchema();
  if (schema == nullptr) return Corrupt("{}: no current schema", base.metadata_location);

  // The table's mapping, or one made now and committed with the files.
  AddFilesResult result;
  scan::NameMapping mapping;
  if (const std::string* json = base.metadata.Property(scan::kNameMappingProperty)) {
    FLOE_ASSIGN_OR_RETURN(mapping, scan::NameMapping::Parse(*json));
  } else {
    mapping = scan::NameMapping::ForSchema(*schema);
    result.wrote_name_mapping = true;
  }

  FLOE_ASSIGN_OR_RETURN(std::set<std::string> existing, CurrentDataFiles(ops.io(), base.metadata));
  std::set<std::string> seen;
  FastAppend append(ops);
  for (const std::string& location : files) {
    if (!seen.insert(location).second) {
      return InvalidArgument("add-files: {} is named twice", location);
    }
    if (existing.count(location)) {
      return InvalidArgument("add-files: {} is already in the table", location);
    }
    FLOE_ASSIGN_OR_RETURN(manifest::DataFile file,
                          ExistingDataFile(ops.io(), location, base.metadata, mapping));
    result.added_records += file.record_count;
    append.AppendFile(std::move(file));
  }
  result.added_data_files = static_cast<int64_t>(files.size());
  append.ToBranch(options.branch);
  if (options.app_id) append.SetAppId(*options.app_id);
  if (result.wrote_name_mapping) {
    append.SetTableProperties({{std::string(scan::kNameMappingProperty), mapping.ToJson()}});
  }
  FLOE_ASSIGN_OR_RETURN(SnapshotCommitResult committed, append.Commit());
  result.snapshot_id = committed.snapshot_id;
  result.attempts = committed.attempts;
  result.table = std::move(committed.table);
  return result;
}

}  // namespace floe::update
