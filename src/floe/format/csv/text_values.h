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
// Other types (binary, fixed, uuid, nested) are not read from text: CanReadTextAs is false.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/data_type.h"
#include "floe/util/result.h"

namespace floe::textformat {

bool CanReadTextAs(const columnar::DataType& type);

// Two of those readings, shared with type inference (text_columns.h): a long, a boolean.
std::optional<int64_t> ReadLongText(std::string_view text);
std::optional<bool> ReadBooleanText(std::string_view text);

// Appends `text` read as `type` to `builder` (made for that type); InvalidArgument
// `"12.345" is not a valid decimal(10, 2) value (more than 2 fraction digits)` when it does not
// read.
Status AppendTextAs(const columnar::DataType& type, std::string_view text,
                    columnar::ArrayBuilder* builder);

}  // namespace floe::textformat
