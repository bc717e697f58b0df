// Filter expressions: the WHERE-clause language of floe (docs/design.md, "One expression
// language"). One immutable tree shape serves both stages: an Expression names columns as written
// (ColumnRef) and holds literals as written (UnboundLiteral); binding (binder.h) turns it into a
// BoundExpression over a schema's columns with values of the columns' types.
//
// Nodes: TRUE/FALSE, AND/OR (two children), NOT (one child), and predicates on one column:
// IS [NOT] NULL, IS [NOT] NAN, comparisons, [NOT] IN, starts_with/not_starts_with. BETWEEN is
// sugar for `a >= lo AND a <= hi`; LIKE 'abc%' for starts_with. ToString prints text that the
// parser (parser.h) reads back into an equal expression.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace floe::expr {

enum class Operation {
  kTrue,
  kFalse,
  kAnd,
  kOr,
  kNot,
  kIsNull,
  kNotNull,
  kIsNan,  // float/double; a null is not NaN (IS NAN and IS NOT NAN are never unknown)
  kNotNan,
  kLt,
  kLtEq,
  kGt,
  kGtEq,
  kEq,
  kNotEq,
  kIn,
  kNotIn,
  kStartsWith,
  kNotStartsWith,
  // column [NOT] LIKE pattern (like_pattern.h: `%`, `_`, backslash escapes), one string value.
  // Rows evaluate it; pruning knows only its literal prefix.
  kLike,
  kNotLike,
};

bool IsUnary(Operation op);       // IS [NOT] NULL / NAN
bool IsComparison(Operation op);  // < <= > >= = !=
bool IsSetOp(Operation op);       // [NOT] IN
bool IsPredicate(Operation op);   // any operation on a column
// The predicate true exactly where `op` is false, for values that are neither null nor NaN
// (kLt → kGtEq, kIn → kNotIn, kIsNull → kNotNull, ...). Only for predicates.
Operation Negate(Operation op);
// The comparison with its operands swapped (`5 > a` is `a < 5`).
Operation Flip(Operation op);
// "<", "<=", "=", "!=", "IN", ... as printed.
std::string_view OperationSymbol(Operation op);

// variant_get(column, path, type) / try_variant_get(...): a field of a variant column cast to a
// type (columnar/variant/variant_cast.h), as SQL's functions of those names. Such a term is a
// residual: rows evaluate it, and pruning never uses the variant column's statistics for it (the
// evaluators answer "might match" / "not all rows match").
struct VariantGet {
  std::string path;       // "$.a.b", as written
  std::string type_name;  // "int", as written
  bool try_get = false;

  bool operator==(const VariantGet&) const = default;
};

// A column as written: the parts of a dotted path (`a.b`, `` `odd name`.x ``), or, with
// `variant_get` set, a field extracted from that (variant) column.
struct ColumnRef {
  std::vector<std::string> path;
  std::optional<VariantGet> variant_get;

  bool operator==(const ColumnRef&) const = default;
  // Parts joined by '.', each backtick-quoted unless it is a plain identifier (and, for the
  // first, not a reserved word); a variant_get term as its call: variant_get(v, '$.a', 'int').
  std::string ToString() const;
  // The column alone (without the extraction).
  std::string ColumnName() const;
};

// A literal as written. Numbers keep their text (sign included) so that 1.50 stays exactly
// 1.50 until binding decides the type; strings and typed literals keep their content (quotes
// and escapes removed).
enum class LiteralKind {
  kNull,
  kBool,          // text "true" / "false"
  kInteger,       // "-12"
  kDecimal,       // "1.50": scale = digits after the point
  kFloat,         // "1e-3", "2.5E10": has an exponent
  kString,        // 'it''s' → it's
  kDate,          // DATE '2026-03-05'
  kTime,          // TIME '10:00:00'
  kTimestamp,     // TIMESTAMP '2026-03-05 10:00:00[+01:00]'
  kTimestampNtz,  // TIMESTAMP_NTZ '2026-03-05 10:00:00' (never an offset)
  kBinary,        // X'01ff' → the bytes 0x01 0xff (text holds the raw bytes)
};

