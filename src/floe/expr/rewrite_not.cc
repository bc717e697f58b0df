#include "floe/expr/rewrite_not.h"

#include <utility>

namespace floe::expr {
namespace {

using columnar::TypeId;

BoundExpression Negated(const BoundExpression& e);

// Whether a and b share their node (copies share it): then their fields are the same objects.
bool SameNode(const BoundExpression& a, const BoundExpression& b) {
  return &a.children() == &b.children();
}

// `e` itself when it has no NOT: the evaluators rewrite their filter for every file, row group
// and page they prune, and a filter of thousands of terms must not be rebuilt each time.
BoundExpression Pushed(const BoundExpression& e) {
  switch (e.op()) {
    case Operation::kNot:
      return Negated(e.child(0));
    case Operation::kAnd:
    case Operation::kOr: {
      BoundExpression a = Pushed(e.child(0));
      BoundExpression b = Pushed(e.child(1));
      if (SameNode(a, e.child(0)) && SameNode(b, e.child(1))) return e;
      return e.op() == Operation::kAnd ? BoundExpression::And(std::move(a), std::move(b))
                                       : BoundExpression::Or(std::move(a), std::move(b));
    }
    default:
      return e;
  }
}

// NOT e, with the NOT pushed down.
BoundExpression Negated(const BoundExpression& e) {
  switch (e.op()) {
    case Operation::kTrue:
      return BoundExpression::False();
    case Operation::kFalse:
      return BoundExpression::True();
    case Operation::kNot:
      return Pushed(e.child(0));
    case Operation::kAnd:
      return BoundExpression::Or(Negated(e.child(0)), Negated(e.child(1)));
    case Operation::kOr:
      return BoundExpression::And(Negated(e.child(0)), Negated(e.child(1)));
    default:
      break;
  }
  BoundExpression negated = BoundExpression::Predicate(Negate(e.op()), e.term(), e.values());
  TypeId type = e.term().type ? e.term().type->id() : TypeId::kNull;
  bool is_float = type == TypeId::kFloat32 || type == TypeId::kFloat64;
  bool ordered = e.op() == Operation::kLt || e.op() == Operation::kLtEq ||
                 e.op() == Operation::kGt || e.op() == Operation::kGtEq;
  if (is_float && ordered && !e.value().is_null()) {
    // NaN fails both a < v and a >= v.
    return BoundExpression::Or(negated, BoundExpression::Predicate(Operation::kIsNan, e.term()));
  }
  return negated;
}

}  // namespace

BoundExpression RewriteNot(const BoundExpression& expr) { return Pushed(expr); }

}  // namespace floe::expr
