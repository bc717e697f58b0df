// `floe manifests <table | table folder | metadata.json> [--json] [--snapshot ID]`: the manifest
// list of the current (or a given) snapshot: each manifest's path, content, partition spec,
// sequence numbers, file and row counts, and its partition field summaries. The manifests are those
// the `manifests` metadata table lists (inspect/snapshot_manifests.h), printed with the CLI's
// fields (CLI.md) and as the list has them: counts a v1 list leaves out stay "-".
#include <fmt/format.h>

#include "cli/command.h"
#include "cli/table_source.h"
#include "floe/inspect/snapshot_manifests.h"
#include "floe/manifest/snapshot_files.h"
#include "floe/spec/single_value.h"
#include "floe/util/json_writer.h"

namespace floe::cli {
namespace {

using manifest::ManifestFile;

std::string OptText(const std::optional<int64_t>& v) { return v ? std::to_string(*v) : "-"; }
std::string OptText(const std::optional<int32_t>& v) { return v ? std::to_string(*v) : "-"; }

// A summary bound as people read it; hex when the partition type is unknown or the bytes do
// not decode.
std::string BoundText(const spec::Type* type, const std::string& bytes) {
  if (type) {
    auto lit = spec::FromBinary(*type, bytes);
    if (lit.ok()) return spec::ToHumanString(*type, *lit);
  }
  std::string hex = "0x";
  for (unsigned char c : bytes) hex += fmt::format("{:02x}", c);
  return hex;
}

void BoundJson(const spec::Type* type, const std::optional<std::string>& bytes, JsonWriter& w) {
  if (!bytes) {
    w.Null();
    return;
  }
  if (type) {
    auto lit = spec::FromBinary(*type, *bytes);
    if (lit.ok() && spec::ToJson(*type, *lit, w).ok()) return;
  }
  std::string hex;
  for (unsigned char c : *bytes) hex += fmt::format("{:02x}", c);
  w.String(hex);
}

std::string ManifestText(const ManifestFile& m, const spec::Type* ptype) {
  std::string out = m.manifest_path + "\n";
  out += fmt::format("  content: {}  spec: {}  sequence: {} (min {})  added by snapshot: {}",
                     manifest::ManifestContentName(m.content), m.partition_spec_id,
                     m.sequence_number, m.min_sequence_number, OptText(m.added_snapshot_id));
  if (m.first_row_id) out += fmt::format("  first row id: {}", *m.first_row_id);
  out += fmt::format("\n  length: {} bytes\n", m.manifest_length);
  out += fmt::format("  files: {} added, {} existing, {} deleted\n", OptText(m.added_files_count),
                     OptText(m.existing_files_count), OptText(m.deleted_files_count));
  out += fmt::format("  rows:  {} added, {} existing, {} deleted\n", OptText(m.added_rows_count),
                     OptText(m.existing_rows_count), OptText(m.deleted_rows_count));
  if (m.partitions && !m.partitions->empty()) {
    out += "  partitions:\n";
    for (size_t i = 0; i < m.partitions->size(); ++i) {
      const manifest::PartitionFieldSummary& s = (*m.partitions)[i];
      const spec::NestedField* field =
          ptype && i < ptype->fields().size() ? &ptype->fields()[i] : nullptr;
      std::string name = field ? field->name : fmt::format("field {}", i);
      const spec::Type* t = field ? field->type.get() : nullptr;
      std::string range =
          s.lower_bound && s.upper_bound
              ? fmt::format("{} .. {}", BoundText(t, *s.lower_bound), BoundText(t, *s.upper_bound))
              : "no values";
      out += fmt::format("    {}: {}{}{}\n", name, range, s.contains_null ? ", has nulls" : "",
                         s.contains_nan.value_or(false) ? ", has NaNs" : "");
    }
  }
  return out;
}

std::string ManifestJson(const ManifestFile& m, const spec::Type* ptype) {
  JsonWriter w;
  w.BeginObject();
  w.Member("manifest_path", m.manifest_path);
  w.Member("manifest_length", m.manifest_length);
  w.Member("partition_spec_id", m.partition_spec_id);
  w.Member("content", manifest::ManifestContentName(m.content));
  w.Member("sequence_number", m.sequence_number);
  w.Member("min_sequence_number", m.min_sequence_number);
  auto opt = [&](std::string_view key, auto v) {
    w.Key(key);
    if (v) {
      w.Int(*v);
    } else {
      w.Null();
    }
  };
  opt("added_snapshot_id", m.added_snapshot_id);
  opt("added_files_count", m.added_files_count);
  opt("existing_files_count", m.existing_files_count);
  opt("deleted_files_count", m.deleted_files_count);
  opt("added_rows_count", m.added_rows_count);
  opt("existing_rows_count", m.existing_rows_count);
  opt("deleted_rows_count", m.deleted_rows_count);
  w.Key("partitions");
  if (!m.partitions) {
    w.Null();
  } else {
    w.BeginArray();
    for (size_t i = 0; i < m.partitions->size(); ++i) {
      const manifest::PartitionFieldSummary& s = (*m.partitions)[i];
      const spec::NestedField* field =
          ptype && i < ptype->fields().size() ? &ptype->fields()[i] : nullptr;
      const spec::Type* t = field ? field->type.get() : nullptr;
      w.BeginObject();
      w.Key("field");
      if (field) {
        w.String(field->name);
      } else {
        w.Null();
      }
      w.Member("contains_null", s.contains_null);
      w.Key("contains_nan");
      if (s.contains_nan) {
        w.Bool(*s.contains_nan);
      } else {
        w.Null();
      }
      w.Key("lower_bound");
      BoundJson(t, s.lower_bound, w);
      w.Key("upper_bound");
      BoundJson(t, s.upper_bound, w);
      w.EndObject();
    }
    w.EndArray();
  }
  opt("first_row_id", m.first_row_id);
  w.EndObject();
  return w.Take() + "\n";
}

Status RunManifestsOfTable(const Invocation& inv, const std::string& location, bool header) {
  FLOE_ASSIGN_OR_RETURN(TableSource table, OpenTableSource(location, inv));
  if (header && !inv.args.Has("--json")) Print(fmt::format("table {}\n", location));
  FLOE_ASSIGN_OR_RETURN(const spec::Snapshot* snapshot, SelectSnapshot(table, inv.args));
  if (!snapshot) {
    if (!inv.global.quiet)
      PrintErr(fmt::format("{}: the table has no snapshot\n", table.metadata_location));
    return Ok();
  }
  FLOE_ASSIGN_OR_RETURN(std::vector<ManifestFile> manifests,
                        inspect::SnapshotManifestFiles(*table.io, table.metadata, snapshot));
  bool json = inv.args.Has("--json");
  std::string out;
  if (!json) {
    out += fmt::format("snapshot {} (sequence {}): {} manifests in {}\n\n", snapshot->snapshot_id,
                       snapshot->sequence_number, manifests.size(),
                       snapshot->manifest_list.empty() ? "the metadata" : snapshot->manifest_list);
  }
  for (const ManifestFile& m : manifests) {
    spec::TypePtr ptype = manifest::PartitionTypeFor(table.metadata, m.partition_spec_id);
    out += json ? ManifestJson(m, ptype.get()) : ManifestText(m, ptype.get());
  }
  Print(out);
  return Ok();
}

// A folder holding several tables lists each in turn.
Status RunManifests(const Invocation& inv) {
  return ForEachTable(inv, [&](const std::string& table, bool several) {
    return RunManifestsOfTable(inv, table, several);
  });
}

std::vector<OptionSpec> ManifestsOptions() {
  std::vector<OptionSpec> o = {{"--json", "", "one JSON object per manifest (NDJSON)"}};
  for (OptionSpec& s : TableSourceOptions()) o.push_back(std::move(s));
  return o;
}

FLOE_REGISTER_COMMAND(
    manifests,
    Command{
        .name = "manifests",
        .summary = "list the manifests of a table's current snapshot",
        .usage = "floe manifests <table | table folder | metadata.json> [--json] [--snapshot ID]",
        .details =
            "Reads the snapshot's manifest list: each manifest's path, content (data or deletes),\n"
            "partition spec id, sequence numbers, file and row counts, and the lower and upper\n"
            "bound of every partition field with its null and NaN flags.",
        .example =
            "  floe --warehouse wh manifests shop.orders\n"
            "  floe manifests warehouse/db/events\n"
            "  floe manifests data/persistent/equality_deletes --base corpus/duckdb-iceberg --json",
        .options = ManifestsOptions(),
        .min_positionals = 1,
        .max_positionals = 1,
        .run = RunManifests,
    });

}  // namespace
}  // namespace floe::cli
