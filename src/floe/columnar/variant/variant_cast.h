// variant_get's extraction (Spark 4's VariantGet): the value a path leads to inside each variant
// of a column, cast to the target type, as a new column. SQL's variant_get/try_variant_get and
// the filter language's variant_get terms both use it, so the two agree on every value.
//
// Casts are Spark's: numbers between numeric types when they fit (decimals round half up,
// fractions truncate to integers), booleans to numbers as 0/1 and numbers to booleans as != 0,
// strings parsed as the target type, anything to string as its JSON text (a string as itself),
// binary only from binary, dates and timestamps between each other; arrays to arrays, objects to
// structs (fields by name, ignoring case; missing ones NULL) and to map<string, …>, element by
// element, and anything to variant as itself. A variant null or a path
// that leads nowhere gives NULL. A value that does not cast is an error naming the value and the
// type (variant_get) or NULL (try_variant_get).
#pragma once

#include <cstdint>
#include <string>

#include "floe/columnar/array.h"
#include "floe/columnar/data_type.h"
#include "floe/columnar/variant/variant_path.h"
#include "floe/util/result.h"

namespace floe::columnar::variant {

struct VariantGetSpec {
  VariantPath path;
  DataTypePtr target;     // the column's type: boolean, integers, floats, decimal, string, ...
  DataTypePtr cast_type;  // the range values must fit (int8 for TINYINT in an int32 column);
                          // null: `target`
  bool try_get = false;
  std::string type_name;  // the type as the user names it, for messages ("int", "bigint")
};

// Whether values cast to `type` (NotSupported naming `type_name` when not).
Status CheckVariantCastTarget(const DataType& type, std::string_view type_name);

// Element `first + i` of `variants` (a variant column) extracted and cast, for i < length. Rows
// where `valid` is given and valid[i] is 0 are NULL without being read.
Result<ArrayPtr> VariantGetColumn(const ArrayData& variants, int64_t first, int64_t length,
                                  const uint8_t* valid, const VariantGetSpec& spec);

}  // namespace floe::columnar::variant
