#include "floe/scan/strict_metrics_evaluator.h"

#include <cmath>
#include <optional>
#include <string_view>

#include "floe/expr/rewrite_not.h"

namespace floe::scan {
namespace {

using expr::ColumnBounds;
using expr::Operation;
using spec::Literal;

bool IsNaN(const Literal& v) {
  if (v.holds<float>()) return std::isnan(v.get<float>());
  if (v.holds<double>()) return std::isnan(v.get<double>());
  return false;
}

class StrictEvaluator {
 public:
  StrictEvaluator(int64_t row_count, const expr::BoundsProvider& bounds)
      : rows_(row_count), bounds_(bounds) {}

  bool Eval(const expr::BoundExpression& e) const {
    switch (e.op()) {
      case Operation::kTrue:
        return true;
      case Operation::kFalse:
        return false;
      case Operation::kAnd:
        return Eval(e.child(0)) && Eval(e.child(1));
      // Sound but not complete: rows may split between the sides.
      case Operation::kOr:
        return Eval(e.child(0)) || Eval(e.child(1));
      case Operation::kNot:
        return false;  // not reached after RewriteNot
      default:
        return Predicate(e);
    }
  }

 private:
  bool Predicate(const expr::BoundExpression& e) const {
    // A variant_get term is a residual: no statistics prove it for every row.
    if (e.term().column.variant_get) return false;
    std::optional<ColumnBounds> b = bounds_(e.term());
    if (!b) return false;
    const columnar::DataType& type = *e.term().type;
    bool is_float =
        type.id() == columnar::TypeId::kFloat32 || type.id() == columnar::TypeId::kFloat64;
    bool no_nulls = b->null_count && *b->null_count == 0;
    bool all_null = b->null_count && *b->null_count == rows_;
    bool no_nans = !is_float || (b->nan_count && *b->nan_count == 0);
    switch (e.op()) {
      case Operation::kIsNull:
        return all_null;
      case Operation::kNotNull:
        return no_nulls;
      case Operation::kIsNan:
        return is_float && b->nan_count && *b->nan_count == rows_;
      case Operation::kNotNan:
        return no_nans;
      default:
        break;
    }
    // Every other predicate is unknown on a null and false (or unknown) on NaN, except that
    // NaN != v; be strict and want neither.
    if (!no_nulls || !no_nans) return false;
    for (const Literal& v : e.values()) {
      if (v.is_null()) return false;
    }
    std::optional<Literal> min = b->min, max = b->max;
    if (min && IsNaN(*min)) min.reset();
    if (max && IsNaN(*max)) max.reset();
    if (!min || !max) return false;
    auto cmp = [&](const Literal& a, const Literal& v) { return expr::CompareValues(type, a, v); };
    // Whether x lies outside [min, max].
    auto outside = [&](const Literal& x) {
      std::optional<int> lo = cmp(*min, x), hi = cmp(*max, x);
      return (lo && *lo > 0) || (hi && *hi < 0);
    };
    const Literal& v = e.values().empty() ? *min : e.values()[0];
    switch (e.op()) {
      case Operation::kLt: {
        auto c = cmp(*max, v);
        return c && *c < 0;
      }
      case Operation::kLtEq: {
        auto c = cmp(*max, v);
        return c && *c <= 0;
      }
      case Operation::kGt: {
        auto c = cmp(*min, v);
        return c && *c > 0;
      }
      case Operation::kGtEq: {
        auto c = cmp(*min, v);
        return c && *c >= 0;
      }
      case Operation::kEq: {
        auto lo = cmp(*min, v), hi = cmp(*max, v);
        return lo && hi && *lo == 0 && *hi == 0;
      }
      case Operation::kNotEq:
        return outside(v);
      case Operation::kIn: {
        auto same = cmp(*min, *max);
        if (!same || *same != 0) return false;
        for (const Literal& x : e.values()) {
          auto c = cmp(*min, x);
          if (c && *c == 0) return true;
        }
        return false;
      }
      case Operation::kNotIn:
        for (const Literal& x : e.values()) {
          if (!outside(x)) return false;
        }
        return true;
      case Operation::kStartsWith: {
        // Strings with prefix p form one interval of the byte order: min and max inside it
        // put every value inside it.
        std::optional<std::string_view> p = expr::LiteralBytes(v), lo = expr::LiteralBytes(*min),
                                        hi = expr::LiteralBytes(*max);
        if (!p || !lo || !hi) return false;
        return lo->substr(0, p->size()) == *p && hi->substr(0, p->size()) == *p;
      }
      case Operation::kNotStartsWith: {
        std::optional<std::string_view> p = expr::LiteralBytes(v), lo = expr::LiteralBytes(*min),
                                        hi = expr::LiteralBytes(*max);
        if (!p || !lo || !hi) return false;
        // Every value below the interval (max < p and max does not start with p), or above
        // it (min's first |p| bytes above p).
        bool below = *hi < *p;
        bool above = lo->substr(0, p->size()) > *p;
        return below || above;
      }
      default:
        return false;
    }
  }

  int64_t rows_;
  const expr::BoundsProvider& bounds_;
};

}  // namespace

bool AllRowsMatch(const expr::BoundExpression& expr, int64_t row_count,
                  const expr::BoundsProvider& bounds) {
  if (row_count == 0) return true;
  return StrictEvaluator(row_count, bounds).Eval(expr::RewriteNot(expr));
}

}  // namespace floe::scan
