// floe's columnar data types, laid out as the Arrow C Data Interface describes them
// (https://arrow.apache.org/docs/format/CDataInterface.html): the timestamp unit and zone live in
// the type, decimals are decimal128, uuid is fixed_size_binary(16), a map is
// list<struct<key, value>>. Each Field carries a metadata map; `PARQUET:field_id` holds the id.
// Types are immutable and shared (DataTypePtr). This layer knows nothing of Iceberg or Parquet.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace floe::columnar {

enum class TypeId {
  kNull,
  kBool,
  kInt8,
  kInt16,
  kInt32,
  kInt64,
  kUInt8,
  kUInt16,
  kUInt32,
  kUInt64,
  kFloat16,  // stored as uint16 bits
  kFloat32,
  kFloat64,
  kString,  // utf8, int32 offsets
  kBinary,  // int32 offsets
  kFixedSizeBinary,
  kDecimal128,  // 16-byte little-endian two's complement
  kDate32,      // days since 1970-01-01
  kTime32,      // seconds or milliseconds since midnight
  kTime64,      // microseconds or nanoseconds since midnight
  kTimestamp,   // int64 in `unit` since the epoch; zone "" = no zone (local/naive)
  kStruct,
  kList,  // int32 offsets
  kMap,   // list<entries: struct<key, value>>
};

enum class TimeUnit { kSecond, kMilli, kMicro, kNano };

// Ordered key/value pairs (the C interface keeps the order).
using KeyValueMetadata = std::vector<std::pair<std::string, std::string>>;

inline constexpr std::string_view kFieldIdKey = "PARQUET:field_id";

class DataType;
using DataTypePtr = std::shared_ptr<const DataType>;

struct Field {
  std::string name;
  DataTypePtr type;
  bool nullable = true;
  KeyValueMetadata metadata;

  Field() = default;
  Field(std::string name, DataTypePtr type, bool nullable = true, KeyValueMetadata metadata = {})
      : name(std::move(name)),
        type(std::move(type)),
        nullable(nullable),
        metadata(std::move(metadata)) {}

  // The value stored under `key`, or nullptr.
  const std::string* FindMetadata(std::string_view key) const;
  // `PARQUET:field_id` parsed as an int32, if present and well formed.
  std::optional<int32_t> field_id() const;
  // Returns a copy with `PARQUET:field_id` set (replacing any earlier value).
  Field WithFieldId(int32_t id) const;

  bool Equals(const Field& other, bool check_metadata = true) const;
};

class DataType {
 public:
  TypeId id() const { return id_; }
  // Bits per value of fixed-width types (bool 1, int32 32, decimal128 128, fixed_size_binary
  // 8*width); 0 for variable-width and nested types.
  int bit_width() const;
  // Bytes per value of fixed-width types other than bool; 0 otherwise.
  int byte_width() const { return byte_width_; }
  TimeUnit unit() const { return unit_; }                    // time32, time64, timestamp
  const std::string& timezone() const { return timezone_; }  // timestamp; "" = none
  int precision() const { return precision_; }               // decimal128
  int scale() const { return scale_; }                       // decimal128
  bool keys_sorted() const { return keys_sorted_; }          // map
  // A struct<metadata: binary, value: binary> holding Parquet Variant values (Arrow's canonical
  // extension type arrow.parquet.variant): both children non-nullable, a NULL variant is a null
  // struct slot. The bytes are the Variant binary encoding (columnar/variant/).
  bool is_variant() const { return variant_; }

  // struct: its fields; list: one (the element); map: one, the non-nullable "entries" struct
  // whose two fields are key and value.
  const std::vector<Field>& children() const { return children_; }
  int num_children() const { return static_cast<int>(children_.size()); }
  const Field& child(int i) const { return children_[static_cast<size_t>(i)]; }
  // list: the element field; map: the key and value fields.
  const Field& value_field() const { return children_[0]; }
  const Field& key_field() const { return children_[0].type->children_[0]; }
  const Field& item_field() const { return children_[0].type->children_[1]; }

  bool is_nested() const {
    return id_ == TypeId::kStruct || id_ == TypeId::kList || id_ == TypeId::kMap;
  }
  bool is_binary_like() const { return id_ == TypeId::kString || id_ == TypeId::kBinary; }

  bool Equals(const DataType& other, bool check_metadata = true) const;
  // Human-readable form: "int64", "timestamp[us, tz=UTC]", "struct<a: int32, b: list<...>>".
  std::string ToString() const;

  // Factories (see the free functions below).
  static DataTypePtr Make(TypeId id);

 private:
  friend DataTypePtr FixedSizeBinary(int32_t byte_width);
  friend DataTypePtr Decimal128(int32_t precision, int32_t scale);
  friend DataTypePtr Time32(TimeUnit unit);
  friend DataTypePtr Time64(TimeUnit unit);
  friend DataTypePtr Timestamp(TimeUnit unit, std::string timezone);
  friend DataTypePtr Struct(std::vector<Field> fields);
  friend DataTypePtr List(Field element);
  friend DataTypePtr Map(Field key, Field value, bool keys_sorted);
  friend DataTypePtr Variant();

  explicit DataType(TypeId id);

  TypeId id_;
  int byte_width_ = 0;
  TimeUnit unit_ = TimeUnit::kMicro;
  std::string timezone_;
  int precision_ = 0;
  int scale_ = 0;
  bool keys_sorted_ = false;
  bool variant_ = false;
  std::vector<Field> children_;
};

DataTypePtr Null();
DataTypePtr Boolean();
DataTypePtr Int8();
DataTypePtr Int16();
DataTypePtr Int32();
DataTypePtr Int64();
DataTypePtr UInt8();
DataTypePtr UInt16();
DataTypePtr UInt32();
DataTypePtr UInt64();
DataTypePtr Float16();
DataTypePtr Float32();
DataTypePtr Float64();
DataTypePtr Utf8();
DataTypePtr Binary();
DataTypePtr FixedSizeBinary(int32_t byte_width);
inline DataTypePtr Uuid() { return FixedSizeBinary(16); }
// precision 1..38, scale 0..precision (the caller checks; see Decimal128Valid).
DataTypePtr Decimal128(int32_t precision, int32_t scale);
bool Decimal128Valid(int32_t precision, int32_t scale);
DataTypePtr Date32();
DataTypePtr Time32(TimeUnit unit);  // kSecond or kMilli
DataTypePtr Time64(TimeUnit unit);  // kMicro or kNano
DataTypePtr Timestamp(TimeUnit unit, std::string timezone = "");
DataTypePtr Struct(std::vector<Field> fields);
DataTypePtr List(Field element);
// The entries struct is named "entries"; the key field is made non-nullable.
DataTypePtr Map(Field key, Field value, bool keys_sorted = false);
// The variant type: a struct whose children are "metadata" and "value" (binary, non-nullable).
DataTypePtr Variant();

std::string_view TimeUnitSuffix(TimeUnit unit);  // "s", "ms", "us", "ns"

}  // namespace floe::columnar
