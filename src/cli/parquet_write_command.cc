// `floe parquet write <input> <output.parquet> [--codec NAME] [--level N] [--row-group-bytes N |
// --row-group-rows N] [--page-bytes N] [--page-version v1|v2] [--schema COLUMNS] [--force]`: writes
// a Parquet, CSV or NDJSON file as Parquet with floe's writer, with Iceberg field ids and the
// `iceberg.schema` footer entry.
#include <fmt/format.h>

#include "cli/command.h"
#include "cli/text_input_options.h"
#include "floe/io/file_io.h"
#include "floe/spec/schema_text.h"
#include "floe/write/parquet_rewrite.h"
#include "floe/write/parquet_write_properties.h"

namespace floe::cli {
namespace {

Result<std::optional<int64_t>> PositiveInt(const Args& args, std::string_view name) {
  FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> v, args.GetInt(name));
  if (v && *v <= 0) return InvalidArgument("{} must be positive", name);
  return v;
}

FLOE_REGISTER_COMMAND(
    parquet_write,
    Command{
        .name = "parquet write",
        .summary = "write a Parquet file with floe's writer (Iceberg field ids, iceberg.schema)",
        .usage = "floe parquet write <input> <output.parquet> [--codec NAME] [--level N]\n"
                 "                   [--row-group-bytes N | --row-group-rows N] [--page-bytes N]\n"
                 "                   [--page-version v1|v2] [--schema COLUMNS] [--force]\n"
                 "                   [--null-string S] [--allow-missing-columns]\n"
                 "                   [--binary-encoding hex|base64] [--replace-invalid-utf8]",
        .details =
            "Reads every row of the input (Parquet; CSV with a header line; NDJSON) and writes it\n"
            "as Parquet. CSV and NDJSON types are inferred: integers → long, other numbers → "
            "double,\n"
            "true/false → boolean, ISO timestamps with an offset → timestamptz, without → "
            "timestamp,\n"
            "dates → date, the rest → string. --schema gives the output's columns instead, in\n"
            "`floe create table`'s form: input columns are matched by name and checked as `floe "
            "append`\n"
            "checks them (promotions only), and CSV/NDJSON values are read as the declared types,\n"
            "as `floe append` reads them (see its --help). A value that does not read is exit code "
            "5.\n"
            "Defaults are Iceberg's: zstd, 128 MB row groups, 1 MB / 20,000-row pages, dictionary\n"
            "pages up to 2 MB. Field ids are --schema's, or the input's when every field has one,\n"
            "otherwise 1..n depth first; the Iceberg schema is stored as the iceberg.schema "
            "key-value\n"
            "metadata. Columns are encoded on --threads cores. An existing output file is\n"
            "refused unless --force.",
        .example =
            "  floe parquet write in.parquet out.parquet --codec zstd --level 3\n"
            "  floe parquet write in.parquet out.parquet --row-group-rows 1000000 --force\n"
            "  floe parquet write orders.csv orders.parquet \\\n"
            "      --schema \"order_id string, amount decimal(10, 2), order_ts timestamptz\"",
        .options =
            [] {
              std::vector<OptionSpec> options = {
                  {"--codec", "NAME", "zstd (default), gzip, snappy, brotli, lz4 or uncompressed"},
                  {"--level", "N", "compression level (zstd, gzip, brotli)"},
                  {"--row-group-bytes", "N", "start a new row group after N buffered bytes"},
                  {"--row-group-rows", "N", "start a new row group after N rows"},
                  {"--page-bytes", "N", "target page size in bytes (default 1048576)"},
                  {"--page-version", "V", "v1 (default) or v2 data pages"},
                  {"--schema", "COLUMNS",
                   "the output's columns: \"id long not null, ts timestamptz\""},
                  {"--force", "", "replace an existing output file"}};
              for (OptionSpec& o : TextInputOptionSpecs()) options.push_back(std::move(o));
              return options;
            }(),
        .min_positionals = 2,
        .max_positionals = 2,
        .run = [](const Invocation& inv) -> Status {
          const Args& args = inv.args;
          write::ParquetRewriteOptions options;
          parquet::ParquetWriterOptions& w = options.writer;
          FLOE_ASSIGN_OR_RETURN(w.columns.codec,
                                write::ParquetCodecFromName(args.Get("--codec").value_or("zstd")));
          FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> level, args.GetInt("--level"));
          if (level) w.columns.compression_level = static_cast<int>(*level);
          FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> group_bytes,
                                PositiveInt(args, "--row-group-bytes"));
          FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> group_rows,
                                PositiveInt(args, "--row-group-rows"));
          if (group_bytes && group_rows) {
            return InvalidArgument("--row-group-bytes and --row-group-rows exclude each other");
          }
          if (group_bytes) w.row_group_bytes = *group_bytes;
          if (group_rows) {
            w.row_group_rows = *group_rows;
            w.row_group_bytes = INT64_MAX;
          }
          FLOE_ASSIGN_OR_RETURN(std::optional<int64_t> page_bytes,
                                PositiveInt(args, "--page-bytes"));
          if (page_bytes) w.columns.page_bytes = *page_bytes;
          std::string version = args.Get("--page-version").value_or("v1");
          if (version != "v1" && version != "v2") {
            return InvalidArgument("--page-version: expected v1 or v2, got \"{}\"", version);
          }
          w.columns.data_page_v2 = version == "v2";
          options.overwrite = args.Has("--force");
          FLOE_ASSIGN_OR_RETURN(TextInputOptions text, TextInputOptionsFrom(args));
          options.replace_invalid_utf8 = text.replace_invalid_utf8;
          options.allow_missing_columns = text.allow_missing_columns;
          options.text_values = text.values;
          if (std::optional<std::string> columns = args.Get("--schema")) {
            FLOE_ASSIGN_OR_RETURN(options.schema, spec::ParseSchemaText(*columns));
          }
          auto io = io::LocalFileIO();
          const auto& pos = args.positionals();
          FLOE_ASSIGN_OR_RETURN(parquet::FileMetrics metrics,
                                write::RewriteParquet(*io, pos[0], pos[1], options));
          if (!inv.global.quiet) {
            PrintErr(fmt::format("wrote {} rows in {} row groups, {} bytes, to {}\n",
                                 metrics.row_count, metrics.split_offsets.size(), metrics.file_size,
                                 pos[1]));
          }
          return Ok();
        },
    });

}  // namespace
}  // namespace floe::cli
