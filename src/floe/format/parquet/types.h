// The enums of parquet.thrift (https://github.com/apache/parquet-format,
// src/main/thrift/parquet.thrift) with their numbers as on the wire. A value a newer writer added
// and floe does not know keeps its number (the enums are open: static_cast of any int32), and its
// name prints as that number.
#pragma once

#include <cstdint>
#include <string>

namespace floe::parquet {

enum class Type : int32_t {
  kBoolean = 0,
  kInt32 = 1,
  kInt64 = 2,
  kInt96 = 3,
  kFloat = 4,
  kDouble = 5,
  kByteArray = 6,
  kFixedLenByteArray = 7,
};

enum class ConvertedType : int32_t {
  kUtf8 = 0,
  kMap = 1,
  kMapKeyValue = 2,
  kList = 3,
  kEnum = 4,
  kDecimal = 5,
  kDate = 6,
  kTimeMillis = 7,
  kTimeMicros = 8,
  kTimestampMillis = 9,
  kTimestampMicros = 10,
  kUint8 = 11,
  kUint16 = 12,
  kUint32 = 13,
  kUint64 = 14,
  kInt8 = 15,
  kInt16 = 16,
  kInt32 = 17,
  kInt64 = 18,
  kJson = 19,
  kBson = 20,
  kInterval = 21,
};

enum class FieldRepetitionType : int32_t {
  kRequired = 0,
  kOptional = 1,
  kRepeated = 2,
  kVector = 3,
};

enum class Encoding : int32_t {
  kPlain = 0,
  kGroupVarInt = 1,  // never used; kept so the number prints with a name
  kPlainDictionary = 2,
  kRle = 3,
  kBitPacked = 4,
  kDeltaBinaryPacked = 5,
  kDeltaLengthByteArray = 6,
  kDeltaByteArray = 7,
  kRleDictionary = 8,
  kByteStreamSplit = 9,
};

enum class CompressionCodec : int32_t {
  kUncompressed = 0,
  kSnappy = 1,
  kGzip = 2,
  kLzo = 3,
  kBrotli = 4,
  kLz4 = 5,
  kZstd = 6,
  kLz4Raw = 7,
};

enum class PageType : int32_t {
  kDataPage = 0,
  kIndexPage = 1,
  kDictionaryPage = 2,
  kDataPageV2 = 3,
};

enum class BoundaryOrder : int32_t {
  kUnordered = 0,
  kAscending = 1,
  kDescending = 2,
};

enum class EdgeInterpolationAlgorithm : int32_t {
  kSpherical = 0,
  kVincenty = 1,
  kThomas = 2,
  kAndoyer = 3,
  kKarney = 4,
};

enum class TimeUnit : int32_t {
  kMillis = 1,  // the TimeUnit union's member ids
  kMicros = 2,
  kNanos = 3,
};

// The names parquet.thrift gives ("FIXED_LEN_BYTE_ARRAY", "RLE_DICTIONARY", ...); an unknown
// value prints as its number.
std::string TypeName(Type v);
std::string ConvertedTypeName(ConvertedType v);
std::string RepetitionName(FieldRepetitionType v);
std::string EncodingName(Encoding v);
std::string CodecName(CompressionCodec v);
std::string PageTypeName(PageType v);
std::string BoundaryOrderName(BoundaryOrder v);
std::string EdgeAlgorithmName(EdgeInterpolationAlgorithm v);
std::string TimeUnitName(TimeUnit v);

}  // namespace floe::parquet
