// Reading the Parquet Variant binary encoding (parquet-format VariantEncoding.md): a metadata
// dictionary of field names and a self-describing value (primitive, short string, object, array).
// VariantMetadata and VariantValue are views over bytes the caller keeps alive; nested values of
// an object or array are views into the same bytes, sharing the metadata. Every accessor checks
// its bounds and returns Corrupt naming what is wrong, so bad bytes never read out of range.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "floe/util/result.h"

namespace floe::columnar::variant {

enum class BasicType : uint8_t { kPrimitive = 0, kShortString = 1, kObject = 2, kArray = 3 };

// The primitive type ids of the spec's "Variant primitive types" table.
enum class PrimitiveType : uint8_t {
  kNull = 0,
  kTrue = 1,
  kFalse = 2,
  kInt8 = 3,
  kInt16 = 4,
  kInt32 = 5,
  kInt64 = 6,
  kDouble = 7,
  kDecimal4 = 8,
  kDecimal8 = 9,
  kDecimal16 = 10,
  kDate = 11,
  kTimestamp = 12,     // micros, UTC
  kTimestampNtz = 13,  // micros, no zone
  kFloat = 14,
  kBinary = 15,
  kString = 16,
  kTimeNtz = 17,         // micros since midnight
  kTimestampNanos = 18,  // nanos, UTC
  kTimestampNtzNanos = 19,
  kUuid = 20,
};

// What a value is, with short strings and long strings folded into kString (the spec's
// equivalence classes for strings; numbers keep their physical width).
enum class ValueKind : uint8_t {
  kNull,
  kBoolean,
  kInt8,
  kInt16,
  kInt32,
  kInt64,
  kDouble,
  kDecimal,  // decimal4, decimal8 or decimal16
  kDate,
  kTimestamp,
  kTimestampNtz,
  kFloat,
  kBinary,
  kString,
  kTime,
  kTimestampNanos,
  kTimestampNtzNanos,
  kUuid,
  kObject,
  kArray,
};

class VariantMetadata {
 public:
  // Parses the header and the offsets; Corrupt when they do not fit the bytes.
  static Result<VariantMetadata> Make(std::string_view bytes);

  uint32_t size() const { return size_; }
  bool sorted() const { return sorted_; }
  // Dictionary string `id`; Corrupt when out of range.
  Result<std::string_view> Key(uint32_t id) const;
  // The id of `key`, if the dictionary holds it.
  std::optional<uint32_t> Find(std::string_view key) const;
  std::string_view bytes() const { return bytes_; }

 private:
  std::string_view bytes_;
  uint32_t size_ = 0;
  int offset_size_ = 1;
  bool sorted_ = false;
  size_t offsets_start_ = 0;
  size_t strings_start_ = 0;
};

struct Decimal {
  __int128 unscaled = 0;
  int scale = 0;
};

class VariantValue {
 public:
  // The value at the start of `bytes`, which may be longer than the value.
  static Result<VariantValue> Make(const VariantMetadata* metadata, std::string_view bytes);

  ValueKind kind() const { return kind_; }
  BasicType basic_type() const { return basic_; }
  const VariantMetadata& metadata() const { return *metadata_; }
  // The bytes of this value only (header included).
  std::string_view bytes() const { return bytes_; }

  bool GetBoolean() const;             // kBoolean
  int64_t GetInt() const;              // kInt8..kInt64
  double GetDouble() const;            // kDouble
  float GetFloat() const;              // kFloat
  Decimal GetDecimal() const;          // kDecimal
  int32_t GetDate() const;             // kDate: days since 1970-01-01
  int64_t GetTemporal() const;         // kTimestamp*, kTime: the 8-byte count
  std::string_view GetString() const;  // kString (valid UTF-8 is not checked here)
  std::string_view GetBinary() const;  // kBinary
  std::string_view GetUuid() const;    // kUuid: 16 bytes, big-endian

  // Objects and arrays.
  uint32_t num_elements() const { return num_elements_; }
  // Array element i.
  Result<VariantValue> Element(uint32_t i) const;
  // Object field i in the object's (sorted) order: its name and value.
  Result<std::string_view> FieldName(uint32_t i) const;
  Result<VariantValue> FieldValue(uint32_t i) const;
  // The field named `name` (binary search over the sorted field names), if present.
  Result<std::optional<VariantValue>> Field(std::string_view name) const;

 private:
  Result<VariantValue> Child(uint32_t i) const;

  const VariantMetadata* metadata_ = nullptr;
  std::string_view bytes_;
  BasicType basic_ = BasicType::kPrimitive;
  ValueKind kind_ = ValueKind::kNull;
  uint8_t primitive_ = 0;
  // Objects and arrays.
  uint32_t num_elements_ = 0;
  int id_size_ = 0;
  int offset_size_ = 0;
  size_t ids_start_ = 0;
  size_t offsets_start_ = 0;
  size_t values_start_ = 0;
};

// Checks the whole value: every nested element and field inside its parent's bytes, every field
// id in the dictionary, object fields sorted by name without duplicates, nesting at most
// `max_depth` deep. Corrupt naming the first fault.
Status Validate(const VariantValue& value, int max_depth = 500);

// Little-endian unsigned integer of `n` (1..4) bytes.
uint32_t ReadUnsigned(const char* p, int n);

// The name of a kind as Spark's schema_of_variant prints it ("BIGINT", "STRING", "OBJECT", …);
// decimals need the value and are printed by the caller.
std::string_view KindName(ValueKind kind);

}  // namespace floe::columnar::variant
