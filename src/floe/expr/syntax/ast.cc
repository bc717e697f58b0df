// Positions, Clone and the canonical text of types and expressions (queries and statements:
// sql/syntax/ast_print.cc).
#include "floe/expr/syntax/ast.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <type_traits>
#include <utility>
#include <vector>

#include "floe/expr/syntax/keywords.h"

namespace floe::expr::syntax {

// The kind enums follow the variants' order.
static_assert(std::is_same_v<std::variant_alternative_t<static_cast<size_t>(ExprKind::kFieldAccess),
                                                        decltype(Expr::node)>,
                             FieldAccess>);
static_assert(std::variant_size_v<decltype(Expr::node)> ==
              static_cast<size_t>(ExprKind::kFieldAccess) + 1);

// 'content' with backslash escapes the lexer reads back.
std::string QuoteStringLiteral(const std::string& content) {
  std::string out = "'";
  for (char c : content) {
    switch (c) {
      case '\'':
        out += "\\'";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += fmt::format("\\u{:04x}", static_cast<unsigned>(static_cast<unsigned char>(c)));
        } else {
          out += c;
        }
    }
  }
  return out + "'";
}

std::string FormatPosition(SourcePosition pos) {
  return fmt::format("line {}, column {}", pos.line, pos.column);
}

// ---------------------------------------------------------------------------------------------
// Types

std::string ToSql(const TypeName& type) {
  switch (type.kind) {
    case TypeKind::kBoolean:
      return "BOOLEAN";
    case TypeKind::kTinyInt:
      return "TINYINT";
    case TypeKind::kSmallInt:
      return "SMALLINT";
    case TypeKind::kInt:
      return "INT";
    case TypeKind::kBigInt:
      return "BIGINT";
    case TypeKind::kFloat:
      return "FLOAT";
    case TypeKind::kDouble:
      return "DOUBLE";
    case TypeKind::kDecimal:
      if (type.precision < 0) return "DECIMAL";
      if (type.scale < 0) return fmt::format("DECIMAL({})", type.precision);
      return fmt::format("DECIMAL({},{})", type.precision, type.scale);
    case TypeKind::kString:
      return "STRING";
    case TypeKind::kVarchar:
      return fmt::format("VARCHAR({})", type.length);
    case TypeKind::kChar:
      return fmt::format("CHAR({})", type.length);
    case TypeKind::kBinary:
      return "BINARY";
    case TypeKind::kDate:
      return "DATE";
    case TypeKind::kTimestamp:
      return "TIMESTAMP";
    case TypeKind::kTimestampNtz:
      return "TIMESTAMP_NTZ";
    case TypeKind::kTimestampNs:
      return "TIMESTAMP_NS";
    case TypeKind::kTimestampTzNs:
      return "TIMESTAMPTZ_NS";
    case TypeKind::kGeometry:
    case TypeKind::kGeography: {
      std::string out = type.kind == TypeKind::kGeometry ? "GEOMETRY" : "GEOGRAPHY";
      if (type.crs.empty() && type.algorithm.empty()) return out;
      out += "(" + QuoteStringLiteral(type.crs);
      if (!type.algorithm.empty()) out += ", " + QuoteStringLiteral(type.algorithm);
      return out + ")";
    }
    case TypeKind::kTime:
      return "TIME";
    case TypeKind::kUuid:
      return "UUID";
    case TypeKind::kVariant:
      return "VARIANT";
    case TypeKind::kFixed:
      return fmt::format("FIXED({})", type.length);
    case TypeKind::kStruct: {
      std::string out = "STRUCT<";
      for (size_t i = 0; i < type.fields.size(); ++i) {
        const StructFieldType& f = type.fields[i];
        if (i > 0) out += ", ";
        out += QuoteIdentifier(f.name) + ": " + ToSql(f.type);
        if (f.not_null) out += " NOT NULL";
        if (f.comment) out += " COMMENT " + QuoteStringLiteral(*f.comment);
      }
      return out + ">";
    }
    case TypeKind::kArray:
      return "ARRAY<" + (type.arguments.empty() ? "?" : ToSql(type.arguments[0])) + ">";
    case TypeKind::kMap:
      if (type.arguments.size() != 2) return "MAP<?>";
      return "MAP<" + ToSql(type.arguments[0]) + ", " + ToSql(type.arguments[1]) + ">";
  }
  return "?";
}

// ---------------------------------------------------------------------------------------------
// Identifiers

std::string QuoteIdentifier(const std::string& name) {
  bool plain = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') plain = false;
  }
  if (plain && !IsClauseWord(name)) return name;
  std::string out = "`";
  for (char c : name) {
    if (c == '`') out += '`';
    out += c;
  }
  return out + "`";
}

