// Field and record names for Avro schemas made from Iceberg names (Avro spec, "Names": start
// with [A-Za-z_], then only [A-Za-z0-9_]). A name that breaks the rule is rewritten as Java's
// AvroSchemaUtil.makeCompatibleName does: a leading digit d becomes `_d`, any other character
// `_x` and its UTF-16 code unit in upper-case hex, unpadded (`-` is `_x2D`, `é` `_xE9`, an
// emoji its two surrogates). Readers match fields by field-id, so the rewrite loses nothing.
#pragma once

#include <string>
#include <string_view>

namespace floe::avro {

// Whether `name` is a valid Avro name as it is.
bool IsValidName(std::string_view name);

// `name` when valid, else its rewrite (an empty name is `_`). `name` is UTF-8; a byte that does
// not start a valid sequence is rewritten as that byte's value.
std::string CompatibleName(std::string_view name);

}  // namespace floe::avro
