// Single-value serialization (spec: "Appendix C: JSON serialization" → single values, and
// "Appendix D: Single-value serialization" → binary). The binary form is used for lower and
// upper bounds in manifests; the JSON form for defaults and partition values in metadata.
// Errors name the type and the value at fault.
#pragma once

#include <string>
#include <string_view>

#include "floe/spec/literal.h"
#include "floe/spec/type.h"
#include "floe/util/json_reader.h"
#include "floe/util/json_writer.h"
#include "floe/util/result.h"

namespace floe::spec {

// Binary form: boolean one byte 0x00/0x01; int and date 4-byte little-endian; long, time,
// timestamps 8-byte little-endian; float/double IEEE 754 little-endian; decimal the unscaled
// value as minimal big-endian two's complement; string UTF-8; uuid 16 big-endian bytes;
// fixed and binary the bytes themselves. Null cannot be serialized (invalid argument).
Result<std::string> ToBinary(const Type& type, const Literal& value);
// Reads the binary form. A long read from 4 bytes and a double from 4 bytes (bounds written
// before an int→long or float→double promotion) are widened.
Result<Literal> FromBinary(const Type& type, std::string_view bytes);

// JSON form: boolean, int and long as JSON numbers; float/double as numbers ("NaN",
// "Infinity", "-Infinity" as strings); decimal as a string "14.20"; date "2017-11-16"; time
// "22:31:08.123456"; timestamp "2017-11-16T22:31:08.123456" (tz: "+00:00" appended, ns: 9
// fraction digits); string as is; uuid canonical; fixed/binary as hex ("000102ff"). Null as
// JSON null.
Status ToJson(const Type& type, const Literal& value, JsonWriter& out);
Result<std::string> ToJsonString(const Type& type, const Literal& value);
Result<Literal> FromJson(const Type& type, const JsonValue& json);

// Checks a JSON single value of any type, nested ones included: struct {"<field id>": value},
// list [values], map {"keys": [...], "values": [...]}; JSON null is accepted anywhere.
Status ValidateJsonValue(const Type& type, const JsonValue& json);

// The value as people read it (partition paths, CLI output): dates "2017-11-16", timestamps
// "2017-11-16T22:31:08.123456" (tz "+00:00"), decimals "14.20", binary and fixed as base64
// (as Java does), null "null".
std::string ToHumanString(const Type& type, const Literal& value);

// Decimal text helpers: the plain form ("-14.20"; negative scales as "2E+20"), and parsing of
// any form (exponents included) requiring the given scale exactly.
std::string DecimalToString(__int128 unscaled, int32_t scale);
Result<__int128> ParseDecimal(std::string_view text, int32_t scale);
// The unscaled value as minimal big-endian two's complement bytes.
std::string DecimalToBigEndian(__int128 unscaled);

}  // namespace floe::spec
