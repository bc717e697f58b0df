// The Avro schema of an Iceberg data file (spec: "Avro" in "Appendix A: Format-specific
// Requirements"), as Java's TypeToSchema writes it: the root record `table`, nested structs as
// records `r<field id>`; every field carries its `field-id`, lists their `element-id`, maps their
// `key-id` and `value-id`; optional fields (and optional elements and values) are unions
// ["null", T] with default null; maps with string keys are Avro maps, other maps arrays of
// records `k<key id>_v<value id>` {key, value} with logicalType "map". Primitives: date int/date,
// time long/time-micros, timestamps long/timestamp-micros (or -nanos) with adjust-to-utc, uuid
// fixed(16)/uuid, decimal(P,S) fixed of the fewest bytes holding P digits, fixed[L] fixed(L),
// binary, geometry and geography bytes. Names that are not Avro names are made so (`_x` and the
// hex of each other character) and the original kept as `iceberg-field-name`.
#pragma once

#include <memory>
#include <string>

#include "floe/format/avro/schema.h"
#include "floe/spec/schema.h"
#include "floe/util/result.h"

namespace floe::write {

// The schema's JSON. NotSupported for types without an Avro data file form here (variant,
// unknown).
Result<std::string> AvroDataSchemaJson(const spec::Schema& schema);
Result<std::shared_ptr<const avro::Schema>> AvroDataSchema(const spec::Schema& schema);

}  // namespace floe::write
