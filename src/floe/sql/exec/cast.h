// CAST with Spark 3.5's non-ANSI rules (spark.sql.ansi.enabled=false): a value that cannot be
// converted becomes NULL instead of an error —
//   string → number       trimmed text; "1.9" → int 1 (truncated); not a number → NULL
//   double → int/bigint   truncated toward zero, saturating at the type's range, NaN → 0
//   integer → integer     wraps (two's complement truncation)
//   → decimal(p,s)        rounded half up to s digits; too many digits → NULL
//   string → date         "yyyy-mm-dd" (and a timestamp's date part); otherwise NULL
//   string → timestamp    with an offset: that instant; without one: the session time zone
//   timestamp ↔ date / timestamp_ntz   through the session time zone's local time
//   bigint ↔ timestamp    seconds since the epoch
//   → string              Spark's text: 1.0, 1.0E10, 2026-03-05 10:00:00 (session zone), true
//   string ↔ binary       the bytes
// Nested types cast field by field when their shapes match (struct by position).
// TRY_CAST is Spark's (ANSI, NULL where that fails): a number that wraps or saturates above is
// NULL instead (TryCastArray in store_assignment.h, which INSERT's conversion shares).
#pragma once

#include <cstdint>
#include <memory>

#include "floe/columnar/array.h"
#include "floe/columnar/data_type.h"
#include "floe/sql/exec/scalar_value.h"
#include "floe/sql/exec/session_time_zone.h"
#include "floe/util/result.h"

namespace floe::sql {

// What evaluating a statement needs besides the rows: the session time zone and the statement's
// start (current_date and current_timestamp are the same for every row of a statement).
struct EvalContext {
  SessionTimeZone time_zone;
  int64_t now_micros = 0;
};
using EvalContextPtr = std::shared_ptr<const EvalContext>;

// Whether CAST(from AS to) is allowed at all (Spark's Cast.canCast); binding refuses the rest.
bool CanCast(const columnar::DataType& from, const columnar::DataType& to);

Result<Scalar> CastScalar(const Scalar& value, const columnar::DataType& from,
                          const columnar::DataType& to, const EvalContext& context);

Result<columnar::ArrayPtr> CastArray(const columnar::ArrayPtr& input,
                                     const columnar::DataTypePtr& to, const EvalContext& context);

// Spark's text for a value (CAST(x AS STRING)); `type` is the value's type.
std::string ScalarToSparkString(const Scalar& value, const columnar::DataType& type,
                                const EvalContext& context);

// Java's Double.toString / Float.toString: "1.0", "0.001", "1.0E10", "1.2345E-5", "NaN",
// "Infinity".
std::string JavaDoubleString(double v, bool is_float);

}  // namespace floe::sql
