// A generic Avro value tree, for tests, `floe avro cat` and small files. Hot paths (manifests)
// decode through read_plan.h straight into their own structures instead.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "floe/format/avro/binary.h"
#include "floe/format/avro/read_plan.h"
#include "floe/format/avro/schema.h"

namespace floe {
class JsonWriter;
}

namespace floe::avro {

struct Datum {
  const Node* type = nullptr;  // the value's schema (the reader's)
  bool boolean = false;
  int64_t integer = 0;       // int, long, enum symbol index, union branch index
  double real = 0;           // float (exactly widened), double
  std::string bytes;         // bytes, string, fixed
  std::vector<Datum> items;  // record fields (schema order), array items, map values, union value
  std::vector<std::string> keys;  // map keys

  // Union: the value inside.
  const Datum& branch_value() const { return items[0]; }

  static Datum Null(const Node* type) { return Datum{.type = type}; }
};

// Decodes one value through a plan (the result follows the plan's reader schema).
Result<Datum> DecodeDatum(const ReadPlan& plan, Decoder& d);

// Encodes a value of `type`; the datum must follow that schema (kInvalidArgument otherwise).
Status EncodeDatum(const Node& type, const Datum& value, Encoder& e);

// Plain JSON: unions unwrapped, bytes and fixed as lowercase hex, maps as objects, enums as
// symbols, longs exact, logical types as their raw Avro values.
void WriteDatumJson(const Datum& value, JsonWriter& w);
std::string DatumToJson(const Datum& value);

}  // namespace floe::avro
