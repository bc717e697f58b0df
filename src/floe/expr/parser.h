// The filter parser: the WHERE-clause grammar of floe SQL, behind every `--filter`.
//
//   expr      := and ( OR and )*            precedence NOT > AND > OR
//   and       := not ( AND not )*
//   not       := NOT not | primary
//   primary   := '(' expr ')' | TRUE | FALSE | column
//              | operand cmp operand                     cmp: = == != <> < <= > >=
//              | column IS [NOT] NULL | column IS [NOT] NAN
//              | column [NOT] IN '(' value, ... ')'
//              | column [NOT] BETWEEN value AND value
//              | column [NOT] LIKE 'prefix%'            (a pure prefix, or no wildcard at all)
//              | starts_with(column, 'p') | not_starts_with(column, 'p') | isnan(column)
//   column    := name ( '.' name )*                     name: identifier or `back ticked`
//   value     := [-]number | 'string' | TRUE | FALSE | NULL
//              | DATE 'yyyy-mm-dd' | TIME 'hh:mm:ss' | TIMESTAMP '...' | TIMESTAMP_NTZ '...'
//              | X'01ff'                                  (binary: hex digits, two per byte)
//
// Keywords are case-insensitive. A bare column is `column = TRUE`. A literal on the left of a
// comparison is moved to the right (`10 > k` is `k < 10`). Errors are InvalidArgument with the
// 1-based character position:
//   filter: column 17: expected a value after "=", found end of input
#pragma once

#include <string_view>

#include "floe/expr/expression.h"
#include "floe/util/result.h"

namespace floe::expr {

Result<Expression> ParseFilter(std::string_view text);

}  // namespace floe::expr