std::string ToSql(const QualifiedName& name) {
  std::string out;
  for (size_t i = 0; i < name.size(); ++i) {
    if (i > 0) out += '.';
    out += QuoteIdentifier(name[i]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Children, depth and destruction

namespace {

// Calls `f` on each ExprPtr slot of `node` (null ones included), in the order written.
template <typename Node, typename F>
void ForEachSlot(Node& node, F&& f) {
  std::visit(
      [&](auto& n) {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, UnaryExpr> || std::is_same_v<T, CastExpr>) {
          f(n.operand);
        } else if constexpr (std::is_same_v<T, BinaryExpr>) {
          f(n.left);
          f(n.right);
        } else if constexpr (std::is_same_v<T, IsExpr>) {
          f(n.operand);
          f(n.other);
        } else if constexpr (std::is_same_v<T, LikeExpr>) {
          f(n.operand);
          f(n.pattern);
        } else if constexpr (std::is_same_v<T, InExpr>) {
          f(n.operand);
          for (auto& e : n.list) f(e);
        } else if constexpr (std::is_same_v<T, BetweenExpr>) {
          f(n.operand);
          f(n.low);
          f(n.high);
        } else if constexpr (std::is_same_v<T, CaseExpr>) {
          f(n.operand);
          for (auto& w : n.whens) {
            f(w.when);
            f(w.then);
          }
          f(n.else_result);
        } else if constexpr (std::is_same_v<T, FunctionCall>) {
          for (auto& e : n.args) f(e);
          if (n.over) {
            for (auto& e : n.over->partition_by) f(e);
            for (auto& o : n.over->order_by) f(o.expr);
            if (n.over->frame) {
              f(n.over->frame->start.offset);
              f(n.over->frame->end.offset);
            }
          }
        } else if constexpr (std::is_same_v<T, SubscriptExpr>) {
          f(n.base);
          f(n.index);
        } else if constexpr (std::is_same_v<T, FieldAccess>) {
          f(n.base);
        }
      },
      node);
}

}  // namespace

Expr::~Expr() {
  if (kind() == ExprKind::kLiteral || kind() == ExprKind::kColumnRef) return;
  std::vector<ExprPtr> pending;
  auto take = [&pending](ExprPtr& slot) {
    if (slot) pending.push_back(std::move(slot));
  };
  ForEachSlot(node, take);
  while (!pending.empty()) {
    ExprPtr e = std::move(pending.back());
    pending.pop_back();
    ForEachSlot(e->node, take);
    // e's destructor now frees one node with no children left.
  }
}

void ForEachChild(const Expr& expr, const std::function<void(const Expr&)>& visit) {
  ForEachSlot(expr.node, [&](const ExprPtr& slot) {
    if (slot) visit(*slot);
  });
}

int TreeDepth(const Expr& expr, int limit) {
  int deepest = 0;
  std::vector<std::pair<const Expr*, int>> pending{{&expr, 1}};
  while (!pending.empty()) {
    auto [e, depth] = pending.back();
    pending.pop_back();
    deepest = std::max(deepest, depth);
    if (deepest > limit) return deepest;
    ForEachSlot(e->node, [&, d = depth](const ExprPtr& slot) {
      if (slot) pending.emplace_back(slot.get(), d + 1);
    });
  }
  return deepest;
}

// ---------------------------------------------------------------------------------------------
// Clone

namespace {

ExprPtr CloneOrNull(const ExprPtr& e) { return e ? Clone(*e) : nullptr; }

std::vector<ExprPtr> CloneList(const std::vector<ExprPtr>& list) {
  std::vector<ExprPtr> out;
  out.reserve(list.size());
  for (const ExprPtr& e : list) out.push_back(CloneOrNull(e));
  return out;
}

struct ExprCloner {
  SourcePosition pos;

  ExprPtr operator()(const Literal& n) const { return MakeExpr(pos, n); }
  ExprPtr operator()(const ColumnRef& n) const { return MakeExpr(pos, n); }
  ExprPtr operator()(const Star& n) const { return MakeExpr(pos, n); }
  ExprPtr operator()(const UnaryExpr& n) const {
    return MakeExpr(pos, UnaryExpr{n.op, CloneOrNull(n.operand)});
  }
  ExprPtr operator()(const BinaryExpr& n) const {
    return MakeExpr(pos, BinaryExpr{n.op, CloneOrNull(n.left), CloneOrNull(n.right)});
  }
  ExprPtr operator()(const IsExpr& n) const {
    return MakeExpr(pos, IsExpr{n.test, n.negated, CloneOrNull(n.operand), CloneOrNull(n.other)});
  }
  ExprPtr operator()(const LikeExpr& n) const {
    return MakeExpr(
        pos, LikeExpr{n.kind, n.negated, CloneOrNull(n.operand), CloneOrNull(n.pattern), n.escape});
  }
  ExprPtr operator()(const InExpr& n) const {
    return MakeExpr(pos, InExpr{n.negated, CloneOrNull(n.operand), CloneList(n.list)});
  }
  ExprPtr operator()(const BetweenExpr& n) const {
    return MakeExpr(pos, BetweenExpr{n.negated, CloneOrNull(n.operand), CloneOrNull(n.low),
                                     CloneOrNull(n.high)});
  }
  ExprPtr operator()(const CaseExpr& n) const {
    CaseExpr c;
    c.operand = CloneOrNull(n.operand);
    for (const WhenClause& w : n.whens) {
      c.whens.push_back(WhenClause{CloneOrNull(w.when), CloneOrNull(w.then)});
    }
    c.else_result = CloneOrNull(n.else_result);
    return MakeExpr(pos, std::move(c));
  }
  ExprPtr operator()(const CastExpr& n) const {
    return MakeExpr(pos, CastExpr{CloneOrNull(n.operand), n.type, n.try_cast});
  }
  ExprPtr operator()(const FunctionCall& n) const {
    FunctionCall call{n.name, CloneList(n.args), n.distinct, n.star, n.no_parentheses, nullptr};
    if (n.over) {
      call.over = std::make_unique<WindowSpec>();
      call.over->partition_by = CloneList(n.over->partition_by);
      for (const auto& o : n.over->order_by)
        call.over->order_by.push_back({CloneOrNull(o.expr), o.descending, o.nulls});
      if (n.over->frame) {
        const WindowFrame& f = *n.over->frame;
        call.over->frame = WindowFrame{f.unit,
                                       {f.start.kind, CloneOrNull(f.start.offset)},
                                       {f.end.kind, CloneOrNull(f.end.offset)},
                                       f.between};
      }
    }
    return MakeExpr(pos, std::move(call));
  }
  ExprPtr operator()(const SubscriptExpr& n) const {
    return MakeExpr(pos, SubscriptExpr{CloneOrNull(n.base), CloneOrNull(n.index)});
  }
  ExprPtr operator()(const FieldAccess& n) const {
    return MakeExpr(pos, FieldAccess{CloneOrNull(n.base), n.field});
  }
};

}  // namespace

ExprPtr Clone(const Expr& expr) { return std::visit(ExprCloner{expr.pos}, expr.node); }

// ---------------------------------------------------------------------------------------------
// Expression text

const char* BinaryOpSymbol(BinaryOp op) {
  switch (op) {
    case BinaryOp::kAdd:
      return "+";
    case BinaryOp::kSubtract:
      return "-";
    case BinaryOp::kMultiply:
      return "*";
    case BinaryOp::kDivide:
      return "/";
    case BinaryOp::kIntDivide:
      return "DIV";
    case BinaryOp::kModulo:
      return "%";
    case BinaryOp::kConcat:
      return "||";
    case BinaryOp::kEq:
      return "=";
    case BinaryOp::kNotEq:
      return "!=";
    case BinaryOp::kLt:
      return "<";
    case BinaryOp::kLtEq:
      return "<=";
    case BinaryOp::kGt:
      return ">";
    case BinaryOp::kGtEq:
      return ">=";
    case BinaryOp::kNullSafeEq:
      return "<=>";
    case BinaryOp::kAnd:
      return "AND";
    case BinaryOp::kOr:
      return "OR";
    case BinaryOp::kBitAnd:
      return "&";
    case BinaryOp::kBitOr:
      return "|";
    case BinaryOp::kBitXor:
      return "^";
  }
  return "?";
}

namespace {

bool NumberTextHasExponent(const std::string& text) {
  return text.find_first_of("eE") != std::string::npos;
}

std::string LiteralToSql(const Literal& lit) {
  switch (lit.kind) {
    case LiteralKind::kNull:
      return "NULL";
    case LiteralKind::kBoolean:
      return lit.bool_value ? "TRUE" : "FALSE";
    case LiteralKind::kInteger:
      return lit.text;
    case LiteralKind::kTinyInt:
      return lit.text + "Y";
    case LiteralKind::kSmallInt:
      return lit.text + "S";
    case LiteralKind::kBigInt:
      return lit.text + "L";
    case LiteralKind::kDecimal:
      // 1.50 reads as a decimal by itself; 12 and 1.5E3 need the suffix.
      if (lit.text.find('.') == std::string::npos || NumberTextHasExponent(lit.text)) {
        return lit.text + "BD";
      }
      return lit.text;
    case LiteralKind::kFloat:
      return lit.text + "F";
    case LiteralKind::kDouble:
      return NumberTextHasExponent(lit.text) ? lit.text : lit.text + "D";
    case LiteralKind::kString:
      return QuoteStringLiteral(lit.text);
    case LiteralKind::kDate:
      return "DATE " + QuoteStringLiteral(lit.text);
    case LiteralKind::kTime:
      return "TIME " + QuoteStringLiteral(lit.text);
    case LiteralKind::kTimestamp:
      return "TIMESTAMP " + QuoteStringLiteral(lit.text);
    case LiteralKind::kTimestampTz:
      return "TIMESTAMPTZ " + QuoteStringLiteral(lit.text);
    case LiteralKind::kTimestampNtz:
      return "TIMESTAMP_NTZ " + QuoteStringLiteral(lit.text);
    case LiteralKind::kBinary: {
      std::string out = "X'";
      for (char c : lit.text) out += fmt::format("{:02X}", static_cast<unsigned char>(c));
      return out + "'";
    }
  }
  return "?";
}

std::string ExprListToSql(const std::vector<ExprPtr>& list) {
  std::string out;
  for (size_t i = 0; i < list.size(); ++i) {
    if (i > 0) out += ", ";
    out += list[i] ? ToSql(*list[i]) : "?";
  }
  return out;
}

std::string ChildToSql(const ExprPtr& e) { return e ? ToSql(*e) : "?"; }

bool IsSameWordIgnoringCase(const std::string& a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
  }
  return true;
}

// A base that the parser reads back as the base of a postfix `.field` / `[index]`.
std::string PostfixBaseToSql(const ExprPtr& base, bool field_access) {
  if (!base) return "?";
  switch (base->kind()) {
    case ExprKind::kFunctionCall:
      if (base->As<FunctionCall>()->no_parentheses) break;
      return ToSql(*base);
    case ExprKind::kSubscript:
    case ExprKind::kFieldAccess:
    case ExprKind::kCast:
    case ExprKind::kCase:
      return ToSql(*base);
    case ExprKind::kColumnRef:
      if (!field_access) return ToSql(*base);  // a.b['k']; but (a.b).f is not a.b.f
      break;
    default:
      break;
  }
  return "(" + ToSql(*base) + ")";
}

struct ExprPrinter {
  std::string operator()(const Literal& n) const { return LiteralToSql(n); }
  std::string operator()(const ColumnRef& n) const { return ToSql(n.name); }
  std::string operator()(const Star& n) const {
    return n.qualifier.empty() ? "*" : ToSql(n.qualifier) + ".*";
  }
  std::string operator()(const UnaryExpr& n) const {
    switch (n.op) {
      case UnaryOp::kNegate:
        // `-(5)` is not the literal -5 that `- 5` reads as.
        if (n.operand && n.operand->kind() == ExprKind::kLiteral) {
          return "(- (" + ToSql(*n.operand) + "))";
        }
        return "(- " + ChildToSql(n.operand) + ")";
      case UnaryOp::kPlus:
        return "(+ " + ChildToSql(n.operand) + ")";
      case UnaryOp::kNot:
        return "(NOT " + ChildToSql(n.operand) + ")";
      case UnaryOp::kBitNot:
        return "(~ " + ChildToSql(n.operand) + ")";
    }
    return "?";
  }
  std::string operator()(const BinaryExpr& n) const {
    return "(" + ChildToSql(n.left) + " " + BinaryOpSymbol(n.op) + " " + ChildToSql(n.right) + ")";
  }
  std::string operator()(const IsExpr& n) const {
    std::string out = "(" + ChildToSql(n.operand) + (n.negated ? " IS NOT " : " IS ");
    switch (n.test) {
      case IsTest::kNull:
        out += "NULL";
        break;
      case IsTest::kTrue:
        out += "TRUE";
        break;
      case IsTest::kFalse:
        out += "FALSE";
        break;
      case IsTest::kNan:
        out += "NAN";
        break;
      case IsTest::kDistinctFrom:
        out += "DISTINCT FROM " + ChildToSql(n.other);
        break;
    }
    return out + ")";
  }
  std::string operator()(const LikeExpr& n) const {
    const char* word = n.kind == LikeKind::kLike    ? "LIKE"
                       : n.kind == LikeKind::kILike ? "ILIKE"
                                                    : "RLIKE";
    std::string out = "(" + ChildToSql(n.operand) + (n.negated ? " NOT " : " ") + word + " " +
                      ChildToSql(n.pattern);
    if (n.escape) out += " ESCAPE " + QuoteStringLiteral(*n.escape);
    return out + ")";
  }
  std::string operator()(const InExpr& n) const {
    return "(" + ChildToSql(n.operand) + (n.negated ? " NOT IN (" : " IN (") +
           ExprListToSql(n.list) + "))";
  }
  std::string operator()(const BetweenExpr& n) const {
    return "(" + ChildToSql(n.operand) + (n.negated ? " NOT BETWEEN " : " BETWEEN ") +
           ChildToSql(n.low) + " AND " + ChildToSql(n.high) + ")";
  }
  std::string operator()(const CaseExpr& n) const {
    std::string out = "CASE";
    if (n.operand) out += " " + ToSql(*n.operand);
    for (const WhenClause& w : n.whens) {
      out += " WHEN " + ChildToSql(w.when) + " THEN " + ChildToSql(w.then);
    }
    if (n.else_result) out += " ELSE " + ToSql(*n.else_result);
    return out + " END";
  }
  std::string operator()(const CastExpr& n) const {
    return std::string(n.try_cast ? "TRY_CAST(" : "CAST(") + ChildToSql(n.operand) + " AS " +
           ToSql(n.type) + ")";
  }
  std::string operator()(const FunctionCall& n) const {
    // left(s, n) and right(s, n) read back unquoted though LEFT and RIGHT are reserved.
    bool join_word =
        n.name.size() == 1 && !n.no_parentheses &&
        (IsSameWordIgnoringCase(n.name[0], "left") || IsSameWordIgnoringCase(n.name[0], "right"));
    std::string out = join_word ? n.name[0] : ToSql(n.name);
    if (n.no_parentheses) return out;
    out += "(";
    if (n.star) return out + "*)" + (n.over ? " OVER (" + ToSql(*n.over) + ")" : "");
    if (n.distinct) out += "DISTINCT ";
    out += ExprListToSql(n.args) + ")";
    if (n.over) out += " OVER (" + ToSql(*n.over) + ")";
    return out;
  }
  std::string operator()(const SubscriptExpr& n) const {
    return PostfixBaseToSql(n.base, false) + "[" + ChildToSql(n.index) + "]";
  }
  std::string operator()(const FieldAccess& n) const {
    return PostfixBaseToSql(n.base, true) + "." + QuoteIdentifier(n.field);
  }
};

}  // namespace

std::string ToSql(const Expr& expr) { return std::visit(ExprPrinter{}, expr.node); }

namespace {

std::string FrameBoundToSql(const FrameBound& b) {
  switch (b.kind) {
    case FrameBoundKind::kUnboundedPreceding:
      return "UNBOUNDED PRECEDING";
    case FrameBoundKind::kPreceding:
      return ToSql(*b.offset) + " PRECEDING";
    case FrameBoundKind::kCurrentRow:
      return "CURRENT ROW";
    case FrameBoundKind::kFollowing:
      return ToSql(*b.offset) + " FOLLOWING";
    case FrameBoundKind::kUnboundedFollowing:
      return "UNBOUNDED FOLLOWING";
  }
  return "";
}

}  // namespace

std::string ToSql(const WindowSpec& window) {
  std::string out;
  if (!window.partition_by.empty()) out += "PARTITION BY " + ExprListToSql(window.partition_by);
  if (!window.order_by.empty()) {
    out += out.empty() ? "ORDER BY " : " ORDER BY ";
    for (size_t i = 0; i < window.order_by.size(); ++i) {
      const WindowOrderItem& o = window.order_by[i];
      if (i > 0) out += ", ";
      out += ToSql(*o.expr) + (o.descending ? " DESC" : " ASC");
      if (o.nulls == WindowNullOrder::kFirst) out += " NULLS FIRST";
      if (o.nulls == WindowNullOrder::kLast) out += " NULLS LAST";
    }
  }
  if (window.frame) {
    const WindowFrame& f = *window.frame;
    if (!out.empty()) out += " ";
    out += f.unit == FrameUnit::kRows ? "ROWS " : "RANGE ";
    if (f.between) {
      out += "BETWEEN " + FrameBoundToSql(f.start) + " AND " + FrameBoundToSql(f.end);
    } else {
      out += FrameBoundToSql(f.start);
    }
  }
  return out;
}

}  // namespace floe::expr::syntax
