// Variants as JSON text, both ways (Spark 4's to_json and parse_json).
//
// Printing: objects in their (sorted) field order, arrays, strings escaped, integers exact,
// decimals with their scale ("1.50"), doubles and floats in their shortest round-trip form with a
// "." or exponent ("1.0", "1e+300"), NaN and infinities as the strings "NaN", "Infinity",
// "-Infinity"; dates "YYYY-MM-DD", times "HH:MM:SS.ffffff", timestamps
// "YYYY-MM-DDTHH:MM:SS.ffffff" ("+00:00" when UTC-adjusted, 9 digits for nanoseconds), binary as
// base64 (as Spark prints it), UUIDs canonical.
//
// Parsing (parse_json): JSON text (RFC 8259) into a variant. Integers become the narrowest of
// int8..int64, or decimal(38) beyond that; numbers with a fraction and no exponent become
// decimals when their digits fit 38, other numbers doubles (Spark's rule). Duplicate keys in an
// object are an error, as in Spark.
#pragma once

#include <string>
#include <string_view>

#include "floe/columnar/variant/variant_builder.h"
#include "floe/columnar/variant/variant_value.h"
#include "floe/util/result.h"

namespace floe::columnar::variant {

// Appends the JSON text of `value`; Corrupt when its bytes are bad. Returns (through `valid_utf8`,
// when given) false when a string held invalid UTF-8 (replaced by U+FFFD).
Status AppendJson(const VariantValue& value, std::string* out, bool* valid_utf8 = nullptr);

// The JSON text of the variant (metadata, value).
Result<std::string> ToJson(std::string_view metadata, std::string_view value);

struct EncodedVariant {
  std::string metadata;
  std::string value;
};

// Parses one JSON document into a variant. InvalidArgument naming the position of a syntax error.
Result<EncodedVariant> ParseJson(std::string_view text);

}  // namespace floe::columnar::variant
