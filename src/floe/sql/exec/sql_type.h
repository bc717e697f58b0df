// Spark SQL's types over floe's columnar types, and Spark 3.5's rules for combining them
// (spark.sql.ansi.enabled=false):
//   boolean  tinyint/smallint/int (int32 here: Iceberg has no narrower integer)  bigint (int64)
//   float  double  decimal(p,s)  string  binary  date  timestamp (micros, UTC-adjusted: Iceberg's
//   timestamptz)  timestamp_ntz (micros, no zone: Iceberg's timestamp)  struct  array  map.
// Iceberg types without a Spark twin (time, uuid, fixed, nanosecond timestamps) pass through
// queries as they are; uuid and fixed compare as binary.
#pragma once

#include <string>

#include "floe/columnar/data_type.h"
#include "floe/util/result.h"

namespace floe::sql {

columnar::DataTypePtr TimestampType();     // timestamp: micros, UTC
columnar::DataTypePtr TimestampNtzType();  // timestamp_ntz: micros, no zone

bool IsIntegral(const columnar::DataType& t);    // int8..int64 and unsigned
bool IsFloating(const columnar::DataType& t);    // float16/32/64
bool IsNumeric(const columnar::DataType& t);     // integral, floating or decimal
bool IsStringLike(const columnar::DataType& t);  // string
bool IsTimestamp(const columnar::DataType& t);   // any unit, with or without zone
bool IsZonedTimestamp(const columnar::DataType& t);

// Spark's name of a type: "int", "bigint", "decimal(10,2)", "timestamp", "array<string>", ...
std::string SparkTypeName(const columnar::DataType& t);

// The type a query works with for a column read from a file or table: narrow and unsigned
// integers widen to int32/int64 (uint64 stays int64, as Spark reads it), float16 to float32,
// time32 to time64[us]; nested types are normalized inside. Other types are kept.
columnar::DataTypePtr NormalizeType(const columnar::DataTypePtr& t);

// The decimal type holding every value of an integral type: int → decimal(10,0), bigint →
// decimal(20,0). Other types unchanged.
columnar::DataTypePtr DecimalForIntegral(const columnar::DataTypePtr& t);

// Spark's result type rules for decimal arithmetic (DecimalPrecision, allowPrecisionLoss = true):
// op is one of '+', '-', '*', '/', '%'.
columnar::DataTypePtr DecimalResultType(char op, const columnar::DataType& a,
                                        const columnar::DataType& b);
// A decimal type capped at precision 38 keeping at least min(scale, 6) digits of scale.
columnar::DataTypePtr BoundedDecimal(int precision, int scale);

// The type two values are compared, unioned or coalesced in (Spark's findWiderTypeForTwo with
// string promotion for comparisons): numbers widen (int < bigint < decimal < float < double),
// a string meets a number/date/timestamp as that type, date meets timestamp as timestamp, NULL
// takes the other type. InvalidArgument naming both when there is none.
Result<columnar::DataTypePtr> CommonType(const columnar::DataTypePtr& a,
                                         const columnar::DataTypePtr& b);

// Equal types, ignoring field metadata (field ids) and nullability.
bool SameType(const columnar::DataType& a, const columnar::DataType& b);

}  // namespace floe::sql
