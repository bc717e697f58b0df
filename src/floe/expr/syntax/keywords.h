// Which words of floe SQL are reserved. Keywords are case-insensitive and most are not reserved
// (Spark's default, non-ANSI mode): a column may be called `date`, `year`, `comment`, `type`,
// `location`, `format`, `partition`, `limit`, `offset`, `order`, `group` or `end`. Two small
// lists decide the rest:
//   reserved  — never an unquoted identifier (they would make expressions ambiguous: AND, FROM,
//               JOIN, NULL, ...);
//   clause    — may name a column but not be an alias written without AS (`FROM t LIMIT 5`,
//               `FROM t VERSION AS OF 3`).
#pragma once

#include <string_view>

namespace floe::expr::syntax {

// Case-insensitive.
bool IsReservedWord(std::string_view word);
// Reserved words and clause words: not accepted as an alias without AS.
bool IsClauseWord(std::string_view word);

}  // namespace floe::expr::syntax
