#include "floe/sql/procedures.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <limits>

#include "floe/catalog/catalog_table_operations.h"
#include "floe/maintenance/expire_snapshots.h"
#include "floe/spec/transform.h"
#include "floe/update/add_files.h"
#include "floe/util/ascii.h"
#include "floe/util/time.h"

namespace floe::sql {

namespace {

using columnar::Int64;
using columnar::Utf8;

std::optional<int64_t> SummaryLong(const spec::Snapshot& snapshot, std::string_view key) {
  auto text = snapshot.SummaryValue(key);
  if (!text) return std::nullopt;
  try {
    return std::stoll(std::string(*text));
  } catch (...) {
    return std::nullopt;
  }
}

Scalar LongOrNull(std::optional<int64_t> v) { return v ? Scalar::Int(*v) : Scalar::Null(); }

// register_table(table, metadata_file): Spark's result columns.
Result<ProcedureResult> RegisterTable(const ProcedureContext& context,
                                      const ProcedureArguments& args) {
  FLOE_ASSIGN_OR_RETURN(std::string name, args.String("table"));
  FLOE_ASSIGN_OR_RETURN(std::string metadata_file, args.String("metadata_file"));
  FLOE_ASSIGN_OR_RETURN(catalog::TableIdentifier id, context.resolve_table(name));
  FLOE_ASSIGN_OR_RETURN(catalog::LoadedTable table,
                        context.catalog->RegisterTable(id, metadata_file));
  ProcedureResult result{{"current_snapshot_id", "total_records_count", "total_data_files_count"},
                         {Int64(), Int64(), Int64()},
                         {}};
  const spec::Snapshot* current = table.metadata.CurrentSnapshot();
  if (current == nullptr) {
    result.rows.push_back({Scalar::Null(), Scalar::Int(0), Scalar::Int(0)});
  } else {
    result.rows.push_back({Scalar::Int(current->snapshot_id),
                           LongOrNull(SummaryLong(*current, "total-records")),
                           LongOrNull(SummaryLong(*current, "total-data-files"))});
  }
  return result;
}

// The files of add_files' source_table: Spark's `parquet`.`path` form, or a path: one Parquet file,
// or a folder, whose .parquet files below it are taken (hidden and _-prefixed names skipped, as
// Spark lists a folder).
Result<std::vector<std::string>> SourceFiles(const std::string& source) {
  std::string path = source;
  std::string lowered = AsciiLower(source);
  if (lowered.starts_with("`parquet`.`") && source.ends_with("`")) {
    path = source.substr(11, source.size() - 12);
  } else if (lowered.starts_with("parquet.`") && source.ends_with("`")) {
    path = source.substr(9, source.size() - 10);
  } else if (source.starts_with("`") ||
             (source.find('.') != std::string::npos && !std::filesystem::exists(source) &&
              source.find('/') == std::string::npos)) {
    return NotSupported(
        "add_files: source_table {}: only Parquet files are supported as a source "
        "(`parquet`.`/path/to/folder`, a folder or a file), not a table",
        source);
  }
  if (path.starts_with("file:")) path = path.substr(path.starts_with("file://") ? 7 : 5);
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    return NotFound("add_files: source_table {}: no such file or folder", source);
  }
  std::vector<std::string> files;
  if (!std::filesystem::is_directory(path, ec)) {
    files.push_back(std::filesystem::absolute(path).lexically_normal().string());
    return files;
  }
  auto it = std::filesystem::recursive_directory_iterator(path, ec);
  for (; !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.starts_with(".") || name.starts_with("_")) {
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file(ec) && name.ends_with(".parquet")) {
      files.push_back(std::filesystem::absolute(it->path()).lexically_normal().string());
    }
  }
  if (ec) return IoError("add_files: listing {}: {}", path, ec.message());
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    return NotFound("add_files: source_table {}: no .parquet files in the folder", source);
  }
  return files;
}

