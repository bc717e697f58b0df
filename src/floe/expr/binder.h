// Binding: an Expression's column names resolved against a columnar schema and its literals
// converted to the columns' types (literal_conversion.h).
//
// Names: a dotted path reaches fields of nested structs (`a.b.c`); lists and maps are not
// entered. Matching ignores ASCII case unless case_sensitive is set (an exact match wins over
// others; several matches differing only in case are ambiguous). An unknown name is an
// InvalidArgument naming it and the close names: `filter: no column "nmae"; did you mean
// "name"?`.
//
// Values the column cannot hold exactly keep the comparison's meaning, including for null rows
// (unknown): `int8col < 1000` binds to `int8col <= 127`, `intcol = 1.5` to `intcol < -2147483648`
// (true for no row), `intcol < 1.5` to `intcol <= 1`. IN lists drop values no row can equal.
// IS NAN applies to float columns, starts_with to string and binary ones, comparisons to
// primitive columns.
#pragma once

#include "floe/columnar/record_batch.h"
#include "floe/expr/bound_expression.h"
#include "floe/expr/expression.h"
#include "floe/util/result.h"

namespace floe::expr {

struct BindOptions {
  bool case_sensitive = false;
};

Result<BoundExpression> Bind(const Expression& expr, const columnar::Schema& schema,
                             const BindOptions& options = {});

// The field a name refers to (the name part of binding, for callers that project columns).
Result<BoundReference> BindReference(const ColumnRef& column, const columnar::Schema& schema,
                                     const BindOptions& options = {});

}  // namespace floe::expr
