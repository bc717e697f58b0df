#include "floe/sql/syntax_walk.h"

namespace floe::sql {

using syntax::Expr;

void VisitExpressions(const Expr& e, const std::function<void(const Expr&)>& visit) {
  visit(e);
  auto walk = [&](const syntax::ExprPtr& child) {
    if (child) VisitExpressions(*child, visit);
  };
  std::visit(
      [&](const auto& node) {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, syntax::FunctionCall>) {
          for (const auto& a : node.args) walk(a);
          if (node.over) {
            for (const auto& p : node.over->partition_by) walk(p);
            for (const auto& o : node.over->order_by) walk(o.expr);
            if (node.over->frame) {
              walk(node.over->frame->start.offset);
              walk(node.over->frame->end.offset);
            }
          }
        } else if constexpr (std::is_same_v<T, syntax::UnaryExpr>) {
          walk(node.operand);
        } else if constexpr (std::is_same_v<T, syntax::BinaryExpr>) {
          walk(node.left);
          walk(node.right);
        } else if constexpr (std::is_same_v<T, syntax::IsExpr>) {
          walk(node.operand);
          walk(node.other);
        } else if constexpr (std::is_same_v<T, syntax::LikeExpr>) {
          walk(node.operand);
          walk(node.pattern);
        } else if constexpr (std::is_same_v<T, syntax::InExpr>) {
          walk(node.operand);
          for (const auto& a : node.list) walk(a);
        } else if constexpr (std::is_same_v<T, syntax::BetweenExpr>) {
          walk(node.operand);
          walk(node.low);
          walk(node.high);
        } else if constexpr (std::is_same_v<T, syntax::CaseExpr>) {
          walk(node.operand);
          for (const auto& w : node.whens) {
            walk(w.when);
            walk(w.then);
          }
          walk(node.else_result);
        } else if constexpr (std::is_same_v<T, syntax::CastExpr>) {
          walk(node.operand);
        } else if constexpr (std::is_same_v<T, syntax::SubscriptExpr>) {
          walk(node.base);
          walk(node.index);
        } else if constexpr (std::is_same_v<T, syntax::FieldAccess>) {
          walk(node.base);
        }
      },
      e.node);
}

namespace {

void VisitBody(const syntax::QueryBody& body, const std::function<void(const Expr&)>& visit);

void VisitFrom(const syntax::FromItem& from, const std::function<void(const Expr&)>& visit) {
  if (const auto* join = from.As<syntax::Join>()) {
    VisitFrom(*join->left, visit);
    VisitFrom(*join->right, visit);
    if (join->on) VisitExpressions(*join->on, visit);
    // USING (k) names a column of each side: visited as a column reference, so that callers
    // learning the names a query uses (the table scans' columns) see it.
    for (const auto& name : join->using_columns) {
      syntax::ExprPtr ref = syntax::MakeExpr(from.pos, syntax::ColumnRef{{name}});
      VisitExpressions(*ref, visit);
    }
  } else if (const auto* sub = from.As<syntax::SubqueryRef>()) {
    VisitQueryExpressions(*sub->query, visit);
  } else if (const auto* fn = from.As<syntax::TableFunction>()) {
    for (const auto& a : fn->args) VisitExpressions(*a, visit);
  }
}

void VisitBody(const syntax::QueryBody& body, const std::function<void(const Expr&)>& visit) {
  if (const auto* select = body.As<syntax::Select>()) {
    for (const auto& item : select->items) VisitExpressions(*item.expr, visit);
    if (select->from) VisitFrom(*select->from, visit);
    if (select->where) VisitExpressions(*select->where, visit);
    for (const auto& g : select->group_by) VisitExpressions(*g, visit);
    if (select->having) VisitExpressions(*select->having, visit);
  } else if (const auto* values = body.As<syntax::Values>()) {
    for (const auto& row : values->rows) {
      for (const auto& v : row) VisitExpressions(*v, visit);
    }
  } else if (const auto* set = body.As<syntax::SetOperation>()) {
    VisitBody(*set->left, visit);
    VisitBody(*set->right, visit);
  } else if (const auto* nested = body.As<syntax::NestedQuery>()) {
    VisitQueryExpressions(*nested->query, visit);
  }
}

}  // namespace

void VisitQueryExpressions(const syntax::Query& query,
                           const std::function<void(const Expr&)>& visit) {
  for (const auto& cte : query.with) VisitQueryExpressions(*cte.query, visit);
  VisitBody(*query.body, visit);
  for (const auto& o : query.order_by) VisitExpressions(*o.expr, visit);
  if (query.limit) VisitExpressions(*query.limit, visit);
  if (query.offset) VisitExpressions(*query.offset, visit);
}

}  // namespace floe::sql
