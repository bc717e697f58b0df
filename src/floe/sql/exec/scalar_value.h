// One SQL value outside an array: a literal, an aggregate's state, a group key, the argument of a
// function evaluated row by row. The value's meaning comes from the DataType it travels with:
//   NULL                 std::monostate
//   boolean              bool
//   integers, date32 (days), time64 (micros), timestamps (in their unit)   int64_t
//   float32, float64     double
//   decimal128           __int128, the unscaled value (the type holds precision and scale)
//   string, binary, fixed_size_binary   std::string (the bytes)
// Nested values (struct, list, map) are never Scalars: they stay in arrays (CopyValue copies one).
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "floe/columnar/array.h"
#include "floe/columnar/array_builder.h"
#include "floe/columnar/data_type.h"
#include "floe/util/result.h"

namespace floe::sql {

struct Scalar {
  std::variant<std::monostate, bool, int64_t, double, __int128, std::string> value;

  Scalar() = default;
  static Scalar Null() { return Scalar(); }
  static Scalar Bool(bool v) { return Scalar(v); }
  static Scalar Int(int64_t v) { return Scalar(v); }
  static Scalar Double(double v) { return Scalar(v); }
  static Scalar Decimal(__int128 v) { return Scalar(v); }
  static Scalar String(std::string v) { return Scalar(std::move(v)); }

  bool is_null() const { return std::holds_alternative<std::monostate>(value); }
  bool as_bool() const { return std::get<bool>(value); }
  int64_t as_int() const { return std::get<int64_t>(value); }
  double as_double() const { return std::get<double>(value); }
  __int128 as_decimal() const { return std::get<__int128>(value); }
  const std::string& as_string() const { return std::get<std::string>(value); }

  bool operator==(const Scalar&) const = default;

 private:
  template <typename T>
  explicit Scalar(T v) : value(std::move(v)) {}
};

// The value at `row` of a non-nested array (InvalidArgument for struct, list and map).
Result<Scalar> ScalarAt(const columnar::ArrayData& array, int64_t row);

// Appends `value` to a builder made by columnar::MakeBuilder for a non-nested type; the Scalar's
// alternative must be the one the type holds (see above), or null.
Status AppendScalar(columnar::ArrayBuilder& builder, const Scalar& value);

// An array of `length` copies of `value` (nested types: only a null value).
Result<columnar::ArrayPtr> ScalarArray(const columnar::DataTypePtr& type, const Scalar& value,
                                       int64_t length);

// Appends element `row` of `source` to `builder` (same type; any type, nested ones included).
Status CopyValue(const columnar::ArrayData& source, int64_t row, columnar::ArrayBuilder& builder);

// Total order used by ORDER BY, min/max and sort-based code, for two non-null values of the same
// type: numbers numerically (NaN above every other value and equal to itself, as Spark orders
// it; -0.0 = 0.0), strings and binary as unsigned bytes, booleans false < true.
int CompareScalars(const Scalar& a, const Scalar& b);

// Compares elements of two arrays of the same type (any type; nested ones element by element).
// Nulls: `nulls_first` decides; two nulls are equal.
int CompareValues(const columnar::ArrayData& a, int64_t i, const columnar::ArrayData& b, int64_t j,
                  bool nulls_first = true);

// Appends a byte encoding of element `row` to `key`: equal values (NULL = NULL, NaN = NaN,
// -0.0 = 0.0) give equal bytes, different values different bytes. Grouping, DISTINCT and join
// keys use it.
void AppendKeyBytes(const columnar::ArrayData& array, int64_t row, std::string* key);

}  // namespace floe::sql
