// Iceberg data types (spec: "Schemas and Data Types"): primitives, and struct/list/map whose
// fields carry ids. Types are immutable and shared (TypePtr).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "floe/util/result.h"

namespace floe::spec {

enum class TypeId {
  kBoolean,
  kInt,
  kLong,
  kFloat,
  kDouble,
  kDecimal,
  kDate,
  kTime,
  kTimestamp,      // microseconds, no zone
  kTimestampTz,    // microseconds, UTC-adjusted
  kTimestampNs,    // nanoseconds, no zone (v3)
  kTimestampTzNs,  // nanoseconds, UTC-adjusted (v3)
  kString,
  kUuid,
  kFixed,
  kBinary,
  kUnknown,    // v3
  kVariant,    // v3
  kGeometry,   // v3
  kGeography,  // v3
  kStruct,
  kList,
  kMap,
};

class Type;
using TypePtr = std::shared_ptr<const Type>;

struct NestedField {
  int32_t id = 0;
  std::string name;
  bool required = false;
  TypePtr type;
  std::string doc;  // empty: none
  // v3 defaults in their JSON single-value form, kept as JSON text so they round-trip exactly.
  std::optional<std::string> initial_default;
  std::optional<std::string> write_default;

  bool operator==(const NestedField& other) const;
};

class Type {
 public:
  TypeId id() const { return id_; }
  bool is_primitive() const { return id_ < TypeId::kStruct; }
  bool is_nested() const { return !is_primitive(); }
  bool is_struct() const { return id_ == TypeId::kStruct; }
  bool is_list() const { return id_ == TypeId::kList; }
  bool is_map() const { return id_ == TypeId::kMap; }

  int precision() const { return precision_; }                 // decimal
  int scale() const { return scale_; }                         // decimal
  int length() const { return length_; }                       // fixed
  const std::string& crs() const { return crs_; }              // geometry, geography ("" = default)
  const std::string& algorithm() const { return algorithm_; }  // geography ("" = default)

  // struct: its fields; list: one field (the element); map: two fields (key, value).
  const std::vector<NestedField>& fields() const { return fields_; }
  const NestedField& element() const { return fields_[0]; }
  const NestedField& key() const { return fields_[0]; }
  const NestedField& value() const { return fields_[1]; }
  // A struct's field with this id or name (case-sensitive), or nullptr.
  const NestedField* FieldById(int32_t id) const;
  const NestedField* FieldByName(std::string_view name) const;

  // The spec's JSON name for primitives ("decimal(9,2)", "fixed[16]", "timestamptz"); a short
  // readable form for nested types ("list<int>", "map<string, long>", "struct<1: a: optional
  // int>").
  std::string ToString() const;
  bool operator==(const Type& other) const;

  static TypePtr Primitive(TypeId id);  // any primitive without parameters
  static TypePtr Boolean() { return Primitive(TypeId::kBoolean); }
  static TypePtr Int() { return Primitive(TypeId::kInt); }
  static TypePtr Long() { return Primitive(TypeId::kLong); }
  static TypePtr Float() { return Primitive(TypeId::kFloat); }
  static TypePtr Double() { return Primitive(TypeId::kDouble); }
  static TypePtr Date() { return Primitive(TypeId::kDate); }
  static TypePtr Time() { return Primitive(TypeId::kTime); }
  static TypePtr Timestamp() { return Primitive(TypeId::kTimestamp); }
  static TypePtr TimestampTz() { return Primitive(TypeId::kTimestampTz); }
  static TypePtr String() { return Primitive(TypeId::kString); }
  static TypePtr Uuid() { return Primitive(TypeId::kUuid); }
  static TypePtr Binary() { return Primitive(TypeId::kBinary); }
  static TypePtr Decimal(int precision, int scale);
  static TypePtr Fixed(int length);
  static TypePtr Geometry(std::string crs);
  static TypePtr Geography(std::string crs, std::string algorithm);
  static TypePtr Struct(std::vector<NestedField> fields);
  static TypePtr List(NestedField element);
  static TypePtr Map(NestedField key, NestedField value);

 private:
  explicit Type(TypeId id) : id_(id) {}

  TypeId id_;
  int precision_ = 0;
  int scale_ = 0;
  int length_ = 0;
  std::string crs_;
  std::string algorithm_;
  std::vector<NestedField> fields_;
};

// Parses a primitive type's spec name: "long", "decimal(9, 2)", "fixed[16]", "timestamp_ns",
// "geometry(srid:4326)", "geography(srid:4326, karney)". Unknown names are corrupt input.
Result<TypePtr> ParsePrimitiveType(std::string_view name);

// The format version that first allows this type (1 for v1 types, 3 for v3 types).
int MinFormatVersion(TypeId id);

}  // namespace floe::spec
