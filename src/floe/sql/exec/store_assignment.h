// Spark's ANSI store assignment of values (spark.sql.storeAssignmentPolicy=ANSI, Spark 3.5's
// default for INSERT, independent of spark.sql.ansi.enabled): the conversion of the values an
// INSERT or CREATE TABLE AS SELECT writes into a column of another type. It is CAST (cast.h),
// except that a number that does not fit the column is an error, not NULL or a wrapped value:
//   integer → narrower integer   out of range (99999999999 into int)
//   float/double → integer       NaN, ±Infinity or out of range (the fraction is dropped: 1.9 → 1)
//   → decimal(p, s)              more than p digits after rounding to s; NaN or ±Infinity
// The error names the column (`where`), the value and the types, and suggests try_cast, which
// gives NULL. Which type pairs may be written at all is Session's StoreAssignProblem.
#pragma once

#include <string>

#include "floe/columnar/array.h"
#include "floe/columnar/data_type.h"
#include "floe/sql/exec/cast.h"
#include "floe/sql/exec/physical_expr.h"
#include "floe/util/result.h"

namespace floe::sql {

// `input` converted to `to` for storing; nested values field by field, element by element.
// `where` names the column in errors: "INSERT INTO s.t: column v".
Result<columnar::ArrayPtr> StoreAssignArray(const columnar::ArrayPtr& input,
                                            const columnar::DataTypePtr& to,
                                            const EvalContext& context, const std::string& where);

// TRY_CAST (Spark's: the ANSI cast, NULL where it fails): CastArray, with NULL for each number
// StoreAssignArray would refuse.
Result<columnar::ArrayPtr> TryCastArray(const columnar::ArrayPtr& input,
                                        const columnar::DataTypePtr& to,
                                        const EvalContext& context);

// `value` converted by StoreAssignArray, as an expression; `statement` ("INSERT INTO s.t")
// prefixes its errors.
PhysicalExprPtr StoreAssignExpr(PhysicalExprPtr value, columnar::DataTypePtr to,
                                std::string statement, std::string where, EvalContextPtr context);

}  // namespace floe::sql
