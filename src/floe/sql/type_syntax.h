// Spark type names as written in SQL (syntax::TypeName) → floe's columnar types, the way Spark
// maps them onto Iceberg: TINYINT/SMALLINT/INT → int, BIGINT → long, FLOAT, DOUBLE,
// DECIMAL(p,s) (DECIMAL alone is DECIMAL(10,0)), STRING/VARCHAR(n)/CHAR(n) → string, BINARY,
// DATE, TIMESTAMP (= TIMESTAMP_LTZ) → timestamptz, TIMESTAMP_NTZ → timestamp, and Iceberg's own
// TIME, UUID, FIXED(n); STRUCT, ARRAY, MAP nested.
#pragma once

#include "floe/columnar/data_type.h"
#include "floe/sql/syntax/ast.h"
#include "floe/util/result.h"

namespace floe::sql {

Result<columnar::DataTypePtr> TypeFromSyntax(const syntax::TypeName& type);

}  // namespace floe::sql
