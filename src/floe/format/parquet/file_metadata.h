// The file footer of parquet.thrift as plain structs: FileMetaData with its schema elements, row
// groups, column chunks and column metadata. Members carry parquet.thrift's names in snake_case
// (logicalType -> logical_type, isAdjustedToUTC -> is_adjusted_to_utc) and its field ids in the
// comments. Optional fields are std::optional; fields a newer writer adds are skipped on decode.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/format/parquet/statistics.h"
#include "floe/format/parquet/types.h"
#include "floe/util/result.h"

namespace floe::parquet {

// The LogicalType union: `kind` is the member that is set (its field id in the union).
struct LogicalType {
  enum class Kind : int32_t {
    kUnrecognized = 0,  // a member this version of floe does not know (a newer writer's)
    kString = 1,
    kMap = 2,
    kList = 3,
    kEnum = 4,
    kDecimal = 5,
    kDate = 6,
    kTime = 7,
    kTimestamp = 8,
    kInteger = 10,
    kUnknown = 11,  // always-null column ("NullType")
    kJson = 12,
    kBson = 13,
    kUuid = 14,
    kFloat16 = 15,
    kVariant = 16,
    kGeometry = 17,
    kGeography = 18,
    kVector = 19,
  };
  Kind kind = Kind::kUnrecognized;
  int16_t unrecognized_id = 0;  // the union member id when kind is kUnrecognized

