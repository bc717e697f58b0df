// variant_get terms of a filter (expression.h's VariantGet): what the path and type name mean.
// The binder gives such a term the target type; the row evaluator extracts the column with the
// spec, through the cast SQL's variant_get uses (columnar/variant/variant_cast.h).
//
// Types are named as in SQL: boolean, tinyint, smallint, int, bigint, float, double,
// decimal(p,s), string (varchar(n), char(n)), binary, date, timestamp (with time zone: a
// timestamptz), timestamp_ntz. TINYINT and SMALLINT values are int32 in range of those types.
#pragma once

#include <string_view>

#include "floe/columnar/variant/variant_cast.h"
#include "floe/expr/expression.h"
#include "floe/util/result.h"

namespace floe::expr {

// InvalidArgument for a bad path or type name, NotSupported for a type variant_get does not
// cast to; messages start "filter: <term>:" (the term as written: variant_get(v, '$.a', 'x')).
Result<columnar::variant::VariantGetSpec> VariantGetSpecOf(const ColumnRef& term);

}  // namespace floe::expr
