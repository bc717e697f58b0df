// The unit each INT96 column of a Parquet file is read in when its values go into a table. INT96
// (Hive, Impala and Spark's legacy timestamps) spans years 4713 BC to 294247 and beyond, which
// 64-bit nanoseconds do not: a column read for a timestamp or timestamptz field reads in
// microseconds, Iceberg's unit, where every year fits; only one read for a timestamp_ns or
// timestamptz_ns field reads in nanoseconds (keeping the sub-microsecond digits; a value outside
// 1677-2262 is then an error naming the column).
#pragma once

#include <vector>

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

}  // namespace floe::table
