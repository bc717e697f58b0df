// Converting a literal as written (UnboundLiteral) to a column's physical value (see
// bound_expression.h for the forms). Numbers are converted exactly: 1.50 against decimal(9,2) is
// 150; a value the column cannot hold exactly is reported with where it falls, so the binder can
// keep comparisons correct (`int8col < 1000` holds for every non-null row, `intcol = 1.5` for
// none). Timestamps follow docs/design.md: against a column with a zone, a string without an offset
// is read as UTC; against a column without one, a string must not carry an offset.
#pragma once

#include <string_view>

#include "floe/columnar/data_type.h"
#include "floe/expr/expression.h"
#include "floe/spec/literal.h"
#include "floe/util/result.h"

namespace floe::expr {

struct ConvertedLiteral {
  enum class Position {
    kNull,      // the literal is NULL
    kExact,     // value is the literal
    kBetween,   // the literal lies strictly between value and the next value the column holds
    kAboveMax,  // the literal is above every value the column holds
    kBelowMin,  // ... below every value
  };
  Position position = Position::kExact;
  spec::Literal value;
  // Ordered integer-like columns (ints, decimals, dates, times, timestamps): the least and the
  // greatest value of the column's type. Null for other types (which only convert exactly).
  spec::Literal min;
  spec::Literal max;
};

// `column` names the column in error messages. InvalidArgument when the literal does not fit
// the type at all ('abc' against int32, an offset against a timestamp without zone);
// NotSupported for column types filters do not compare (nested, float16, null).
Result<ConvertedLiteral> ConvertLiteral(const UnboundLiteral& literal,
                                        const columnar::DataType& type, std::string_view column);

}  // namespace floe::expr
