#include "floe/write/parquet_write_properties.h"

#include <charconv>

#include "floe/util/ascii.h"

namespace floe::write {

namespace {

constexpr std::string_view kPrefix = "write.parquet.";
constexpr std::string_view kBloomEnabled = "write.parquet.bloom-filter-enabled.column.";
constexpr std::string_view kBloomFpp = "write.parquet.bloom-filter-fpp.column.";

Result<int64_t> PositiveLong(const std::string& key, const std::string& value) {
  int64_t v = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (ec != std::errc() || end != value.data() + value.size() || v <= 0) {
    return InvalidArgument("table property {}: expected a positive integer, got \"{}\"", key,
                           value);
  }
  return v;
}

}  // namespace

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
  std::map<std::string, double> fpp;
  std::vector<std::string> bloom_columns;
  for (const auto& [key, value] : properties) {
    if (key.rfind(kPrefix, 0) != 0) continue;
    std::string_view name = std::string_view(key).substr(kPrefix.size());
    if (name == "compression-codec") {
      auto codec = ParquetCodecFromName(value);
      if (!codec.ok()) return codec.error().WithContext(fmt::format("table property {}", key));
      o.columns.codec = *codec;
    } else if (name == "compression-level") {
      int level = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), level);
      if (ec != std::errc() || end != value.data() + value.size()) {
        return InvalidArgument("table property {}: expected an integer, got \"{}\"", key, value);
      }
      o.columns.compression_level = level;
    } else if (name == "row-group-size-bytes") {
      FLOE_ASSIGN_OR_RETURN(o.row_group_bytes, PositiveLong(key, value));
    } else if (name == "page-size-bytes") {
      FLOE_ASSIGN_OR_RETURN(o.columns.page_bytes, PositiveLong(key, value));
    } else if (name == "page-row-limit") {
      FLOE_ASSIGN_OR_RETURN(o.columns.page_row_limit, PositiveLong(key, value));
    } else if (name == "dict-size-bytes") {
      FLOE_ASSIGN_OR_RETURN(o.columns.dictionary_page_bytes, PositiveLong(key, value));
    } else if (name == "page-version") {
      if (value != "v1" && value != "v2") {
        return InvalidArgument("table property {}: expected v1 or v2, got \"{}\"", key, value);
      }
      o.columns.data_page_v2 = value == "v2";
    } else if (key.rfind(kBloomEnabled, 0) == 0) {
      std::string v = AsciiLower(value);
      if (v != "true" && v != "false") {
        return InvalidArgument("table property {}: expected true or false, got \"{}\"", key, value);
      }
      if (v == "true") bloom_columns.push_back(key.substr(kBloomEnabled.size()));
    } else if (key.rfind(kBloomFpp, 0) == 0) {
      double p = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), p);
      if (ec != std::errc() || end != value.data() + value.size() || !(p > 0 && p < 1)) {
        return InvalidArgument("table property {}: expected a probability in (0, 1), got \"{}\"",
                               key, value);
      }
      fpp[key.substr(kBloomFpp.size())] = p;
    }
  }
  for (const std::string& column : bloom_columns) {
    auto it = fpp.find(column);
    o.bloom_filter_fpp[column] = it == fpp.end() ? 0.01 : it->second;
  }
  return o;
}

}  // namespace floe::write
