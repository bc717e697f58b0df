// JSON text read as a nested column type (list, struct, map): a CSV cell or an NDJSON value whose
// column is declared (a table's column in `floe append`, `floe parquet write --schema`).
//   list     a JSON array
//   struct   a JSON object; keys name the fields (ASCII case ignored when no key matches exactly),
//            an absent field is null, a key the struct lacks is an error naming it
//   map      a JSON object (its keys read as the key type: {"1": "a"} for map<int, string>), or an
//            array of {"key": …, "value": …} objects (what `floe scan --format json` prints)
// Leaves read as text_values.h reads text: numbers from their JSON text as written (a decimal is
// never rounded through a double), strings unescaped, true/false; JSON null is null.
//
// This walks the text itself rather than through simdjson's DOM, which keeps numbers as doubles
// and loses the digits a decimal needs.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "floe/columnar/array_builder.h"
#include "floe/columnar/data_type.h"
#include "floe/format/csv/text_values.h"
#include "floe/util/result.h"

namespace floe::textformat {

// Appends the value of nested `type` that `json` holds to `builder` (made for that type); Corrupt
// naming the byte offset and what was expected when it does not read.
Status AppendJsonAs(const columnar::DataType& type, std::string_view json,
                    columnar::ArrayBuilder* builder, const TextReadOptions& options);

// The values of the JSON object `object` (one NDJSON line, already checked to be valid JSON) as
// written, in order: the exact digits of numbers that a parser turns into doubles. The views
// point into `object`.
Status JsonObjectValueSpans(std::string_view object, std::vector<std::string_view>* spans);
// JSON text without the spaces outside its strings.
std::string MinifiedJson(std::string_view json);

}  // namespace floe::textformat
