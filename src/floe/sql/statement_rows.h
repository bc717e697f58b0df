// The rows a statement other than a query prints (SHOW, DESCRIBE, CALL): handed to the
// statement's output as one batch, as a query's rows are.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "floe/sql/session.h"

namespace floe::sql {

// String columns; a nullopt cell is NULL.
Status EmitTextRows(const StatementOutput& output, const std::vector<std::string>& names,
                    const std::vector<std::vector<std::optional<std::string>>>& rows);

}  // namespace floe::sql
