// A column holding one value in every row: what a reader gives for a field the data file lacks
// (spec: "Column Projection") — an identity partition value from the manifest, or the field's
// initial-default. The value is a spec::Literal in its Iceberg physical form (spec/literal.h);
// a null Literal gives a column of nulls.
#pragma once

#include <cstdint>

#include "floe/columnar/array.h"
#include "floe/columnar/data_type.h"
#include "floe/spec/literal.h"
#include "floe/util/result.h"

namespace floe::scan {

// `length` copies of `value` as an array of `type` (a columnar type of schema_conversion.h).
// An int literal fills a long column and a float literal a double column (values written before
// a promotion). InvalidArgument when the literal does not fit the type.
Result<columnar::ArrayPtr> MakeConstantArray(const columnar::DataTypePtr& type,
                                             const spec::Literal& value, int64_t length);

}  // namespace floe::scan
