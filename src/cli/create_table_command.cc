// `floe create table <t> --schema … [--partition-by …] [--sort-by …] [--property k=v]…
//  [--location DIR] [--format-version N]`: a new table in the catalog.
#include <fmt/format.h>

#include "cli/catalog_access.h"
#include "floe/format/parquet/batch_reader.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/spec/partition_spec_text.h"
#include "floe/spec/schema_text.h"
#include "floe/table/schema_conversion.h"
#include "floe/util/json_writer.h"

namespace floe::cli {
namespace {

// The schema of a Parquet file as an Iceberg schema (its field ids are replaced at creation).
Result<spec::Schema> SchemaFromParquet(const std::string& path) {
  auto io = io::LocalFileIO();
  FLOE_ASSIGN_OR_RETURN(auto file, parquet::FileReader::Open(*io, path));
  // INT96 becomes timestamp (microseconds, Iceberg's unit, reaching every year INT96 holds).
  parquet::BatchReaderOptions read;
  read.int96_unit = columnar::TimeUnit::kMicro;
  FLOE_ASSIGN_OR_RETURN(auto reader, parquet::BatchReader::Make(*file, std::move(read)));
  auto schema = table::ToIcebergSchema(table::WithFieldIds(*reader->schema()));
  if (!schema.ok()) return std::move(schema).error().WithContext(path);
  return schema;
}

Status RunCreateTable(const Invocation& inv) {
  const Args& args = inv.args;
  const bool from_text = args.Has("--schema");
  if (from_text == args.Has("--schema-from")) {
    return InvalidArgument(
        "give the columns with --schema \"id long, ts timestamptz\" or take "
        "them from a Parquet file with --schema-from FILE (one of the two)");
  }
  FLOE_ASSIGN_OR_RETURN(CatalogTable target,
                        OpenCatalogTable(inv, args.positionals()[0], CatalogUse::kMayCreate));
  catalog::CreateTableOptions options;
  commit::NewTableRequest& request = options.table;
  if (from_text) {
    FLOE_ASSIGN_OR_RETURN(request.schema, spec::ParseSchemaText(*args.Get("--schema")));
  } else {
    FLOE_ASSIGN_OR_RETURN(request.schema, SchemaFromParquet(*args.Get("--schema-from")));
  }
  FLOE_ASSIGN_OR_RETURN(request.spec, spec::ParsePartitionSpecText(
                                          args.Get("--partition-by").value_or(""), request.schema));
  FLOE_ASSIGN_OR_RETURN(
      request.sort_order,
      spec::ParseSortOrderText(args.Get("--sort-by").value_or(""), request.schema));
  for (const std::string& kv : args.GetAll("--property")) {
    const size_t eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) {
      return InvalidArgument("--property {}: expected KEY=VALUE", kv);
    }
    request.properties[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> version, args.GetInt("--format-version"));
  if (version) {
    if (*version < 1 || *version > 3) {
      return InvalidArgument("--format-version {}: floe writes format versions 1, 2 and 3",
                             *version);
    }
    request.format_version = static_cast<int>(*version);
  }
  request.location = args.Get("--location").value_or("");
  FLOE_ASSIGN_OR_RETURN(catalog::LoadedTable table,
                        target.catalog->CreateTable(target.id, options));
  if (args.Has("--json")) {
    JsonWriter out(/*pretty=*/true);
    out.BeginObject();
    out.Member("table", target.catalog->name() + "." + table.id.ToString());
    out.Member("location", table.metadata.location);
    out.Member("metadata-location", table.metadata_location);
    out.Member("table-uuid", table.metadata.table_uuid);
    out.Member("format-version", table.metadata.format_version);
    out.EndObject();
    Print(out.Take() + "\n");
  } else if (!inv.global.quiet) {
    Print(fmt::format("created {} at {}\n", table.id.ToString(), table.metadata.location));
  }
  return Ok();
}

FLOE_REGISTER_COMMAND(
    create_table,
    Command{
        .name = "create table",
        .summary = "create a table in the catalog",
        .usage = "floe create table <table> (--schema COLUMNS | --schema-from FILE.parquet)\n"
                 "                  [--partition-by TERMS] [--sort-by TERMS] [--property K=V]...\n"
                 "                  [--location DIR] [--format-version 1|2|3] [--json]",
        .details =
            "COLUMNS is a column list with Iceberg's type names (Spark's bigint, integer, ... "
            "also\n"
            "work; write timestamptz or timestamp_ntz, never a bare timestamp), NOT NULL for "
            "required\n"
            "columns, struct<...>, list<...>, map<..., ...> for nested ones. TERMS are columns or\n"
            "transforms: years(c), months(c), days(c), hours(c), bucket(N, c), truncate(W, c); "
            "sort\n"
            "terms may end with ASC/DESC and NULLS FIRST/LAST. The table lives at\n"
            "<warehouse>/<namespace>/<table> unless --location says otherwise. Format version 2 "
            "by\n"
            "default.",
        .example = "  floe --warehouse wh create table shop.orders \\\n"
                   "      --schema \"order_id string, customer_id long, region string, amount int, "
                   "order_ts timestamptz\" \\\n"
                   "      --partition-by \"days(order_ts), bucket(16, order_id)\"",
        .options = {{"--schema", "COLUMNS", "the columns: \"id long not null, ts timestamptz\""},
                    {"--schema-from", "FILE", "take the columns from a Parquet file"},
                    {"--partition-by", "TERMS", "partition spec: \"days(ts), bucket(16, id)\""},
                    {"--sort-by", "TERMS", "sort order: \"ts desc nulls last, id\""},
                    {"--property", "K=V", "a table property (repeatable)", true},
                    {"--location", "DIR", "where the table lives"},
                    {"--format-version", "N", "1, 2 (default) or 3"},
                    {"--json", "", "print the new table's identity as JSON"}},
        .min_positionals = 1,
        .max_positionals = 1,
        .run = RunCreateTable,
    });

}  // namespace
}  // namespace floe::cli
