#include "floe/write/parquet_write_properties.h"

#include "floe/commit/table_properties.h"
#include "floe/util/ascii.h"

namespace floe::write {

Result<parquet::CompressionCodec> ParquetCodecFromName(std::string_view name) {
  std::string n = AsciiLower(name);
  if (n == "zstd") return parquet::CompressionCodec::kZstd;
  if (n == "gzip") return parquet::CompressionCodec::kGzip;
  if (n == "snappy") return parquet::CompressionCodec::kSnappy;
  if (n == "brotli") return parquet::CompressionCodec::kBrotli;
  if (n == "lz4") return parquet::CompressionCodec::kLz4Raw;
  if (n == "uncompressed" || n == "none") return parquet::CompressionCodec::kUncompressed;
  return InvalidArgument(
      "unknown Parquet codec \"{}\": expected zstd, gzip, snappy, brotli, lz4 or uncompressed",
      name);
}

Result<parquet::ParquetWriterOptions> ParquetWriterOptionsFromProperties(
    const std::map<std::string, std::string>& properties) {
  parquet::ParquetWriterOptions o;
  FLOE_ASSIGN_OR_RETURN(std::string_view codec, commit::kParquetCompressionCodec.Get(properties));
  FLOE_ASSIGN_OR_RETURN(o.columns.codec, ParquetCodecFromName(codec));
  FLOE_ASSIGN_OR_RETURN(o.columns.compression_level,
                        commit::kParquetCompressionLevel.Get(properties));
  FLOE_ASSIGN_OR_RETURN(o.row_group_bytes, commit::kParquetRowGroupSizeBytes.Get(properties));
  FLOE_ASSIGN_OR_RETURN(o.columns.page_bytes, commit::kParquetPageSizeBytes.Get(properties));
  FLOE_ASSIGN_OR_RETURN(o.columns.page_row_limit, commit::kParquetPageRowLimit.Get(properties));
  FLOE_ASSIGN_OR_RETURN(o.columns.dictionary_page_bytes,
                        commit::kParquetDictSizeBytes.Get(properties));
  FLOE_ASSIGN_OR_RETURN(std::string_view page_version, commit::kParquetPageVersion.Get(properties));
  o.columns.data_page_v2 = page_version == "v2";
  std::map<std::string, double> fpp;
  std::vector<std::string> bloom_columns;
  for (const auto& [key, value] : properties) {
    if (auto column = commit::kParquetBloomFilterEnabledColumn.ColumnOf(key)) {
      FLOE_ASSIGN_OR_RETURN(bool enabled,
                            commit::kParquetBloomFilterEnabledColumn.For(key).Parse(value));
      if (enabled) bloom_columns.emplace_back(*column);
    } else if (auto fpp_column = commit::kParquetBloomFilterFppColumn.ColumnOf(key)) {
      FLOE_ASSIGN_OR_RETURN(fpp[std::string(*fpp_column)],
                            commit::kParquetBloomFilterFppColumn.For(key).Parse(value));
    }
  }
  for (const std::string& column : bloom_columns) {
    auto it = fpp.find(column);
    o.bloom_filter_fpp[column] =
        it == fpp.end() ? commit::kParquetBloomFilterFppColumn.value.default_value : it->second;
  }
  return o;
}

}  // namespace floe::write
