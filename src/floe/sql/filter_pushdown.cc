#include "floe/sql/filter_pushdown.h"

#include "floe/expr/parser.h"
#include "floe/scan/scan_filter.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/util/uuid.h"

namespace floe::sql {

using columnar::TypeId;
using syntax::Expr;
using syntax::ExprKind;
using syntax::LiteralKind;

void SplitConjuncts(const Expr& expr, std::vector<const Expr*>* out) {
  // Without recursion, left to right.
  std::vector<const Expr*> pending{&expr};
  while (!pending.empty()) {
    const Expr* e = pending.back();
    pending.pop_back();
    if (const auto* b = e->As<syntax::BinaryExpr>(); b && b->op == syntax::BinaryOp::kAnd) {
      pending.push_back(b->right.get());
      pending.push_back(b->left.get());
    } else {
      out->push_back(e);
    }
  }
}

namespace {

using expr::Expression;
using expr::Operation;
using expr::UnboundLiteral;

// A column (or struct field) of the table as the filter names it, as EXPLAIN shows it, and its
// type.
struct PushedColumn {
  expr::ColumnRef ref;
  std::string text;
  columnar::DataTypePtr type;
};

// A literal as the filter holds it and as EXPLAIN shows it.
struct PushedValue {
  UnboundLiteral literal;
  std::string text;
};

class PushdownWriter {
 public:
  PushdownWriter(const ExpressionBinder& binder, const Scope& scope,
                 const spec::Schema& table_schema, bool utc)
      : binder_(binder), scope_(scope), table_schema_(table_schema), utc_(utc) {}

  // The filter of a boolean expression, or nullopt.
  std::optional<PushedFilter> Predicate(const Expr& e) {
    switch (e.kind()) {
      case ExprKind::kBinary: {
        const auto& b = *e.As<syntax::BinaryExpr>();
        if (b.op == syntax::BinaryOp::kAnd || b.op == syntax::BinaryOp::kOr) {
          auto l = Predicate(*b.left), r = Predicate(*b.right);
          if (!l || !r) return std::nullopt;
          const bool is_and = b.op == syntax::BinaryOp::kAnd;
          return PushedFilter{is_and ? Expression::And(std::move(l->filter), std::move(r->filter))
                                     : Expression::Or(std::move(l->filter), std::move(r->filter)),
                              "(" + l->text + (is_and ? " AND " : " OR ") + r->text + ")"};
        }
        std::optional<Operation> op = expr::ComparisonOf(b.op);
        if (!op) return std::nullopt;
        const std::string symbol(expr::OperationSymbol(*op));
        // column op literal, or literal op column (flipped: `5 > a` is `a < 5`). A uuid column
        // (a string to the query) is pushed for equality only.
        if (*op != Operation::kEq && *op != Operation::kNotEq &&
            (IsUuidColumn(*b.left) || IsUuidColumn(*b.right))) {
          return std::nullopt;
        }
        if (auto c = Column(*b.left)) {
          if (auto v = Value(*b.right, *c->type)) {
            return PushedFilter{Expression::Predicate(*op, c->ref, {std::move(v->literal)}),
                                "(" + c->text + " " + symbol + " " + v->text + ")"};
          }
        } else if (auto c2 = Column(*b.right)) {
          if (auto v = Value(*b.left, *c2->type)) {
            return PushedFilter{
                Expression::Predicate(expr::Flip(*op), c2->ref, {std::move(v->literal)}),
                "(" + v->text + " " + symbol + " " + c2->text + ")"};
          }
        }
        return std::nullopt;
      }
      case ExprKind::kUnary: {
        const auto& u = *e.As<syntax::UnaryExpr>();
        if (u.op != syntax::UnaryOp::kNot) return std::nullopt;
        auto inner = Predicate(*u.operand);
        if (!inner) return std::nullopt;
        return PushedFilter{Expression::Not(std::move(inner->filter)), "(NOT " + inner->text + ")"};
      }
      case ExprKind::kIs: {
        const auto& is = *e.As<syntax::IsExpr>();
        if (is.test != syntax::IsTest::kNull) return std::nullopt;
        auto c = Column(*is.operand);
        if (!c) return std::nullopt;
        return PushedFilter{
            Expression::Predicate(is.negated ? Operation::kNotNull : Operation::kIsNull, c->ref),
            "(" + c->text + (is.negated ? " IS NOT NULL)" : " IS NULL)")};
      }
      case ExprKind::kIn: {
        const auto& in = *e.As<syntax::InExpr>();
        auto c = Column(*in.operand);
        if (!c) return std::nullopt;
        std::vector<UnboundLiteral> values;
        std::string list;
        for (const auto& item : in.list) {
          auto v = Value(*item, *c->type);
          if (!v) return std::nullopt;
          if (!list.empty()) list += ", ";
          list += v->text;
          values.push_back(std::move(v->literal));
        }
        return PushedFilter{Expression::Predicate(in.negated ? Operation::kNotIn : Operation::kIn,
                                                  c->ref, std::move(values)),
                            "(" + c->text + (in.negated ? " NOT IN (" : " IN (") + list + "))"};
      }
      case ExprKind::kBetween: {
        // c BETWEEN lo AND hi is c >= lo AND c <= hi.
        const auto& bt = *e.As<syntax::BetweenExpr>();
        auto c = Column(*bt.operand);
        if (!c || IsUuidColumn(*bt.operand)) return std::nullopt;
        auto lo = Value(*bt.low, *c->type), hi = Value(*bt.high, *c->type);
        if (!lo || !hi) return std::nullopt;
        Expression range =
            Expression::And(Expression::Predicate(Operation::kGtEq, c->ref, {lo->literal}),
                            Expression::Predicate(Operation::kLtEq, c->ref, {hi->literal}));
        return PushedFilter{bt.negated ? Expression::Not(std::move(range)) : std::move(range),
                            "(" + c->text + (bt.negated ? " NOT BETWEEN " : " BETWEEN ") +
                                lo->text + " AND " + hi->text + ")"};
      }
      case ExprKind::kLike: {
        const auto& like = *e.As<syntax::LikeExpr>();
        if (like.kind != syntax::LikeKind::kLike || like.escape) return std::nullopt;
        auto c = Column(*like.operand);
        const auto* pattern = like.pattern->As<syntax::Literal>();
        if (!c || !pattern || pattern->kind != LiteralKind::kString) return std::nullopt;
        // Only a pure prefix (no '_', one trailing '%') or no wildcard: the filter language's LIKE,
        // starts_with(c, prefix) or c = pattern.
        std::string_view p = pattern->text;
        size_t percent = p.find('%');
        if (p.find('_') != std::string_view::npos || p.find('\\') != std::string_view::npos)
          return std::nullopt;
        if (percent != std::string_view::npos && percent != p.size() - 1) return std::nullopt;
        if (c->type->id() != TypeId::kString) return std::nullopt;
        const bool prefix = percent != std::string_view::npos;
        Operation op = prefix ? (like.negated ? Operation::kNotStartsWith : Operation::kStartsWith)
                              : (like.negated ? Operation::kNotEq : Operation::kEq);
        UnboundLiteral value =
            UnboundLiteral::String(std::string(prefix ? p.substr(0, percent) : p));
        return PushedFilter{Expression::Predicate(op, c->ref, {std::move(value)}),
                            "(" + c->text + (like.negated ? " NOT LIKE " : " LIKE ") +
                                syntax::ToSql(*like.pattern) + ")"};
      }
      default:
        return std::nullopt;
    }
  }

