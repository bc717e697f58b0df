// Field defaults (Avro spec "Schema Declaration", default values in JSON) encoded in the binary
// form of the field's type, so a defaulted field reads like any other value.
#pragma once

#include <string_view>

#include "floe/format/avro/binary.h"
#include "floe/format/avro/schema.h"

namespace floe::avro {

// Encodes the JSON default `json` as a value of `type`. A union's default matches the first
// branch it fits (the spec's older rule, the first branch, is the common case).
Status EncodeJsonDefault(const Node& type, std::string_view json, Encoder& e);

}  // namespace floe::avro
