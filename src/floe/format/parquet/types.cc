#include "floe/format/parquet/types.h"

#include <array>
#include <string_view>

namespace floe::parquet {
namespace {

template <size_t N>
std::string NameOf(const std::array<std::string_view, N>& names, int32_t v) {
  if (v >= 0 && static_cast<size_t>(v) < N && !names[v].empty()) return std::string(names[v]);
  return std::to_string(v);
}

}  // namespace

std::string TypeName(Type v) {
  static constexpr std::array<std::string_view, 8> kNames = {
      "BOOLEAN", "INT32",  "INT64",      "INT96",
      "FLOAT",   "DOUBLE", "BYTE_ARRAY", "FIXED_LEN_BYTE_ARRAY"};
  return NameOf(kNames, static_cast<int32_t>(v));
}

std::string ConvertedTypeName(ConvertedType v) {
  static constexpr std::array<std::string_view, 22> kNames = {"UTF8",
                                                              "MAP",
                                                              "MAP_KEY_VALUE",
                                                              "LIST",
                                                              "ENUM",
                                                              "DECIMAL",
                                                              "DATE",
                                                              "TIME_MILLIS",
                                                              "TIME_MICROS",
                                                              "TIMESTAMP_MILLIS",
                                                              "TIMESTAMP_MICROS",
                                                              "UINT_8",
                                                              "UINT_16",
                                                              "UINT_32",
                                                              "UINT_64",
                                                              "INT_8",
                                                              "INT_16",
                                                              "INT_32",
                                                              "INT_64",
                                                              "JSON",
                                                              "BSON",
                                                              "INTERVAL"};
  return NameOf(kNames, static_cast<int32_t>(v));
}

std::string RepetitionName(FieldRepetitionType v) {
  static constexpr std::array<std::string_view, 4> kNames = {"REQUIRED", "OPTIONAL", "REPEATED",
                                                             "VECTOR"};
  return NameOf(kNames, static_cast<int32_t>(v));
}

std::string EncodingName(Encoding v) {
  static constexpr std::array<std::string_view, 10> kNames = {
      "PLAIN",          "GROUP_VAR_INT",       "PLAIN_DICTIONARY",        "RLE",
      "BIT_PACKED",     "DELTA_BINARY_PACKED", "DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY",
      "RLE_DICTIONARY", "BYTE_STREAM_SPLIT"};
  return NameOf(kNames, static_cast<int32_t>(v));
}

std::string CodecName(CompressionCodec v) {
  static constexpr std::array<std::string_view, 8> kNames = {
      "UNCOMPRESSED", "SNAPPY", "GZIP", "LZO", "BROTLI", "LZ4", "ZSTD", "LZ4_RAW"};
  return NameOf(kNames, static_cast<int32_t>(v));
}

std::string PageTypeName(PageType v) {
  static constexpr std::array<std::string_view, 4> kNames = {"DATA_PAGE", "INDEX_PAGE",
                                                             "DICTIONARY_PAGE", "DATA_PAGE_V2"};
  return NameOf(kNames, static_cast<int32_t>(v));
}

std::string BoundaryOrderName(BoundaryOrder v) {
  static constexpr std::array<std::string_view, 3> kNames = {"UNORDERED", "ASCENDING",
                                                             "DESCENDING"};
  return NameOf(kNames, static_cast<int32_t>(v));
}

std::string EdgeAlgorithmName(EdgeInterpolationAlgorithm v) {
  static constexpr std::array<std::string_view, 5> kNames = {"SPHERICAL", "VINCENTY", "THOMAS",
                                                             "ANDOYER", "KARNEY"};
  return NameOf(kNames, static_cast<int32_t>(v));
}

std::string TimeUnitName(TimeUnit v) {
  static constexpr std::array<std::string_view, 4> kNames = {"", "MILLIS", "MICROS", "NANOS"};
  return NameOf(kNames, static_cast<int32_t>(v));
}

}  // namespace floe::parquet
