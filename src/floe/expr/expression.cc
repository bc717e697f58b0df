#include "floe/expr/expression.h"

#include <fmt/format.h>

#include <cassert>

#include "floe/expr/syntax/keywords.h"

namespace floe::expr {

bool IsUnary(Operation op) {
  return op == Operation::kIsNull || op == Operation::kNotNull || op == Operation::kIsNan ||
         op == Operation::kNotNan;
}

bool IsComparison(Operation op) {
  return op == Operation::kLt || op == Operation::kLtEq || op == Operation::kGt ||
         op == Operation::kGtEq || op == Operation::kEq || op == Operation::kNotEq;
}

bool IsSetOp(Operation op) { return op == Operation::kIn || op == Operation::kNotIn; }

bool IsPredicate(Operation op) {
  return IsUnary(op) || IsComparison(op) || IsSetOp(op) || op == Operation::kStartsWith ||
         op == Operation::kNotStartsWith || op == Operation::kLike || op == Operation::kNotLike;
}

Operation Negate(Operation op) {
  switch (op) {
    case Operation::kIsNull:
      return Operation::kNotNull;
    case Operation::kNotNull:
      return Operation::kIsNull;
    case Operation::kIsNan:
      return Operation::kNotNan;
    case Operation::kNotNan:
      return Operation::kIsNan;
    case Operation::kLt:
      return Operation::kGtEq;
    case Operation::kLtEq:
      return Operation::kGt;
    case Operation::kGt:
      return Operation::kLtEq;
    case Operation::kGtEq:
      return Operation::kLt;
    case Operation::kEq:
      return Operation::kNotEq;
    case Operation::kNotEq:
      return Operation::kEq;
    case Operation::kIn:
      return Operation::kNotIn;
    case Operation::kNotIn:
      return Operation::kIn;
    case Operation::kStartsWith:
      return Operation::kNotStartsWith;
    case Operation::kNotStartsWith:
      return Operation::kStartsWith;
    case Operation::kLike:
      return Operation::kNotLike;
    case Operation::kNotLike:
      return Operation::kLike;
    case Operation::kTrue:
      return Operation::kFalse;
    case Operation::kFalse:
      return Operation::kTrue;
    default:
      assert(false && "Negate: not a predicate");
      return op;
  }
}

Operation Flip(Operation op) {
  switch (op) {
    case Operation::kLt:
      return Operation::kGt;
    case Operation::kLtEq:
      return Operation::kGtEq;
    case Operation::kGt:
      return Operation::kLt;
    case Operation::kGtEq:
      return Operation::kLtEq;
    default:
      return op;  // = and != are symmetric
  }
}

std::string_view OperationSymbol(Operation op) {
  switch (op) {
    case Operation::kTrue:
      return "TRUE";
    case Operation::kFalse:
      return "FALSE";
    case Operation::kAnd:
      return "AND";
    case Operation::kOr:
      return "OR";
    case Operation::kNot:
      return "NOT";
    case Operation::kIsNull:
      return "IS NULL";
    case Operation::kNotNull:
      return "IS NOT NULL";
    case Operation::kIsNan:
      return "IS NAN";
    case Operation::kNotNan:
      return "IS NOT NAN";
    case Operation::kLt:
      return "<";
    case Operation::kLtEq:
      return "<=";
    case Operation::kGt:
      return ">";
    case Operation::kGtEq:
      return ">=";
    case Operation::kEq:
      return "=";
    case Operation::kNotEq:
      return "!=";
    case Operation::kIn:
      return "IN";
    case Operation::kNotIn:
      return "NOT IN";
    case Operation::kStartsWith:
      return "starts_with";
    case Operation::kNotStartsWith:
      return "not_starts_with";
    case Operation::kLike:
      return "LIKE";
    case Operation::kNotLike:
      return "NOT LIKE";
  }
  return "?";
}

namespace {

bool IsPlainIdentifier(std::string_view s) {
  if (s.empty()) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    bool digit = c >= '0' && c <= '9';
    if (!letter && !(digit && i > 0)) return false;
  }
  return true;
}

}  // namespace

std::string ColumnRef::ToString() const {
  if (!variant_get) return ColumnName();
  return fmt::format("{}({}, {}, {})", variant_get->try_get ? "try_variant_get" : "variant_get",
                     ColumnName(), QuoteString(variant_get->path),
                     QuoteString(variant_get->type_name));
}

std::string ColumnRef::ColumnName() const {
  std::string out;
  for (size_t i = 0; i < path.size(); ++i) {
    if (i > 0) out += '.';
    // A reserved word starts a name only when quoted; after a '.' any word is a field.
    if (IsPlainIdentifier(path[i]) && (i > 0 || !syntax::IsReservedWord(path[i]))) {
      out += path[i];
      continue;
    }
    out += '`';
    for (char c : path[i]) {
      if (c == '`') out += '`';  // `` inside backticks is one backtick
      out += c;
    }
    out += '`';
  }
  return out;
}

UnboundLiteral UnboundLiteral::Number(std::string text) {
  LiteralKind kind = LiteralKind::kInteger;
  for (char c : text) {
    if (c == 'e' || c == 'E') {
      kind = LiteralKind::kFloat;
      break;
    }
    if (c == '.') kind = LiteralKind::kDecimal;
  }
  return {kind, std::move(text)};
}

int UnboundLiteral::scale() const {
  if (kind != LiteralKind::kDecimal) return 0;
  size_t dot = text.find('.');
  return dot == std::string::npos ? 0 : static_cast<int>(text.size() - dot - 1);
}

std::string QuoteString(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'' || c == '\\') out += c;  // '' is ', and \\ is \ (SQL's string escapes)
    out += c;
  }
  out += '\'';
  return out;
}

std::string HexLiteral(std::string_view bytes) {
  std::string out = "X'";
  static constexpr char kHex[] = "0123456789abcdef";
  for (unsigned char c : bytes) {
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
  return out + "'";
}

std::string UnboundLiteral::ToString() const {
  switch (kind) {
    case LiteralKind::kNull:
      return "NULL";
    case LiteralKind::kBool:
      return text == "true" ? "TRUE" : "FALSE";
    case LiteralKind::kInteger:
    case LiteralKind::kDecimal:
    case LiteralKind::kFloat:
      return text;
    case LiteralKind::kString:
      return QuoteString(text);
    case LiteralKind::kDate:
      return "DATE " + QuoteString(text);
    case LiteralKind::kTime:
      return "TIME " + QuoteString(text);
    case LiteralKind::kTimestamp:
      return "TIMESTAMP " + QuoteString(text);
    case LiteralKind::kTimestampNtz:
      return "TIMESTAMP_NTZ " + QuoteString(text);
    case LiteralKind::kBinary:
      return HexLiteral(text);
  }
  return text;
}

std::string ToString(const Expression& e) {
  return PrintExpression(
      e, [](const ColumnRef& c) { return c.ToString(); },
      [](const ColumnRef&, const UnboundLiteral& v) { return v.ToString(); });
}

}  // namespace floe::expr
