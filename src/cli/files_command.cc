// `floe files <table | table folder | metadata.json> [--stats] [--json]`: every live data and
// delete file of the current (or a given) snapshot: content, path, format, partition, record count
// and size; with --stats each column's metrics with bounds as readable values. The files are the
// rows of the `files` metadata table (inspect/files_table.h), printed with the CLI's fields
// (CLI.md).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <vector>

#include "cli/command.h"
#include "cli/table_source.h"
#include "floe/inspect/files_table.h"
#include "floe/inspect/snapshot_manifests.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/spec/single_value.h"
#include "floe/util/json_writer.h"

namespace floe::cli {
namespace {

using manifest::DataFile;
using manifest::ManifestEntry;

std::string Hex(std::string_view bytes) {
  std::string out = "0x";
  for (unsigned char c : bytes) out += fmt::format("{:02x}", c);
  return out;
}

std::string PartitionText(const DataFile& f, const spec::Type* ptype) {
  std::string out;
  for (size_t i = 0; i < f.partition.size(); ++i) {
    if (i > 0) out += ",";
    const spec::NestedField* field =
        ptype && i < ptype->fields().size() ? &ptype->fields()[i] : nullptr;
    std::string name = field ? field->name : fmt::format("field{}", i);
    out += name + "=" + (field ? spec::ToHumanString(*field->type, f.partition[i]) : "?");
  }
  return out.empty() ? "-" : out;
}

// The union of the column ids any metric mentions, in increasing order.
std::vector<int32_t> MetricColumns(const DataFile& f) {
  std::vector<int32_t> ids;
  for (const auto* m :
       {&f.column_sizes, &f.value_counts, &f.null_value_counts, &f.nan_value_counts}) {
    for (const auto& kv : *m) ids.push_back(kv.first);
  }
  for (const auto* m : {&f.lower_bounds, &f.upper_bounds}) {
    for (const auto& kv : *m) ids.push_back(kv.first);
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

bool IsGeo(const spec::NestedField* field) {
  return field && (field->type->id() == spec::TypeId::kGeometry ||
                   field->type->id() == spec::TypeId::kGeography);
}

// A geometry or geography bound: a bounding-box corner, x and y then optionally z and m, as
// 8-byte little-endian doubles (spec: "Bound serialization"); nullopt for other lengths.
std::optional<std::vector<double>> GeoCorner(const std::string& bytes) {
  if (bytes.size() != 16 && bytes.size() != 24 && bytes.size() != 32) return std::nullopt;
  std::vector<double> out(bytes.size() / 8);
  std::memcpy(out.data(), bytes.data(), bytes.size());
  return out;
}

std::string BoundText(const spec::NestedField* field, const std::string* bytes) {
  if (!bytes) return "-";
  if (IsGeo(field)) {
    if (auto corner = GeoCorner(*bytes)) return fmt::format("({})", fmt::join(*corner, ", "));
    return Hex(*bytes);
  }
  if (field && field->type->is_primitive()) {
    auto lit = spec::FromBinary(*field->type, *bytes);
    if (lit.ok()) return spec::ToHumanString(*field->type, *lit);
  }
  return Hex(*bytes);
}

void BoundJson(const spec::NestedField* field, const std::string* bytes, JsonWriter& w) {
  if (!bytes) {
    w.Null();
    return;
  }
  if (IsGeo(field)) {
    if (auto corner = GeoCorner(*bytes)) {
      w.BeginArray();
      for (double d : *corner) w.Double(d);
      w.EndArray();
      return;
    }
  } else if (field && field->type->is_primitive()) {
    auto lit = spec::FromBinary(*field->type, *bytes);
    if (lit.ok() && spec::ToJson(*field->type, *lit, w).ok()) return;
  }
  w.String(Hex(*bytes).substr(2));
}

struct Row {
  std::string content, path, format, partition, records, size;
};

std::string StatsText(const DataFile& f, const spec::Schema* schema) {
  std::string out;
  for (int32_t id : MetricColumns(f)) {
    const spec::NestedField* field = schema ? schema->FindFieldById(id) : nullptr;
    std::string name = schema ? schema->FindColumnName(id).value_or("?") : "?";
    auto count = [&](const manifest::CountMap& m) {
      const int64_t* v = manifest::FindCount(m, id);
      return v ? std::to_string(*v) : std::string("-");
    };
    out += fmt::format("    {} {}: size={} values={} nulls={} nans={} lower={} upper={}\n", id,
                       name, count(f.column_sizes), count(f.value_counts),
                       count(f.null_value_counts), count(f.nan_value_counts),
                       BoundText(field, manifest::FindBound(f.lower_bounds, id)),
                       BoundText(field, manifest::FindBound(f.upper_bounds, id)));
  }
  return out;
}

std::string FileJson(const ManifestEntry& e, const spec::Type* ptype, const spec::Schema* schema,
                     bool stats) {
  const DataFile& f = e.data_file;
  JsonWriter w;
  w.BeginObject();
  w.Member("content", manifest::FileContentName(f.content));
  w.Member("file_path", f.file_path);
  w.Member("file_format", f.file_format);
  w.Member("spec_id", f.spec_id);
  w.Key("partition");
  w.BeginObject();
  for (size_t i = 0; i < f.partition.size(); ++i) {
    const spec::NestedField* field =
        ptype && i < ptype->fields().size() ? &ptype->fields()[i] : nullptr;
    w.Key(field ? field->name : fmt::format("field{}", i));
    if (!field || !spec::ToJson(*field->type, f.partition[i], w).ok()) w.Null();
  }
  w.EndObject();
  w.Member("record_count", f.record_count);
  w.Member("file_size_in_bytes", f.file_size_in_bytes);
  auto opt = [&](std::string_view key, const auto& v) {
    w.Key(key);
    if (v) {
      w.Int(*v);
    } else {
      w.Null();
    }
  };
  opt("snapshot_id", e.snapshot_id);
  opt("sequence_number", e.sequence_number);
  opt("file_sequence_number", e.file_sequence_number);
  if (f.equality_ids) {
    w.Key("equality_ids");
    w.BeginArray();
    for (int32_t id : *f.equality_ids) w.Int(id);
    w.EndArray();
  }
  if (f.referenced_data_file) w.Member("referenced_data_file", *f.referenced_data_file);
  if (f.first_row_id) w.Member("first_row_id", *f.first_row_id);
  if (f.content_offset) w.Member("content_offset", *f.content_offset);
  if (f.content_size_in_bytes) w.Member("content_size_in_bytes", *f.content_size_in_bytes);
  if (stats) {
    w.Key("column_stats");
    w.BeginArray();
    for (int32_t id : MetricColumns(f)) {
      const spec::NestedField* field = schema ? schema->FindFieldById(id) : nullptr;
      w.BeginObject();
      w.Member("field_id", id);
      w.Key("name");
      if (auto name = schema ? schema->FindColumnName(id) : std::nullopt) {
        w.String(*name);
      } else {
        w.Null();
      }
      auto count = [&](std::string_view key, const manifest::CountMap& m) {
        w.Key(key);
        if (const int64_t* v = manifest::FindCount(m, id)) {
          w.Int(*v);
        } else {
          w.Null();
        }
      };
      count("column_size", f.column_sizes);
      count("value_count", f.value_counts);
      count("null_value_count", f.null_value_counts);
      count("nan_value_count", f.nan_value_counts);
      w.Key("lower_bound");
      BoundJson(field, manifest::FindBound(f.lower_bounds, id), w);
      w.Key("upper_bound");
      BoundJson(field, manifest::FindBound(f.upper_bounds, id), w);
      w.EndObject();
    }
    w.EndArray();
  }
  w.EndObject();
  return w.Take() + "\n";
}

Status RunFilesOfTable(const Invocation& inv, const std::string& location, bool header) {
  FLOE_ASSIGN_OR_RETURN(TableSource table, OpenTableSource(location, inv));
  if (header && !inv.args.Has("--json")) Print(fmt::format("table {}\n", location));
  FLOE_ASSIGN_OR_RETURN(const spec::Snapshot* snapshot, SelectSnapshot(table, inv.args));
  if (!snapshot) {
    if (!inv.global.quiet)
      PrintErr(fmt::format("{}: the table has no snapshot\n", table.metadata_location));
    return Ok();
  }
  bool json = inv.args.Has("--json");
  bool stats = inv.args.Has("--stats");
  // The rows of the `files` metadata table, data files first, then delete files.
  FLOE_ASSIGN_OR_RETURN(std::vector<manifest::ManifestFile> manifests,
                        inspect::SnapshotManifestFiles(*table.io, table.metadata, snapshot));
  std::vector<ManifestEntry> entries;
  for (inspect::FileContentFilter filter :
       {inspect::FileContentFilter::kData, inspect::FileContentFilter::kDeletes}) {
    FLOE_RETURN_IF_ERROR(inspect::ForEachLiveFile(*table.io, table.metadata, manifests, filter,
                                                  /*column_metrics=*/stats,
                                                  [&](const ManifestEntry& e) -> Status {
                                                    entries.push_back(e);
                                                    return Ok();
                                                  }));
  }
  const spec::Schema* schema = table.metadata.CurrentSchema();
  std::string out;
  if (json) {
    for (const ManifestEntry& e : entries) {
      spec::TypePtr ptype = manifest::PartitionTypeFor(table.metadata, e.data_file.spec_id);
      out += FileJson(e, ptype.get(), schema, stats);
    }
    Print(out);
    return Ok();
  }
  std::vector<Row> rows = {{"content", "file_path", "format", "partition", "records", "size"}};
  for (const ManifestEntry& e : entries) {
    const DataFile& f = e.data_file;
    spec::TypePtr ptype = manifest::PartitionTypeFor(table.metadata, f.spec_id);
    rows.push_back({std::string(manifest::FileContentName(f.content)), f.file_path, f.file_format,
                    PartitionText(f, ptype.get()), std::to_string(f.record_count),
                    std::to_string(f.file_size_in_bytes)});
  }
  size_t w[6] = {0, 0, 0, 0, 0, 0};
  for (const Row& r : rows) {
    const std::string* cells[6] = {&r.content,   &r.path,    &r.format,
                                   &r.partition, &r.records, &r.size};
    for (int i = 0; i < 6; ++i) w[i] = std::max(w[i], cells[i]->size());
  }
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    out += fmt::format("{:<{}}  {:<{}}  {:<{}}  {:<{}}  {:>{}}  {:>{}}\n", r.content, w[0], r.path,
                       w[1], r.format, w[2], r.partition, w[3], r.records, w[4], r.size, w[5]);
    if (stats && i > 0) out += StatsText(entries[i - 1].data_file, schema);
  }
  Print(out);
  return Ok();
}

// A folder holding several tables lists each in turn.
Status RunFiles(const Invocation& inv) {
  return ForEachTable(inv, [&](const std::string& table, bool several) {
    return RunFilesOfTable(inv, table, several);
  });
}

std::vector<OptionSpec> FilesOptions() {
  std::vector<OptionSpec> o = {
      {"--stats", "", "also print each column's metrics (sizes, counts, bounds)"},
      {"--json", "", "one JSON object per file (NDJSON)"}};
  for (OptionSpec& s : TableSourceOptions()) o.push_back(std::move(s));
  return o;
}

FLOE_REGISTER_COMMAND(
    files,
    Command{
        .name = "files",
        .summary = "list the live data and delete files of a table's current snapshot",
        .usage =
            "floe files <table | table folder | metadata.json> [--stats] [--json] [--snapshot ID]",
        .details =
            "Reads the snapshot's manifests and prints every live (added or existing) data file,\n"
            "then every delete file: content, path, format, partition values, record count and\n"
            "size. --stats adds the column metrics, bounds decoded with the table's types.",
        .example =
            "  floe --warehouse wh files shop.orders\n"
            "  floe files warehouse/db/events --stats\n"
            "  floe files data/persistent/equality_deletes --base corpus/duckdb-iceberg --json",
        .options = FilesOptions(),
        .min_positionals = 1,
        .max_positionals = 1,
        .run = RunFiles,
    });

}  // namespace
}  // namespace floe::cli