  int32_t scale = 0;                                    // DECIMAL
  int32_t precision = 0;                                // DECIMAL
  bool is_adjusted_to_utc = false;                      // TIME, TIMESTAMP
  TimeUnit unit = TimeUnit::kMillis;                    // TIME, TIMESTAMP
  int8_t bit_width = 0;                                 // INTEGER
  bool is_signed = true;                                // INTEGER
  std::optional<int8_t> specification_version;          // VARIANT
  std::optional<std::string> crs;                       // GEOMETRY, GEOGRAPHY
  std::optional<EdgeInterpolationAlgorithm> algorithm;  // GEOGRAPHY
};

// "STRING", "TIMESTAMP", ... as parquet.thrift names the union members ("UNRECOGNIZED(<id>)").
std::string LogicalTypeKindName(const LogicalType& t);

struct SchemaElement {
  std::optional<Type> type;                            // 1
  std::optional<int32_t> type_length;                  // 2
  std::optional<FieldRepetitionType> repetition_type;  // 3
  std::string name;                                    // 4 (required)
  std::optional<int32_t> num_children;                 // 5
  std::optional<ConvertedType> converted_type;         // 6
  std::optional<int32_t> scale;                        // 7
  std::optional<int32_t> precision;                    // 8
  std::optional<int32_t> field_id;                     // 9
  std::optional<LogicalType> logical_type;             // 10
  std::optional<int32_t> vector_length;                // 11
};

struct KeyValue {
  std::string key;                   // 1
  std::optional<std::string> value;  // 2
};

struct SortingColumn {
  int32_t column_idx = 0;    // 1
  bool descending = false;   // 2
  bool nulls_first = false;  // 3
};

struct PageEncodingStats {
  PageType page_type = PageType::kDataPage;  // 1
  Encoding encoding = Encoding::kPlain;      // 2
  int32_t count = 0;                         // 3
};

struct SizeStatistics {
  std::optional<int64_t> unencoded_byte_array_data_bytes;          // 1
  std::optional<std::vector<int64_t>> repetition_level_histogram;  // 2
  std::optional<std::vector<int64_t>> definition_level_histogram;  // 3
};

struct BoundingBox {
  double xmin = 0, xmax = 0, ymin = 0, ymax = 0;  // 1-4
  std::optional<double> zmin, zmax, mmin, mmax;   // 5-8
};

struct GeospatialStatistics {
  std::optional<BoundingBox> bbox;                       // 1
  std::optional<std::vector<int32_t>> geospatial_types;  // 2
};

struct ColumnMetaData {
  Type type = Type::kBoolean;                                    // 1
  std::vector<Encoding> encodings;                               // 2
  std::vector<std::string> path_in_schema;                       // 3
  CompressionCodec codec = CompressionCodec::kUncompressed;      // 4
  int64_t num_values = 0;                                        // 5
  int64_t total_uncompressed_size = 0;                           // 6
  int64_t total_compressed_size = 0;                             // 7
  std::optional<std::vector<KeyValue>> key_value_metadata;       // 8
  int64_t data_page_offset = 0;                                  // 9
  std::optional<int64_t> index_page_offset;                      // 10
  std::optional<int64_t> dictionary_page_offset;                 // 11
  std::optional<Statistics> statistics;                          // 12
  std::optional<std::vector<PageEncodingStats>> encoding_stats;  // 13
  std::optional<int64_t> bloom_filter_offset;                    // 14
  std::optional<int32_t> bloom_filter_length;                    // 15
  std::optional<SizeStatistics> size_statistics;                 // 16
  std::optional<GeospatialStatistics> geospatial_statistics;     // 17
};

// ColumnCryptoMetaData union: only which member is set and the column key's metadata are kept.
struct ColumnCryptoMetaData {
  bool with_footer_key = false;             // 1: ENCRYPTION_WITH_FOOTER_KEY
  std::vector<std::string> path_in_schema;  // 2: ENCRYPTION_WITH_COLUMN_KEY.path_in_schema
  std::optional<std::string> key_metadata;  // 2: ENCRYPTION_WITH_COLUMN_KEY.key_metadata
};

struct ColumnChunk {
  std::optional<std::string> file_path;                  // 1
  int64_t file_offset = 0;                               // 2
  std::optional<ColumnMetaData> meta_data;               // 3
  std::optional<int64_t> offset_index_offset;            // 4
  std::optional<int32_t> offset_index_length;            // 5
  std::optional<int64_t> column_index_offset;            // 6
  std::optional<int32_t> column_index_length;            // 7
  std::optional<ColumnCryptoMetaData> crypto_metadata;   // 8
  std::optional<std::string> encrypted_column_metadata;  // 9
};

struct RowGroup {
  std::vector<ColumnChunk> columns;                           // 1
  int64_t total_byte_size = 0;                                // 2
  int64_t num_rows = 0;                                       // 3
  std::optional<std::vector<SortingColumn>> sorting_columns;  // 4
  std::optional<int64_t> file_offset;                         // 5
  std::optional<int64_t> total_compressed_size;               // 6
  std::optional<int16_t> ordinal;                             // 7
};

// ColumnOrder union member: 1 TYPE_ORDER, 2 IEEE_754_TOTAL_ORDER, 3 INT96_TIMESTAMP_ORDER, or the
// id of a member floe does not know (then min/max statistics must be ignored).
struct ColumnOrder {
  int16_t kind = 0;
};
std::string ColumnOrderName(const ColumnOrder& order);

// EncryptionAlgorithm union (AES_GCM_V1 = 1, AES_GCM_CTR_V1 = 2).
struct EncryptionAlgorithm {
  int16_t kind = 0;
  std::optional<std::string> aad_prefix;
  std::optional<std::string> aad_file_unique;
  std::optional<bool> supply_aad_prefix;
};

struct FileMetaData {
  int32_t version = 0;                                      // 1
  std::vector<SchemaElement> schema;                        // 2
  int64_t num_rows = 0;                                     // 3
  std::vector<RowGroup> row_groups;                         // 4
  std::optional<std::vector<KeyValue>> key_value_metadata;  // 5
  std::optional<std::string> created_by;                    // 6
  std::optional<std::vector<ColumnOrder>> column_orders;    // 7
  std::optional<EncryptionAlgorithm> encryption_algorithm;  // 8
  std::optional<std::string> footer_signing_key_metadata;   // 9
};

// Decodes a FileMetaData from the Thrift bytes of a footer (without the length and magic).
// Missing required fields and bad bytes are kCorrupt errors.
Result<FileMetaData> DecodeFileMetaData(std::string_view bytes);

namespace thrift {
class CompactReader;
}
Status DecodeLogicalType(thrift::CompactReader& r, LogicalType* out);
Status DecodeKeyValue(thrift::CompactReader& r, KeyValue* out);

}  // namespace floe::parquet
