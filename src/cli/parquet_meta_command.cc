// `floe parquet meta <file> [--json]`: the footer of a Parquet file — row groups, column chunks,
// codecs, encodings, sizes, statistics, created_by. --json prints the whole FileMetaData with
// parquet.thrift's field names (the shape of hyparquet's `*.metadata.json`).
#include <fmt/format.h>

#include "cli/command.h"
#include "floe/format/parquet/file_metadata_json.h"
#include "floe/format/parquet/file_reader.h"
#include "floe/io/file_io.h"

namespace floe::cli {
namespace {

using namespace floe::parquet;

std::string Shorten(std::string_view s, size_t max) {
  if (s.size() <= max) return std::string(s);
  return fmt::format("{}… ({} bytes)", s.substr(0, max), s.size());
}

std::string TypeText(const SchemaNode& n) {
  std::string t = TypeName(*n.physical_type);
  if (n.physical_type == Type::kFixedLenByteArray) t += fmt::format("({})", n.type_length);
  if (n.logical_type) {
    t += ", " + LogicalTypeKindName(*n.logical_type);
  } else if (n.converted_type) {
    t += ", " + ConvertedTypeName(*n.converted_type);
  }
  return t;
}

std::string StatsText(const Statistics& s, const SchemaElement& leaf) {
  std::vector<std::string> parts;
  if (s.min_value) parts.push_back("min " + StatisticsValueToJson(leaf, *s.min_value));
  if (s.max_value) parts.push_back("max " + StatisticsValueToJson(leaf, *s.max_value));
  if (!s.min_value && s.min) parts.push_back("min (legacy) " + StatisticsValueToJson(leaf, *s.min));
  if (!s.max_value && s.max) parts.push_back("max (legacy) " + StatisticsValueToJson(leaf, *s.max));
  if (s.null_count) parts.push_back(fmt::format("nulls {}", *s.null_count));
  if (s.distinct_count) parts.push_back(fmt::format("distinct {}", *s.distinct_count));
  if (s.nan_count) parts.push_back(fmt::format("NaNs {}", *s.nan_count));
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + Shorten(parts[i], 120);
  return out;
}

std::string MetaText(const FileReader& reader) {
  const FileMetaData& md = reader.metadata();
  const Schema& schema = reader.schema();
  std::string out;
  out += fmt::format("file: {}\n", reader.location());
  out += fmt::format("size: {} bytes (footer {} bytes)\n", reader.file_size(),
                     reader.metadata_length());
  out += fmt::format("format version: {}\n", md.version);
  out += fmt::format("created_by: {}\n", md.created_by.value_or("(not set)"));
  out += fmt::format("rows: {}\n", md.num_rows);
  out += fmt::format("columns: {}\n", schema.num_columns());
  out += fmt::format("row groups: {}\n", md.row_groups.size());
  if (md.key_value_metadata) {
    out += "key_value_metadata:\n";
    for (const KeyValue& kv : *md.key_value_metadata) {
      out += fmt::format("  {} = {}\n", kv.key, Shorten(kv.value.value_or("(no value)"), 200));
    }
  }
  for (size_t g = 0; g < md.row_groups.size(); ++g) {
    const RowGroup& rg = md.row_groups[g];
    out += fmt::format("\nrow group {}: {} rows, {} bytes uncompressed", g, rg.num_rows,
                       rg.total_byte_size);
    if (rg.total_compressed_size)
      out += fmt::format(", {} bytes compressed", *rg.total_compressed_size);
    if (rg.file_offset) out += fmt::format(", at offset {}", *rg.file_offset);
    out += "\n";
    if (rg.sorting_columns) {
      for (const SortingColumn& s : *rg.sorting_columns) {
        out += fmt::format("  sorted by column {} {}{}\n", s.column_idx,
                           s.descending ? "descending" : "ascending",
                           s.nulls_first ? ", nulls first" : ", nulls last");
      }
    }
    for (size_t c = 0; c < rg.columns.size(); ++c) {
      const ColumnChunk& cc = rg.columns[c];
      const SchemaNode& leaf = schema.column(static_cast<int>(c));
      const ColumnMetaData& m = *cc.meta_data;
      out += fmt::format("  column {} {} ({})\n", c, JoinPath(leaf.path), TypeText(leaf));
      std::string encodings;
      for (size_t i = 0; i < m.encodings.size(); ++i) {
        encodings += (i ? " " : "") + EncodingName(m.encodings[i]);
      }
      out += fmt::format("    codec {}, encodings {}, {} values\n", CodecName(m.codec), encodings,
                         m.num_values);
      out += fmt::format("    {} bytes compressed, {} bytes uncompressed\n",
                         m.total_compressed_size, m.total_uncompressed_size);
      out += fmt::format("    data page at {}", m.data_page_offset);
      if (m.dictionary_page_offset)
        out += fmt::format(", dictionary page at {}", *m.dictionary_page_offset);
      if (m.bloom_filter_offset) out += fmt::format(", bloom filter at {}", *m.bloom_filter_offset);
      if (cc.column_index_offset)
        out += fmt::format(", column index at {}", *cc.column_index_offset);
      if (cc.offset_index_offset)
        out += fmt::format(", offset index at {}", *cc.offset_index_offset);
      out += "\n";
      if (m.statistics) {
        std::string stats = StatsText(*m.statistics, reader.metadata().schema[leaf.index]);
        if (!stats.empty()) out += "    statistics: " + stats + "\n";
      }
    }
  }
  return out;
}

FLOE_REGISTER_COMMAND(
    parquet_meta,
    Command{
        .name = "parquet meta",
        .summary = "print a Parquet file's footer: row groups, columns, codecs, statistics",
        .usage = "floe parquet meta <file> [--json]",
        .details =
            "Reads only the footer. --json prints the FileMetaData with parquet.thrift's field\n"
            "names in snake_case (enums by name, statistics typed by the column's schema).",
        .example = "  floe parquet meta data/00000-0-a.parquet\n"
                   "  floe parquet meta data/00000-0-a.parquet --json",
        .options = {{"--json", "", "print the FileMetaData as one JSON document"}},
        .min_positionals = 1,
        .max_positionals = 1,
        .run = [](const Invocation& inv) -> Status {
          auto io = io::LocalFileIO();
          FLOE_ASSIGN_OR_RETURN(auto reader, FileReader::Open(*io, inv.args.positionals()[0]));
          if (inv.args.Has("--json")) {
            MetadataJsonOptions options;
            options.metadata_length = reader->metadata_length();
            Print(FileMetaDataToJson(reader->metadata(), options) + "\n");
          } else {
            Print(MetaText(*reader));
          }
          return Ok();
        },
    });

}  // namespace
}  // namespace floe::cli