// Whether a file lies in the Hive-style folders partition_filter names (`region=eu/...`).
bool MatchesPartitionFilter(const std::string& file,
                            const std::vector<std::pair<std::string, std::string>>& filter) {
  for (const auto& [key, value] : filter) {
    if (!spec::PathHasPartitionSegment(file, key, value)) return false;
  }
  return true;
}

// add_files(table, source_table, partition_filter, check_duplicate_files): Spark's columns.
Result<ProcedureResult> AddFiles(const ProcedureContext& context, const ProcedureArguments& args) {
  FLOE_ASSIGN_OR_RETURN(std::string name, args.String("table"));
  FLOE_ASSIGN_OR_RETURN(std::string source, args.String("source_table"));
  FLOE_ASSIGN_OR_RETURN(auto filter, args.StringMap("partition_filter"));
  update::AddFilesOptions options;
  FLOE_ASSIGN_OR_RETURN(options.check_duplicate_files, args.Bool("check_duplicate_files", true));
  FLOE_ASSIGN_OR_RETURN(catalog::TableIdentifier id, context.resolve_table(name));
  FLOE_ASSIGN_OR_RETURN(std::vector<std::string> files, SourceFiles(source));
  std::erase_if(files, [&](const std::string& f) { return !MatchesPartitionFilter(f, filter); });
  if (files.empty()) {
    return NotFound("add_files: no file of {} lies in the partition partition_filter names",
                    source);
  }
  catalog::CatalogTableOperations ops(*context.catalog, id);
  FLOE_ASSIGN_OR_RETURN(update::AddFilesResult added, update::AddFiles(ops, files, options));
  std::optional<int64_t> partitions;
  if (const spec::Snapshot* s = added.table.metadata.SnapshotById(added.snapshot_id)) {
    partitions = SummaryLong(*s, "changed-partition-count");
  }
  return ProcedureResult{{"added_files_count", "changed_partition_count"},
                         {Int64(), Int64()},
                         {{Scalar::Int(added.added_data_files), LongOrNull(partitions)}}};
}

// ancestors_of(table, snapshot_id): the snapshot (default: the current one) and its parents.
Result<ProcedureResult> AncestorsOf(const ProcedureContext& context,
                                    const ProcedureArguments& args) {
  FLOE_ASSIGN_OR_RETURN(std::string name, args.String("table"));
  FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> start, args.Long("snapshot_id"));
  FLOE_ASSIGN_OR_RETURN(catalog::TableIdentifier id, context.resolve_table(name));
  FLOE_ASSIGN_OR_RETURN(catalog::LoadedTable table, context.catalog->LoadTable(id));
  ProcedureResult result{{"snapshot_id", "timestamp"}, {Int64(), Int64()}, {}};
  const spec::Snapshot* s =
      start ? table.metadata.SnapshotById(*start) : table.metadata.CurrentSnapshot();
  if (start && s == nullptr) {
    return NotFound("ancestors_of: {} has no snapshot {}", name, *start);
  }
  // Parents may have been expired: the walk ends at the first one missing (or a cycle).
  std::vector<int64_t> seen;
  while (s != nullptr && std::find(seen.begin(), seen.end(), s->snapshot_id) == seen.end()) {
    seen.push_back(s->snapshot_id);
    result.rows.push_back({Scalar::Int(s->snapshot_id), Scalar::Int(s->timestamp_ms)});
    s = s->parent_snapshot_id ? table.metadata.SnapshotById(*s->parent_snapshot_id) : nullptr;
  }
  return result;
}

