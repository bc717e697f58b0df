// Text values (CSV fields, NDJSON values) read as a column type given by the user instead of an
// inferred one (`floe parquet write --schema`): every non-null value of the column must read as
// that type, or the read fails naming the value.
//   int32, int64               decimal digits with an optional sign, in range
//   float32, float64           decimal or exponent notation; NaN, Infinity, -Infinity (any case);
//                              a float is rounded once, from the text (not through a double)
//   boolean                    true / false (any case)
//   date32                     YYYY-MM-DD
//   time64[us]                 HH:MM[:SS[.ffffff]]
//   timestamp[us|ns]           ISO-8601; with a zone the text must give an offset (Z, ±HH:MM),
//                              without one it must not (the same rule as appends: no guessing)
//   decimal128(p, s)           [+-]digits[.digits], at most s fraction digits and p digits in all
//                              (nothing is rounded away)
//   string                     the text as it is
//   uuid                       8-4-4-4-12 hex digits (any case)
//   binary, fixed(n)           hex digits (two per byte, any case; what `floe scan` prints) or,
//                              with BinaryEncoding::kBase64, base64 (RFC 4648, padding optional);
//                              fixed(n) must give n bytes
//   list, struct, map          JSON text (json_values.h): an array, an object, an object or an
//                              array of {"key": …, "value": …}
// Values of every type but string (and binary) have spaces and tabs around them trimmed. Other
// types (extension types such as geometry and variant, time in nanoseconds, float16) are not
// read from text: CanReadTextAs is false.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/data_type.h"
#include "floe/util/result.h"

namespace floe::textformat {

enum class BinaryEncoding { kHex, kBase64 };

// How text values become values of their declared types (`floe append` options).
struct TextReadOptions {
  BinaryEncoding binary = BinaryEncoding::kHex;
  // The text that is null in a non-string column (as are the empty text and, in CSV, an unquoted
  // empty field in every column).
  std::string null_string = "NULL";
  // null_string is null in string (and binary) columns too: true when the user gave it, as Spark's
  // nullValue and DuckDB's nullstr apply to every column; by default a string column keeps the
  // text "NULL".
  bool null_string_in_strings = false;
};

bool CanReadTextAs(const columnar::DataType& type);
// The same for a field: false for extension types other than arrow.uuid.
bool CanReadTextAs(const columnar::Field& field);
// Whether `text` (non-null so far) reads as null in a column of `field`'s type.
bool ReadsAsNull(const columnar::Field& field, std::string_view text,
                 const TextReadOptions& options);

// Two of those readings, shared with type inference (text_columns.h): a long, a boolean.
std::optional<int64_t> ReadLongText(std::string_view text);
std::optional<bool> ReadBooleanText(std::string_view text);

// Appends `text` read as `type` to `builder` (made for that type); Corrupt (bad data: exit code 5)
// `"12.345" is not a valid decimal(10, 2) value (more than 2 fraction digits)` when it does not
// read.
Status AppendTextAs(const columnar::DataType& type, std::string_view text,
                    columnar::ArrayBuilder* builder);
// The same for a field: a fixed(16) field marked arrow.uuid reads UUID text.
Status AppendTextAs(const columnar::Field& field, std::string_view text,
                    columnar::ArrayBuilder* builder, const TextReadOptions& options = {});

}  // namespace floe::textformat
