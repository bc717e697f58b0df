// The filter parser behind every `--filter`: the WHERE-clause grammar of floe SQL (docs/design.md,
// "one expression language"). The text is parsed by the expression grammar SQL uses
// (syntax/expression_parser.h) and the syntax tree is lowered into an Expression. A filter is a
// condition on the columns of one table or file:
//
//   condition := condition OR condition | condition AND condition | NOT condition
//              | '(' condition ')' | TRUE | FALSE | column        (a bare column is column = TRUE)
//              | operand cmp operand                             cmp: = == != <> < <= > >=
//              | column IS [NOT] NULL | column IS [NOT] NAN | isnan(column)
//              | column [NOT] IN (value, ...) | column [NOT] BETWEEN value AND value
//              | column [NOT] LIKE 'pattern' [ESCAPE 'c']        (% any run, _ one character)
//              | starts_with(column, 'p') | not_starts_with(column, 'p')
//   operand   := column | value     (one side a column, the other a value)
//   column    := name ( '.' name )*                              name: identifier or `back ticked`
//              | variant_get(name…, 'path', 'type') | try_variant_get(name…, 'path', 'type')
//                (a variant's field cast to a type, as SQL's functions; rows are filtered by
//                it, nothing is pruned by it: variant_term.h)
//   value     := number | 'string' | TRUE | FALSE | NULL | DATE 'yyyy-mm-dd' | TIME 'hh:mm:ss'
//              | TIMESTAMP '…' | TIMESTAMPTZ '…' | TIMESTAMP_NTZ '…' | X'01ff'
//
// Precedence, keywords, strings ('it''s', 'it\'s'), numbers and names are SQL's (Spark's);
// keywords are case-insensitive and SQL's reserved words (AND, FROM, SELECT, ...) name a column
// only in backticks. A literal on the left of a comparison is moved to the right (`10 > k` is
// `k < 10`); BETWEEN is `c >= lo AND c <= hi`; TIMESTAMPTZ without an offset is UTC.
//
// Errors are InvalidArgument with the 1-based character position (and the line, past the first):
//   filter: column 17: expected an expression, found end of input
// SQL that a filter cannot evaluate (arithmetic, other functions, CASE, CAST, a column compared
// with a column, ...) is refused naming it:
//   filter: column 1: "k + 1" is not supported in a filter (use floe sql)
// LIKE 'prefix%' is starts_with and LIKE without a wildcard is =; other patterns stay LIKE,
// which rows are filtered by and which prunes by the pattern's literal prefix only.
#pragma once

#include <optional>
#include <string_view>

#include "floe/expr/expression.h"
#include "floe/util/result.h"

namespace floe::expr {

namespace syntax {
struct Literal;
enum class BinaryOp;
}  // namespace syntax

Result<Expression> ParseFilter(std::string_view text);
// ParseFilter, reading empty or blank text as TRUE (a `--filter ""` filters nothing).
Result<Expression> ParseFilterOrTrue(std::string_view text);
// A literal of the grammar as a filter holds it, checked as ParseFilter checks it (a valid
// date, no offset in TIMESTAMP_NTZ, ...): how SQL's pushdown hands its conjuncts' literals on.
Result<UnboundLiteral> FilterLiteral(const syntax::Literal& literal);
// The comparison a grammar operator stands for (=, !=, <, <=, >, >=), or nullopt for others.
std::optional<Operation> ComparisonOf(syntax::BinaryOp op);

}  // namespace floe::expr
