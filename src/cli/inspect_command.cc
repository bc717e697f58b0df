// `floe inspect <table>` (and `floe describe <table | namespace>`): a table's metadata for people
// (format version, current schema as a tree with field ids, partition specs, sort orders, snapshots
// with their summaries, refs, properties) or, with --json, as one JSON document:
//   {"metadata-location": "<path>", "metadata": <the metadata as floe writes it>}
#include <fmt/format.h>

#include <filesystem>
#include <string>

#include "cli/catalog_access.h"
#include "cli/command.h"
#include "cli/table_source.h"
#include "floe/commit/metadata_file.h"
#include "floe/io/file_io.h"
#include "floe/spec/table_metadata_json.h"
#include "floe/util/json_writer.h"
#include "floe/util/time.h"

namespace floe::cli {
namespace {

std::string Timestamp(int64_t millis) { return FormatTimestampMicros(millis * 1000, true); }

std::string ColumnName(const spec::Schema* schema, int32_t id) {
  if (schema != nullptr) {
    if (auto name = schema->FindColumnName(id)) return fmt::format("{}: {}", id, *name);
  }
  return fmt::format("{}: (dropped)", id);
}

std::string Sources(const spec::Schema* schema, int32_t source_id,
                    const std::vector<int32_t>& ids) {
  if (ids.empty()) return ColumnName(schema, source_id);
  std::string out;
  for (int32_t id : ids) {
    if (!out.empty()) out += ", ";
    out += ColumnName(schema, id);
  }
  return out;
}

void AppendField(std::string& out, const spec::NestedField& field, int depth) {
  std::string indent(2 * depth + 2, ' ');
  const spec::Type& type = *field.type;
  std::string type_name;
  switch (type.id()) {
    case spec::TypeId::kStruct:
      type_name = "struct";
      break;
    case spec::TypeId::kList:
      type_name = "list";
      break;
    case spec::TypeId::kMap:
      type_name = "map";
      break;
    default:
      type_name = type.ToString();
      break;
  }
  out += fmt::format("{}{}: {}: {} {}", indent, field.id, field.name,
                     field.required ? "required" : "optional", type_name);
  if (field.initial_default) out += fmt::format(" (initial-default {})", *field.initial_default);
  if (field.write_default) out += fmt::format(" (write-default {})", *field.write_default);
  if (!field.doc.empty()) out += fmt::format(" -- {}", field.doc);
  out += "\n";
  for (const spec::NestedField& child : type.fields()) AppendField(out, child, depth + 1);
}

std::string Describe(const std::string& location, const spec::TableMetadata& m) {
  std::string out;
  out += fmt::format("metadata: {}\n", location);
  out += fmt::format("format-version: {}\n", m.format_version);
  out += fmt::format("table-uuid: {}\n", m.table_uuid.empty() ? "(none)" : m.table_uuid);
  out += fmt::format("location: {}\n", m.location);
  out += fmt::format("last-updated: {} ({})\n", Timestamp(m.last_updated_ms), m.last_updated_ms);
  if (m.format_version >= 2)
    out += fmt::format("last-sequence-number: {}\n", m.last_sequence_number);
  out += fmt::format("last-column-id: {}\n", m.last_column_id);
  out += fmt::format("last-partition-id: {}\n", m.last_partition_id);
  if (m.format_version >= 3) out += fmt::format("next-row-id: {}\n", m.next_row_id);

  const spec::Schema* schema = m.CurrentSchema();
  out += fmt::format("\nschema {} (current of {}):\n", m.current_schema_id, m.schemas.size());
  if (schema != nullptr) {
    for (const spec::NestedField& f : schema->fields) AppendField(out, f, 0);
    if (!schema->identifier_field_ids.empty()) {
      out +=
          fmt::format("  identifier fields: {}\n", fmt::join(schema->identifier_field_ids, ", "));
    }
  }

  out += "\npartition specs:\n";
  for (const spec::PartitionSpec& spec : m.partition_specs) {
    out += fmt::format("  spec {}{}:", spec.spec_id,
                       spec.spec_id == m.default_spec_id ? " (default)" : "");
    if (spec.fields.empty()) out += " unpartitioned";
    out += "\n";
    for (const spec::PartitionField& f : spec.fields) {
      out += fmt::format("    {}: {} = {}({})\n", f.field_id, f.name, f.transform.ToString(),
                         Sources(schema, f.source_id, f.source_ids));
    }
  }

  out += "\nsort orders:\n";
  for (const spec::SortOrder& order : m.sort_orders) {
    out += fmt::format("  order {}{}:", order.order_id,
                       order.order_id == m.default_sort_order_id ? " (default)" : "");
    if (order.fields.empty()) out += " unsorted";
    out += "\n";
    for (const spec::SortField& f : order.fields) {
      out += fmt::format("    {}({}) {} {}\n", f.transform.ToString(),
                         Sources(schema, f.source_id, f.source_ids),
                         spec::SortDirectionName(f.direction), spec::NullOrderName(f.null_order));
    }
  }

  out += fmt::format("\nsnapshots ({}):\n", m.snapshots.size());
  if (m.snapshots.empty()) out += "  (none)\n";
  for (const spec::Snapshot& s : m.snapshots) {
    bool current = m.current_snapshot_id == s.snapshot_id;
    out += fmt::format("  {}{}  {}", s.snapshot_id, current ? " (current)" : "",
                       Timestamp(s.timestamp_ms));
    if (!s.operation().empty()) out += fmt::format("  {}", s.operation());
    out += "\n";
    if (s.parent_snapshot_id) out += fmt::format("    parent: {}\n", *s.parent_snapshot_id);
    if (m.format_version >= 2) out += fmt::format("    sequence-number: {}\n", s.sequence_number);
    if (s.schema_id) out += fmt::format("    schema-id: {}\n", *s.schema_id);
    if (s.first_row_id) out += fmt::format("    first-row-id: {}\n", *s.first_row_id);
    if (s.added_rows) out += fmt::format("    added-rows: {}\n", *s.added_rows);
    if (!s.manifest_list.empty()) out += fmt::format("    manifest-list: {}\n", s.manifest_list);
    for (const std::string& manifest : s.manifests)
      out += fmt::format("    manifest: {}\n", manifest);
    for (const auto& [key, value] : s.summary) {
      if (key != "operation") out += fmt::format("    {}: {}\n", key, value);
    }
  }

  out += "\nrefs:\n";
  if (m.refs.empty()) out += "  (none)\n";
  for (const auto& [name, ref] : m.refs) {
    out += fmt::format("  {}: {} {}", name, spec::SnapshotRefTypeName(ref.type), ref.snapshot_id);
    if (ref.min_snapshots_to_keep)
      out += fmt::format(" min-snapshots-to-keep={}", *ref.min_snapshots_to_keep);
    if (ref.max_snapshot_age_ms)
      out += fmt::format(" max-snapshot-age-ms={}", *ref.max_snapshot_age_ms);
    if (ref.max_ref_age_ms) out += fmt::format(" max-ref-age-ms={}", *ref.max_ref_age_ms);
    out += "\n";
  }

  out += "\nproperties:\n";
  if (m.properties.empty()) out += "  (none)\n";
  for (const auto& [key, value] : m.properties) out += fmt::format("  {}={}\n", key, value);
  return out;
}

// The table a command argument means (docs/cli.md): an existing file is a metadata file, an
// existing folder a table folder, anything else a catalog name; --metadata FILE forces a file.
Result<TableSource> InspectedTable(const Invocation& inv) {
  if (auto file = inv.args.Get("--metadata")) {
    if (!inv.args.positionals().empty()) {
      return InvalidArgument("inspect: give either a table or --metadata FILE, not both");
    }
    TableSource t;
    t.metadata_location = *file;
    FLOE_ASSIGN_OR_RETURN(t.metadata, commit::ReadMetadataFile(*io::LocalFileIO(), *file));
    return t;
  }
  if (inv.args.positionals().empty()) {
    return InvalidArgument(
        "inspect: name a table, a metadata file or a table folder\nUsage: floe "
        "inspect <table | metadata.json | table folder> [--json] [--metadata FILE]");
  }
  return OpenTableSource(inv.args.positionals()[0], inv);
}

Status PrintTable(const Invocation& inv, const TableSource& t) {
  if (inv.args.Has("--json")) {
    JsonWriter out(/*pretty=*/true);
    out.BeginObject();
    out.Member("metadata-location", t.metadata_location);
    out.Key("metadata");
    spec::WriteTableMetadata(t.metadata, out);
    out.EndObject();
    Print(out.str() + "\n");
    return Ok();
  }
  Print(Describe(t.metadata_location, t.metadata));
  return Ok();
}

Status RunInspect(const Invocation& inv) {
  FLOE_ASSIGN_OR_RETURN(TableSource t, InspectedTable(inv));
  return PrintTable(inv, t);
}

// A table, else a namespace and its properties.
Status RunDescribe(const Invocation& inv) {
  const std::string& name = inv.args.positionals()[0];
  auto table = OpenTableSource(name, inv);
  if (table.ok()) return PrintTable(inv, *table);
  // Not a table (or not a table name, like a one-part "shop"): a namespace?
  if (table.error().kind != ErrorKind::kNotFound &&
      table.error().kind != ErrorKind::kInvalidArgument) {
    return std::move(table).error();
  }
  auto ns = OpenCatalogNamespace(inv, name);
  if (!ns.ok()) return std::move(table).error();
  auto properties = ns->catalog->LoadNamespaceProperties(ns->ns);
  if (!properties.ok()) {
    if (properties.error().kind == ErrorKind::kNotFound) {
      return NotFound("{}: no such table or namespace", name);
    }
    return std::move(properties).error();
  }
  if (inv.args.Has("--json")) {
    JsonWriter out(/*pretty=*/true);
    out.BeginObject();
    out.Member("namespace", name);
    out.Key("properties");
    out.BeginObject();
    for (const auto& [k, v] : *properties) out.Member(k, v);
    out.EndObject();
    out.EndObject();
    Print(out.str() + "\n");
    return Ok();
  }
  std::string text = fmt::format("namespace: {}\nproperties:\n", name);
  if (properties->empty()) text += "  (none)\n";
  for (const auto& [k, v] : *properties) text += fmt::format("  {}={}\n", k, v);
  Print(text);
  return Ok();
}

}  // namespace

FLOE_REGISTER_COMMAND(
    inspect,
    Command{
        .name = "inspect",
        .summary = "show a table's metadata: schema, partitioning, snapshots, refs, properties",
        .usage = "floe inspect <table | metadata.json | table folder> [--json] [--metadata FILE]",
        .details = "Reads a table metadata file (plain, gzip or zstd compressed) or finds a table "
                   "folder's\n"
                   "current one (version-hint.text, else the highest v<N>.metadata.json or\n"
                   "<NNNNN>-<uuid>.metadata.json), and prints the format version, the current "
                   "schema as a\n"
                   "tree with field ids, partition specs, sort orders, snapshots with their "
                   "summaries, refs\n"
                   "and properties. --json prints {\"metadata-location\": ..., \"metadata\": ...} "
                   "instead.",
        .example = "  floe inspect warehouse/db/events\n"
                   "  floe inspect warehouse/db/events/metadata/v3.metadata.json --json",
        .options = {{"--json", "", "print one JSON document: the location and the metadata"},
                    {"--metadata", "FILE",
                     "read this metadata file (instead of a table argument)"}},
        .min_positionals = 0,
        .max_positionals = 1,
        .run = RunInspect,
    });

FLOE_REGISTER_COMMAND(
    describe,
    Command{
        .name = "describe",
        .summary = "describe a table (as inspect) or a namespace (its properties)",
        .usage = "floe describe <table | namespace> [--json]",
        .details = "A table: what `floe inspect` prints. A namespace: its properties.",
        .example =
            "  floe --warehouse wh describe shop.orders\n  floe --warehouse wh describe shop",
        .options = {{"--json", "", "print one JSON document"}},
        .min_positionals = 1,
        .max_positionals = 1,
        .run = RunDescribe,
    });

}  // namespace floe::cli
