// The text of one value of an array, in the forms of docs/cli.md "Output": as a JSON value (NDJSON
// rows), as plain text (table cells) and as an RFC 4180 CSV field.
//
// JSON forms: integers exact; floats as the shortest text that reads back to the same value in the
// column's own width (float16, float32, float64), always with a "." or an exponent ("1.0", "-0.0",
// "1e+300"), NaN and infinities as the strings "NaN", "Infinity", "-Infinity"; decimals as strings
// keeping their scale ("1.50"); strings with invalid UTF-8 replaced by U+FFFD; binary and fixed as
// lowercase hex strings; UUIDs canonical; dates "YYYY-MM-DD"; times "HH:MM:SS.ffffff" (9 digits for
// nanoseconds); timestamps "YYYY-MM-DDTHH:MM:SS.ffffff" (9 digits for nanoseconds) with "+00:00"
// when the type has a zone (values are UTC instants); years outside 0001-9999 as "+YYYYYY" or
// "-YYYYYY"; structs as objects, lists as arrays, maps as arrays of {"key": …, "value": …}.
//
// UUIDs: a fixed_size_binary(16) column holds UUIDs when its Field says so with the Arrow extension
// convention, metadata `ARROW:extension:name` = `arrow.uuid` (IsUuidField). Nested fields are
// checked the same way; a top-level column's Field is outside the array, so the caller passes
// ValueTextOptions::uuid.
//
// Every function returns false when a string held invalid UTF-8 (replaced by U+FFFD), so that the
// caller can print one warning per run.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "floe/columnar/array.h"
#include "floe/columnar/data_type.h"

namespace floe::columnar {

inline constexpr std::string_view kExtensionNameKey = "ARROW:extension:name";
inline constexpr std::string_view kUuidExtensionName = "arrow.uuid";

// A fixed_size_binary(16) field whose metadata names the arrow.uuid extension.
bool IsUuidField(const Field& field);
// Returns a copy of `field` marked as arrow.uuid.
Field WithUuidExtension(Field field);

struct ValueTextOptions {
  // The array itself is a fixed_size_binary(16) column of UUIDs (IsUuidField of its Field).
  bool uuid = false;
};

// Appends the JSON text of element `row` of `array` ("null" for a null).
bool AppendJsonValue(const ArrayData& array, int64_t row, std::string* out,
                     const ValueTextOptions& options = {});

// Appends the plain text of element `row`: what JSON gives for numbers, booleans and nested
// values, and the unquoted text of strings, decimals, hex, UUIDs, dates and times; NaN and
// infinities bare. Appends nothing for a null.
bool AppendValueText(const ArrayData& array, int64_t row, std::string* out,
                     const ValueTextOptions& options = {});

// Appends element `row` as one CSV field: the plain text, quoted when it holds a comma, a quote,
// CR or LF (inner quotes doubled); an empty field for a null, `""` for an empty string or binary.
bool AppendCsvField(const ArrayData& array, int64_t row, std::string* out,
                    const ValueTextOptions& options = {});

// Appends `text` as a CSV field (RFC 4180 quoting as above; empty text stays an empty field).
void AppendCsvText(std::string_view text, std::string* out);

// True for the types whose text reads best right-aligned in a table (numbers and decimals).
bool IsNumericType(const DataType& type);

}  // namespace floe::columnar
