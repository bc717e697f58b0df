#include "floe/sql/filter_pushdown.h"

#include "floe/scan/scan_filter.h"
#include "floe/sql/exec/sql_type.h"
#include "floe/util/uuid.h"

namespace floe::sql {

using columnar::TypeId;
using syntax::Expr;
using syntax::ExprKind;
using syntax::LiteralKind;

void SplitConjuncts(const Expr& expr, std::vector<const Expr*>* out) {
  if (const auto* b = expr.As<syntax::BinaryExpr>(); b && b->op == syntax::BinaryOp::kAnd) {
    SplitConjuncts(*b->left, out);
    SplitConjuncts(*b->right, out);
    return;
  }
  out->push_back(&expr);
}

namespace {

class PushdownWriter {
 public:
  PushdownWriter(const ExpressionBinder& binder, const Scope& scope,
                 const spec::Schema& table_schema, bool utc)
      : binder_(binder), scope_(scope), table_schema_(table_schema), utc_(utc) {}

  // The filter text of a boolean expression, or nullopt.
  std::optional<std::string> Predicate(const Expr& e) {
    switch (e.kind()) {
      case ExprKind::kBinary: {
        const auto& b = *e.As<syntax::BinaryExpr>();
        if (b.op == syntax::BinaryOp::kAnd || b.op == syntax::BinaryOp::kOr) {
          auto l = Predicate(*b.left), r = Predicate(*b.right);
          if (!l || !r) return std::nullopt;
          return "(" + *l + (b.op == syntax::BinaryOp::kAnd ? " AND " : " OR ") + *r + ")";
        }
        const char* op = CompareSymbol(b.op);
        if (!op) return std::nullopt;
        // column op literal, or literal op column (the filter parser flips it). A uuid column
        // (a string to the query) is pushed for equality only.
        if (b.op != syntax::BinaryOp::kEq && b.op != syntax::BinaryOp::kNotEq &&
            (IsUuidColumn(*b.left) || IsUuidColumn(*b.right))) {
          return std::nullopt;
        }
        if (auto c = Column(*b.left)) {
          if (auto v = Value(*b.right, *c->second))
            return "(" + c->first + " " + op + " " + *v + ")";
        } else if (auto c2 = Column(*b.right)) {
          if (auto v = Value(*b.left, *c2->second))
            return "(" + *v + " " + op + " " + c2->first + ")";
        }
        return std::nullopt;
      }
      case ExprKind::kUnary: {
        const auto& u = *e.As<syntax::UnaryExpr>();
        if (u.op != syntax::UnaryOp::kNot) return std::nullopt;
        auto inner = Predicate(*u.operand);
        if (!inner) return std::nullopt;
        return "(NOT " + *inner + ")";
      }
      case ExprKind::kIs: {
        const auto& is = *e.As<syntax::IsExpr>();
        if (is.test != syntax::IsTest::kNull) return std::nullopt;
        auto c = Column(*is.operand);
        if (!c) return std::nullopt;
        return "(" + c->first + (is.negated ? " IS NOT NULL)" : " IS NULL)");
      }
      case ExprKind::kIn: {
        const auto& in = *e.As<syntax::InExpr>();
        auto c = Column(*in.operand);
        if (!c) return std::nullopt;
        std::string list;
        for (const auto& item : in.list) {
          auto v = Value(*item, *c->second);
          if (!v) return std::nullopt;
          if (!list.empty()) list += ", ";
          list += *v;
        }
        return "(" + c->first + (in.negated ? " NOT IN (" : " IN (") + list + "))";
      }
      case ExprKind::kBetween: {
        const auto& bt = *e.As<syntax::BetweenExpr>();
        auto c = Column(*bt.operand);
        if (!c || IsUuidColumn(*bt.operand)) return std::nullopt;
        auto lo = Value(*bt.low, *c->second), hi = Value(*bt.high, *c->second);
        if (!lo || !hi) return std::nullopt;
        return "(" + c->first + (bt.negated ? " NOT BETWEEN " : " BETWEEN ") + *lo + " AND " + *hi +
               ")";
      }
      case ExprKind::kLike: {
        const auto& like = *e.As<syntax::LikeExpr>();
        if (like.kind != syntax::LikeKind::kLike || like.escape) return std::nullopt;
        auto c = Column(*like.operand);
        const auto* pattern = like.pattern->As<syntax::Literal>();
        if (!c || !pattern || pattern->kind != LiteralKind::kString) return std::nullopt;
        // Only a pure prefix (no '_', one trailing '%') or no wildcard: the filter language's LIKE.
        std::string_view p = pattern->text;
        size_t percent = p.find('%');
        if (p.find('_') != std::string_view::npos || p.find('\\') != std::string_view::npos)
          return std::nullopt;
        if (percent != std::string_view::npos && percent != p.size() - 1) return std::nullopt;
        if (c->second->id() != TypeId::kString) return std::nullopt;
        return "(" + c->first + (like.negated ? " NOT LIKE " : " LIKE ") +
               syntax::ToSql(*like.pattern) + ")";
      }
      default:
        return std::nullopt;
    }
  }

 private:
  static const char* CompareSymbol(syntax::BinaryOp op) {
    switch (op) {
      case syntax::BinaryOp::kEq:
        return "=";
      case syntax::BinaryOp::kNotEq:
        return "!=";
      case syntax::BinaryOp::kLt:
        return "<";
      case syntax::BinaryOp::kLtEq:
        return "<=";
      case syntax::BinaryOp::kGt:
        return ">";
      case syntax::BinaryOp::kGtEq:
        return ">=";
      default:
        return nullptr;
    }
  }

  // A column (or struct field) of the table: its filter text and type.
  std::optional<std::pair<std::string, columnar::DataTypePtr>> Column(const Expr& e) {
    const auto* ref = e.As<syntax::ColumnRef>();
    if (!ref) return std::nullopt;
    auto resolved = binder_.Resolve(ref->name);
    if (!resolved.ok() || !*resolved) return std::nullopt;
    const ScopeColumn& col = scope_.columns[static_cast<size_t>((*resolved)->column)];
    std::string text = syntax::QuoteIdentifier(col.name);
    columnar::DataTypePtr type = col.type;
    for (const std::string& f : (*resolved)->fields) {
      if (type->id() != TypeId::kStruct) return std::nullopt;
      columnar::DataTypePtr child;
      for (int k = 0; k < type->num_children(); ++k) {
        if (type->child(k).name == f || AsciiEq(type->child(k).name, f)) {
          child = type->child(k).type;
          text += "." + syntax::QuoteIdentifier(type->child(k).name);
        }
      }
      if (!child) return std::nullopt;
      type = child;
    }
    if (IsFloating(*type) || type->is_nested()) return std::nullopt;
    if (IsUuidColumn(e)) type = columnar::Uuid();
    return std::make_pair(text, type);
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

  // A literal compared with a column of `type`, in the filter language, when the two languages
  // read it the same way.
  std::optional<std::string> Value(const Expr& e, const columnar::DataType& type) {
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

std::optional<std::string> PushableFilterText(const Expr& conjunct, const ExpressionBinder& binder,
                                              const Scope& scope, const spec::Schema& table_schema,
                                              bool session_is_utc) {
  PushdownWriter writer(binder, scope, table_schema, session_is_utc);
  std::optional<std::string> text = writer.Predicate(conjunct);
  if (!text) return std::nullopt;
  // The filter language must read it too (it may refuse, e.g. a string that is not a date).
  if (!scan::ScanFilter::Bind(table_schema, *text).ok()) return std::nullopt;
  return text;
}

}  // namespace floe::sql