 private:
  // A column (or struct field) of the table, under the table's own names.
  std::optional<PushedColumn> Column(const Expr& e) {
    const auto* ref = e.As<syntax::ColumnRef>();
    if (!ref) return std::nullopt;
    auto resolved = binder_.Resolve(ref->name);
    if (!resolved.ok() || !*resolved) return std::nullopt;
    const ScopeColumn& col = scope_.columns[static_cast<size_t>((*resolved)->column)];
    PushedColumn out{expr::ColumnRef{{col.name}}, syntax::QuoteIdentifier(col.name), col.type};
    for (const std::string& f : (*resolved)->fields) {
      if (out.type->id() != TypeId::kStruct) return std::nullopt;
      columnar::DataTypePtr child;
      for (int k = 0; k < out.type->num_children(); ++k) {
        if (out.type->child(k).name == f || AsciiEq(out.type->child(k).name, f)) {
          child = out.type->child(k).type;
          out.ref.path.push_back(out.type->child(k).name);
          out.text += "." + syntax::QuoteIdentifier(out.type->child(k).name);
        }
      }
      if (!child) return std::nullopt;
      out.type = child;
    }
    if (IsFloating(*out.type) || out.type->is_nested()) return std::nullopt;
    if (IsUuidColumn(e)) out.type = columnar::Uuid();
    return out;
  }

