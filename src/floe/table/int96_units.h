// The unit each INT96 column of a Parquet file is read in when its values go into a table. INT96
// (Hive, Impala and Spark's legacy timestamps) spans years 4713 BC to 294247 and beyond, which
// 64-bit nanoseconds do not: a column read for a timestamp or timestamptz field reads in
// microseconds, Iceberg's unit, where every year fits; only one read for a timestamp_ns or
// timestamptz_ns field reads in nanoseconds (keeping the sub-microsecond digits; a value outside
// 1677-2262 is then an error naming the column).
#pragma once

#include <vector>

#include "floe/columnar/record_batch.h"
#include "floe/format/parquet/schema.h"
#include "floe/spec/schema.h"

namespace floe::table {

enum class Int96Match {
  kById,    // the leaf's field id (the file's own or a name mapping's) names the table field
  kByName,  // the leaf's dotted path is the table column's name (append lines columns up by name)
};

// The INT96 leaves (column indices) of `file` whose table field is timestamp_ns or
// timestamptz_ns; all other INT96 leaves read in microseconds.
std::vector<int> Int96NanoColumns(const parquet::Schema& file, const spec::Schema& table,
                                  Int96Match match);

// `read` (the top-level fields read from `file`) with each top-level INT96 column whose table
// field is timestamptz or timestamptz_ns marked as UTC instants: Spark writes INT96 for its
// TIMESTAMP, Iceberg's timestamptz (and Java reads INT96 as timestamptz), so a table with such a
// column takes the file as scans read it (scan/field_resolution.h) instead of refusing a
// timestamp without zone. The values are unchanged.
columnar::Schema Int96AsInstants(const columnar::Schema& read, const parquet::Schema& file,
                                 const spec::Schema& table, Int96Match match);

}  // namespace floe::table