// expire_snapshots(table, older_than, retain_last, snapshot_ids, max_concurrent_deletes,
// clean_expired_metadata, stream_results): one row of Spark's counts. Deletes run one at a time;
// max_concurrent_deletes is checked and otherwise unused, stream_results changes nothing (the
// result is one row either way).
Result<ProcedureResult> ExpireSnapshots(const ProcedureContext& context,
                                        const ProcedureArguments& args) {
  FLOE_ASSIGN_OR_RETURN(std::string name, args.String("table"));
  maintenance::ExpireSnapshotsOptions options;
  FLOE_ASSIGN_OR_RETURN(options.older_than_ms, args.TimestampMillis("older_than"));
  FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> retain, args.Long("retain_last"));
  if (retain) {
    if (*retain < 1 || *retain > std::numeric_limits<int32_t>::max()) {
      return InvalidArgument("expire_snapshots: retain_last must be at least 1, got {}", *retain);
    }
    options.retain_last = static_cast<int32_t>(*retain);
  }
  FLOE_ASSIGN_OR_RETURN(options.snapshot_ids, args.LongArray("snapshot_ids"));
  FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> concurrent, args.Long("max_concurrent_deletes"));
  if (concurrent && *concurrent < 1) {
    return InvalidArgument("expire_snapshots: max_concurrent_deletes must be at least 1, got {}",
                           *concurrent);
  }
  FLOE_ASSIGN_OR_RETURN(bool clean_metadata, args.Bool("clean_expired_metadata", false));
  if (clean_metadata) {
    return NotSupported(
        "expire_snapshots: clean_expired_metadata => true (removing unused partition specs and "
        "schemas) is not supported yet");
  }
  FLOE_ASSIGN_OR_RETURN(bool stream, args.Bool("stream_results", false));
  (void)stream;
  FLOE_ASSIGN_OR_RETURN(catalog::TableIdentifier id, context.resolve_table(name));
  catalog::CatalogTableOperations ops(*context.catalog, id);
  FLOE_ASSIGN_OR_RETURN(maintenance::ExpireSnapshotsResult r,
                        maintenance::ExpireSnapshots(ops, options));
  return ProcedureResult{
      {"deleted_data_files_count", "deleted_position_delete_files_count",
       "deleted_equality_delete_files_count", "deleted_manifest_files_count",
       "deleted_manifest_lists_count", "deleted_statistics_files_count"},
      {Int64(), Int64(), Int64(), Int64(), Int64(), Int64()},
      {{Scalar::Int(r.deleted_data_files_count), Scalar::Int(r.deleted_position_delete_files_count),
        Scalar::Int(r.deleted_equality_delete_files_count),
        Scalar::Int(r.deleted_manifest_files_count), Scalar::Int(r.deleted_manifest_lists_count),
        Scalar::Int(r.deleted_statistics_files_count)}}};
}

const std::vector<Procedure>& Procedures() {
  static const std::vector<Procedure> procedures = {
      {"register_table", {{"table", true}, {"metadata_file", true}}, RegisterTable},
      {"add_files",
       {{"table", true},
        {"source_table", true},
        {"partition_filter", false},
        {"check_duplicate_files", false},
        {"parallelism", false}},
       AddFiles},
      {"ancestors_of", {{"table", true}, {"snapshot_id", false}}, AncestorsOf},
      {"expire_snapshots",
       {{"table", true},
        {"older_than", false},
        {"retain_last", false},
        {"snapshot_ids", false},
        {"max_concurrent_deletes", false},
        {"clean_expired_metadata", false},
        {"stream_results", false}},
       ExpireSnapshots},
  };
  return procedures;
}

}  // namespace

const ProcedureValue* ProcedureArguments::Find(std::string_view name) const {
  auto it = values_.find(std::string(name));
  if (it == values_.end() ||
      (it->second.kind == ProcedureValue::Kind::kScalar && it->second.scalar.is_null())) {
    return nullptr;
  }
  return &it->second;
}

Result<std::string> ProcedureArguments::String(std::string_view name) const {
  const ProcedureValue* v = Find(name);
  if (v == nullptr) return InvalidArgument("{}: argument {} is missing", procedure_, name);
  if (v->kind != ProcedureValue::Kind::kScalar ||
      !std::holds_alternative<std::string>(v->scalar.value)) {
    return InvalidArgument("{}: argument {} must be a string", procedure_, name);
  }
  return v->scalar.as_string();
}

