// A schema written as a column list, the form `floe create table --schema` takes:
//   order_id string not null, customer_id long, amount decimal(10, 2), order_ts timestamptz,
//   tags list<string>, address struct<city: string, zip: int>, attrs map<string, string>
// Iceberg's type names, plus Spark's (bigint, integer, smallint, tinyint, real, varchar(n),
// char(n), array<…>, timestamp_ltz), and the v3 types timestamp_ns, timestamptz_ns, unknown,
// geometry(CRS) and geography(CRS, ALGORITHM) (CRS such as srid:4326 or OGC:CRS84; both
// arguments optional). A bare `timestamp` is refused: Iceberg's has no zone and
// Spark's has one, so the user says which (timestamptz or timestamp_ntz).
#pragma once
#include <string_view>

#include "floe/spec/schema.h"
#include "floe/util/result.h"

namespace floe::spec {

// Field ids are assigned 1, 2, … in pre-order (a table's creation reassigns them anyway).
// Errors are invalid arguments naming the column: `schema: column 31: order_ts: write
// timestamptz or timestamp_ntz ...`.
Result<Schema> ParseSchemaText(std::string_view text);

}  // namespace floe::spec