  // A column or struct field that is a uuid in the table (the query reads it as its text).
  bool IsUuidColumn(const Expr& e) {
    const auto* ref = e.As<syntax::ColumnRef>();
    if (!ref) return false;
    auto resolved = binder_.Resolve(ref->name);
    if (!resolved.ok() || !*resolved) return false;
    const ScopeColumn& col = scope_.columns[static_cast<size_t>((*resolved)->column)];
    const spec::NestedField* field = table_schema_.FindFieldByName(col.name);
    for (const std::string& name : (*resolved)->fields) {
      if (field == nullptr || field->type->id() != spec::TypeId::kStruct) return false;
      const spec::NestedField* child = nullptr;
      for (const spec::NestedField& f : field->type->fields()) {
        if (AsciiEq(f.name, name)) child = &f;
      }
      field = child;
    }
    return field != nullptr && field->type->id() == spec::TypeId::kUuid;
  }

  static bool AsciiEq(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      char x = a[i], y = b[i];
      if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
      if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
      if (x != y) return false;
    }
    return true;
  }

  // A literal compared with a column of `type`, when the two languages read it the same way.
  std::optional<PushedValue> Value(const Expr& e, const columnar::DataType& type) {
    std::optional<std::string> text = ValueText(e, type);
    if (!text) return std::nullopt;
    const auto& lit = *e.As<syntax::Literal>();
    if (lit.int_value) return PushedValue{UnboundLiteral::Number(*text), *text};
    // The filter reads the literal as it reads its own (a date must be a valid one, ...).
    auto literal = expr::FilterLiteral(lit);
    if (!literal.ok()) return std::nullopt;
    return PushedValue{std::move(*literal), std::move(*text)};
  }

  // The literal as EXPLAIN shows it, when it can be pushed.
  std::optional<std::string> ValueText(const Expr& e, const columnar::DataType& type) {
    const auto* lit = e.As<syntax::Literal>();
    if (!lit) return std::nullopt;
    switch (lit->kind) {
      case LiteralKind::kInteger:
      case LiteralKind::kBigInt:
      case LiteralKind::kTinyInt:
      case LiteralKind::kSmallInt:
        if (!lit->int_value) return std::nullopt;
        if (IsIntegral(type)) return std::to_string(*lit->int_value);
        if (type.id() == TypeId::kDecimal128) return std::to_string(*lit->int_value);
        return std::nullopt;
      case LiteralKind::kDecimal:
        if (type.id() == TypeId::kDecimal128) return lit->text;
        return std::nullopt;
      case LiteralKind::kString:
        if (type.id() == TypeId::kString) return syntax::ToSql(e);
        if (type.id() == TypeId::kDate32) return syntax::ToSql(e);
        if (type.id() == TypeId::kFixedSizeBinary) {
          // A uuid column equals the text only in its canonical (lowercase) form.
          auto uuid = Uuid::Parse(lit->text);
          if (!uuid || uuid->ToString() != lit->text) return std::nullopt;
          return syntax::ToSql(e);
        }
        if (type.id() == TypeId::kTimestamp) {
          if (!utc_ && !type.timezone().empty()) return std::nullopt;
          return syntax::ToSql(e);
        }
        return std::nullopt;
      case LiteralKind::kBoolean:
        if (type.id() == TypeId::kBool) return lit->bool_value ? "TRUE" : "FALSE";
        return std::nullopt;
      case LiteralKind::kDate:
        if (type.id() == TypeId::kDate32) return syntax::ToSql(e);
        return std::nullopt;
      case LiteralKind::kTimestamp:
        if (type.id() == TypeId::kTimestamp && !type.timezone().empty() && utc_)
          return syntax::ToSql(e);
        return std::nullopt;
      case LiteralKind::kTimestampTz:  // UTC without an offset, in both
        if (type.id() == TypeId::kTimestamp && !type.timezone().empty()) return syntax::ToSql(e);
        return std::nullopt;
      case LiteralKind::kTimestampNtz:
        if (type.id() == TypeId::kTimestamp && type.timezone().empty()) return syntax::ToSql(e);
        return std::nullopt;
      default:
        return std::nullopt;
    }
  }

  const ExpressionBinder& binder_;
  const Scope& scope_;
  const spec::Schema& table_schema_;
  bool utc_;
};

}  // namespace

std::optional<PushedFilter> PushableFilter(const Expr& conjunct, const ExpressionBinder& binder,
                                           const Scope& scope, const spec::Schema& table_schema,
                                           bool session_is_utc) {
  PushdownWriter writer(binder, scope, table_schema, session_is_utc);
  std::optional<PushedFilter> pushed = writer.Predicate(conjunct);
  if (!pushed) return std::nullopt;
  // The filter must bind too (it may refuse, e.g. a string that is not a date).
  if (!scan::ScanFilter::Bind(table_schema, pushed->filter).ok()) return std::nullopt;
  return pushed;
}

}  // namespace floe::sql