Result<std::optional<int64_t>> ProcedureArguments::Long(std::string_view name) const {
  const ProcedureValue* v = Find(name);
  if (v == nullptr) return std::optional<int64_t>();
  if (v->kind != ProcedureValue::Kind::kScalar ||
      !std::holds_alternative<int64_t>(v->scalar.value) || v->type == nullptr ||
      v->type->id() == columnar::TypeId::kBool) {
    return InvalidArgument("{}: argument {} must be an integer", procedure_, name);
  }
  return std::optional<int64_t>(v->scalar.as_int());
}

Result<bool> ProcedureArguments::Bool(std::string_view name, bool default_value) const {
  const ProcedureValue* v = Find(name);
  if (v == nullptr) return default_value;
  if (v->kind != ProcedureValue::Kind::kScalar || !std::holds_alternative<bool>(v->scalar.value)) {
    return InvalidArgument("{}: argument {} must be true or false", procedure_, name);
  }
  return v->scalar.as_bool();
}

Result<std::optional<int64_t>> ProcedureArguments::TimestampMillis(std::string_view name) const {
  const ProcedureValue* v = Find(name);
  if (v == nullptr) return std::optional<int64_t>();
  if (v->kind != ProcedureValue::Kind::kScalar || v->type == nullptr ||
      v->type->id() != columnar::TypeId::kTimestamp ||
      !std::holds_alternative<int64_t>(v->scalar.value)) {
    return InvalidArgument("{}: argument {} must be a TIMESTAMP (TIMESTAMP '2026-03-01 00:00:00')",
                           procedure_, name);
  }
  const int64_t value = v->scalar.as_int();
  switch (v->type->unit()) {
    case columnar::TimeUnit::kSecond:
      return std::optional<int64_t>(value * 1000);
    case columnar::TimeUnit::kMilli:
      return std::optional<int64_t>(value);
    case columnar::TimeUnit::kMicro:
      return std::optional<int64_t>(FloorDiv(value, 1000));
    case columnar::TimeUnit::kNano:
      return std::optional<int64_t>(FloorDiv(value, 1000000));
  }
  return std::optional<int64_t>();
}

Result<std::vector<int64_t>> ProcedureArguments::LongArray(std::string_view name) const {
  std::vector<int64_t> out;
  const ProcedureValue* v = Find(name);
  if (v == nullptr) return out;
  if (v->kind != ProcedureValue::Kind::kArray) {
    return InvalidArgument("{}: argument {} must be an array(…) of integers", procedure_, name);
  }
  for (const Scalar& e : v->elements) {
    if (!std::holds_alternative<int64_t>(e.value)) {
      return InvalidArgument("{}: argument {} must be an array(…) of integers", procedure_, name);
    }
    out.push_back(e.as_int());
  }
  return out;
}

Result<std::vector<std::pair<std::string, std::string>>> ProcedureArguments::StringMap(
    std::string_view name) const {
  std::vector<std::pair<std::string, std::string>> out;
  const ProcedureValue* v = Find(name);
  if (v == nullptr) return out;
  if (v->kind != ProcedureValue::Kind::kMap) {
    return InvalidArgument("{}: argument {} must be a map('key', 'value', …)", procedure_, name);
  }
  for (const auto& [key, value] : v->entries) {
    if (!std::holds_alternative<std::string>(key.value) ||
        !std::holds_alternative<std::string>(value.value)) {
      return InvalidArgument("{}: argument {} must map strings to strings", procedure_, name);
    }
    out.emplace_back(key.as_string(), value.as_string());
  }
  return out;
}

const Procedure* FindProcedure(std::string_view name) {
  for (const Procedure& p : Procedures()) {
    if (AsciiEqualsIgnoreCase(p.name, name)) return &p;
  }
  return nullptr;
}

std::vector<std::string> ProcedureNames() {
  std::vector<std::string> names;
  for (const Procedure& p : Procedures()) names.push_back(p.name);
  return names;
}

}  // namespace floe::sql
