#include "floe/update/add_files.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "floe/catalog/location_match.h"
#include "floe/commit/table_properties.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/format/parquet/read_tree.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/table/batch_conformance.h"
#include "floe/table/footer_metrics.h"
#include "floe/table/int96_units.h"
#include "floe/table/metrics_config.h"
#include "floe/table/parquet_name_mapping.h"
#include "floe/update/fast_append.h"
#include "floe/update/writable_table.h"
#include "floe/util/cancellation.h"
#include "floe/write/file_partition.h"

namespace floe::update {

namespace {

// Data that does not fit the table's schema is invalid input (docs/cli.md: exit code 5), as in
// append_files.cc.
Error FileDoesNotFit(const Error& error, const std::string& location) {
  Error e = error.WithContext(location);
  if (e.kind == ErrorKind::kInvalidArgument) e.kind = ErrorKind::kCorrupt;
  return e;
}

// The null counts of the primitive columns at and below `f`, in the file's statistics; nullopt when
// one is not counted.
std::optional<std::vector<int64_t>> LeafNulls(const columnar::Field& f,
                                              const table::FooterStatistics& stats) {
  const columnar::DataType& t = *f.type;
  std::vector<const columnar::Field*> children;
  if (t.id() == columnar::TypeId::kStruct) {
    for (const columnar::Field& c : t.children()) children.push_back(&c);
  } else if (t.id() == columnar::TypeId::kList) {
    children.push_back(&t.value_field());
  } else if (t.id() == columnar::TypeId::kMap) {
    children = {&t.key_field(), &t.item_field()};
  } else {
    std::optional<int32_t> id = f.field_id();
    const table::FooterColumn* c = id ? stats.Find(*id) : nullptr;
    if (c == nullptr || !c->null_count) return std::nullopt;
    return std::vector<int64_t>{*c->null_count};
  }
  std::vector<int64_t> out;
  for (const columnar::Field* c : children) {
    auto n = LeafNulls(*c, stats);
    if (!n) return std::nullopt;
    out.insert(out.end(), n->begin(), n->end());
  }
  return out;
}

// A required table column (at any depth) must be shown to hold no null without reading the rows,
// when the file's column is optional, from the null counts of the file's statistics. A primitive
// column's count includes the rows where a parent is null or a list empty, so a count above zero is
// this column's own null only when the column and all its parents are required in the table and
// none is in a list or map (`decisive`); otherwise the file is refused as undecidable. A struct,
// list or map is null in a row only if every column below it is: one that counts no null proves it
// never is. `path`: the column's name with its parents'. Children are checked first (their messages
// are the more precise).
Status CheckRequired(const spec::NestedField& column, const columnar::Field& f,
                     const std::string& path, bool decisive, const table::FooterStatistics& stats,
                     const std::string& location) {
  decisive = decisive && column.required;
  const spec::Type& type = *column.type;
  const columnar::DataType& t = *f.type;
  if (type.is_struct() && t.id() == columnar::TypeId::kStruct) {
    for (const columnar::Field& child : t.children()) {
      std::optional<int32_t> id = child.field_id();
      for (const spec::NestedField& c : type.fields()) {
        if (id && c.id == *id) {
          FLOE_RETURN_IF_ERROR(
              CheckRequired(c, child, path + "." + c.name, decisive, stats, location));
        }
      }
    }
  } else if (type.is_list() && t.id() == columnar::TypeId::kList) {
    FLOE_RETURN_IF_ERROR(
        CheckRequired(type.element(), t.value_field(), path + ".element", false, stats, location));
  } else if (type.is_map() && t.id() == columnar::TypeId::kMap) {
    FLOE_RETURN_IF_ERROR(
        CheckRequired(type.key(), t.key_field(), path + ".key", false, stats, location));
    FLOE_RETURN_IF_ERROR(
        CheckRequired(type.value(), t.item_field(), path + ".value", false, stats, location));
  }
  if (!column.required || !f.nullable) return Ok();
  std::optional<std::vector<int64_t>> nulls = LeafNulls(f, stats);
  if (!nulls || nulls->empty()) {
    return Corrupt(
        "{}: column {} is required in the table, optional in the file, and the "
        "file's statistics do not count its nulls; rewrite it with `floe append`",
        location, path);
  }
  if (type.is_primitive()) {
    int64_t n = (*nulls)[0];
    if (n > 0 && decisive) {
      return Corrupt("{}: column {} is required in the table but holds {} null(s)", location, path,
                     n);
    }
    if (n > 0) {
      return Corrupt(
          "{}: column {} is required in the table, optional in the file, and the file's "
          "statistics count {} null(s) that may be its own or a parent's; rewrite it "
          "with `floe append`",
          location, path, n);
    }
    return Ok();
  }
  if (*std::min_element(nulls->begin(), nulls->end()) > 0) {
    return Corrupt(
        "{}: column {} is required in the table, optional in the file, and every column "
        "below it counts nulls in the file's statistics, so it may be null; rewrite it "
        "with `floe append`",
        location, path);
  }
  return Ok();
}

Status CheckRequiredColumns(const spec::Schema& schema, const columnar::Schema& file_columns,
                            const table::FooterStatistics& stats, const std::string& location) {
  for (const columnar::Field& f : file_columns.fields()) {
    std::optional<int32_t> id = f.field_id();
    if (!id) continue;
    for (const spec::NestedField& column : schema.fields) {
      if (column.id == *id) {
        FLOE_RETURN_IF_ERROR(CheckRequired(column, f, column.name, true, stats, location));
      }
    }
  }
  return Ok();
}

// Every data file path the table's current snapshot references.
// The first of `adding` (normalized location -> as given) that a live data file of the table's
// current snapshot already is, if any (memory: the files being added, not the table).
Result<std::optional<std::string>> AlreadyInTable(
    io::FileIO& io, const spec::TableMetadata& m,
    const std::map<std::string, std::string>& adding) {
  const spec::Snapshot* current = m.CurrentSnapshot();
  if (current == nullptr) return std::optional<std::string>();
  FLOE_ASSIGN_OR_RETURN(manifest::ManifestList list,
                        manifest::ReadSnapshotManifests(io, m, *current));
  std::optional<std::string> found;
  FLOE_RETURN_IF_ERROR(manifest::ForEachLiveEntry(
      io, m, list, manifest::ManifestContent::kData,
      [&](const manifest::ManifestEntry& entry) -> Result<bool> {
        auto it = adding.find(catalog::NormalizeLocation(entry.data_file.file_path));
        if (it != adding.end()) found = it->second;
        return !found;
      }));
  return found;
}

}  // namespace

Result<manifest::DataFile> ExistingDataFile(io::FileIO& io, const std::string& location,
                                            const spec::TableMetadata& table,
                                            const spec::NameMapping& mapping) {
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
  if (!table::HasFieldIds(file.schema())) {
    auto applied = table::ApplyNameMapping(mapping, file.metadata().schema);
    if (!applied.ok()) return std::move(applied).error().WithContext(location);
    mapped = std::move(*applied);
  }
  const parquet::Schema& with_ids = mapped ? *mapped : file.schema();
  // INT96 in the unit readers use (table/int96_units.h): microseconds unless the table column
  // is timestamp_ns.
  auto tree =
      parquet::BuildReadTree(with_ids, {}, columnar::TimeUnit::kMicro,
                             table::Int96NanoColumns(with_ids, *schema, table::Int96Match::kById));
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
  auto conformer = table::BatchConformer::Make(
      check_schema,
      table::Int96AsInstants(file_columns, with_ids, *schema, table::Int96Match::kById), conform);
  if (!conformer.ok()) return FileDoesNotFit(conformer.error(), location);

  auto stats = table::ReadFooterStatistics(file, *tree, *schema);
  if (!stats.ok()) return std::move(stats).error().WithContext(location);
  FLOE_RETURN_IF_ERROR(CheckRequiredColumns(*schema, file_columns, *stats, location));

  manifest::DataFile out;
  out.file_path = location;
  out.file_format = "PARQUET";
  out.spec_id = spec->spec_id;
  FLOE_ASSIGN_OR_RETURN(out.partition,
                        write::ExistingFilePartition(*spec, *schema, *stats, location));
  for (size_t i = 0; i < spec->fields.size(); ++i) {
    const spec::PartitionField& pf = spec->fields[i];
    if (filled_by_partition.count(pf.source_id) && out.partition[i].is_null()) {
      return Corrupt(
          "{}: column {} is required in the table, the file does not hold it and its "
          "partition value is null",
          location, schema->FindFieldById(pf.source_id)->name);
    }
  }
  FLOE_ASSIGN_OR_RETURN(table::MetricsConfig metrics,
                        table::MetricsConfig::Make(*schema, table.properties));
  FLOE_RETURN_IF_ERROR(table::SetDataFileMetrics(*stats, *schema, metrics, &out));
  return out;
}

Result<AddFilesResult> AddFiles(commit::TableOperations& ops, const std::vector<std::string>& files,
                                const AddFilesOptions& options) {
  if (files.empty()) return InvalidArgument("add-files: no files");
  FLOE_ASSIGN_OR_RETURN(commit::TableBase base, ops.Refresh());
  FLOE_RETURN_IF_ERROR(CheckWritable(base.metadata, base.metadata_location, "add-files"));
  const spec::Schema* schema = base.metadata.CurrentSchema();
  if (schema == nullptr) return Corrupt("{}: no current schema", base.metadata_location);

  // The table's mapping, or one made now and committed with the files.
  AddFilesResult result;
  spec::NameMapping mapping;
  if (const std::string* json = commit::kDefaultNameMapping.Find(base.metadata.properties)) {
    FLOE_ASSIGN_OR_RETURN(mapping, spec::NameMapping::Parse(*json));
  } else {
    mapping = spec::NameMapping::ForSchema(*schema);
    result.wrote_name_mapping = true;
  }

  // Spellings of one file (file:/x, file:///x, /x, a symbolic link) compare as one location.
  std::map<std::string, std::string> adding;
  for (const std::string& location : files) {
    if (!adding.emplace(catalog::NormalizeLocation(location), location).second) {
      return InvalidArgument("add-files: {} is named twice", location);
    }
  }
  if (options.check_duplicate_files) {
    FLOE_ASSIGN_OR_RETURN(std::optional<std::string> duplicate,
                          AlreadyInTable(ops.io(), base.metadata, adding));
    if (duplicate) {
      return InvalidArgument(
          "add-files: {} is already in the table (adding it again would count its rows twice; "
          "add it anyway with --allow-duplicates, or check_duplicate_files => false in CALL "
          "system.add_files)",
          *duplicate);
    }
  }
  size_t done = 0;
  FastAppend append(ops);
  for (const std::string& location : files) {
    // Ctrl-C (util/cancellation.h): stop between files; nothing has been written yet.
    FLOE_RETURN_IF_ERROR(GlobalCancellation().Check());
    FLOE_ASSIGN_OR_RETURN(manifest::DataFile file,
                          ExistingDataFile(ops.io(), location, base.metadata, mapping));
    result.added_records += file.record_count;
    append.AppendFile(std::move(file));
    if (options.progress) options.progress(++done, files.size());
  }
  result.added_data_files = static_cast<int64_t>(files.size());
  append.ToBranch(options.branch);
  if (options.app_id) append.SetAppId(*options.app_id);
  if (result.wrote_name_mapping) {
    append.SetTableProperties({{std::string(commit::kDefaultNameMapping.name), mapping.ToJson()}});
  }
  // The last moment a signal can still stop add-files with nothing committed.
  FLOE_RETURN_IF_ERROR(GlobalCancellation().Check());
  FLOE_ASSIGN_OR_RETURN(SnapshotCommitResult committed, append.Commit());
  result.snapshot_id = committed.snapshot_id;
  result.attempts = committed.attempts;
  result.table = std::move(committed.table);
  return result;
}

}  // namespace floe::update