struct UnboundLiteral {
  LiteralKind kind = LiteralKind::kNull;
  std::string text;

  static UnboundLiteral Null() { return {LiteralKind::kNull, ""}; }
  static UnboundLiteral Bool(bool v) { return {LiteralKind::kBool, v ? "true" : "false"}; }
  static UnboundLiteral Number(std::string text);  // kind from the text
  static UnboundLiteral String(std::string s) { return {LiteralKind::kString, std::move(s)}; }

  bool is_number() const {
    return kind == LiteralKind::kInteger || kind == LiteralKind::kDecimal ||
           kind == LiteralKind::kFloat;
  }
  // kDecimal: digits after the point; 0 otherwise.
  int scale() const;
  bool operator==(const UnboundLiteral&) const = default;
  // As it would be written: 1.50, 'it''s', DATE '2026-03-05', NULL, TRUE.
  std::string ToString() const;
};

// Quotes a string as an SQL literal: 'it''s', 'a\\b' (a backslash doubled: SQL's escapes).
std::string QuoteString(std::string_view s);
// Bytes as a binary literal: X'01ff'.
std::string HexLiteral(std::string_view bytes);

// The tree. Term is the column (ColumnRef or BoundReference), Value a literal (UnboundLiteral
// or spec::Literal). Copies share nodes.
template <typename Term, typename Value>
class BasicExpression {
 public:
  BasicExpression() : BasicExpression(Operation::kTrue, {}, Term{}, {}) {}

  static BasicExpression True() { return BasicExpression(Operation::kTrue, {}, Term{}, {}); }
  static BasicExpression False() { return BasicExpression(Operation::kFalse, {}, Term{}, {}); }
  static BasicExpression And(BasicExpression a, BasicExpression b) {
    return BasicExpression(Operation::kAnd, {std::move(a), std::move(b)}, Term{}, {});
  }
  static BasicExpression Or(BasicExpression a, BasicExpression b) {
    return BasicExpression(Operation::kOr, {std::move(a), std::move(b)}, Term{}, {});
  }
  static BasicExpression Not(BasicExpression a) {
    return BasicExpression(Operation::kNot, {std::move(a)}, Term{}, {});
  }
  // A predicate on `term`: no value for IS [NOT] NULL/NAN, one for comparisons and
  // starts_with, any number for [NOT] IN.
  static BasicExpression Predicate(Operation op, Term term, std::vector<Value> values = {}) {
    return BasicExpression(op, {}, std::move(term), std::move(values));
  }

  Operation op() const { return node_->op; }
  bool is_predicate() const { return IsPredicate(node_->op); }
  const std::vector<BasicExpression>& children() const { return node_->children; }
  const BasicExpression& child(size_t i) const { return node_->children[i]; }
  const Term& term() const { return node_->term; }
  const std::vector<Value>& values() const { return node_->values; }
  const Value& value() const { return node_->values[0]; }

  bool operator==(const BasicExpression& other) const {
    if (node_ == other.node_) return true;
    return node_->op == other.node_->op && node_->children == other.node_->children &&
           node_->term == other.node_->term && node_->values == other.node_->values;
  }

 private:
  struct Node {
    Operation op;
    std::vector<BasicExpression> children;
    Term term;
    std::vector<Value> values;
  };
  BasicExpression(Operation op, std::vector<BasicExpression> children, Term term,
                  std::vector<Value> values)
      : node_(std::make_shared<const Node>(
            Node{op, std::move(children), std::move(term), std::move(values)})) {}

  std::shared_ptr<const Node> node_;
};

using Expression = BasicExpression<ColumnRef, UnboundLiteral>;

// Text the parser reads back into an equal expression: `a >= 1 AND (b IS NULL OR NOT c = 'x')`.
std::string ToString(const Expression& e);

// The printing shared by unbound and bound expressions: `term` and `value` print one operand.
template <typename E, typename TermPrinter, typename ValuePrinter>
std::string PrintExpression(const E& e, const TermPrinter& term, const ValuePrinter& value);

}  // namespace floe::expr

#include "floe/expr/expression_print.h"
