#include "floe/expr/parser.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "floe/expr/like_pattern.h"
#include "floe/expr/syntax/expression_parser.h"
#include "floe/util/ascii.h"
#include "floe/util/time.h"

namespace floe::expr {
namespace {

using syntax::SourcePosition;

// "filter: column 7", or "filter: line 2, column 7" past the first line.
std::string Where(SourcePosition pos) {
  if (pos.line == 1) return fmt::format("filter: column {}", pos.column);
  return "filter: " + syntax::FormatPosition(pos);
}

// The grammar's errors start "line L, column C: "; a filter's say "filter: column C: " (and name
// the line only past the first), as its other errors do.
Error AsFilterError(const Error& e) {
  std::string_view message = e.message;
  constexpr std::string_view kFirstLine = "line 1, ";
  if (message.starts_with(kFirstLine)) message.remove_prefix(kFirstLine.size());
  return Error{e.kind, "filter: " + std::string(message)};
}

// The expression as SQL text, without the parentheses the canonical form puts around an
// operation: `k + 1`, `upper(s)`.
std::string Describe(const syntax::Expr& e) {
  std::string text = syntax::ToSql(e);
  if (text.size() >= 2 && text.front() == '(' && text.back() == ')') {
    return text.substr(1, text.size() - 2);
  }
  return text;
}

// The functions a filter knows, by name.
enum class FilterFunction { kStartsWith, kNotStartsWith, kIsNan };

std::optional<FilterFunction> FunctionOf(const syntax::FunctionCall& call) {
  if (call.name.size() != 1 || call.no_parentheses || call.distinct || call.star) {
    return std::nullopt;
  }
  const std::string& name = call.name[0];
  if (AsciiEqualsIgnoreCase(name, "starts_with")) return FilterFunction::kStartsWith;
  if (AsciiEqualsIgnoreCase(name, "not_starts_with")) return FilterFunction::kNotStartsWith;
  if (AsciiEqualsIgnoreCase(name, "isnan")) return FilterFunction::kIsNan;
  return std::nullopt;
}

Error Unsupported(const syntax::Expr& e) {
  const auto* call = e.As<syntax::FunctionCall>();
  if (call && !FunctionOf(*call)) {
    return InvalidArgument(
        "{}: \"{}\" is not supported in a filter (its functions: "
        "starts_with, not_starts_with, isnan, variant_get, try_variant_get; use floe sql)",
        Where(e.pos), Describe(e));
  }
  return InvalidArgument("{}: \"{}\" is not supported in a filter (use floe sql)", Where(e.pos),
                         Describe(e));
}

// A column: a (dotted) name. A bare `current_date` and its kin are names too: a filter has no
// clock, and a column may be called so.
std::optional<ColumnRef> ColumnOf(const syntax::Expr& e) {
  if (const auto* ref = e.As<syntax::ColumnRef>()) return ColumnRef{ref->name};
  if (const auto* call = e.As<syntax::FunctionCall>(); call && call->no_parentheses) {
    return ColumnRef{call->name};
  }
  return std::nullopt;
}

bool IsVariantGet(const syntax::FunctionCall& call) {
  return call.name.size() == 1 && !call.no_parentheses && !call.distinct && !call.star &&
         (AsciiEqualsIgnoreCase(call.name[0], "variant_get") ||
          AsciiEqualsIgnoreCase(call.name[0], "try_variant_get"));
}

// variant_get(column, 'path', 'type') (or try_variant_get): the path and the type are strings,
// as in SQL; the type is required (a filter compares values of a type, not variants).
Result<ColumnRef> VariantGetOf(const syntax::Expr& e, const syntax::FunctionCall& call) {
  const std::string name = AsciiLower(call.name[0]);
  if (call.args.size() != 3) {
    return InvalidArgument(
        "{}: {} in a filter takes a variant column, a path and a type name: {}(v, '$.a', 'int')",
        Where(e.pos), name, name);
  }
  std::optional<ColumnRef> column = ColumnOf(*call.args[0]);
  if (!column) {
    return InvalidArgument("{}: {}: argument 1 must be a variant column, not \"{}\"",
                           Where(call.args[0]->pos), name, Describe(*call.args[0]));
  }
  auto text = [&](size_t i, std::string_view what) -> Result<std::string> {
    const auto* lit = call.args[i]->As<syntax::Literal>();
    if (!lit || lit->kind != syntax::LiteralKind::kString) {
      return InvalidArgument("{}: {}: the {} (argument {}) must be a string, not \"{}\"",
                             Where(call.args[i]->pos), name, what, i + 1, Describe(*call.args[i]));
    }
    return lit->text;
  };
  VariantGet get;
  FLOE_ASSIGN_OR_RETURN(get.path, text(1, "path"));
  FLOE_ASSIGN_OR_RETURN(get.type_name, text(2, "type"));
  get.try_get = name == "try_variant_get";
  column->variant_get = std::move(get);
  return *column;
}

// A term a predicate applies to: a column, or a variant_get of one; nullopt for other syntax.
Result<std::optional<ColumnRef>> TermOf(const syntax::Expr& e) {
  if (const auto* call = e.As<syntax::FunctionCall>(); call && IsVariantGet(*call)) {
    FLOE_ASSIGN_OR_RETURN(ColumnRef term, VariantGetOf(e, *call));
    return std::optional<ColumnRef>(std::move(term));
  }
  return ColumnOf(e);
}

// A literal's value, checked as the filter reads it.
Result<UnboundLiteral> ValueOf(const syntax::Literal& lit, SourcePosition pos) {
  using syntax::LiteralKind;
  std::string quoted = syntax::QuoteStringLiteral(lit.text);
  switch (lit.kind) {
    case LiteralKind::kNull:
      return UnboundLiteral::Null();
    case LiteralKind::kBoolean:
      return UnboundLiteral::Bool(lit.bool_value);
    case LiteralKind::kInteger:
    case LiteralKind::kTinyInt:
    case LiteralKind::kSmallInt:
    case LiteralKind::kBigInt:
    case LiteralKind::kDecimal:
    case LiteralKind::kFloat:
    case LiteralKind::kDouble:
      // The column's type decides; the suffix (1L, 1.5D) says nothing more here.
      return UnboundLiteral::Number(lit.text);
    case LiteralKind::kString:
      return UnboundLiteral::String(lit.text);
    case LiteralKind::kBinary:
      return UnboundLiteral{expr::LiteralKind::kBinary, lit.text};
    case LiteralKind::kDate:
      if (!ParseDate(lit.text)) {
        return InvalidArgument("{}: invalid date {} (expected YYYY-MM-DD)", Where(pos), quoted);
      }
      return UnboundLiteral{expr::LiteralKind::kDate, lit.text};
    case LiteralKind::kTime:
      if (!ParseTimeNanos(lit.text)) {
        return InvalidArgument("{}: invalid time {} (expected HH:MM:SS[.ffffff])", Where(pos),
                               quoted);
      }
      return UnboundLiteral{expr::LiteralKind::kTime, lit.text};
    case LiteralKind::kTimestamp:
    case LiteralKind::kTimestampTz:
    case LiteralKind::kTimestampNtz: {
      auto ts = ParseTimestamp(lit.text);
      if (!ts) {
        return InvalidArgument(
            "{}: invalid timestamp {} (expected "
            "YYYY-MM-DD HH:MM:SS[.ffffff][+HH:MM])",
            Where(pos), quoted);
      }
      if (lit.kind == LiteralKind::kTimestampNtz) {
        if (ts->has_offset) {
          return InvalidArgument("{}: TIMESTAMP_NTZ {} must not carry a zone offset", Where(pos),
                                 quoted);
        }
        return UnboundLiteral{expr::LiteralKind::kTimestampNtz, lit.text};
      }
      // TIMESTAMPTZ without an offset is UTC; TIMESTAMP's text is kept (binding reads it
      // against the column: UTC for a timestamptz, local for a timestamp).
      bool utc = lit.kind == LiteralKind::kTimestampTz && !ts->has_offset;
      return UnboundLiteral{expr::LiteralKind::kTimestamp, utc ? lit.text + "+00:00" : lit.text};
    }
  }
  return Internal("filter: unknown literal kind");
}

Error TwoColumns(SourcePosition second) {
  return InvalidArgument(
      "{}: comparing two columns is not supported; compare a column with a "
      "value",
      Where(second));
}

Result<UnboundLiteral> ValueOf(const syntax::Expr& e) {
  if (const auto* lit = e.As<syntax::Literal>()) return ValueOf(*lit, e.pos);
  FLOE_ASSIGN_OR_RETURN(std::optional<ColumnRef> term, TermOf(e));
  if (term) return TwoColumns(e.pos);
  return Unsupported(e);
}

Result<ColumnRef> RequireColumn(const syntax::Expr& e) {
  FLOE_ASSIGN_OR_RETURN(std::optional<ColumnRef> term, TermOf(e));
  if (term) return *std::move(term);
  return Unsupported(e);
}

// LIKE 'abc%' is starts_with(c, 'abc') and LIKE 'abc' is c = 'abc' (both prune files, row groups
// and pages by their bounds); other patterns are LIKE itself, which the rows are filtered by and
// which prunes by its literal prefix. `pattern` has backslash escapes.
Expression LowerLike(ColumnRef column, const std::string& pattern, bool negated) {
  LikePattern like(pattern);
  if (like.is_prefix()) {
    return Expression::Predicate(negated ? Operation::kNotStartsWith : Operation::kStartsWith,
                                 std::move(column),
                                 {UnboundLiteral::String(like.literal_prefix())});
  }
  if (like.is_exact()) {
    return Expression::Predicate(negated ? Operation::kNotEq : Operation::kEq, std::move(column),
                                 {UnboundLiteral::String(like.literal_prefix())});
  }
  return Expression::Predicate(negated ? Operation::kNotLike : Operation::kLike, std::move(column),
                               {UnboundLiteral::String(pattern)});
}

// column op value, or value op column (flipped).
Result<Expression> LowerComparison(Operation op, const syntax::Expr& left,
                                   const syntax::Expr& right) {
  FLOE_ASSIGN_OR_RETURN(std::optional<ColumnRef> left_term, TermOf(left));
  if (left_term) {
    FLOE_ASSIGN_OR_RETURN(UnboundLiteral v, ValueOf(right));
    return Expression::Predicate(op, std::move(*left_term), {std::move(v)});
  }
  if (!left.As<syntax::Literal>()) return Unsupported(left);
  if (right.As<syntax::Literal>()) {
    return InvalidArgument(
        "{}: comparing two values is not supported; compare a column with a "
        "value",
        Where(right.pos));
  }
  FLOE_ASSIGN_OR_RETURN(ColumnRef column, RequireColumn(right));
  FLOE_ASSIGN_OR_RETURN(UnboundLiteral v, ValueOf(left));
  return Expression::Predicate(Flip(op), std::move(column), {std::move(v)});
}

Result<Expression> LowerFunction(const syntax::Expr& e, const syntax::FunctionCall& call) {
  std::optional<FilterFunction> f = FunctionOf(call);
  if (!f) return Unsupported(e);
  size_t arity = *f == FilterFunction::kIsNan ? 1 : 2;
  if (call.args.size() != arity) {
    return InvalidArgument("{}: {} takes {}", Where(e.pos), call.name[0],
                           arity == 1 ? "one column" : "a column and a prefix string");
  }
  FLOE_ASSIGN_OR_RETURN(ColumnRef column, RequireColumn(*call.args[0]));
  if (*f == FilterFunction::kIsNan) return Expression::Predicate(Operation::kIsNan, column);
  const auto* prefix = call.args[1]->As<syntax::Literal>();
  if (!prefix || prefix->kind != syntax::LiteralKind::kString) {
    return InvalidArgument("{}: {} takes a prefix string, not \"{}\"", Where(call.args[1]->pos),
                           call.name[0], Describe(*call.args[1]));
  }
  Operation op =
      *f == FilterFunction::kStartsWith ? Operation::kStartsWith : Operation::kNotStartsWith;
  return Expression::Predicate(op, std::move(column), {UnboundLiteral::String(prefix->text)});
}

// A condition: the syntax tree of a boolean expression as a filter Expression.
Result<Expression> Lower(const syntax::Expr& e) {
  switch (e.kind()) {
    case syntax::ExprKind::kLiteral: {
      const auto& lit = *e.As<syntax::Literal>();
      if (lit.kind != syntax::LiteralKind::kBoolean) {
        return InvalidArgument("{}: \"{}\" is not a condition; compare a column with a value",
                               Where(e.pos), Describe(e));
      }
      return lit.bool_value ? Expression::True() : Expression::False();
    }
    case syntax::ExprKind::kColumnRef:
      // A bare column is a boolean test.
      return Expression::Predicate(Operation::kEq, *ColumnOf(e), {UnboundLiteral::Bool(true)});
    case syntax::ExprKind::kUnary: {
      const auto& u = *e.As<syntax::UnaryExpr>();
      if (u.op != syntax::UnaryOp::kNot) return Unsupported(e);
      FLOE_ASSIGN_OR_RETURN(Expression operand, Lower(*u.operand));
      return Expression::Not(std::move(operand));
    }
    case syntax::ExprKind::kBinary: {
      const auto& b = *e.As<syntax::BinaryExpr>();
      if (b.op == syntax::BinaryOp::kAnd || b.op == syntax::BinaryOp::kOr) {
        FLOE_ASSIGN_OR_RETURN(Expression left, Lower(*b.left));
        FLOE_ASSIGN_OR_RETURN(Expression right, Lower(*b.right));
        return b.op == syntax::BinaryOp::kAnd ? Expression::And(std::move(left), std::move(right))
                                              : Expression::Or(std::move(left), std::move(right));
      }
      std::optional<Operation> op = ComparisonOf(b.op);
      if (!op) return Unsupported(e);
      return LowerComparison(*op, *b.left, *b.right);
    }
    case syntax::ExprKind::kIs: {
      const auto& is = *e.As<syntax::IsExpr>();
      Operation op;
      if (is.test == syntax::IsTest::kNull) {
        op = is.negated ? Operation::kNotNull : Operation::kIsNull;
      } else if (is.test == syntax::IsTest::kNan) {
        op = is.negated ? Operation::kNotNan : Operation::kIsNan;
      } else {
        return Unsupported(e);
      }
      FLOE_ASSIGN_OR_RETURN(ColumnRef column, RequireColumn(*is.operand));
      return Expression::Predicate(op, std::move(column));
    }
    case syntax::ExprKind::kIn: {
      const auto& in = *e.As<syntax::InExpr>();
      FLOE_ASSIGN_OR_RETURN(ColumnRef column, RequireColumn(*in.operand));
      std::vector<UnboundLiteral> values;
      for (const syntax::ExprPtr& item : in.list) {
        FLOE_ASSIGN_OR_RETURN(UnboundLiteral v, ValueOf(*item));
        values.push_back(std::move(v));
      }
      return Expression::Predicate(in.negated ? Operation::kNotIn : Operation::kIn,
                                   std::move(column), std::move(values));
    }
    case syntax::ExprKind::kBetween: {
      const auto& between = *e.As<syntax::BetweenExpr>();
      FLOE_ASSIGN_OR_RETURN(ColumnRef column, RequireColumn(*between.operand));
      FLOE_ASSIGN_OR_RETURN(UnboundLiteral low, ValueOf(*between.low));
      FLOE_ASSIGN_OR_RETURN(UnboundLiteral high, ValueOf(*between.high));
      Expression range =
          Expression::And(Expression::Predicate(Operation::kGtEq, column, {std::move(low)}),
                          Expression::Predicate(Operation::kLtEq, column, {std::move(high)}));
      return between.negated ? Expression::Not(std::move(range)) : range;
    }
    case syntax::ExprKind::kLike: {
      const auto& like = *e.As<syntax::LikeExpr>();
      if (like.kind != syntax::LikeKind::kLike) return Unsupported(e);
      FLOE_ASSIGN_OR_RETURN(ColumnRef column, RequireColumn(*like.operand));
      const auto* pattern = like.pattern->As<syntax::Literal>();
      if (!pattern || pattern->kind != syntax::LiteralKind::kString) return Unsupported(e);
      std::string text =
          like.escape ? WithBackslashEscapes(pattern->text, (*like.escape)[0]) : pattern->text;
      return LowerLike(std::move(column), text, like.negated);
    }
    case syntax::ExprKind::kFunctionCall: {
      const auto& call = *e.As<syntax::FunctionCall>();
      if (call.no_parentheses || IsVariantGet(call)) {  // a boolean test, as a bare column
        FLOE_ASSIGN_OR_RETURN(ColumnRef term, RequireColumn(e));
        return Expression::Predicate(Operation::kEq, std::move(term), {UnboundLiteral::Bool(true)});
      }
      return LowerFunction(e, call);
    }
    default:
      return Unsupported(e);
  }
}

}  // namespace

Result<Expression> ParseFilter(std::string_view text) {
  auto tree = syntax::ParseExpression(text);
  if (!tree.ok()) return AsFilterError(tree.error());
  return Lower(**tree);
}

Result<UnboundLiteral> FilterLiteral(const syntax::Literal& literal) {
  return ValueOf(literal, SourcePosition{});
}

Result<Expression> ParseFilterOrTrue(std::string_view text) {
  for (char c : text) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return ParseFilter(text);
  }
  return Expression::True();
}

std::optional<Operation> ComparisonOf(syntax::BinaryOp op) {
  switch (op) {
    case syntax::BinaryOp::kEq:
      return Operation::kEq;
    case syntax::BinaryOp::kNotEq:
      return Operation::kNotEq;
    case syntax::BinaryOp::kLt:
      return Operation::kLt;
    case syntax::BinaryOp::kLtEq:
      return Operation::kLtEq;
    case syntax::BinaryOp::kGt:
      return Operation::kGt;
    case syntax::BinaryOp::kGtEq:
      return Operation::kGtEq;
    default:
      return std::nullopt;
  }
}

}  // namespace floe::expr
