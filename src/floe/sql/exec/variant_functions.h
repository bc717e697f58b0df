// variant_get and try_variant_get, whose path and result type are constants the binder reads
// (expression_binder.cc); the other variant functions bind through BindFunction
// (variant_functions.cc).
#pragma once

#include <optional>
#include <string>

#include "floe/columnar/data_type.h"
#include "floe/columnar/variant/variant_value.h"
#include "floe/sql/exec/functions.h"
#include "floe/sql/exec/scalar_value.h"
#include "floe/util/result.h"

namespace floe::sql {

// variant_get(input, path, type): `target` is the type named by the third argument
// (columnar::Variant() when there is none, or it says 'variant'). InvalidArgument for a bad
// path or a non-variant input; NotSupported for nested targets.
// `range_type` (int8 or int16 for TINYINT and SMALLINT, which floe SQL holds as int) bounds the
// values an integral target takes, as Spark's narrower types do.
Result<FunctionBinding> BindVariantGet(const columnar::DataTypePtr& input, const std::string& path,
                                       const columnar::DataTypePtr& target, bool try_get,
                                       const columnar::DataTypePtr& range_type = nullptr);

}  // namespace floe::sql
