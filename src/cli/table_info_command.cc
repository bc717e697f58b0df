// One fact of a table each, as PyIceberg prints them: `floe location`, `floe metadata-location`,
// `floe uuid`, `floe schema`, `floe spec`. <table> is a catalog name, a table folder or a
// metadata file.
#include <fmt/format.h>

#include "cli/table_source.h"
#include "floe/spec/partition_spec_json.h"
#include "floe/spec/schema_json.h"
#include "floe/util/json_writer.h"

namespace floe::cli {
namespace {

using Fact = std::function<std::string(const TableSource&, bool json)>;

Status PrintFact(const Invocation& inv, const Fact& fact) {
  FLOE_ASSIGN_OR_RETURN(TableSource table, OpenTableSource(inv.args.positionals()[0], inv));
  Print(fact(table, inv.args.Has("--json")) + "\n");
  return Ok();
}

std::string JsonString(std::string_view key, std::string_view value) {
  JsonWriter out;
  out.BeginObject();
  out.Member(key, value);
  out.EndObject();
  return out.Take();
}

std::string SchemaText(const spec::Schema& schema) {
  std::string out;
  for (const spec::NestedField& f : schema.fields) {
    out += fmt::format("{:>3}  {}  {}{}\n", f.id, f.name, f.type->ToString(),
                       f.required ? " not null" : "");
  }
  if (!out.empty()) out.pop_back();
  return out;
}

Command FactCommand(std::string name, std::string summary, std::string details, Fact fact) {
  Command c;
  c.name = name;
  c.summary = std::move(summary);
  c.usage = "floe " + name + " <table> [--json]";
  c.details = std::move(details);
  c.example = "  floe --warehouse wh " + name + " shop.orders";
  c.options = {{"--json", "", "print JSON"}};
  c.min_positionals = 1;
  c.max_positionals = 1;
  c.run = [fact](const Invocation& inv) { return PrintFact(inv, fact); };
  return c;
}

FLOE_REGISTER_COMMAND(location, FactCommand("location", "print the table's location",
                                            "The table's base location, as PyIceberg prints it.",
                                            [](const TableSource& t, bool json) {
                                              return json ? JsonString("location",
                                                                       t.metadata.location)
                                                          : t.metadata.location;
                                            }));

FLOE_REGISTER_COMMAND(
    metadata_location,
    FactCommand("metadata-location", "print the path of the table's current metadata file",
                "What a reader holding the current pointer reads: the catalog's metadata file.",
                [](const TableSource& t, bool json) {
                  return json ? JsonString("metadata-location", t.metadata_location)
                              : t.metadata_location;
                }));

FLOE_REGISTER_COMMAND(uuid, FactCommand("uuid", "print the table's UUID",
                                        "The table-uuid of the current metadata.",
                                        [](const TableSource& t, bool json) {
                                          return json ? JsonString("table-uuid",
                                                                   t.metadata.table_uuid)
                                                      : t.metadata.table_uuid;
                                        }));

FLOE_REGISTER_COMMAND(
    schema,
    FactCommand("schema", "print the table's current schema",
                "One line per top-level column: field id, name, type (nested types in full).\n"
                "--json prints the schema as the metadata file holds it.",
                [](const TableSource& t, bool json) {
                  const spec::Schema* schema = t.metadata.CurrentSchema();
                  if (!schema) return std::string(json ? "null" : "");
                  if (!json) return SchemaText(*schema);
                  JsonWriter out(/*pretty=*/true);
                  spec::WriteSchema(*schema, out);
                  return out.Take();
                }));

FLOE_REGISTER_COMMAND(
    spec, FactCommand("spec", "print the table's default partition spec",
                      "One line per partition field: field id, name, transform(source column).\n"
                      "--json prints the spec as the metadata file holds it.",
                      [](const TableSource& t, bool json) {
                        const spec::PartitionSpec* spec = t.metadata.DefaultSpec();
                        if (!spec) return std::string(json ? "null" : "");
                        if (json) {
                          JsonWriter out(/*pretty=*/true);
                          spec::WritePartitionSpec(*spec, out);
                          return out.Take();
                        }
                        if (spec->IsUnpartitioned()) return std::string("unpartitioned");
                        std::string text;
                        const spec::Schema* schema = t.metadata.CurrentSchema();
                        for (const spec::PartitionField& f : spec->fields) {
                          std::string source = std::to_string(f.source_id);
                          if (schema) source = schema->FindColumnName(f.source_id).value_or(source);
                          text += fmt::format("{}  {}  {}({})\n", f.field_id, f.name,
                                              f.transform.ToString(), source);
                        }
                        text.pop_back();
                        return text;
                      }));

}  // namespace
}  // namespace floe::cli
