// Spark type names as written in SQL (syntax::TypeName) → floe's columnar types, the way Spark
// maps them onto Iceberg: TINYINT/SMALLINT/INT → int, BIGINT → long, FLOAT, DOUBLE,
// DECIMAL(p,s) (DECIMAL alone is DECIMAL(10,0)), STRING/VARCHAR(n)/CHAR(n) → string, BINARY,
// DATE, TIMESTAMP (= TIMESTAMP_LTZ) → timestamptz, TIMESTAMP_NTZ → timestamp, and Iceberg's own
// TIME, UUID, FIXED(n) and v3's TIMESTAMP_NS (TIMESTAMP_NTZ_NS), TIMESTAMPTZ_NS (TIMESTAMP_LTZ_NS),
// GEOMETRY('crs') and GEOGRAPHY('crs', 'algorithm') (WKB binary marked with both:
// columnar/geo_extension.h); STRUCT, ARRAY, MAP nested.
#pragma once

#include <string>

#include "floe/columnar/data_type.h"
#include "floe/sql/syntax/ast.h"
#include "floe/util/result.h"

namespace floe::sql {

Result<columnar::DataTypePtr> TypeFromSyntax(const syntax::TypeName& type);

// A column of that type: UUID columns carry the uuid mark (Iceberg's uuid, not fixed(16)),
// GEOMETRY and GEOGRAPHY ones their geoarrow.wkb mark with the CRS and algorithm.
Result<columnar::Field> FieldFromSyntax(std::string name, const syntax::TypeName& type,
                                        bool nullable);

}  // namespace floe::sql
